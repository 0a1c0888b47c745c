import KeyboardSnapshotTesting
import XCTest

/// Gesture pattern pads: every state in the default theme, the dark and secure looks, a
/// 4 × 4 pad, and SVG/PDF.
final class PatternGoldenTests: XCTestCase {
    private func request(_ path: [Int], state: PatternState, theme: String = "default", size: Int = 3) -> PatternRequest {
        var request = PatternRequest()
        request.path = path
        request.state = state
        request.theme = theme
        request.size = size
        request.width = 300
        request.scale = 2
        return request
    }

    func testStatesAndThemes() {
        let cases: [(String, PatternRequest)] = [
            ("pattern.default.normal", request([0, 1, 2, 4, 6, 7, 8], state: .normal)),
            ("pattern.default.selected", request([0, 1, 2, 4, 6, 7, 8], state: .selected)),
            ("pattern.default.error", request([0, 2, 8], state: .error)),
            ("pattern.default.success", request([6, 4, 2, 5, 8], state: .success)),
            ("pattern.dark.selected", request([3, 0, 4, 8, 5], state: .selected, theme: "dark")),
            ("pattern.secure.error", request([0, 8, 5, 2], state: .error, theme: "secure")),
            ("pattern.default.selected.4x4", request([0, 3, 15, 12, 9, 6], state: .selected, size: 4)),
            ("pattern.material.selected", request([0, 4, 8, 5, 2], state: .selected, theme: "material")),
            ("pattern.material.error", request([0, 4, 8, 5, 2], state: .error, theme: "material")),
        ]
        withEvery("case", in: cases.map(\.0)) { name in
            let request = cases.first { $0.0 == name }!.1
            assertGolden(of: try request.scene(), as: .png, named: name)
        }
    }

    func testVectors() {
        withEvery("format", in: [OutputFormat.svg, .pdf]) { format in
            let scene = try request([2, 4, 6, 7, 8], state: .selected).scene()
            assertGolden(of: scene, as: .vector(format), named: "pattern.default.selected")
        }
    }
}
