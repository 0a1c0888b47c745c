import XCTest
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer

/// `LintIgnore.covers`: the same rule, and a field at or under the entry's path.
final class LintIgnoreMatchTests: XCTestCase {
    func testAPathCoversItselfAndWhatLiesUnderIt() {
        let entry = LintIgnore(rule: .textContrast, field: "keys.enter", reason: "why")
        XCTAssertTrue(entry.covers(rule: .textContrast, field: "keys.enter"))
        XCTAssertTrue(entry.covers(rule: .textContrast, field: "keys.enter.normal.fill"))
        XCTAssertTrue(entry.covers(rule: .textContrast, field: "keys.enter.callout.text"))
        XCTAssertFalse(entry.covers(rule: .cvdTextContrast, field: "keys.enter.normal.fill"), "another rule")
        XCTAssertFalse(entry.covers(rule: .textContrast, field: "keys.enterprise.normal.fill"), "a longer name")
        XCTAssertFalse(entry.covers(rule: .textContrast, field: "keys"), "a shorter path")
        XCTAssertFalse(entry.covers(rule: .textContrast, field: "keys.content.normal.fill"))
        let key = LintIgnore(rule: .labelSize, field: "keys[1]", reason: "why")
        XCTAssertTrue(key.covers(rule: .labelSize, field: "keys[1].appearance.normal.textSize"))
        XCTAssertFalse(key.covers(rule: .labelSize, field: "keys[10].appearance.normal.textSize"))
        let rows = LintIgnore(rule: .targetSize, field: "portrait.rows", reason: "why")
        XCTAssertTrue(rows.covers(rule: .targetSize, field: "portrait.rows[3]"))
    }
}
