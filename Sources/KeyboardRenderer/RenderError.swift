/// Why a scene could not be painted or encoded. Every message names what was wrong and,
/// where it helps, how to fix it.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// A number in the scene cannot be drawn (NaN, infinite, negative where a length is needed).
    /// `field` is a path into the scene, e.g. `keys[3].style.textSize`.
    case invalidValue(field: String, value: Double, reason: String)
    /// The image would be empty, wider or taller than `Limits.maxImageSide` pixels, or hold
    /// more than `Limits.maxImagePixels`; `reason` says which.
    case imageSize(width: Int, height: Int, reason: String)
    /// A pinned font file is missing or unreadable.
    case fontMissing(path: String, package: String)
    /// Setting up the private font configuration failed.
    case fontSetup(String)
    /// A theme's font file holds no face fontconfig can load.
    case fontFile(path: String)
    /// A PNG could not be read; `id` is the image's identity (its path) or "input".
    case imageDecoding(id: String, reason: String)
    /// A PNG could not be written.
    case pngEncoding(String)
    /// `compression` was outside `PNGCodec.compressionLevels` (0…9).
    case invalidCompression(Int)
    /// A `RasterImage` whose byte count does not match its size.
    case invalidRaster(width: Int, height: Int, byteCount: Int)
    /// Cairo reported an error status; `operation` is what was being done.
    case cairo(operation: String, status: String)
    /// A dark scene for an SVG draws other geometry than the light one; `difference` names
    /// the first field that differs.
    case darkThemeGeometry(String)
    /// A font cannot be embedded in an SVG: its licence bits forbid it, or it cannot be read
    /// or subset.
    case fontEmbedding(path: String, reason: String)

    public var description: String {
        switch self {
        case let .invalidValue(field, value, reason):
            return "\(field): \(value) \(reason)"
        case let .imageSize(_, _, reason):
            return reason
        case let .fontMissing(path, package):
            return "font file \(path) is missing or unreadable (install the Debian package \(package))"
        case let .fontFile(path):
            return "font file \(path) holds no font that can be loaded"
        case let .fontSetup(reason):
            return "font setup failed: \(reason)"
        case let .imageDecoding(id, reason):
            return "\(id): cannot read PNG: \(reason)"
        case let .pngEncoding(reason):
            return "cannot write PNG: \(reason)"
        case let .invalidCompression(level):
            let levels = PNGCodec.compressionLevels
            return "PNG compression \(level) is out of range (\(levels.lowerBound)…\(levels.upperBound))"
        case let .invalidRaster(width, height, byteCount):
            return "raster image \(width)×\(height) px needs \(width)×\(height)×4 bytes, has \(byteCount)"
        case let .cairo(operation, status):
            return "cairo failed while \(operation): \(status)"
        case let .darkThemeGeometry(difference):
            return "the dark theme draws other geometry than the light one, so one SVG cannot hold both: \(difference)"
        case let .fontEmbedding(path, reason):
            return "font file \(path) cannot be embedded in the SVG: \(reason)"
        }
    }
}
