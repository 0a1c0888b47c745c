@testable import KeyboardFormats
import KeyboardModel
import XCTest

/// Parsed documents are kept by the bytes they came from: a kept one is handed out only for
/// the same bytes, and a file with a problem is parsed (and named) every time.
final class ParsedDocumentsTests: XCTestCase {
    func testAKeptDocumentIsTheParseOfTheSameBytesOnly() throws {
        let first = Array("keys:\n  content: {normal: {text: \"#111111\"}}\n".utf8)
        var changed = first
        changed[changed.count - 5] = UInt8(ascii: "2")
        let a = try Document.parse(first, file: "a.yaml")
        XCTAssertEqual(try Document.parse(first, file: "a.yaml"), a)
        let b = try Document.parse(changed, file: "a.yaml")
        XCTAssertNotEqual(b, a, "the changed file was handed the document of the first")
        XCTAssertEqual(b["keys"]?["content"]?["normal"]?["text"], .scalar("#111112", quoted: true))
        XCTAssertEqual(try Document.parse(first, file: "a.yaml")["keys"]?["content"]?["normal"]?["text"], .scalar("#111111", quoted: true))
    }

    func testAProblemIsReportedForEachFileThatHasIt() {
        let bad = Array("a: 1\na: 2\n".utf8)
        for name in ["one.yaml", "two.yaml"] {
            XCTAssertThrowsError(try Document.parse(bad, file: name)) { error in
                XCTAssertEqual((error as? Diagnostic)?.file, name)
            }
        }
    }

    /// More documents than the table holds: every one still parses to itself.
    func testAFullTableForgetsAndStillParses() throws {
        for n in 0..<(ParsedDocuments.capacity * 2 + 3) {
            let bytes = Array("n: \(n)\n".utf8)
            XCTAssertEqual(try Document.parse(bytes, file: "n.yaml")["n"], .scalar("\(n)", quoted: false))
            XCTAssertEqual(try Document.parse(bytes, file: "n.yaml")["n"], .scalar("\(n)", quoted: false))
        }
    }
}
