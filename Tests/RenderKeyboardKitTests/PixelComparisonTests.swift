import ColorMetrics
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine
@testable import RenderKeyboardKit
@testable import KeyboardCompare
import XCTest

/// The comparison rule shared by the snapshot strategies and `render-keyboard compare`:
/// CIEDE2000 per pixel, a differing share, sizes, and files that cannot be read.
final class PixelComparisonTests: XCTestCase {
    /// A `width × height` image of one opaque colour.
    private func flat(_ width: Int, _ height: Int, _ p: (UInt8, UInt8, UInt8, UInt8) = (40, 90, 200, 255)) -> RasterImage {
        RasterImage(width: width, height: height, rgba: Array((0..<width * height).map { _ in [p.0, p.1, p.2, p.3] }.joined()))
    }

    private func setting(_ image: RasterImage, _ x: Int, _ y: Int, _ p: (UInt8, UInt8, UInt8, UInt8)) -> RasterImage {
        var out = image
        let i = (y * image.width + x) * 4
        out.rgba[i] = p.0; out.rgba[i + 1] = p.1; out.rgba[i + 2] = p.2; out.rgba[i + 3] = p.3
        return out
    }

    // MARK: - ΔE of a pixel

    /// Opaque pixels get ColorMetrics' CIEDE2000 of their sRGB colours, the function checked
    /// against the 34 published pairs of Sharma, Wu & Dalal (2005) in ColorMetricsTests.
    func testOpaquePixelsUseColorMetricsCIEDE2000() {
        let pairs: [((UInt8, UInt8, UInt8), (UInt8, UInt8, UInt8))] = [
            ((255, 255, 255), (0, 0, 0)), ((40, 90, 200), (41, 90, 200)), ((200, 30, 30), (30, 200, 30)), ((12, 12, 12), (13, 12, 12)),
        ]
        for (a, b) in pairs {
            let expected = ColorMetrics.deltaE2000(SRGB(red8: a.0, green8: a.1, blue8: a.2), SRGB(red8: b.0, green8: b.1, blue8: b.2))
            XCTAssertEqual(PixelComparison.deltaE((a.0, a.1, a.2, 255), (b.0, b.1, b.2, 255)), expected, "\(a) \(b)")
        }
        // White against black differs only in lightness, L* 100 against 0, with S_L = 1 at the
        // mean lightness 50: ΔE₀₀ = 100.
        XCTAssertEqual(PixelComparison.deltaE((255, 255, 255, 255), (0, 0, 0, 255)), 100, accuracy: 0.01)
    }

    /// Opacity counts: the larger difference over white and over black.
    func testOpacityCountsOverWhiteAndOverBlack() {
        XCTAssertEqual(PixelComparison.deltaE((0, 0, 0, 255), (0, 0, 0, 0)), 100, accuracy: 0.01, "black over white is 100 away from white")
        XCTAssertEqual(PixelComparison.deltaE((0, 0, 0, 0), (255, 255, 255, 0)), 0, "two invisible pixels look the same")
        XCTAssertTrue(PixelComparison.pixelsDiffer((0, 0, 0, 0), (255, 255, 255, 0), tolerance: 0), "with tolerance 0 any changed byte counts")
        XCTAssertFalse(PixelComparison.pixelsDiffer((0, 0, 0, 0), (255, 255, 255, 0), tolerance: 0.5))
    }

    // MARK: - Images

    func testOnePixelChangeInsideAndOutsideTheTolerance() {
        let reference = flat(10, 10)
        let slightly = setting(reference, 3, 4, (41, 90, 200, 255))
        let delta = PixelComparison.deltaE((40, 90, 200, 255), (41, 90, 200, 255))
        XCTAssertGreaterThan(delta, 0.05)
        XCTAssertLessThan(delta, 1)
        let inside = PixelComparison.compare(expected: reference, actual: slightly, tolerance: 1)
        XCTAssertTrue(inside.matches)
        XCTAssertEqual(inside.differingPixels, 0)
        XCTAssertEqual(inside.summary, "match")
        let exact = PixelComparison.compare(expected: reference, actual: slightly, tolerance: 0)
        XCTAssertFalse(exact.matches)
        XCTAssertEqual(exact.differingPixels, 1)
        XCTAssertEqual(exact.largestDeltaE, delta)
        XCTAssertEqual(exact.summary, "1 pixel differs (1.00 %), largest ΔE \(String(format: "%.2f", delta))")

        let red = setting(reference, 3, 4, (255, 0, 0, 255))
        let outside = PixelComparison.compare(expected: reference, actual: red, tolerance: 5)
        XCTAssertFalse(outside.matches)
        XCTAssertEqual(outside.differingPixels, 1)
        XCTAssertGreaterThan(outside.largestDeltaE, 5)
    }

    func testAllowedShareIsInclusive() {
        let reference = flat(10, 10)
        var candidate = reference
        for x in 0..<5 { candidate = setting(candidate, x, 0, (255, 255, 255, 255)) }
        XCTAssertTrue(PixelComparison.compare(expected: reference, actual: candidate, tolerance: 0, allowedShare: 0.05).matches)
        let over = PixelComparison.compare(expected: reference, actual: candidate, tolerance: 0, allowedShare: 0.04)
        XCTAssertFalse(over.matches)
        XCTAssertEqual(over.summary, "5 pixels differ (5.00 %), largest ΔE \(String(format: "%.2f", over.largestDeltaE))")
    }

    func testATinyShareIsNotPrintedAsZero() {
        let reference = flat(400, 100)
        let result = PixelComparison.compare(expected: reference, actual: setting(reference, 0, 0, (0, 0, 0, 255)), tolerance: 0)
        XCTAssertTrue(result.summary.hasPrefix("1 pixel differs (< 0.01 %)"), result.summary)
    }

    func testDifferentSizesNeverMatch() {
        let result = PixelComparison.compare(expected: flat(10, 10), actual: flat(10, 12), tolerance: 100, allowedShare: 1)
        XCTAssertFalse(result.matches)
        XCTAssertEqual(result.differingPixels, 20, "the rows only the candidate has")
        XCTAssertEqual(result.totalPixels, 120)
        XCTAssertEqual(result.summary, "20 pixels differ (16.67 %), largest ΔE 0.00; the sizes differ: reference 10 × 10 px, candidate 10 × 12 px")
    }

    func testTriptychIsReferenceCandidateDifferences() throws {
        let reference = flat(4, 2)
        let candidate = setting(reference, 1, 1, (255, 0, 255, 255))
        let image = PixelComparison.differenceImage(expected: reference, actual: candidate, tolerance: 0)
        let gap = PixelComparison.panelGap
        XCTAssertEqual(image.width, 3 * 4 + 2 * gap)
        XCTAssertTrue(try XCTUnwrap(image.pixel(x: 1, y: 1)) == (40, 90, 200, 255), "reference first")
        XCTAssertTrue(try XCTUnwrap(image.pixel(x: 4 + gap + 1, y: 1)) == (255, 0, 255, 255), "candidate second")
        XCTAssertTrue(try XCTUnwrap(image.pixel(x: 2 * (4 + gap) + 1, y: 1)) == (255, 0, 0, 255), "red where it differs")
        let faded = try XCTUnwrap(image.pixel(x: 2 * (4 + gap), y: 1))
        XCTAssertTrue(faded.r == faded.g && faded.g == faded.b && faded.r >= 191 && faded.a == 255, "a faded grey reference elsewhere: \(faded)")
    }

    /// Three panels side by side up to the image limits; then one above the other; then every
    /// n-th pixel, so the report of any two images a render writes can itself be written.
    func testTriptychLayoutKeepsWithinTheImageLimits() {
        let gap = PixelComparison.panelGap
        let wide = TriptychLayout(width: (16384 - 2 * gap) / 3, height: 100)
        XCTAssertEqual([wide.factor, wide.vertical ? 1 : 0, wide.width, wide.height], [1, 0, 16384, 100], "5 456 px wide still fits side by side")
        let wider = TriptychLayout(width: 5457, height: 1300)
        XCTAssertEqual([wider.factor, wider.vertical ? 1 : 0, wider.width, wider.height], [1, 1, 5457, 3 * 1300 + 2 * gap])
        let largest = TriptychLayout(width: 16384, height: 4096)   // 64 Mi px, the most a render writes
        XCTAssertEqual([largest.factor, largest.vertical ? 1 : 0, largest.panelWidth, largest.panelHeight], [2, 1, 8192, 2048])
        XCTAssertLessThanOrEqual(largest.width * largest.height, Limits.maxImagePixels)
        XCTAssertLessThanOrEqual(max(largest.width, largest.height), Limits.maxImageSide)
        let square = TriptychLayout(width: 16384, height: 16384)
        XCTAssertEqual([square.factor, square.vertical ? 1 : 0, square.width, square.height], [4, 0, 3 * 4096 + 2 * gap, 4096])
    }

    func testAReducedTriptychShowsEveryNthPixelAndNoDifferenceHidden() throws {
        let reference = flat(6, 4)
        let candidate = setting(reference, 3, 1, (255, 0, 255, 255))   // inside the block of panel pixel (1, 0)
        let layout = TriptychLayout(factor: 2, vertical: true, panelWidth: 3, panelHeight: 2)
        let image = PixelComparison.arranged(reference, candidate, tolerance: 0, layout: layout)
        let gap = PixelComparison.panelGap
        XCTAssertEqual([image.width, image.height], [3, 3 * 2 + 2 * gap])
        XCTAssertTrue(try XCTUnwrap(image.pixel(x: 0, y: 0)) == (40, 90, 200, 255), "the reference on top")
        XCTAssertTrue(try XCTUnwrap(image.pixel(x: 0, y: 2)) == (128, 128, 128, 255), "then the grey gap")
        XCTAssertTrue(try XCTUnwrap(image.pixel(x: 1, y: 2 + gap)) == (40, 90, 200, 255), "the candidate's top-left pixel of the block, not the changed one")
        let differences = 2 * (2 + gap)
        XCTAssertTrue(try XCTUnwrap(image.pixel(x: 1, y: differences)) == (255, 0, 0, 255), "red: a pixel of its block differs")
        for (x, y) in [(0, 0), (2, 0), (0, 1), (1, 1), (2, 1)] {
            let faded = try XCTUnwrap(image.pixel(x: x, y: differences + y))
            XCTAssertTrue(faded.r == faded.g && faded.r >= 191, "(\(x), \(y)) is faded grey: \(faded)")
        }
        // The public form picks that layout for images too large for the plain one.
        XCTAssertEqual(PixelComparison.differenceImage(expected: flat(5457, 1), actual: flat(5457, 1)).height, 3 + 2 * gap)
    }

    // MARK: - Report page

    func testReportPageShowsTheTriptychAndLinksTheOtherFiles() {
        let html = ComparisonReport.html([
            ComparisonReport.Failure(name: "a<b", source: "pads/pin#1.png", summary: "3 pixels differ", differingPixels: 3, files: [
                (caption: ComparisonReport.triptychCaption, file: "pads/pin#1.diff.png"), (caption: "reference", file: "pads/pin#1.reference.png"),
            ]),
        ], sourceLabel: "job")
        XCTAssertTrue(html.contains("<h1>Keyboard snapshot failures: 1</h1>"), html)
        XCTAssertTrue(html.contains("<h2>a&lt;b</h2>"), html)
        XCTAssertTrue(html.contains("<p>job: <code>pads/pin#1.png</code></p>"), html)
        XCTAssertTrue(html.contains("<img src=\"pads/pin%231.diff.png\""), html)
        XCTAssertTrue(html.contains("<a href=\"pads/pin%231.reference.png\">reference: pads/pin#1.reference.png</a>"), html)
    }

    // MARK: - Files

    func testUnreadableFilesNameTheFileAndTheReason() throws {
        let folder = NSTemporaryDirectory() + "pixel-comparison-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let png = try PNGCodec.encode(flat(8, 8))
        let truncated = folder + "/truncated.png", text = folder + "/text.png", missing = folder + "/missing.png"
        try Data(png.prefix(png.count / 2)).write(to: URL(fileURLWithPath: truncated))
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: text))
        func message(_ path: String) -> String {
            do { _ = try PixelComparison.readPNG(path); return "read" } catch { return "\(error)" }
        }
        XCTAssertTrue(message(missing).hasPrefix("\(missing): cannot read file: No such file or directory"), message(missing))
        XCTAssertTrue(message(text).hasPrefix("\(text): not a readable PNG: "), message(text))
        XCTAssertTrue(message(truncated).hasPrefix("\(truncated): not a readable PNG: "), message(truncated))
        XCTAssertTrue(message(folder).hasPrefix("\(folder): is a folder, not a file"), message(folder))

        // A header that declares 100000 × 100000 px is refused before any pixel is allocated.
        var huge = png
        for (offset, value) in [(16, UInt32(100_000)), (20, UInt32(100_000))] {
            for k in 0..<4 { huge[offset + k] = UInt8((value >> (24 - 8 * UInt32(k))) & 0xFF) }
        }
        let hugePath = folder + "/huge.png"
        try Data(huge).write(to: URL(fileURLWithPath: hugePath))
        XCTAssertTrue(message(hugePath).hasPrefix("\(hugePath): not a readable PNG: "), message(hugePath))
    }
}
