import Foundation
import JSONText
import XCTest

/// The escapes the password rules' JSON adds to the frames JSON's (see `FramesJSONTests` for
/// the common rules): one writer, so both outputs escape a character the same way.
final class JSONTextTests: XCTestCase {
    func testChosenScalarsAreWrittenAsUpperCaseUTF16Units() throws {
        let invisible: (Unicode.Scalar) -> Bool = { $0.value == 0x200B || $0.value > 0xFFFF }
        XCTAssertEqual(JSONText.string("a\u{200B}b", escaping: invisible), #""a\u200Bb""#)
        XCTAssertEqual(JSONText.string("𝄞", escaping: invisible), #""\uD834\uDD1E""#)
        let parsed = try JSONSerialization.jsonObject(with: Data("[\(JSONText.string("a\u{200B}𝄞", escaping: invisible))]".utf8)) as? [String]
        XCTAssertEqual(parsed, ["a\u{200B}𝄞"])
    }

    func testControlCharactersKeepTheirShortFormsWhenEverythingIsEscaped() {
        XCTAssertEqual(JSONText.string("\u{08}\u{0C}\n\u{1B}x", escaping: { _ in true }), #""\b\f\n\u001B\u0078""#)
    }
}
