import KeyboardModel
import MarkupText

/// A key's shape in pixels as the PNG paints it (`Renderer.paintFace`): the face rectangle,
/// its corner radius clamped to half the shorter side, the square corners, the border width
/// (drawn inside the shape) and the shadow's drop.
struct SVGShape {
    let face: PixelRect
    /// Pixels, 0…half the shorter side.
    let radius: Double
    let square: Set<Corner>
    /// Pixels, 0…half the shorter side.
    let border: Double
    /// How far the shadow sits below the face, pixels: whole pixels when at least one; 0 for
    /// no shadow. Decided by the height alone, so a light and a dark theme draw the same
    /// shape (a clear shadow colour draws nothing).
    let drop: Double

    init(face: PixelRect, style: ResolvedKeyStyle, scale: Double, imageHeight: Int = Int(Int32.max)) {
        self.face = face
        let half = Double(min(face.width, face.height)) / 2
        radius = (style.cornerRadius * scale).clampedLength(half)
        square = style.hiddenCorners
        border = (style.borderWidth * scale).clampedLength(half)
        let drop = (style.shadowHeight * scale).clampedLength(Double(imageHeight))
        self.drop = drop >= 1 ? drop.rounded() : drop
    }

    /// Appends the shape moved down by `dy` as `<rect>` (no rounded corner) or `<path>`
    /// (cairo's corners: each quarter circle one cubic, which other renderers draw closer to
    /// the PNG than their own arcs of a `rx`), with `class` and `fill` when given.
    func write(class name: String?, dy: Double = 0, fill: Color?, to markup: inout SVGMarkup) {
        let x = Double(face.x), y = Double(face.y) + dy, w = Double(face.width), h = Double(face.height)
        if radius == 0 {
            markup.raw("<rect")
            if let name { markup.attribute("class", name) }
            markup.rectangle(x: x, y: y, width: w, height: h)
        } else {
            markup.raw("<path")
            if let name { markup.attribute("class", name) }
            markup.raw(" d=\"")
            Self.roundedRectangle(x, y, w, h, radius: radius, square: square, to: &markup)
            markup.raw("\"")
        }
        if let fill { markup.paint("fill", fill) }
        markup.raw("/>")
        if name != nil { markup.raw("\n") }
    }

    /// Appends the border: the shape inset by half the border width, stroked that wide, so
    /// the stroke fills the band just inside the face as the PNG's clipped stroke does.
    func writeBorder(color: Color, to markup: inout SVGMarkup) {
        let half = border / 2
        let x = Double(face.x) + half, y = Double(face.y) + half
        let w = Double(face.width) - border, h = Double(face.height) - border
        let r = max(0, radius - half)
        if r == 0 {
            markup.raw("<rect class=\"border\"")
            markup.rectangle(x: x, y: y, width: w, height: h)
        } else {
            markup.raw("<path class=\"border\" d=\"")
            Self.roundedRectangle(x, y, w, h, radius: r, square: square, to: &markup)
            markup.raw("\"")
        }
        markup.raw(" fill=\"none\"")
        markup.paint("stroke", color)
        markup.attribute("stroke-width", number: border)
        markup.raw("/>\n")
    }

    /// Appends path data of `CairoContext.roundedRectangle`: the same corners, each a quarter
    /// circle drawn as one cubic, the corners in `square` left square.
    static func roundedRectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double, radius: Double, square: Set<Corner>, to markup: inout SVGMarkup) {
        let r = max(0, min(radius, min(width, height) / 2)), k = Bezier.quarterCircleKappa * r
        let right = x + width, bottom = y + height
        func point(_ letter: String, _ px: Double, _ py: Double) {
            markup.raw(letter)
            markup.number(px)
            markup.raw(" ")
            markup.number(py)
        }
        func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ px: Double, _ py: Double) {
            point("C", x1, y1)
            point(" ", x2, y2)
            point(" ", px, py)
        }
        if square.contains(.topLeft) { point("M", x, y) } else { point("M", x, y + r); curve(x, y + r - k, x + r - k, y, x + r, y) }
        if square.contains(.topRight) { point("L", right, y) } else { point("L", right - r, y); curve(right - r + k, y, right, y + r - k, right, y + r) }
        if square.contains(.bottomRight) { point("L", right, bottom) } else { point("L", right, bottom - r); curve(right, bottom - r + k, right - r + k, bottom, right - r, bottom) }
        if square.contains(.bottomLeft) { point("L", x, bottom) } else { point("L", x + r, bottom); curve(x + r - k, bottom, x, bottom - r + k, x, bottom - r) }
        markup.raw("Z")
    }

    /// Appends an icon as `<g class="icon ICON">` in `color` (its `color` property, which
    /// each path fills or strokes as `currentColor`), round joins and caps.
    static func writeIcon(_ icon: SceneIcon, _ shapes: [RecordedShape], color: Color, to markup: inout SVGMarkup) {
        markup.raw("<g")
        markup.attribute("class", "icon \(icon.kind.rawValue)" + (icon.kind == .shift ? " shift-\(icon.shift.rawValue)" : ""))
        markup.raw(" color=\"")
        markup.hex(color)
        markup.raw("\"")
        if color.alpha != 255 {
            markup.attribute("fill-opacity", number: Double(color.alpha) / 255)
            markup.attribute("stroke-opacity", number: Double(color.alpha) / 255)
        }
        markup.raw(" fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\">")
        for shape in shapes {
            markup.raw("<path d=\"")
            markup.raw(shape.path)
            markup.raw("\"")
            if shape.filled { markup.raw(" fill=\"currentColor\"") }
            if shape.stroked {
                markup.raw(" stroke=\"currentColor\"")
                markup.attribute("stroke-width", number: shape.lineWidth)
            }
            markup.raw("/>")
        }
        markup.raw("</g>\n")
    }
}
