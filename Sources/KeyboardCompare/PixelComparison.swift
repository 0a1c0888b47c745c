import RenderKeyboardKit
import ColorMetrics
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine

/// A size in pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    /// Pixels.
    public var width: Int
    /// Pixels.
    public var height: Int

    /// `"1179 × 750 px"`.
    public var description: String { "\(width) × \(height) px" }
}

/// The outcome of comparing a candidate image with its reference pixel by pixel.
public struct PixelComparisonResult: Sendable, Hashable {
    /// Size of the reference image.
    public var expectedSize: PixelSize
    /// Size of the image under test (the candidate).
    public var actualSize: PixelSize
    /// Pixels that differ, counted over the union of both images: when the sizes differ,
    /// every pixel that only one image has counts as differing.
    public var differingPixels: Int
    /// Pixels of the union of both images (`max` of the widths × `max` of the heights).
    public var totalPixels: Int
    /// The largest CIEDE2000 difference of a pixel both images have, 0 when none differs.
    public var largestDeltaE: Double
    /// The tolerance the comparison used, ΔE₀₀ (see `PixelComparison.pixelsDiffer`).
    public var tolerance: Double
    /// The share of pixels (0…1) allowed to differ.
    public var allowedShare: Double

    /// True when both images have the same size.
    public var sizesMatch: Bool { expectedSize == actualSize }
    /// `differingPixels / totalPixels`, 0…1 (0 for two empty images).
    public var differingShare: Double { totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels) }
    /// True when the sizes match and the differing share is at most `allowedShare`.
    public var matches: Bool { sizesMatch && differingShare <= allowedShare }

    /// `match`, or `N pixels differ (P %), largest ΔE X` (`1 pixel differs` for one), followed by both sizes when they
    /// differ. P has two decimals (`< 0.01` for a share above 0 that rounds to 0.00); X has
    /// two decimals.
    public var summary: String {
        if matches { return "match" }
        var text = "\(differingPixels) \(differingPixels == 1 ? "pixel differs" : "pixels differ") (\(Self.percent(differingShare)) %), "
            + "largest ΔE \(String(format: "%.2f", largestDeltaE))"
        if !sizesMatch { text += "; the sizes differ: reference \(expectedSize), candidate \(actualSize)" }
        return text
    }

    static func percent(_ share: Double) -> String {
        let text = String(format: "%.2f", share * 100)
        return share > 0 && text == "0.00" ? "< 0.01" : text
    }
}

/// The one rule that compares an image with its reference, used by the snapshot strategies
/// and by `render-keyboard compare` and `batch --compare`.
///
/// Rule: a pixel whose bytes (red, green, blue, alpha, straight alpha) equal the reference's
/// never differs. Any other pixel differs unless its CIEDE2000 difference ΔE₀₀ from the
/// reference pixel is at most a positive `tolerance`; so with tolerance 0 every changed byte
/// counts. A pixel's ΔE₀₀ is the larger of the two differences seen when both pixels are
/// drawn over opaque white and over opaque black (so a change of opacity counts too). The
/// images match when their sizes are equal and the differing share of pixels is at most
/// `allowedShare`. Images of different sizes never match.
public enum PixelComparison {
    /// The snapshot strategies' default tolerance, ΔE₀₀: about one just-noticeable difference,
    /// which absorbs the rounding noise of anti-aliasing without letting a visible change
    /// through. The command line's default is 0.
    public static let defaultTolerance = 1.0

    /// ΔE₀₀ between two RGBA pixels (straight alpha, 0…255): the larger of the CIEDE2000
    /// differences over opaque white and over opaque black; 0 for equal bytes.
    public static func deltaE(_ a: (UInt8, UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8, UInt8)) -> Double {
        if a == b { return 0 }
        func over(_ p: (UInt8, UInt8, UInt8, UInt8), _ ground: SRGB) -> SRGB {
            SRGB(red8: p.0, green8: p.1, blue8: p.2).composited(alpha: Double(p.3) / 255, over: ground)
        }
        if a.3 == 255 && b.3 == 255 {
            return ColorMetrics.deltaE2000(SRGB(red8: a.0, green8: a.1, blue8: a.2), SRGB(red8: b.0, green8: b.1, blue8: b.2))
        }
        return max(ColorMetrics.deltaE2000(over(a, .white), over(b, .white)),
                   ColorMetrics.deltaE2000(over(a, .black), over(b, .black)))
    }

    /// Whether two RGBA pixels differ under `tolerance` (ΔE₀₀; see the type's rule).
    public static func pixelsDiffer(_ a: (UInt8, UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8, UInt8), tolerance: Double = defaultTolerance) -> Bool {
        a != b && (tolerance <= 0 || deltaE(a, b) > tolerance)
    }

    /// Compares `actual` (the candidate) with `expected` (the reference).
    ///
    /// - Parameters:
    ///   - expected: the reference image.
    ///   - actual: the candidate, the image under test.
    ///   - tolerance: ΔE₀₀ still treated as equal; negative values and NaN count as 0.
    ///   - allowedShare: the share of pixels, 0…1, that may differ (clamped; NaN counts as 0).
    public static func compare(expected: RasterImage, actual: RasterImage, tolerance: Double = defaultTolerance, allowedShare: Double = 0) -> PixelComparisonResult {
        let tolerance = tolerance > 0 ? tolerance : 0
        var count = 0
        var largest = 0.0
        let width = max(expected.width, actual.width, 0), height = max(expected.height, actual.height, 0)
        if let (differing, largestDelta) = compareSameShape(expected, actual, tolerance: tolerance) {
            return PixelComparisonResult(
                expectedSize: PixelSize(width: expected.width, height: expected.height),
                actualSize: PixelSize(width: actual.width, height: actual.height),
                differingPixels: differing, totalPixels: width * height, largestDeltaE: largestDelta,
                tolerance: tolerance, allowedShare: ColorMetrics.clamped(allowedShare))
        }
        forEachPixel(expected, actual, tolerance: tolerance) { _, _, delta in
            if let delta {
                if delta.differs { count += 1 }
                largest = max(largest, delta.deltaE)
            } else {
                count += 1
            }
        }
        return PixelComparisonResult(
            expectedSize: PixelSize(width: expected.width, height: expected.height),
            actualSize: PixelSize(width: actual.width, height: actual.height),
            differingPixels: count, totalPixels: width * height, largestDeltaE: largest,
            tolerance: tolerance, allowedShare: ColorMetrics.clamped(allowedShare))
    }

    /// Reads and decodes a PNG file for comparison: any PNG a render can write is read
    /// (`Limits.maxRenderedFileSize` bytes, `Limits.maxImagePixels` pixels).
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - folder: when set, the file actually opened must lie inside it (see `FileAccess.read`).
    /// - Throws: `Diagnostic` naming the file: missing, not a regular file, too large, outside
    ///   `folder`, or not a readable PNG (damaged, truncated, or over the limits, refused from
    ///   its header).
    public static func readPNG(_ path: String, confinedTo folder: String? = nil) throws -> RasterImage {
        try decodePNG(try readRendered(path, confinedTo: folder), file: path)
    }

    /// The bytes of a rendered image (PNG, SVG or PDF) read back to be compared, up to
    /// `Limits.maxRenderedFileSize`.
    ///
    /// - Throws: `Diagnostic` naming the file (see `FileAccess.read`).
    package static func readRendered(_ path: String, confinedTo folder: String? = nil) throws -> [UInt8] {
        try FileAccess.read(path, limit: Limits.maxRenderedFileSize, confinedTo: folder)
    }

    /// `bytes` decoded as a PNG a render may have written (up to `Limits.maxImagePixels`).
    ///
    /// - Throws: `Diagnostic` naming `file`: `not a readable PNG: REASON`.
    package static func decodePNG(_ bytes: [UInt8], file: String) throws -> RasterImage {
        do {
            return try PNGCodec.decode(bytes, maxPixels: Limits.maxImagePixels)
        } catch let error as RenderError {
            guard case let .imageDecoding(_, reason) = error else { throw error }
            throw Diagnostic(file: FilePath.shown(file), path: "", reason: "not a readable PNG: \(reason)")
        }
    }

    /// The pixel at (x, y), or nil outside the image or past the end of a malformed buffer.
    static func pixel(_ image: RasterImage, _ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8)? {
        image.pixel(x: x, y: y).map { ($0.r, $0.g, $0.b, $0.a) }
    }

    /// A pixel both images have: its ΔE₀₀ and whether it differs under the tolerance.
    struct PixelDelta {
        var deltaE: Double
        var differs: Bool
    }

    /// Visits every pixel of the union of both images, top to bottom, left to right; the
    /// delta is nil where only one image has the pixel. ΔE₀₀ is computed once per distinct
    /// pair of colours (keyboards have few colours; the work stays proportional to the pixels).
    static func forEachPixel(_ expected: RasterImage, _ actual: RasterImage, tolerance: Double, _ body: (Int, Int, PixelDelta?) -> Void) {
        let width = max(expected.width, actual.width, 0)
        let height = max(expected.height, actual.height, 0)
        var cache: [UInt64: Double] = [:]
        func delta(_ p: (UInt8, UInt8, UInt8, UInt8), _ q: (UInt8, UInt8, UInt8, UInt8)) -> PixelDelta {
            if p == q { return PixelDelta(deltaE: 0, differs: false) }
            let key = UInt64(p.0) << 56 | UInt64(p.1) << 48 | UInt64(p.2) << 40 | UInt64(p.3) << 32
                | UInt64(q.0) << 24 | UInt64(q.1) << 16 | UInt64(q.2) << 8 | UInt64(q.3)
            let value: Double
            if let known = cache[key] {
                value = known
            } else {
                value = deltaE(p, q)
                if cache.count < 1 << 20 { cache[key] = value }
            }
            return PixelDelta(deltaE: value, differs: tolerance <= 0 || value > tolerance)
        }
        let sameShape = expected.width == actual.width && expected.height == actual.height
            && expected.rgba.count == expected.width * expected.height * 4
            && actual.rgba.count == expected.rgba.count
        if sameShape {
            // Fast path: both buffers are complete and aligned.
            expected.rgba.withUnsafeBufferPointer { e in
                actual.rgba.withUnsafeBufferPointer { a in
                    var i = 0
                    for y in 0..<height {
                        for x in 0..<width {
                            body(x, y, delta((e[i], e[i + 1], e[i + 2], e[i + 3]), (a[i], a[i + 1], a[i + 2], a[i + 3])))
                            i += 4
                        }
                    }
                }
            }
            return
        }
        for y in 0..<height {
            for x in 0..<width {
                if let p = pixel(expected, x, y), let q = pixel(actual, x, y) {
                    body(x, y, delta(p, q))
                } else {
                    body(x, y, nil)
                }
            }
        }
    }

    /// The count of differing pixels and the largest ΔE₀₀ of two complete images of one size;
    /// nil when the shapes differ.
    private static func compareSameShape(_ expected: RasterImage, _ actual: RasterImage, tolerance: Double) -> (Int, Double)? {
        var count = 0
        var largest = 0.0
        let complete = scanSameShape(expected, actual) { _, value in
            if tolerance <= 0 || value > tolerance { count += 1 }
            if value > largest { largest = value }
        }
        return complete ? (count, largest) : nil
    }

    /// Whether each pixel differs (row-major) for two complete images of one size; nil when
    /// the shapes differ.
    static func differingPixels(_ expected: RasterImage, _ actual: RasterImage, tolerance: Double) -> [Bool]? {
        var differs = [Bool](repeating: false, count: max(0, expected.width * expected.height))
        let complete = scanSameShape(expected, actual) { i, value in
            if tolerance <= 0 || value > tolerance { differs[i] = true }
        }
        return complete ? differs : nil
    }

    /// Calls `body(pixelIndex, ΔE₀₀)` for every pixel whose bytes differ, comparing whole
    /// pixels as 32-bit words and working out ΔE₀₀ once per distinct pair of colours. False
    /// (and no call) unless both images are complete and of one size.
    private static func scanSameShape(_ expected: RasterImage, _ actual: RasterImage, _ body: (Int, Double) -> Void) -> Bool {
        guard expected.width == actual.width, expected.height == actual.height,
              expected.rgba.count == expected.width * expected.height * 4, actual.rgba.count == expected.rgba.count else { return false }
        var cache: [UInt64: Double] = [:]
        expected.rgba.withUnsafeBytes { e in
            actual.rgba.withUnsafeBytes { a in
                let pixels = e.count / 4
                var i = 0
                while i < pixels {
                    let p = e.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
                    let q = a.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
                    if p != q {
                        let key = UInt64(p) << 32 | UInt64(q)
                        let value: Double
                        if let known = cache[key] {
                            value = known
                        } else {
                            let b = i * 4
                            value = deltaE((e[b], e[b + 1], e[b + 2], e[b + 3]), (a[b], a[b + 1], a[b + 2], a[b + 3]))
                            if cache.count < 1 << 20 { cache[key] = value }
                        }
                        body(i, value)
                    }
                    i += 1
                }
            }
        }
        return true
    }

    /// The reference pixel over white, as a light grey (191…255) that keeps the keyboard
    /// recognisable behind the red.
    static func paleGrey(_ p: (UInt8, UInt8, UInt8, UInt8)) -> UInt8 {
        let alpha = Int(p.3)
        func overWhite(_ c: UInt8) -> Int { (Int(c) * alpha + 255 * (255 - alpha)) / 255 }
        let luma = (299 * overWhite(p.0) + 587 * overWhite(p.1) + 114 * overWhite(p.2)) / 1000
        return UInt8(clamping: 255 - (255 - luma) / 4)
    }
}
