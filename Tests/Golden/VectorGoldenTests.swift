import KeyboardSnapshotTesting
import XCTest

/// A few SVG and PDF references, compared byte for byte (the renderer keeps their bytes
/// stable: SVG ids are renumbered, PDF dates are fixed).
final class VectorGoldenTests: XCTestCase {
    static let cases = [
        GoldenCase(layout: "letters"),
        GoldenCase(layout: "numbers", theme: "dark", pressed: ["5"], variant: "pressed-5"),
        GoldenCase(layout: "symbols", theme: "image", orientation: .landscape),
    ]

    func testSVG() {
        withEvery("case", in: Self.cases) { golden in
            assertGolden(of: try golden.scene(), as: .svg, named: golden.name)
        }
    }

    func testPDF() {
        withEvery("case", in: Self.cases.prefix(2)) { golden in
            assertGolden(of: try golden.scene(), as: .pdf, named: golden.name)
        }
    }
}
