/// A decoded or rendered bitmap: `width × height` pixels, row-major, 4 bytes per pixel
/// (red, green, blue, alpha), straight (not premultiplied) alpha.
///
/// Invariant when produced by this module: `rgba.count == width * height * 4`.
public struct RasterImage: Sendable, Equatable {
    /// Pixels.
    public var width: Int
    /// Pixels.
    public var height: Int
    /// The pixels' bytes: red, green, blue, alpha (straight), row after row from the top.
    public var rgba: [UInt8]

    /// An image of `width × height` pixels. Nothing is checked here; encoding refuses an
    /// image whose `rgba` does not hold exactly `width × height × 4` bytes.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The pixel at column `x`, row `y` as (r, g, b, a), or nil outside the image.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 4
        guard i + 3 < rgba.count else { return nil }
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }

    /// True when `rgba` holds exactly `width × height` pixels and both sides are positive.
    var isWellFormed: Bool {
        guard width > 0, height > 0 else { return false }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow else { return false }
        let (bytes, overflow2) = pixels.multipliedReportingOverflow(by: 4)
        return !overflow2 && bytes == rgba.count
    }
}
