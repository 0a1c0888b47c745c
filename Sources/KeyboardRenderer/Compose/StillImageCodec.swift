import CCairo
import KeyboardModel

/// Why an image file could not be read or written, in words for the person who gave it.
public struct StillImageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong (`not a PNG or JPEG file`, `the image is 20000 × 100 px; …`).
    public var reason: String

    /// An error with its reason.
    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}

/// Still images in and out for store screenshots: PNG or JPEG read (told apart by their first
/// bytes), a PNG written without alpha and a JPEG written at a fixed quality. Equal pixels
/// give equal bytes.
public enum StillImageCodec {
    /// Whether `bytes` start like a JPEG file (SOI marker).
    public static func isJPEG(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF
    }

    /// Decodes a PNG or a JPEG to straight RGBA.
    ///
    /// - Parameters:
    ///   - bytes: the file's content.
    ///   - maxPixels: the most pixels accepted; a larger image, or one with a side over
    ///     `Limits.maxImageSide`, is refused from its header before its pixels are allocated.
    /// - Throws: `StillImageError` for a file that is neither, is damaged, or is over a limit.
    public static func decode(_ bytes: [UInt8], maxPixels: Int) throws -> RasterImage {
        if isJPEG(bytes) { return try decodeJPEG(bytes, maxPixels: maxPixels) }
        guard PNGCodec.declaredSize(bytes) != nil else {
            throw StillImageError(reason: bytes.isEmpty ? "the file is empty" : "not a PNG or JPEG file")
        }
        do {
            return try PNGCodec.decode(bytes, id: "input", maxPixels: maxPixels)
        } catch RenderError.imageDecoding(_, let reason) {
            throw StillImageError(reason: reason)
        }
    }

    /// Decodes a JPEG through libjpeg to opaque straight RGBA.
    static func decodeJPEG(_ bytes: [UInt8], maxPixels: Int) throws -> RasterImage {
        try bytes.withUnsafeBufferPointer { buffer -> RasterImage in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { throw StillImageError(reason: "the file is empty") }
            var pixels: UnsafeMutablePointer<UInt8>?
            var width: UInt32 = 0, height: UInt32 = 0
            var message = [CChar](repeating: 0, count: 256)
            let status = rk_jpeg_read(base, buffer.count, UInt32(Limits.maxImageSide), UInt64(max(0, maxPixels)),
                                      &pixels, &width, &height, &message, message.count)
            defer { free(pixels) }
            guard status == Int32(RK_JPEG_OK), let pixels, width > 0, height > 0 else {
                throw StillImageError(reason: text(message, fallback: "libjpeg could not read the file"))
            }
            let count = Int(width) * Int(height) * 4
            return RasterImage(width: Int(width), height: Int(height), rgba: Array(UnsafeBufferPointer(start: pixels, count: count)))
        }
    }

    /// Encodes straight RGBA pixels in `format`, dropping alpha: every pixel must already be
    /// opaque (a composed canvas is painted over opaque white).
    ///
    /// - Parameters:
    ///   - pixels: `width × height × 4` bytes, rows packed.
    ///   - compression: a PNG's zlib level (`PNGCodec.compressionLevels`).
    /// - Throws: `RenderError` for a bad size or level, `StillImageError` when libjpeg fails.
    static func encode(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, as format: StillImageFormat, compression: Int) throws -> [UInt8] {
        try CairoSurface.checkSize(width: width, height: height)
        try PNGCodec.check(compression: compression)
        guard let base = pixels.baseAddress, pixels.count == width * height * 4 else {
            throw RenderError.invalidRaster(width: width, height: height, byteCount: pixels.count)
        }
        var message = [CChar](repeating: 0, count: 256)
        switch format {
        case .png:
            var buffer = rk_buffer(data: nil, length: 0, capacity: 0)
            defer { free(buffer.data) }
            let status = rk_png_write(base, Int32(width), Int32(height), Int32(compression), Z_DEFAULT_STRATEGY,
                                      compression <= 3 ? Int32(RK_PNG_FILTER_NONE) : Int32(RK_PNG_ALL_FILTERS), 1, &buffer, &message, message.count)
            guard status == Int32(RK_PNG_OK), let data = buffer.data else { throw RenderError.pngEncoding(text(message, fallback: "libpng error")) }
            return Array(UnsafeBufferPointer(start: data, count: buffer.length))
        case .jpeg:
            var data: UnsafeMutablePointer<UInt8>?
            var length: UInt = 0
            defer { free(data) }
            let status = rk_jpeg_write(base, Int32(width), Int32(height), Int32(StillImageFormat.jpegQuality), &data, &length, &message, message.count)
            guard status == Int32(RK_JPEG_OK), let data else { throw StillImageError(reason: "cannot write JPEG: " + text(message, fallback: "libjpeg error")) }
            return Array(UnsafeBufferPointer(start: data, count: Int(length)))
        }
    }

    private static func text(_ message: [CChar], fallback: String) -> String {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? fallback : text
    }
}
