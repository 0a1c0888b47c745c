import Foundation
import XCTest
import LayoutEngine

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

    func testDecodingErrorThrownFromYAMLReadsTheSame() {
        XCTAssertThrowsError(try Document.parse(Array("a: [".utf8), file: "bad.yaml")) { error in
            XCTAssertTrue(error.localizedDescription.hasPrefix("bad.yaml: not valid JSON or YAML: "), error.localizedDescription)
        }
    }
}
