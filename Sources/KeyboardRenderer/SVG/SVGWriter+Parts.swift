import KeyboardModel

/// The toolbar and the input callouts, each a group of its own (`Renderer.paint(_:scene:in:)`
/// for both).
extension SVGWriter {
    /// `<g id="toolbar">`: the bar (`.bar`) and its centred title (`.title`).
    mutating func write(_ toolbar: SceneToolbar) throws {
        let r = toolbar.pixelFrame
        guard r.width > 0, r.height > 0 else { return }
        let x = Double(r.x), y = Double(r.y), w = Double(r.width), h = Double(r.height)
        body.raw("<g id=\"toolbar\"")
        body.attribute("data-title", toolbar.title)
        body.raw(">\n<rect class=\"bar\"")
        body.rectangle(x: x, y: y, width: w, height: h)
        body.paint("fill", toolbar.fill)
        body.raw("/>\n")
        _ = palette.paint(pair(toolbar.fill) { $0.toolbar?.fill ?? toolbar.fill }, group: "toolbar-fill", own: "toolbar-fill",
                          groupSelector: "#toolbar>.bar", ownSelector: "#toolbar>.bar", property: "fill")
        if try writeText(toolbar.title, size: toolbar.textSize, color: toolbar.text, className: "title", centeredAt: x + w / 2, y + h / 2) {
            _ = palette.paint(pair(toolbar.text) { $0.toolbar?.text ?? toolbar.text }, group: "toolbar-text", own: "toolbar-text",
                              groupSelector: "#toolbar>.title", ownSelector: "#toolbar>.title", property: "fill")
        }
        body.raw("</g>\n")
    }

    /// `<g id="callout-KEY" class="callout KIND CLASS">`: the merged outline's shadow, face
    /// and border (stroked inside it), and the label centred in the bubble.
    mutating func write(_ callout: SceneCallout, number: Int, keyID: String) throws {
        let scale = scene.scale
        let key = scene.keys[callout.keyIndex].frame.key
        let id = "callout-" + keyID
        body.raw("<g")
        body.attribute("id", id)
        body.attribute("class", "callout \(SVGKeyNames.kind(of: key)) \(key.keyClass.rawValue)")
        body.attribute("data-label", callout.label)
        body.raw(">\n")
        func colors(_ part: (SceneCallout) -> Color) -> SVGPalette.Pair {
            pair(part(callout)) { $0.callouts.indices.contains(number) ? part($0.callouts[number]) : part(callout) }
        }
        let drop = (callout.shadowHeight * scale).clampedLength(Double(scene.imageHeight))
        if drop > 0 {
            paintCallout(id, "shadow", ".shadow>*", "fill", colors(\.shadowColor))
            body.raw("<g class=\"shadow\"><path d=\"")
            trace(callout.outline, dy: drop >= 1 ? drop.rounded() : drop)
            body.raw("\"")
            body.paint("fill", callout.shadowColor)
            body.raw("/></g>\n")
        }
        paintCallout(id, "fill", ".face", "fill", colors(\.fill))
        body.raw("<path class=\"face\" d=\"")
        trace(callout.outline)
        body.raw("\"")
        body.paint("fill", callout.fill)
        body.raw("/>\n")
        let border = (callout.borderWidth * scale).clampedLength(callout.bubble.height * scale / 2)
        if border > 0 {
            paintCallout(id, "border", ".border", "stroke", colors(\.borderColor))
            body.raw("<clipPath id=\"clip-\(id)\"><path d=\"")
            trace(callout.outline)
            body.raw("\"/></clipPath>\n<path class=\"border\" d=\"")
            trace(callout.outline)
            body.raw("\" clip-path=\"url(#clip-\(id))\" fill=\"none\"")
            body.paint("stroke", callout.borderColor)
            body.attribute("stroke-width", number: 2 * border)
            body.raw("/>\n")
        }
        let b = callout.bubble
        if try writeText(callout.label, size: callout.textSize, color: callout.text, className: "label",
                         centeredAt: (b.x + b.width / 2) * scale, (b.y + b.height / 2) * scale) {
            paintCallout(id, "text", ".label", "fill", colors(\.text))
        }
        body.raw("</g>\n")
    }

    private mutating func paintCallout(_ id: String, _ part: String, _ element: String, _ property: String, _ pair: SVGPalette.Pair) {
        _ = palette.paint(pair, group: "callout-\(part)", own: "\(id)-\(part)", groupSelector: ".callout>\(element)",
                          ownSelector: "#\(id)>\(element)", property: property)
    }

    /// Appends `path` (points) as path data in pixels, moved down `dy` pixels.
    private mutating func trace(_ path: ScenePath, dy: Double = 0) {
        let s = scene.scale
        func point(_ letter: String, _ x: Double, _ y: Double) {
            body.raw(letter)
            body.number(x * s)
            body.raw(" ")
            body.number(y * s + dy)
        }
        for element in path.elements {
            switch element {
            case let .move(x, y): point("M", x, y)
            case let .line(x, y): point("L", x, y)
            case let .curve(x1, y1, x2, y2, x, y):
                point("C", x1, y1)
                point(" ", x2, y2)
                point(" ", x, y)
            case .close: body.raw("Z")
            }
        }
    }
}
