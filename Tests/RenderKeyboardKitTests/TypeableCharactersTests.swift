import Foundation
import RenderKeyboardKit
import XCTest

final class TypeableCharactersTests: XCTestCase {
    /// The built-in set types every printable ASCII character but `|` and `~`: a–z and
    /// their shifted A–Z, 0–9 and `.`, the 30 symbols of docs/rendering.md (with the backtick), and a
    /// space from the space bars.
    func testBuiltInLettersSymbolsNumbers() throws {
        let (characters, warnings) = try TypeableCharacters.load(["letters", "symbols", "numbers"])
        XCTAssertEqual(warnings, [])
        var expected = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789. ".unicodeScalars)
        expected.formUnion("_\\{}[]^*+=-/:;()$&@\"#%.,<>?!'`".unicodeScalars)
        XCTAssertEqual(characters, expected)
        XCTAssertFalse(characters.contains("~"))
        XCTAssertFalse(characters.contains("|"))
    }

    /// Labels, shift labels, values and shift values of input keys count; function keys do not.
    func testLayoutFileKeys() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typeable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("pad.yaml")
        try """
        name: pad
        keys:
          - {label: "一", value: "1"}
          - {label: "x", shiftLabel: "¥", shiftValue: "$"}
          - {code: done}
          - {code: delete}
        portrait:
          height: 100
          rows:
            - columns: 4
        """.write(to: file, atomically: true, encoding: .utf8)
        let (characters, _) = try TypeableCharacters.load([file.path])
        XCTAssertEqual(characters, Set("一1x¥$".unicodeScalars))
    }

    func testUnknownLayoutIsAnError() {
        XCTAssertThrowsError(try TypeableCharacters.load(["leters"])) { error in
            let notFound = error as? RequestError
            XCTAssertEqual(notFound?.field, .layout)
            XCTAssertEqual(notFound?.reason, "no built-in layout or file named \"leters\"; built-in layouts: idcard, ios, ios-ipad, ios26, letters, numbers, symbols; did you mean letters?")
        }
    }
}
