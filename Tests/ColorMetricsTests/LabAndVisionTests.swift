import ColorMetrics
import XCTest

/// sRGB → L*a*b* (D65) and the Machado 2009 simulations against published values.
final class LabAndVisionTests: XCTestCase {
    /// White is L* 100 and black 0, both neutral; sRGB red is L* 53.24, a* 80.09, b* 67.20
    /// (Lindbloom's calculator; colour-science, with a white point rounded differently, gives
    /// 53.23, 80.11, 67.22).
    func testLabOfKnownColours() {
        let white = Lab(.white)
        XCTAssertEqual(white.l, 100, accuracy: 1e-3)
        XCTAssertEqual(white.a, 0, accuracy: 1e-3)
        XCTAssertEqual(white.b, 0, accuracy: 1e-3)
        XCTAssertEqual(Lab(.black).l, 0, accuracy: 1e-9)
        let red = Lab(SRGB(red8: 255, green8: 0, blue8: 0))
        XCTAssertEqual(red.l, 53.24, accuracy: 0.01)
        XCTAssertEqual(red.a, 80.09, accuracy: 0.03)
        XCTAssertEqual(red.b, 67.20, accuracy: 0.03)
        let grey = Lab(SRGB(red8: 0x77, green8: 0x77, blue8: 0x77))
        XCTAssertEqual(grey.l, 50.03, accuracy: 0.01)
    }

    /// The severity-1.0 rows of Machado, Oliveira & Fernandes (2009), Table 1, as published
    /// (and as colour-science's CVD_MATRICES_MACHADO2010 holds them).
    func testPublishedMatrices() {
        XCTAssertEqual(ColorVisionDeficiency.protanopia.matrix, [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]])
        XCTAssertEqual(ColorVisionDeficiency.deuteranopia.matrix, [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]])
        XCTAssertEqual(ColorVisionDeficiency.tritanopia.matrix, [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]])
    }

    /// Every row of each matrix sums to 1 (to the published rounding), so greys stay grey:
    /// white and black are unchanged, and so is a mid grey to the nearest 8-bit value.
    func testGreysAreUnchanged() {
        for deficiency in ColorVisionDeficiency.allCases {
            XCTAssertEqual(deficiency.simulate(.white).hex, "#FFFFFF", "\(deficiency)")
            XCTAssertEqual(deficiency.simulate(.black).hex, "#000000", "\(deficiency)")
            XCTAssertEqual(deficiency.simulate(SRGB(red8: 0x80, green8: 0x80, blue8: 0x80)).hex, "#808080", "\(deficiency)")
        }
    }

    /// Pure red by hand: linear (1, 0, 0) times the protanopia matrix is the first column
    /// (0.152286, 0.114503, −0.003882 → 0), encoded: 0.152286 → 108.8, 0.114503 → 95.0 of 255,
    /// so #6D5F00 — the dark olive protanopes see for red.
    func testRedUnderProtanopiaByHand() {
        XCTAssertEqual(ColorVisionDeficiency.protanopia.simulate(SRGB(red8: 255, green8: 0, blue8: 0)).hex, "#6D5F00")
    }

    /// Red and green of equal contrast on white look alike to a deuteranope: their simulated
    /// difference is far smaller than the plain one.
    func testDeuteranopiaMergesRedAndGreen() {
        let red = SRGB(red8: 0xD0, green8: 0x30, blue8: 0x30), green = SRGB(red8: 0x30, green8: 0x90, blue8: 0x30)
        let plain = ColorMetrics.deltaE2000(red, green)
        let simulated = ColorMetrics.deltaE2000(ColorVisionDeficiency.deuteranopia.simulate(red), ColorVisionDeficiency.deuteranopia.simulate(green))
        XCTAssertGreaterThan(plain, 40)
        XCTAssertLessThan(simulated, plain / 3)
    }
}
