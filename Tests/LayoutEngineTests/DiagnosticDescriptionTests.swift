import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import XCTest

/// Errors read `FILE: field.path: reason` however they are shown, `localizedDescription`
/// (what XCTest prints for an error a test throws) included.
final class DiagnosticDescriptionTests: XCTestCase {
    func testLocalizedDescriptionIsFilePathReason() {
        let one = Diagnostic(file: "brand.yaml", path: "keys.content.normal.fill", reason: "\"#GGG\" is not a colour")
        let error: Error = one
        XCTAssertEqual(error.localizedDescription, "brand.yaml: keys.content.normal.fill: \"#GGG\" is not a colour")
        let list: Error = DiagnosticList([one, Diagnostic(file: "pad.yaml", path: "", reason: "file is empty")])
        XCTAssertEqual(list.localizedDescription, "brand.yaml: keys.content.normal.fill: \"#GGG\" is not a colour\npad.yaml: file is empty")
        XCTAssertEqual("\(list)", list.localizedDescription)
    }

    /// A manifest may name a file with any text: a name or path of more than 240 characters
    /// is cut, so one message stays one short line.
    func testEachOriginReadsAsTheFieldAtFault() {
        let field = Diagnostic(origin: .requestField("path", path: "[2]"), reason: "dot 9 is not on a 3 × 3 pad (0…8)")
        XCTAssertEqual(field.description, "path: [2]: dot 9 is not on a 3 × 3 pad (0…8)")
        XCTAssertEqual(field.described(file: "--path"), "--path: [2]: dot 9 is not on a 3 × 3 pad (0…8)")
        XCTAssertNotEqual(field, Diagnostic(file: "path", path: "[2]", reason: field.reason), "a request field is not a file of that name")
        let job = Diagnostic(origin: .manifestJob(file: "m.yaml", index: 3, field: "pressed"), reason: "no key")
        XCTAssertEqual(job.description, "m.yaml: jobs[3].pressed: no key")
        XCTAssertEqual(job, Diagnostic(file: "m.yaml", path: "jobs[3].pressed", reason: "no key"))
        XCTAssertEqual(Diagnostic(origin: .program, reason: "cannot start a worker thread").description, "cannot start a worker thread")
    }

    func testLongFileNamesAndPathsAreCut() {
        let long = Diagnostic(file: String(repeating: "f", count: 200_000), path: String(repeating: "p", count: 1000), reason: "cannot write")
        XCTAssertEqual(long.description, String(repeating: "f", count: 240) + "…: " + String(repeating: "p", count: 240) + "…: cannot write")
        let fits = Diagnostic(file: String(repeating: "f", count: 240), path: "", reason: "x")
        XCTAssertEqual(fits.description, String(repeating: "f", count: 240) + ": x")
    }

    func testDecodingErrorThrownFromYAMLReadsTheSame() {
        XCTAssertThrowsError(try Document.parse(Array("a: [".utf8), file: "bad.yaml")) { error in
            XCTAssertTrue(error.localizedDescription.hasPrefix("bad.yaml: not valid JSON or YAML: "), error.localizedDescription)
        }
    }
}
