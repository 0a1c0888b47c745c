import CCairo
import KeyboardModel

/// Paints resolved `KeyboardScene`s to pixels (RGBA, PNG) or vectors (SVG, PDF).
///
/// The renderer does no layout and no theme cascading: it paints what the scene says, in
/// pixel space (key edges come from each key's `pixelFrame`, lengths in points are multiplied
/// by the scene's scale). Labels are set with Pango on private font configurations, one per
/// chain of fonts (`FontChain`) holding only that chain's pinned fonts and theme font files,
/// so output never depends on the machine's fonts nor on what was drawn before.
///
/// Not thread-safe: it caches laid-out labels and decoded images. Create one per thread or
/// worker and reuse it for many scenes.
public final class Renderer {
    let text: TextEngine
    /// Decoded theme images by `SceneImage.id`, with the bytes they came from.
    var images: [String: (png: [UInt8], surface: CairoSurface)] = [:]

    /// Sets up the pinned fonts.
    ///
    /// - Throws: `RenderError.fontMissing` naming the missing file and its Debian package
    ///   (fonts-dejavu-core, fonts-wqy-microhei); `.fontSetup` if fontconfig or Pango fail.
    public init() throws {
        text = try TextEngine()
    }

    /// The scene as `imageWidth × imageHeight` pixels of straight RGBA.
    ///
    /// - Throws: `RenderError` for a value that cannot be drawn (NaN, infinite, negative), an
    ///   image side outside 1…16384 px, an unreadable theme image, or a cairo failure.
    public func rasterize(_ scene: KeyboardScene) throws -> RasterImage {
        try SceneValidation.validate(scene)
        let surface = try CairoSurface.image(width: scene.imageWidth, height: scene.imageHeight)
        try withContext(surface) { try paint(scene, in: $0) }
        return try surface.rasterImage()
    }

    /// The scene as a file in `format` (`OutputFormat`): a PNG of `imageWidth × imageHeight`
    /// pixels, an SVG whose user unit is one pixel (the SVG writer's, with its default
    /// options), or a one-page PDF the image's size in
    /// points. Equal scenes give equal bytes.
    ///
    /// - Parameters:
    ///   - scene: the keyboard to draw.
    ///   - format: the file's format.
    ///   - pngCompression: zlib level 0…9 of a PNG (default 1: fast, and small for flat
    ///     colours).
    public func render(_ scene: KeyboardScene, as format: OutputFormat, pngCompression: Int = 1) throws -> [UInt8] {
        if format == .svg { return try svg(scene, options: SVGOptions()) }
        try SceneValidation.validate(scene)
        return try format.draw(width: scene.imageWidth, height: scene.imageHeight, scale: scene.scale, pngCompression: pngCompression, using: self) {
            try paint(scene, in: $0)
        }
    }

    /// The scene as a PNG file of `imageWidth × imageHeight` pixels (`render(_:as:)`).
    ///
    /// - Parameters:
    ///   - scene: the resolved scene to paint.
    ///   - compression: zlib level 0…9 (default 1: fast, and small for flat colours).
    public func png(_ scene: KeyboardScene, compression: Int = 1) throws -> [UInt8] {
        try render(scene, as: .png, pngCompression: compression)
    }

    /// The scene as an SVG document whose user unit is one pixel: `width`/`height` are
    /// `imageWidth` × `imageHeight`, labels as text (`svg(_:options:)`). Equal scenes give
    /// equal bytes.
    public func svg(_ scene: KeyboardScene) throws -> [UInt8] {
        try svg(scene, options: SVGOptions())
    }

    /// The scene as a one-page PDF; the page is the image's size in points
    /// (`imageWidth / scale × imageHeight / scale`). Creation and modification dates are
    /// fixed, so equal scenes give equal bytes.
    public func pdf(_ scene: KeyboardScene) throws -> [UInt8] {
        try render(scene, as: .pdf)
    }

    /// Runs `body` with a fresh context on `surface`, then checks it; the context is destroyed
    /// before returning so the surface can be finished.
    func withContext(_ surface: CairoSurface, _ body: (CairoContext) throws -> Void) throws {
        let context = try CairoContext(surface)
        try body(context)
        try context.check("drawing")
        try surface.check("drawing")
    }
}

extension Renderer {
    /// The `LabelMeasure` for scenes this renderer will draw on a canvas of `scale` pixels per
    /// point: each label is set with this renderer's own fonts (no second font configuration)
    /// at the pixel size it will be drawn at, and its logical box is given in points.
    public func labelMeasure(atScale scale: Double) -> LabelMeasure {
        { [text] label, font, textSize in try text.labelBox(label, font: font, textSize: textSize, scale: scale) }
    }
}
