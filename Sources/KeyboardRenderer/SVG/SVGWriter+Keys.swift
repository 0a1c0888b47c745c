import KeyboardModel

/// One group per key: the frame as data, then the shadow, the face, the image, the border and
/// the label or icon, each where the PNG paints it (docs/layouts-and-themes.md drawing order).
extension SVGWriter {
    /// Writes key `index` as `<g id="ID" class="key KIND CLASS [pressed]" data-…>`; a key a
    /// callout replaces (`drawn` false) keeps its group and data but draws nothing there.
    mutating func writeKey(_ index: Int, id: String, drawn: Bool) throws {
        let key = scene.keys[index]
        let frame = key.frame
        let style = key.style
        let theme = frame.key.keyClass.rawValue
        let pressed = key.state == .pressed
        body.raw("<g")
        body.attribute("id", id)
        body.attribute("class", "key \(SVGKeyNames.kind(of: frame.key)) \(theme)" + (pressed ? " pressed" : ""))
        body.attribute("data-label", frame.key.label)
        body.attribute("data-code", frame.key.codeName)
        body.attribute("data-style", theme)
        body.raw(" data-row=\"\(frame.row)\" data-column=\"\(frame.slot)\"")
        for (name, value) in [("data-x", frame.frame.x), ("data-y", frame.frame.y), ("data-width", frame.frame.width), ("data-height", frame.frame.height)] {
            body.attribute(name, SVGThemePair.exact(value))
        }
        body.raw(">\n")
        defer { body.raw("</g>\n") }
        let face = style.face(of: frame.pixelFrame, scale: scene.scale)
        guard drawn, face.width > 0, face.height > 0 else { return }
        let shape = SVGShape(face: face, style: style, scale: scene.scale, imageHeight: scene.imageHeight)
        let rule = KeyRule(id: id, group: theme + (pressed ? "-pressed" : ""), selector: ".key[data-style=\(theme)]" + (pressed ? ".pressed" : ""))
        func colors(_ part: (ResolvedKeyStyle) -> Color) -> SVGPalette.Pair {
            pair(part(style)) { part($0.keys[index].style) }
        }
        if shape.drop > 0 {
            paint(rule, "shadow", ".shadow>*", "fill", colors(\.shadowColor))
            body.raw("<g class=\"shadow\">")
            shape.write(class: nil, dy: shape.drop, fill: style.shadowColor, to: &body)
            body.raw("</g>\n")
        }
        paint(rule, "fill", ".face", "fill", colors(\.fill))
        shape.write(class: "face", fill: style.fill, to: &body)
        if let image = style.image { try writeImage(image, shape: shape, id: id) }
        if shape.border > 0 {
            paint(rule, "border", ".border", "stroke", colors(\.borderColor))
            shape.writeBorder(color: style.borderColor, to: &body)
        }
        if let part = try writeLabel(of: key, shape: shape) {
            paint(rule, "text", part.element, part.property, colors(\.text))
        }
    }

    /// Where a key's colour rules go: its group's selector (`.key.content.pressed`) and
    /// variable prefix (`content-pressed`), or its own (`#key-q`, `key-q`).
    struct KeyRule {
        var id: String
        var group: String
        var selector: String
    }

    /// Paints the key's `part` (`fill`, `text`, `border`, `shadow`) of `element` (`.face`) with
    /// its group's variable or its own (`SVGPalette.paint`).
    private mutating func paint(_ rule: KeyRule, _ part: String, _ element: String, _ property: String, _ pair: SVGPalette.Pair) {
        _ = palette.paint(pair, group: "\(rule.group)-\(part)", own: "\(rule.id)-\(part)", groupSelector: "\(rule.selector)>\(element)",
                          ownSelector: "#\(rule.id)>\(element)", property: property)
    }

    /// The key's image, clipped to its face: the whole PNG stretched, or nine slices.
    private mutating func writeImage(_ image: SceneImage, shape: SVGShape, id: String) throws {
        let clip = "clip-\(id)"
        body.raw("<clipPath")
        body.attribute("id", clip)
        body.raw(">")
        shape.write(class: nil, fill: nil, to: &body)
        body.raw("</clipPath>\n<g class=\"image\"")
        body.attribute("clip-path", "url(#\(clip))")
        body.raw(">")
        for piece in try images.pieces(of: image, in: shape.face, scale: scene.scale) {
            body.raw("<use")
            images.place(piece.slice, x: piece.x, y: piece.y, width: piece.width, height: piece.height, in: &body)
            body.raw("/>")
        }
        body.raw("</g>\n")
    }

    /// The label (`<text class="label">`, or its outline as `<path class="label">`) or the icon
    /// (`<g class="icon ICON">`), centred on the face; the element written and the property
    /// its colour is (nil when nothing was).
    private mutating func writeLabel(of key: SceneKey, shape: SVGShape) throws -> (element: String, property: String)? {
        let style = key.style
        let x = Double(shape.face.x), y = Double(shape.face.y), w = Double(shape.face.width), h = Double(shape.face.height)
        let size = (style.textSize * scene.scale).clampedLength(Double(PNGCodec.maxSide))
        if key.icon != .none {
            let recorder = try IconRecorder()
            KeyIconPainter.draw(key.icon, in: recorder, centerX: x + w / 2, centerY: y + h / 2, textSize: size, maxWidth: w, maxHeight: h)
            guard !recorder.shapes.isEmpty else { return nil }
            SVGShape.writeIcon(key.icon, recorder.shapes, color: style.text, to: &body)
            return (".icon", "color")
        }
        let written = try writeText(key.label, size: style.textSize, color: style.text, className: "label", centeredAt: x + w / 2, y + h / 2)
        return written ? (".label", "fill") : nil
    }
}
