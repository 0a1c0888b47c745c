import KeyboardModel

/// The second painter: SVG documents written from the scene by the project's own writer
/// (`SVGWriter`), while Cairo paints PNG and PDF.
extension Renderer {
    /// The scene as an SVG document a designer can take apart (docs/rendering.md "SVG"): one
    /// user unit per pixel (`imageWidth × imageHeight`), one group per key with its frame as
    /// data, colours as CSS custom properties. Equal scenes and options give equal bytes.
    ///
    /// - Throws: `RenderError` for a scene that cannot be drawn, a `darkScene` of other
    ///   geometry (`.darkThemeGeometry`), an unreadable image, or a font whose licence
    ///   forbids embedding (`.fontEmbedding`).
    public func svg(_ scene: KeyboardScene, options: SVGOptions) throws -> [UInt8] {
        try SVGWriter.document(scene, options: options, text: text)
    }

    /// The pattern pad as an SVG document (one user unit per pixel, `imageSide` square): the
    /// background, the line and one group per dot. Equal scenes give equal bytes.
    ///
    /// - Throws: `RenderError` for a value that cannot be drawn.
    public func svg(_ scene: PatternScene) throws -> [UInt8] {
        try validate(scene)
        return try SVGPatternWriter.document(scene)
    }

    /// Why `dark` cannot share one SVG with `light`: the first field of their geometry that
    /// differs (`FIELD (WHERE): LIGHT in the light theme, DARK in the dark theme`); nil when only
    /// colours differ.
    public static func darkThemeProblem(light: KeyboardScene, dark: KeyboardScene) -> String? {
        SVGThemePair.geometryDifference(light: light, dark: dark)
    }

    /// The scene as Cairo's own SVG surface writes it (glyphs as symbols, no groups): kept
    /// only to measure the SVG writer against it.
    package func cairoSVG(_ scene: KeyboardScene) throws -> [UInt8] {
        try SceneValidation.validate(scene)
        return try OutputFormat.svg.draw(width: scene.imageWidth, height: scene.imageHeight, scale: scene.scale, pngCompression: 1, using: self) {
            try paint(scene, in: $0)
        }
    }
}
