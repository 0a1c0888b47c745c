import CCairo
import KeyboardModel
import MarkupText

/// The SVG painter: writes a `KeyboardScene` as an SVG document a designer can take apart
/// (docs/rendering.md "SVG"), from the same scene Cairo paints the PNG from.
///
/// One user unit is one pixel of the PNG; every shape sits where the PNG paints it (faces on
/// their pixel frames, glyphs on the whole pixels cairo rounds them to). The document is, in
/// order: a comment naming the fonts, the `<style>` (colours as custom properties,
/// `SVGPalette`), `<defs>` holding each image slice once, the background, the toolbar, one
/// group per key in row order, then the callouts. Writing reads the scene only; it lays out
/// labels with the renderer's own text engine, so the glyphs are the PNG's.
struct SVGWriter {
    let scene: KeyboardScene
    /// The same keyboard drawn with the dark theme (`SVGOptions.darkScene`), checked to draw
    /// the same geometry.
    let dark: KeyboardScene?
    let options: SVGOptions
    let text: TextEngine
    /// A one-pixel context for cairo's path arithmetic (glyph outlines).
    let scratch: CairoContext
    var body = SVGMarkup()
    var palette = SVGPalette()
    var fonts = SVGFontUsage()
    var images = SVGImageSlices()
    /// The layouts used, kept alive while their fonts are read.
    var layouts: [TextLayout] = []

    /// The document's bytes.
    ///
    /// - Throws: `RenderError` for a scene that cannot be drawn (as for a PNG), a dark scene
    ///   of other geometry, an image that cannot be read, or a font that cannot be embedded.
    static func document(_ scene: KeyboardScene, options: SVGOptions, text: TextEngine) throws -> [UInt8] {
        try SceneValidation.validate(scene)
        if let dark = options.darkScene {
            try SceneValidation.validate(dark)
            if let difference = SVGThemePair.geometryDifference(light: scene, dark: dark) {
                throw RenderError.darkThemeGeometry(difference)
            }
        }
        var writer = SVGWriter(scene: scene, dark: options.darkScene, options: options, text: text,
                               scratch: try CairoContext(try CairoSurface.image(width: 1, height: 1)))
        try writer.writeBody()
        return try writer.assemble()
    }

    /// The background, toolbar, keys and callouts, into `body`.
    private mutating func writeBody() throws {
        try writeBackground()
        if let toolbar = scene.toolbar { try write(toolbar) }
        let order = Self.rowOrder(scene.frames.keys)
        let ids = SVGKeyNames.ids(of: order.map { scene.keys[$0].frame })
        var idOfKey: [Int: String] = [:]
        let replaced = Set(scene.callouts.map(\.keyIndex))
        body.raw("<g id=\"keys\">\n")
        for (n, index) in order.enumerated() {
            idOfKey[index] = ids[n]
            try writeKey(index, id: ids[n], drawn: !replaced.contains(index))
        }
        body.raw("</g>\n")
        guard !scene.callouts.isEmpty else { return }
        body.raw("<g id=\"callouts\">\n")
        for (n, callout) in scene.callouts.enumerated() {
            try write(callout, number: n, keyID: idOfKey[callout.keyIndex] ?? "key")
        }
        body.raw("</g>\n")
    }

    /// Key indices in row order: by row, then slot, then key-list position.
    static func rowOrder(_ frames: [KeyFrame]) -> [Int] {
        frames.indices.sorted { a, b in
            let x = frames[a], y = frames[b]
            return (x.row, x.slot, a) < (y.row, y.slot, b)
        }
    }

    /// The whole document: its opening, the fonts' comment, the style, the slices, the body.
    private func assemble() throws -> [UInt8] {
        var out = SVGMarkup(capacity: body.bytes.count + images.byteCount + 8192)
        let w = scene.imageWidth, h = scene.imageHeight
        out.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.raw("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"\(w)px\" height=\"\(h)px\" viewBox=\"0 0 \(w) \(h)\"")
        out.attribute("data-layout", scene.frames.layoutName)
        if let theme = scene.themeName { out.attribute("data-theme", theme) }
        if let theme = dark?.themeName { out.attribute("data-dark-theme", theme) }
        out.attribute("data-scale", number: scene.scale)
        out.raw(">\n")
        out.comment(fonts.comment(embedded: options.embedsFonts, outlines: options.text == .outlines))
        palette.write(to: &out, fontFaces: options.embedsFonts ? try fonts.fontFaceRules() : [])
        images.writeDefinitions(to: &out)
        out.raw(body.bytes)
        out.raw("</svg>\n")
        return out.bytes
    }

    /// A colour of the light scene paired with the same colour of the dark scene.
    func pair(_ light: Color, _ dark: (KeyboardScene) -> Color) -> SVGPalette.Pair {
        SVGPalette.Pair(light: light, dark: self.dark.map(dark))
    }

    private mutating func writeBackground() throws {
        let w = Double(scene.imageWidth), h = Double(scene.imageHeight)
        switch scene.background {
        case let .color(color):
            let darkColor: Color? = dark.map { if case let .color(c) = $0.background { return c } else { return color } }
            _ = palette.paint(SVGPalette.Pair(light: color, dark: darkColor), group: "background", own: "background",
                              groupSelector: "#background", ownSelector: "#background", property: "fill")
            body.raw("<rect id=\"background\"")
            body.rectangle(x: 0, y: 0, width: w, height: h)
            body.paint("fill", color)
            body.raw("/>\n")
        case let .image(image):
            let slice = try images.whole(image)
            body.raw("<use id=\"background\"")
            images.place(slice, x: 0, y: 0, width: w, height: h, in: &body)
            body.raw("/>\n")
        }
    }
}

