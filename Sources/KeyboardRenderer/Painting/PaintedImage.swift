import KeyboardModel

/// A scene painted into pixels and not yet encoded (`Renderer.painted(_:)`): painting and
/// encoding are two steps a caller can time, or do on different threads one after the other.
/// Not thread-safe; encode it once.
public final class PaintedImage {
    private let surface: CairoSurface
    /// Pixels.
    public let width: Int
    /// Pixels.
    public let height: Int

    init(_ surface: CairoSurface) {
        self.surface = surface
        width = surface.width
        height = surface.height
    }

    /// The pixels as a PNG file at zlib level `compression`: the bytes `Renderer.png(_:compression:)`
    /// writes for the scene.
    ///
    /// - Throws: `RenderError.invalidCompression` for a level outside
    ///   `PNGCodec.compressionLevels`; `RenderError` when libpng fails.
    public func png(compression: Int = 1) throws -> [UInt8] {
        try PNGCodec.check(compression: compression)
        return try surface.pngFile(compression: compression)
    }
}

extension Renderer {
    /// The scene painted as `png(_:compression:)` paints it, to be encoded with
    /// `PaintedImage.png(compression:)`.
    ///
    /// - Throws: as `rasterize(_:)`.
    public func painted(_ scene: KeyboardScene) throws -> PaintedImage {
        try SceneValidation.validate(scene)
        let surface = try CairoSurface.image(width: scene.imageWidth, height: scene.imageHeight)
        try withContext(surface) { try paint(scene, in: $0) }
        return PaintedImage(surface)
    }
}
