import KeyboardModel
import MarkupText

/// A pattern pad as an SVG document, from the same `PatternScene` Cairo paints
/// (`Renderer.paint(_ scene: PatternScene, in:)`): the background, the line under the dots
/// (round caps and joins), then a group per dot, row-major (`id="dot-N"`, `data-row`,
/// `data-column`, and `data-order` for a dot on the path) holding its ring and its disc.
/// Colours are custom properties as in a keyboard's SVG (`--rk-background`, `--rk-line`,
/// `--rk-dot`, `--rk-dot-path`, `--rk-ring`).
enum SVGPatternWriter {
    static func document(_ scene: PatternScene) throws -> [UInt8] {
        let s = scene.scale, side = scene.imageSide
        let scratch = try CairoContext(try CairoSurface.image(width: 1, height: 1))
        var body = SVGMarkup()
        var palette = SVGPalette()
        func paint(_ color: Color, _ name: String, _ selector: String, _ property: String) {
            _ = palette.paint(SVGPalette.Pair(light: color, dark: nil), group: name, own: name, groupSelector: selector, ownSelector: selector, property: property)
        }
        paint(scene.background, "background", "#background", "fill")
        body.raw("<rect id=\"background\"")
        body.rectangle(x: 0, y: 0, width: Double(side), height: Double(side))
        body.paint("fill", scene.background)
        body.raw("/>\n<g id=\"pattern-pad\"")
        body.attribute("class", "pattern \(scene.state.rawValue)")
        body.raw(">\n")
        let line = scene.line
        if line.count > 1, scene.lineWidth > 0 {
            paint(scene.lineColor, "line", "#pattern-pad>.line", "stroke")
            body.raw("<path class=\"line\" d=\"")
            for (n, point) in line.enumerated() {
                body.raw(n == 0 ? "M" : "L")
                body.number(point.x * s)
                body.raw(" ")
                body.number(point.y * s)
            }
            body.raw("\" fill=\"none\"")
            body.paint("stroke", scene.lineColor)
            body.attribute("stroke-width", number: scene.lineWidth * s)
            body.raw(" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n")
        }
        for n in scene.dots.indices { writeDot(n, of: scene, palette: &palette, scratch: scratch, to: &body) }
        body.raw("</g>\n")
        var out = SVGMarkup(capacity: body.bytes.count + 2048)
        out.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.raw("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(side)px\" height=\"\(side)px\" viewBox=\"0 0 \(side) \(side)\"")
        out.raw(" data-size=\"\(scene.frames.size)\"")
        out.attribute("data-state", scene.state.rawValue)
        out.attribute("data-scale", number: s)
        out.raw(">\n")
        out.comment("Drawn by render-keyboard from the same scene as its PNG.")
        palette.write(to: &out)
        out.raw(body.bytes)
        out.raw("</svg>\n")
        return out.bytes
    }

    /// `<g id="dot-N" class="dot [on-path]">` with the dot's ring and disc.
    private static func writeDot(_ n: Int, of scene: PatternScene, palette: inout SVGPalette, scratch: CairoContext, to body: inout SVGMarkup) {
        let s = scene.scale, dot = scene.dots[n]
        func paint(_ color: Color, _ name: String, _ selector: String) {
            _ = palette.paint(SVGPalette.Pair(light: color, dark: nil), group: name, own: name, groupSelector: selector, ownSelector: selector, property: "fill")
        }
        let frame = scene.frames.dots.indices.contains(n) ? scene.frames.dots[n] : nil
        let onPath = frame?.order != nil
        body.raw("<g id=\"dot-\(n)\"")
        body.attribute("class", onPath ? "dot on-path" : "dot")
        if let frame {
            body.raw(" data-row=\"\(frame.row)\" data-column=\"\(frame.column)\"")
            if let order = frame.order { body.raw(" data-order=\"\(order)\"") }
        }
        body.raw(">")
        let disc = onPath ? "dot-path" : "dot"
        if dot.ringDiameter > 0 {
            paint(dot.ringColor, "ring", "#pattern-pad .ring")
            circle("ring", dot, diameter: dot.ringDiameter, color: dot.ringColor, scale: s, scratch: scratch, to: &body)
        }
        if dot.diameter > 0 {
            paint(dot.color, disc, onPath ? "#pattern-pad .dot.on-path>.disc" : "#pattern-pad .dot:not(.on-path)>.disc")
            circle("disc", dot, diameter: dot.diameter, color: dot.color, scale: s, scratch: scratch, to: &body)
        }
        body.raw("</g>\n")
    }

    /// A dot's disc or ring as `<path class="NAME">`: cairo's own arc (four cubics), as the PNG
    /// fills it, which other renderers draw closer to the PNG than their own circles.
    private static func circle(_ name: String, _ dot: PatternScene.Dot, diameter: Double, color: Color, scale: Double, scratch: CairoContext, to body: inout SVGMarkup) {
        scratch.newPath()
        scratch.arc(dot.centerX * scale, dot.centerY * scale, radius: diameter * scale / 2, from: 0, to: 2 * .pi)
        body.raw("<path class=\"\(name)\" d=\"")
        body.raw(scratch.devicePath())
        body.raw("\"")
        body.paint("fill", color)
        body.raw("/>")
        scratch.newPath()
    }
}
