@testable import RenderKeyboardKit
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import XCTest

/// Label sizes decided when the scene is composed, measured with the pinned fonts.
final class EvenLabelTests: XCTestCase {
    private func letterSizes(width: Double) throws -> [String: Double] {
        var request = RenderRequest()
        request.width = width
        request.scale = 3
        let scene = try request.scene()
        var sizes: [String: Double] = [:]
        for key in scene.keys where key.frame.key.code == .input || key.frame.key.code.defaultLabel != "" {
            sizes[key.label] = key.style.textSize
        }
        return sizes
    }

    func testAtFullWidthEveryLabelKeepsItsThemeSize() throws {
        let sizes = try letterSizes(width: 393)
        XCTAssertEqual(Set("qwertyuiopasdfghjklzxcvbnm".map { sizes[String($0)] }), [22])
        XCTAssertEqual(sizes["space"], 16)
        XCTAssertEqual(sizes["123"], 16)
    }

    func testNarrowKeyboardsShrinkEveryLetterToTheSameSizeAndWordsWithThem() throws {
        for width in [280.0, 180] {
            let sizes = try letterSizes(width: width)
            let letters = Set("qwertyuiopasdfghjklzxcvbnm".compactMap { sizes[String($0)] })
            XCTAssertEqual(letters.count, 1, "\(width): \(letters)")
            let letter = try XCTUnwrap(letters.first)
            XCTAssertLessThan(letter, 22, "\(width)")
            let factor = letter / 22
            XCTAssertEqual(try XCTUnwrap(sizes["space"]), 16 * factor, accuracy: 1e-9, "\(width)")
            XCTAssertEqual(try XCTUnwrap(sizes["123"]), 16 * factor, accuracy: 1e-9, "\(width)")
            XCTAssertLessThan(try XCTUnwrap(sizes["space"]), letter, "\(width)")
        }
    }
}
