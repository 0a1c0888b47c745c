import CCairo
import KeyboardModel

/// PNG files to and from `RasterImage`, through libpng (errors are caught in C and come back
/// as `RenderError`, never as a crash).
public enum PNGCodec {
    /// The largest side, in pixels, of any image this module reads or writes.
    public static var maxSide: Int { Limits.maxImageSide }

    /// The zlib levels a PNG is written at: 0 (none) … 9 (smallest).
    public static let compressionLevels: ClosedRange<Int> = 0...9

    /// Throws `RenderError.invalidCompression` for a level outside `compressionLevels`.
    static func check(compression: Int) throws {
        guard compressionLevels.contains(compression) else { throw RenderError.invalidCompression(compression) }
    }

    /// Encodes `image` as an 8-bit PNG. An image whose every pixel is opaque is written as RGB
    /// (smaller and faster); otherwise as RGBA. The bytes depend only on the pixels and
    /// `compression`.
    ///
    /// - Parameters:
    ///   - image: the pixels; `rgba` must hold exactly `width × height × 4` bytes.
    ///   - compression: zlib level, 0 (none) … 9 (smallest); 1 is fast and small for
    ///     flat-coloured keyboards.
    /// - Throws: `RenderError.invalidCompression`, `.invalidRaster`, `.imageSize`, `.pngEncoding`.
    public static func encode(_ image: RasterImage, compression: Int = 1) throws -> [UInt8] {
        try check(compression: compression)
        guard image.isWellFormed else {
            throw RenderError.invalidRaster(width: image.width, height: image.height, byteCount: image.rgba.count)
        }
        return try image.rgba.withUnsafeBufferPointer { try encode($0, width: image.width, height: image.height, compression: compression) }
    }

    /// Encodes `width × height` straight RGBA pixels, rows packed (`pixels.count` is
    /// `width × height × 4`); `compression` is a checked level of `compressionLevels`.
    static func encode(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, compression: Int) throws -> [UInt8] {
        try CairoSurface.checkSize(width: width, height: height)
        guard let base = pixels.baseAddress, pixels.count == width * height * 4 else {
            throw RenderError.invalidRaster(width: width, height: height, byteCount: pixels.count)
        }
        let opaque = isOpaque(pixels)
        var buffer = rk_buffer(data: nil, length: 0, capacity: 0)
        var message = [CChar](repeating: 0, count: 256)
        let status = rk_png_write(
            base, Int32(width), Int32(height), Int32(compression), Z_DEFAULT_STRATEGY,
            filters(compression), opaque ? 1 : 0, &buffer, &message, message.count)
        defer { free(buffer.data) }
        guard status == Int32(RK_PNG_OK), let data = buffer.data else {
            throw RenderError.pngEncoding(reason(status, message))
        }
        return Array(UnsafeBufferPointer(start: data, count: buffer.length))
    }

    /// Decodes any PNG (palette, grey, 16-bit, interlaced, with or without alpha) to 8-bit
    /// straight RGBA.
    ///
    /// - Parameters:
    ///   - png: the file's bytes.
    ///   - maxPixels: the most pixels accepted: by default a theme or layout image's limit
    ///     (`Limits.maxDecodedImagePixels`, 16 Mi px); `Limits.maxImagePixels` (64 Mi px) reads
    ///     every image a render writes, as comparisons do.
    /// - Throws: `RenderError.imageDecoding` (id "input") for a damaged file, one with a side
    ///   over `maxSide` pixels or more than `maxPixels` pixels (refused from its header, before
    ///   pixel memory is allocated).
    public static func decode(_ png: [UInt8], maxPixels: Int = Limits.maxDecodedImagePixels) throws -> RasterImage {
        try decode(png, id: "input", maxPixels: maxPixels)
    }

    /// The size a PNG declares in its header, pixels, without decoding it; nil when the bytes
    /// do not start with a PNG signature and header.
    public static func declaredSize(_ png: [UInt8]) -> (width: Int, height: Int)? {
        guard png.count >= 24, png.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        func word(_ i: Int) -> Int { Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3]) }
        return (word(16), word(20))
    }

    static func decode(_ png: [UInt8], id: String, maxPixels: Int = Limits.maxDecodedImagePixels) throws -> RasterImage {
        try png.withUnsafeBufferPointer { bytes -> RasterImage in
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                throw RenderError.imageDecoding(id: id, reason: "the file is empty")
            }
            var pixels: UnsafeMutablePointer<UInt8>?
            var width: UInt32 = 0, height: UInt32 = 0
            var message = [CChar](repeating: 0, count: 256)
            let status = rk_png_read(
                base, bytes.count, UInt32(maxSide), UInt64(max(0, maxPixels)), Limits.maxPNGChunkBytes,
                &pixels, &width, &height, &message, message.count)
            defer { free(pixels) }
            guard status == Int32(RK_PNG_OK), let pixels, width > 0, height > 0 else {
                throw RenderError.imageDecoding(id: id, reason: reason(status, message))
            }
            let count = Int(width) * Int(height) * 4
            return RasterImage(width: Int(width), height: Int(height), rgba: Array(UnsafeBufferPointer(start: pixels, count: count)))
        }
    }

    /// Row filters: none for fast levels (flat keyboards compress well unfiltered, and it is
    /// the fastest: measured 5.9 ms vs 7.1 ms for SUB on a 1179 × 852 px keyboard at level 1),
    /// libpng's adaptive choice for the levels asked to be small.
    static func filters(_ compression: Int) -> Int32 {
        compression <= 3 ? Int32(RK_PNG_FILTER_NONE) : Int32(RK_PNG_ALL_FILTERS)
    }

    private static func isOpaque(_ pixels: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 3
        while i < pixels.count {
            if pixels[i] != 255 { return false }
            i += 4
        }
        return true
    }

    static func reason(_ status: Int32, _ message: [CChar]) -> String {
        switch status {
        case Int32(RK_PNG_NO_MEMORY): return "out of memory"
        case Int32(RK_PNG_BAD_ARGUMENT): return "invalid arguments"
        default:
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return text.isEmpty ? "libpng error" : text
        }
    }
}

