import ColorMetrics
import XCTest

/// WCAG 2.x contrast against published values: the greys every accessibility checker quotes
/// (#777777 on white just fails AA, #767676 just passes, #595959 is the AAA threshold), and
/// the end points of the scale.
final class ContrastTests: XCTestCase {
    private func grey(_ value: UInt8) -> SRGB { SRGB(red8: value, green8: value, blue8: value) }

    func testPublishedGreysOnWhite() {
        XCTAssertEqual(ColorMetrics.contrastRatio(grey(0x77), .white), 4.48, accuracy: 0.005)
        XCTAssertEqual(ColorMetrics.contrastRatio(grey(0x76), .white), 4.54, accuracy: 0.005)
        XCTAssertEqual(ColorMetrics.contrastRatio(grey(0x59), .white), 7.00, accuracy: 0.005)
        XCTAssertLessThan(ColorMetrics.contrastRatio(grey(0x77), .white), 4.5)
        XCTAssertGreaterThanOrEqual(ColorMetrics.contrastRatio(grey(0x76), .white), 4.5)
    }

    func testEndPointsAndSymmetry() {
        XCTAssertEqual(ColorMetrics.contrastRatio(.black, .white), 21, accuracy: 1e-9)
        XCTAssertEqual(ColorMetrics.contrastRatio(.white, .black), 21, accuracy: 1e-9)
        XCTAssertEqual(ColorMetrics.contrastRatio(grey(0x80), grey(0x80)), 1, accuracy: 1e-12)
    }

    /// Relative luminance by hand: #FF0000 is 0.2126, #00FF00 0.7152, #0000FF 0.0722 (WCAG's
    /// coefficients); #808080 is ((128/255 + 0.055)/1.055)^2.4 = 0.21586.
    func testRelativeLuminanceByHand() {
        XCTAssertEqual(ColorMetrics.relativeLuminance(SRGB(red8: 255, green8: 0, blue8: 0)), 0.2126, accuracy: 1e-12)
        XCTAssertEqual(ColorMetrics.relativeLuminance(SRGB(red8: 0, green8: 255, blue8: 0)), 0.7152, accuracy: 1e-12)
        XCTAssertEqual(ColorMetrics.relativeLuminance(SRGB(red8: 0, green8: 0, blue8: 255)), 0.0722, accuracy: 1e-12)
        XCTAssertEqual(ColorMetrics.relativeLuminance(grey(0x80)), 0.21586, accuracy: 1e-5)
    }

    /// The built-in Done keys as measured by hand: white on #007AFF is 4.02:1, white on
    /// #0A84FF 3.65:1.
    func testDoneKeysMeasuredByHand() {
        XCTAssertEqual(ColorMetrics.contrastRatio(.white, SRGB(red8: 0x00, green8: 0x7A, blue8: 0xFF)), 4.02, accuracy: 0.005)
        XCTAssertEqual(ColorMetrics.contrastRatio(.white, SRGB(red8: 0x0A, green8: 0x84, blue8: 0xFF)), 3.65, accuracy: 0.005)
    }

    func testTransferFunctionRoundTripsEvery8BitValue() {
        for value in 0...255 {
            let encoded = Double(value) / 255
            XCTAssertEqual(ColorMetrics.encode(ColorMetrics.linearize(encoded)), encoded, accuracy: 1e-12)
        }
        // The two pieces of the curve meet at the threshold (IEC 61966-2-1).
        XCTAssertEqual(ColorMetrics.linearize(0.04045), 0.04045 / 12.92, accuracy: 1e-12)
        XCTAssertEqual(ColorMetrics.linearize(0.5), 0.214041, accuracy: 1e-6)
    }

    /// Half-transparent black over white is mid grey #808080 (blended in encoded sRGB, as
    /// Cairo draws); opaque and fully transparent colours are themselves and the background.
    func testCompositing() {
        let half = SRGB.black.composited(alpha: 128.0 / 255, over: .white)
        XCTAssertEqual(half.hex, "#7F7F7F")
        XCTAssertEqual(SRGB(red8: 0x12, green8: 0x34, blue8: 0x56).composited(alpha: 1, over: .white).hex, "#123456")
        XCTAssertEqual(SRGB(red8: 0x12, green8: 0x34, blue8: 0x56).composited(alpha: 0, over: .black).hex, "#000000")
    }

    /// Values at and beyond the limits never give NaN or ratios outside 1…21.
    func testOutOfRangeComponentsAreClamped() {
        let wild = SRGB(red: .infinity, green: -.infinity, blue: .nan)
        let ratio = ColorMetrics.contrastRatio(wild, .white)
        XCTAssertFalse(ratio.isNaN)
        XCTAssertEqual(ColorMetrics.contrastRatio(SRGB(red: 2, green: 2, blue: 2), .black), 21, accuracy: 1e-9)
        XCTAssertEqual(wild.hex, "#FF0000")
    }
}
