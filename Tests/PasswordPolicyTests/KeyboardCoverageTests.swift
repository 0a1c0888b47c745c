import PasswordPolicy
import XCTest

final class KeyboardCoverageTests: XCTestCase {
    static func scalars(_ text: String) -> Set<Unicode.Scalar> { Set(text.unicodeScalars) }

    func testRequiredClassTheKeyboardCannotType() {
        let coverage = KeyboardCoverage(rules: PasswordRules(parsing: "required: digit; required: [~]; allowed: lower"), typeable: Self.scalars("abc123"))
        XCTAssertEqual(coverage.untypeableRequired, [KeyboardCoverage.MissingClass(index: 1, requiredClass: .ascii(PrintableASCIISet("~")))])
        XCTAssertFalse(coverage.isTypeable)
        XCTAssertEqual(coverage.report(keyboard: "pad"), [
            "error: required class 2 ([~]): no key of pad types any of its characters, so no password typed on it can meet the rule",
            "warning: 31 allowed characters cannot be typed on pad: {0, 4, 5, 6, 7, 8, 9, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z, ~}",
        ])
    }

    func testCharactersTheRuleRejects() {
        let coverage = KeyboardCoverage(rules: PasswordRules(parsing: "allowed: digit"), typeable: Self.scalars("0123456789. é"))
        XCTAssertTrue(coverage.isTypeable)
        XCTAssertTrue(coverage.untypeableAllowed.isEmpty)
        XCTAssertEqual(coverage.rejectedTypeable, [" ", ".", "é"])
        XCTAssertEqual(coverage.report(keyboard: "numbers"), ["warning: numbers types 3 characters the rule rejects: {space, ., é}"])
    }

    func testUnicodeAndEmptyClasses() {
        let unicode = KeyboardCoverage(rules: PasswordRules(parsing: "required: unicode"), typeable: Self.scalars("é"))
        XCTAssertTrue(unicode.isTypeable)
        XCTAssertEqual(unicode.report(keyboard: "k"), [])
        let empty = KeyboardCoverage(rules: PasswordRules(parsing: "required: []"), typeable: Self.scalars("abc"))
        XCTAssertEqual(empty.untypeableRequired.map(\.index), [0])
    }
}
