import RenderKeyboardKit
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine

/// How the three panels of a comparison's report are placed: side by side at full size when
/// that fits the image limits (`Limits.maxImageSide` a side, `Limits.maxImagePixels` in all),
/// else one above the other, else both tried again at 1/2, 1/3, … of the size. So the report
/// of any two images a render can write can itself be written.
struct TriptychLayout: Equatable {
    /// Each panel shows every `factor`-th pixel of each row and column (1: full size).
    var factor: Int
    /// Panels one above the other rather than side by side.
    var vertical: Bool
    /// One panel's size, pixels.
    var panelWidth: Int
    /// One panel's height, pixels.
    var panelHeight: Int

    /// The layout for two images whose union is `width × height` pixels (each at least 1).
    init(width: Int, height: Int) {
        let gap = PixelComparison.panelGap
        var factor = 1
        while true {
            let w = (width + factor - 1) / factor, h = (height + factor - 1) / factor
            for vertical in [false, true] {
                let size = vertical ? (w, 3 * h + 2 * gap) : (3 * w + 2 * gap, h)
                if size.0 <= Limits.maxImageSide && size.1 <= Limits.maxImageSide && size.0 * size.1 <= Limits.maxImagePixels {
                    self.init(factor: factor, vertical: vertical, panelWidth: w, panelHeight: h)
                    return
                }
            }
            factor += 1
        }
    }

    /// A layout as given (for tests of the reduced and stacked forms on small images).
    init(factor: Int, vertical: Bool, panelWidth: Int, panelHeight: Int) {
        self.factor = factor
        self.vertical = vertical
        self.panelWidth = panelWidth
        self.panelHeight = panelHeight
    }

    /// The whole report's size, pixels.
    var width: Int { vertical ? panelWidth : 3 * panelWidth + 2 * PixelComparison.panelGap }
    /// The whole report's height, pixels.
    var height: Int { vertical ? 3 * panelHeight + 2 * PixelComparison.panelGap : panelHeight }

    /// The top-left pixel of panel `index` (0 reference, 1 candidate, 2 differences).
    func origin(_ index: Int) -> (x: Int, y: Int) {
        let step = (vertical ? panelHeight : panelWidth) + PixelComparison.panelGap
        return vertical ? (0, index * step) : (index * step, 0)
    }
}

extension PixelComparison {
    /// Gap between the panels of `differenceImage`, pixels.
    public static let panelGap = 8

    /// The report triptych: reference | candidate | differences.
    ///
    /// Each panel is as large as the union of both images (`max` of the widths and of the
    /// heights); an image smaller than that leaves its panel transparent where it has no
    /// pixels. In the differences panel a differing pixel is pure opaque red (255, 0, 0, 255);
    /// every other pixel is a faded, pale grey copy of the reference (never pure red), so the
    /// red shows exactly where pixels differ. Panels are `panelGap` pixels apart on a mid-grey
    /// ground, side by side. When three panels side by side would exceed the image limits
    /// (`Limits.maxImageSide`, `Limits.maxImagePixels`: a union wider than 5 456 px), they are
    /// placed one above the other; when that does not fit either, each panel shows every n-th
    /// pixel (the smallest n that fits), and a differences pixel is red when any pixel of its
    /// n × n block differs, so no difference is hidden.
    public static func differenceImage(expected: RasterImage, actual: RasterImage, tolerance: Double = defaultTolerance) -> RasterImage {
        let tolerance = tolerance > 0 ? tolerance : 0
        let panelWidth = max(expected.width, actual.width, 1)
        let height = max(expected.height, actual.height, 1)
        let layout = TriptychLayout(width: panelWidth, height: height)
        guard layout.factor == 1, !layout.vertical else {
            return arranged(expected, actual, tolerance: tolerance, layout: layout)
        }
        let width = layout.width
        var out = groundedGaps(panelWidth: panelWidth, height: height)
        let actualOffset = panelWidth + panelGap
        let maskOffset = 2 * (panelWidth + panelGap)
        if let differs = differingPixels(expected, actual, tolerance: tolerance) {
            // Fast path for two complete images of one size: whole rows copied, one mask pass.
            let rowBytes = panelWidth * 4
            for y in 0..<height {
                let source = y * rowBytes, row = y * width * 4
                out.replaceSubrange(row..<(row + rowBytes), with: expected.rgba[source..<(source + rowBytes)])
                out.replaceSubrange((row + actualOffset * 4)..<(row + actualOffset * 4 + rowBytes), with: actual.rgba[source..<(source + rowBytes)])
                for x in 0..<panelWidth {
                    let i = row + (maskOffset + x) * 4
                    if differs[y * panelWidth + x] {
                        out[i] = 255; out[i + 1] = 0; out[i + 2] = 0; out[i + 3] = 255
                    } else {
                        let s = source + x * 4
                        let grey = paleGrey((expected.rgba[s], expected.rgba[s + 1], expected.rgba[s + 2], expected.rgba[s + 3]))
                        out[i] = grey; out[i + 1] = grey; out[i + 2] = grey; out[i + 3] = 255
                    }
                }
            }
            return RasterImage(width: width, height: height, rgba: out)
        }
        forEachPixel(expected, actual, tolerance: tolerance) { x, y, delta in
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
            if delta?.differs ?? true {
                out[i] = 255; out[i + 1] = 0; out[i + 2] = 0; out[i + 3] = 255
            } else {
                let grey = paleGrey(pixel(expected, x, y) ?? (255, 255, 255, 0))
                out[i] = grey; out[i + 1] = grey; out[i + 2] = grey; out[i + 3] = 255
            }
        }
        return RasterImage(width: width, height: height, rgba: out)
    }

    /// The pixels of a full-size side-by-side triptych, transparent but for the two grey gaps.
    private static func groundedGaps(panelWidth: Int, height: Int) -> [UInt8] {
        let width = panelWidth * 3 + panelGap * 2
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for gap in 1...2 {
                let start = gap * panelWidth + (gap - 1) * panelGap
                for x in start..<(start + panelGap) {
                    let i = (y * width + x) * 4
                    out[i] = 128; out[i + 1] = 128; out[i + 2] = 128; out[i + 3] = 255
                }
            }
        }
        return out
    }

    /// The third panel of `differenceImage` alone: the differing pixels in red over a faded
    /// reference, as large as the union of both images (or at the triptych's reduced size,
    /// when the union is too large for a full-size report).
    public static func differencePanel(expected: RasterImage, actual: RasterImage, tolerance: Double = defaultTolerance) -> RasterImage {
        let triptych = differenceImage(expected: expected, actual: actual, tolerance: tolerance)
        let layout = TriptychLayout(width: max(expected.width, actual.width, 1), height: max(expected.height, actual.height, 1))
        let origin = layout.origin(2)
        var out: [UInt8] = []
        out.reserveCapacity(layout.panelWidth * layout.panelHeight * 4)
        for y in 0..<layout.panelHeight {
            let start = ((origin.y + y) * triptych.width + origin.x) * 4
            out.append(contentsOf: triptych.rgba[start..<(start + layout.panelWidth * 4)])
        }
        return RasterImage(width: layout.panelWidth, height: layout.panelHeight, rgba: out)
    }

    /// The triptych of images too large for three full-size panels side by side, placed as
    /// `layout` says: each panel pixel is the top-left pixel of its `factor × factor` block,
    /// and a differences pixel is red when any pixel of the block differs.
    static func arranged(_ expected: RasterImage, _ actual: RasterImage, tolerance: Double, layout: TriptychLayout) -> RasterImage {
        let unionWidth = max(expected.width, actual.width, 1), unionHeight = max(expected.height, actual.height, 1)
        var differs = [Bool](repeating: false, count: unionWidth * unionHeight)
        if let same = differingPixels(expected, actual, tolerance: tolerance) {
            differs = same
        } else {
            forEachPixel(expected, actual, tolerance: tolerance) { x, y, delta in
                if delta?.differs ?? true { differs[y * unionWidth + x] = true }
            }
        }
        let width = layout.width, f = layout.factor
        // Whole pixels as 32-bit words in memory order (R, G, B, A), on the grey ground.
        var out = [UInt32](repeating: word((128, 128, 128, 255)), count: width * layout.height)
        let red = word((255, 0, 0, 255)), clear = word((0, 0, 0, 0))
        let origins = (0..<3).map(layout.origin)
        for py in 0..<layout.panelHeight {
            let sy = py * f
            for px in 0..<layout.panelWidth {
                let sx = px * f
                let reference = pixel(expected, sx, sy)
                out[(origins[0].y + py) * width + origins[0].x + px] = reference.map(word) ?? clear
                out[(origins[1].y + py) * width + origins[1].x + px] = pixel(actual, sx, sy).map(word) ?? clear
                var differing = false
                for by in sy..<min(sy + f, unionHeight) where !differing {
                    differing = differs[(by * unionWidth + sx)..<(by * unionWidth + min(sx + f, unionWidth))].contains(true)
                }
                let grey = paleGrey(reference ?? (255, 255, 255, 0))
                out[(origins[2].y + py) * width + origins[2].x + px] = differing ? red : word((grey, grey, grey, 255))
            }
        }
        return RasterImage(width: width, height: layout.height, rgba: out.withUnsafeBytes { Array($0) })
    }

    /// A pixel as the 32-bit word whose bytes in memory are R, G, B, A.
    private static func word(_ p: (UInt8, UInt8, UInt8, UInt8)) -> UInt32 {
        UInt32(littleEndian: UInt32(p.0) | UInt32(p.1) << 8 | UInt32(p.2) << 16 | UInt32(p.3) << 24)
    }
}
