import KeyboardCompare
import KeyboardSnapshotTesting
import XCTest

/// Pressed keys and shift states on `letters` and `numbers` (portrait, `iphone-15`). The
/// `secure` theme turns `highlightOnPress` off, so its pressed references must look exactly
/// like its normal ones.
final class KeyStateGoldenTests: XCTestCase {
    /// A content key to press in each layout (found by label wherever the shuffle put it).
    static let contentKey = ["letters": "g", "numbers": "5"]

    static var cases: [GoldenCase] {
        ["letters", "numbers"].flatMap { layout -> [GoldenCase] in
            let key = contentKey[layout] ?? "1"
            return [
                GoldenCase(layout: layout, pressed: [key], variant: "pressed-\(key)"),
                GoldenCase(layout: layout, pressed: ["done"], variant: "pressed-done"),
                GoldenCase(layout: layout, shift: .on, variant: "shift-on"),
                GoldenCase(layout: layout, shift: .locked, variant: "shift-locked"),
                GoldenCase(layout: layout, theme: "secure", pressed: [key], variant: "pressed-\(key)"),
                GoldenCase(layout: layout, theme: "secure", pressed: ["done"], variant: "pressed-done"),
            ]
        }
    }

    func testPressedKeysAndShiftStates() {
        withEvery("case", in: Self.cases) { golden in
            assertGolden(of: try golden.scene(), as: .png, named: golden.name)
        }
    }

    /// `highlightOnPress: false` means a pressed key is drawn exactly like a normal one.
    func testSecureThemeDoesNotHighlightPressedKeys() throws {
        let renderer = try Renderer()
        withEvery("case", in: Self.cases.filter { $0.request.theme == "secure" }) { golden in
            var normal = golden
            normal.request.pressed = []
            let pressedImage = try renderer.rasterize(try golden.scene())
            let normalImage = try renderer.rasterize(try normal.scene())
            XCTAssertEqual(PixelComparison.compare(expected: normalImage, actual: pressedImage, tolerance: 0).differingPixels, 0, "\(golden)")
        }
    }
}
