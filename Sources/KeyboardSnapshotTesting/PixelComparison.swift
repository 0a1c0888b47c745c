import LayoutEngine
import RenderKeyboardKit

/// A size in pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    /// Pixels.
    public var width: Int
    /// Pixels.
    public var height: Int

    /// A size in pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `"1179 × 750 px"`.
    public var description: String { "\(width) × \(height) px" }
}

/// The outcome of comparing two images pixel by pixel.
public struct PixelComparisonResult: Sendable, Hashable {
    /// Size of the reference image.
    public var expectedSize: PixelSize
    /// Size of the image under test.
    public var actualSize: PixelSize
    /// Pixels that differ, counted over the union of both images: when the sizes differ,
    /// every pixel that only one image has counts as differing.
    public var differingPixels: Int
    /// The tolerance the comparison used (see `PixelComparison.pixelsDiffer`).
    public var tolerance: Int

    /// True when both images have the same size.
    public var sizesMatch: Bool { expectedSize == actualSize }
    /// True when the sizes match and no pixel differs: the snapshot passes.
    public var matches: Bool { sizesMatch && differingPixels == 0 }
}

/// The pixel comparison of the PNG snapshot strategies, modelled on resvg's test suite.
///
/// Rule: a pixel differs when any of its four channels (red, green, blue, alpha, straight
/// alpha, 0…255) differs from the reference by more than `tolerance`; a comparison fails
/// when any pixel differs or when the sizes differ. The default tolerance, 1, absorbs the
/// rounding noise of anti-aliasing without letting a visible change through.
public enum PixelComparison {
    /// Largest per-channel difference still treated as equal.
    public static let defaultTolerance = 1

    /// Whether two RGBA pixels differ: some channel is off by more than `tolerance`.
    public static func pixelsDiffer(_ a: (UInt8, UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8, UInt8), tolerance: Int = defaultTolerance) -> Bool {
        abs(Int(a.0) - Int(b.0)) > tolerance || abs(Int(a.1) - Int(b.1)) > tolerance
            || abs(Int(a.2) - Int(b.2)) > tolerance || abs(Int(a.3) - Int(b.3)) > tolerance
    }

    /// Compares `actual` with `expected` (the reference).
    ///
    /// - Parameters:
    ///   - expected: the reference image.
    ///   - actual: the image under test.
    ///   - tolerance: largest per-channel difference treated as equal; negative values count
    ///     as 0.
    public static func compare(expected: RasterImage, actual: RasterImage, tolerance: Int = defaultTolerance) -> PixelComparisonResult {
        let tolerance = max(0, tolerance)
        var count = 0
        forEachPixel(expected, actual, tolerance: tolerance) { _, _, differs in
            if differs { count += 1 }
        }
        return PixelComparisonResult(
            expectedSize: PixelSize(width: expected.width, height: expected.height),
            actualSize: PixelSize(width: actual.width, height: actual.height),
            differingPixels: count, tolerance: tolerance)
    }

    /// Gap between the panels of `differenceImage`, pixels.
    public static let panelGap = 8

    /// One picture with three panels side by side: expected | mask | actual.
    ///
    /// Each panel is as large as the union of both images (`max` of the widths and of the
    /// heights); an image smaller than that leaves its panel transparent where it has no
    /// pixels. In the mask panel a differing pixel is pure opaque red (255, 0, 0, 255); every
    /// other pixel is a pale grey copy of the reference (never pure red), so the red shows
    /// exactly where pixels differ. Panels are `panelGap` pixels apart on a mid-grey ground.
    public static func differenceImage(expected: RasterImage, actual: RasterImage, tolerance: Int = defaultTolerance) -> RasterImage {
        let tolerance = max(0, tolerance)
        let panelWidth = max(expected.width, actual.width, 1)
        let height = max(expected.height, actual.height, 1)
        let width = panelWidth * 3 + panelGap * 2
        var out = [UInt8](repeating: 0, count: width * height * 4)
        // Grey ground for the gaps.
        for y in 0..<height {
            for gap in 1...2 {
                let start = gap * panelWidth + (gap - 1) * panelGap
                for x in start..<(start + panelGap) {
                    let i = (y * width + x) * 4
                    out[i] = 128; out[i + 1] = 128; out[i + 2] = 128; out[i + 3] = 255
                }
            }
        }
        let maskOffset = panelWidth + panelGap
        let actualOffset = 2 * (panelWidth + panelGap)
        forEachPixel(expected, actual, tolerance: tolerance) { x, y, differs in
            let row = y * width
            if let p = pixel(expected, x, y) {
                let i = (row + x) * 4
                out[i] = p.0; out[i + 1] = p.1; out[i + 2] = p.2; out[i + 3] = p.3
            }
            if let p = pixel(actual, x, y) {
                let i = (row + actualOffset + x) * 4
                out[i] = p.0; out[i + 1] = p.1; out[i + 2] = p.2; out[i + 3] = p.3
            }
            let i = (row + maskOffset + x) * 4
            if differs {
                out[i] = 255; out[i + 1] = 0; out[i + 2] = 0; out[i + 3] = 255
            } else {
                let grey = paleGrey(pixel(expected, x, y) ?? (255, 255, 255, 0))
                out[i] = grey; out[i + 1] = grey; out[i + 2] = grey; out[i + 3] = 255
            }
        }
        return RasterImage(width: width, height: height, rgba: out)
    }

    /// The pixel at (x, y), or nil outside the image or past the end of a malformed buffer.
    static func pixel(_ image: RasterImage, _ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8)? {
        image.pixel(x: x, y: y).map { ($0.r, $0.g, $0.b, $0.a) }
    }

    /// Visits every pixel of the union of both images, top to bottom, left to right.
    private static func forEachPixel(_ expected: RasterImage, _ actual: RasterImage, tolerance: Int, _ body: (Int, Int, Bool) -> Void) {
        let width = max(expected.width, actual.width, 0)
        let height = max(expected.height, actual.height, 0)
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
                            let differs = abs(Int(e[i]) - Int(a[i])) > tolerance
                                || abs(Int(e[i + 1]) - Int(a[i + 1])) > tolerance
                                || abs(Int(e[i + 2]) - Int(a[i + 2])) > tolerance
                                || abs(Int(e[i + 3]) - Int(a[i + 3])) > tolerance
                            body(x, y, differs)
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
                    body(x, y, pixelsDiffer(p, q, tolerance: tolerance))
                } else {
                    body(x, y, true)
                }
            }
        }
    }

    /// The reference pixel over white, as a light grey (191…255) that keeps the keyboard
    /// recognisable behind the red.
    private static func paleGrey(_ p: (UInt8, UInt8, UInt8, UInt8)) -> UInt8 {
        let alpha = Int(p.3)
        func overWhite(_ c: UInt8) -> Int { (Int(c) * alpha + 255 * (255 - alpha)) / 255 }
        let luma = (299 * overWhite(p.0) + 587 * overWhite(p.1) + 114 * overWhite(p.2)) / 1000
        return UInt8(clamping: 255 - (255 - luma) / 4)
    }
}
