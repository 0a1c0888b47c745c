import XCTest
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer

/// Even labels (`LabelFitting`), with a measure whose numbers can be followed by hand: a
/// label is 0.5 × size wide per character and 1.2 × size tall.
final class LabelFittingTests: XCTestCase {
    private let font = SceneFont(family: "DejaVu Sans", weight: .regular)
    private func measure(_ text: String, _ font: SceneFont, _ size: Double) -> (width: Double, height: Double) {
        (0.5 * size * Double(text.count), 1.2 * size)
    }

    private func item(_ text: String, row: Int, _ keyClass: KeyClass, size: Double, room: Double) -> LabelFitting.Item {
        LabelFitting.Item(key: 0, row: row, keyClass: keyClass, text: text, size: size, maxWidth: room, maxHeight: 100)
    }

    func testALabelThatFitsKeepsItsSize() throws {
        XCTAssertEqual(try LabelFitting.fittedSize("W", font: font, size: 22, maxWidth: 11, maxHeight: 100, measure: measure), 22)
    }

    func testALabelShrinksUntilItFits() throws {
        // "W" at 22 is 11 wide in 10: factor 10/11 × 0.995, size floor(22 × 0.9045… × 64) / 64 = 1273/64.
        XCTAssertEqual(try LabelFitting.fittedSize("W", font: font, size: 22, maxWidth: 10, maxHeight: 100, measure: measure), 1273.0 / 64)
        XCTAssertEqual(try LabelFitting.fittedSize("W", font: font, size: 22, maxWidth: 0, maxHeight: 100, measure: measure), 0)
    }

    func testLabelsOfARowAndClassShrinkTogetherAndWordsKeepTheirProportion() throws {
        let items = [
            item("W", row: 0, .content, size: 22, room: 10),      // shrinks to 1273/64
            item("I", row: 0, .content, size: 22, room: 30),      // same row and class: follows W
            item("A", row: 1, .content, size: 22, room: 30),      // other row: capped by the letters' factor
            item("space", row: 2, .content, size: 16, room: 200), // a word: 16 × factor
            item("123", row: 2, .function, size: 16, room: 200),
            item("⌫", row: 2, .function, size: 12, room: 200),    // already small enough: 12 × factor
        ]
        let sizes = try LabelFitting.evenSizes(items, font: font, measure: measure)
        let letter = 1273.0 / 64, factor = letter / 22
        let expected = [letter, letter, letter, 16 * factor, 16 * factor, 12 * factor]
        for (n, (size, want)) in zip(sizes, expected).enumerated() {
            XCTAssertEqual(size, want, accuracy: 1e-9, items[n].text)
        }
    }

    func testNothingShrinksWhenEverythingFits() throws {
        let items = [item("q", row: 0, .content, size: 22, room: 30), item("space", row: 1, .content, size: 16, room: 200)]
        XCTAssertEqual(try LabelFitting.evenSizes(items, font: font, measure: measure), [22, 16])
    }

    func testAFunctionRowShrinksOnItsOwnWithoutTouchingTheLetters() throws {
        let items = [item("q", row: 0, .content, size: 22, room: 30), item("Cancel", row: 1, .function, size: 16, room: 24), item("Go", row: 1, .function, size: 16, room: 40)]
        let sizes = try LabelFitting.evenSizes(items, font: font, measure: measure)
        // "Cancel" at 16 is 48 wide in 24: factor 0.4975, floor(16 × 0.4975 × 64) / 64 = 509/64.
        XCTAssertEqual(sizes, [22, 509.0 / 64, 509.0 / 64])
    }

    /// The composer fits the toolbar's title too, so the renderer has nothing left to fit:
    /// a bar 200 pt wide keeps 188 pt (6 pt at each end) for its title.
    func testTheComposerFitsTheToolbarTitleToItsBar() throws {
        func titleSize(_ title: String, measure: LabelMeasure?) throws -> Double? {
            let layout = try decodeLayout("toolbar: {title: \"\(title)\", height: 30}\n" + simpleLayoutYAML).layout
            let frames = try Solver.solve(layout, on: Canvas(deviceName: nil, orientation: .portrait, width: 200, scale: 1))
            let scene = try SceneComposer.compose(frames: frames, theme: Theme(), image: { _ in throw Diagnostic(file: "t", path: "", reason: "no image") }, measure: measure)
            return scene.toolbar?.textSize
        }
        // 32 characters at 15 pt are 240 pt wide: factor 188/240 × 0.995, floor(15 × 0.7794… × 64) / 64 = 748/64.
        XCTAssertEqual(try titleSize("A title far too long for the bar", measure: measure), 748.0 / 64)
        XCTAssertEqual(try titleSize("Secure keyboard", measure: measure), 15, "a title that fits keeps the theme's size")
        XCTAssertEqual(try titleSize("A title far too long for the bar", measure: nil), 15, "without a measure the theme's size stays")
    }
}
