import PasswordPolicy
import XCTest

/// Every problem is reported with its column (1-based, Unicode scalars) and its consequence.
final class PasswordRuleDiagnosticTests: XCTestCase {
    func diagnostics(_ rule: String) -> [String] {
        PasswordRules(parsing: rule).diagnostics.map(\.description)
    }

    func testUnknownPropertyDiscardsTheWholeRule() {
        XCTAssertEqual(diagnostics("minlength: 8; Required: upper"), [
            "column 15: unknown property `Required` (property names are case-sensitive: write `required`) — Safari ignores the whole rule",
        ])
        XCTAssertEqual(diagnostics("min-length: 8"), [
            "column 1: unknown property `min-length` (properties: required, allowed, max-repeating, max-sequential, max-consecutive, minlength, maxlength) — Safari ignores the whole rule",
        ])
    }

    func testDashInsideAClassIsDroppedWithTheClassItLeaves() {
        XCTAssertEqual(diagnostics("required: [a-z]"), [
            "column 13: `-` inside `[a-z]` is dropped: ranges do not exist, this class is {a, z}",
        ])
        XCTAssertEqual(diagnostics("allowed: [ab-]"), [
            "column 13: `-` inside `[ab-]` is dropped: a `-` counts only as the first character, this class is {a, b}",
        ])
    }

    /// Characters outside printable ASCII are listed once per class, at the first one.
    func testNonASCIICharactersInAClass() {
        XCTAssertEqual(diagnostics("allowed: [-äüö!ß]"), [
            "column 12: `ä`, `ü`, `ö`, `ß` inside `[-äüö!ß]` are dropped: only printable ASCII counts, this class is {!, -}",
        ])
        XCTAssertEqual(diagnostics("allowed: [a\tb]"), [
            "column 12: U+0009 inside `[a\\u{9}b]` is dropped: only printable ASCII counts, this class is {a, b}",
        ])
    }

    func testPropertyLevelProblemsSayWhichPropertyIsLost() {
        XCTAssertEqual(diagnostics("minlength: 8 ; maxlength: 10"), [
            "column 13: whitespace after the number of `minlength` is not allowed (write `minlength: 8;`) — Safari ignores this `minlength`",
        ])
        XCTAssertEqual(diagnostics("required: ; minlength: 0"), [
            "column 1: `required:` has no value — Safari ignores this `required`",
            "column 24: `minlength: 0` counts as no value — Safari ignores this `minlength`",
        ])
        XCTAssertEqual(diagnostics("required: lower,"), [
            "column 16: nothing follows the `,` — Safari ignores this `required`",
        ])
    }

    func testWholeRuleAndRestOfRuleProblems() {
        XCTAssertEqual(diagnostics("required : upper"), [
            "column 9: expected `:` right after `required`, found a space — Safari ignores the whole rule",
        ])
        XCTAssertEqual(diagnostics("required: lower upper"), [
            "column 17: expected `,` or `;`, found `u` — Safari ignores the whole rule",
        ])
        XCTAssertEqual(diagnostics("required: letters"), [
            "column 11: unknown character class `letters` (classes: upper, lower, digit, special, ascii-printable, unicode) — Safari ignores the whole rule",
        ])
        XCTAssertEqual(diagnostics("minlength: 8;; maxlength: 10"), [
            "column 14: a property cannot start with `;` — Safari stops reading here and ignores the rest of the rule",
        ])
    }

    func testUnclosedAndEmptyClasses() {
        XCTAssertEqual(diagnostics("required: lower, [abc"), [
            "column 18: `[abc` is never closed with `]` — Safari drops this class",
        ])
        XCTAssertEqual(diagnostics("required: []"), [
            "column 1: `required` names no character: Apple's parser keeps it as a requirement that no password can meet",
            "column 11: `[]` holds no character — Safari drops it",
        ])
    }

    func testCombinationNotes() {
        XCTAssertEqual(diagnostics("minlength: 8; maxlength: 6; minlength: 10"), [
            "column 15: minlength 10 is larger than maxlength 6: no password can meet both",
            "column 29: `minlength` is given 2 times: the largest, 10, applies",
        ])
    }

    func testUnicodeAfterASCIIPrintableIsReported() {
        XCTAssertEqual(diagnostics("required: upper, lower, digit, special; allowed: unicode"), [
            "column 41: `unicode` is ignored: `ascii-printable` comes first (the property at column 1) and the first of the two wins — Safari allows printable ASCII only",
        ])
        XCTAssertEqual(diagnostics("allowed: unicode, ascii-printable"), [])
        XCTAssertEqual(diagnostics("required: digit; allowed: unicode"), [])
    }

    /// Columns count Unicode scalars, so text after an emoji keeps its column.
    func testColumnsCountUnicodeScalars() {
        XCTAssertEqual(diagnostics("allowed: [😀-a]"), [
            "column 11: `😀` inside `[😀-a]` is dropped: only printable ASCII counts, this class is {a}",
            "column 12: `-` inside `[😀-a]` is dropped: a `-` counts only as the first character, this class is {a}",
        ])
    }

    /// Control characters in the rule never reach the output as themselves.
    func testControlCharactersAreNamedNotPrinted() {
        let messages = diagnostics("required: [\u{1B}[31m]\u{7}")
        XCTAssertEqual(messages, [
            "column 12: U+001B inside `[\\u{1B}[31m]` is dropped: only printable ASCII counts, this class is {1, 3, [, m}",
            "column 18: expected `,` or `;`, found U+0007 — Safari ignores the whole rule",
        ])
        for message in messages {
            XCTAssertFalse(message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, message)
        }
    }

    /// A huge rule is read in one pass and its problems are capped.
    func testHugeRuleCapsItsDiagnostics() {
        let rule = "required: [a" + String(repeating: "-", count: 200_000) + "]; minlength: 8"
        let rules = PasswordRules(parsing: rule)
        XCTAssertEqual(rules.required.map { $0.jsonValue }, ["a"])
        XCTAssertEqual(rules.minLength, 8)
        XCTAssertEqual(rules.diagnostics.count, PasswordRulesParser.maxDiagnostics + 1)
        XCTAssertEqual(rules.diagnostics.last?.description, "column 113: 199900 more problems are not shown")
    }

    func testJSON() {
        XCTAssertEqual(PasswordRules(parsing: "required: [\"\\]; allowed: unicode; maxlength: 4").json(),
            #"{"applied": true, "required": ["\"\\"], "allowed": "unicode", "maxConsecutive": null, "maxRepeating": null, "maxSequential": null, "minLength": null, "maxLength": 4, "diagnostics": []}"#)
        XCTAssertEqual(PasswordRules(parsing: "Required: [\u{1B}]").json(),
            ##"{"applied": false, "required": [], "allowed": " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~", "maxConsecutive": null, "maxRepeating": null, "maxSequential": null, "minLength": null, "maxLength": null, "diagnostics": [{"column": 1, "message": "unknown property `Required` (property names are case-sensitive: write `required`) — Safari ignores the whole rule"}]}"##)
    }
}

/// HTML character references read as a browser reads an attribute.
final class HTMLCharacterReferenceTests: XCTestCase {
    func testDecodesAsABrowserDoes() {
        XCTAssertEqual(HTMLCharacterReferences.decode("[&quot;&amp;&lt;&#35;&#x7E;&#X5c;&num;&lsqb;]"), "[\"&<#~\\#[]")
        XCTAssertEqual(HTMLCharacterReferences.decode("&#34x &#0; &#x110000; &#128; &#xD800;"), "\"x \u{FFFD} \u{FFFD} € \u{FFFD}")
        XCTAssertEqual(HTMLCharacterReferences.decode("&nosuch; & &quot &; &#; &#x;"), "&nosuch; & &quot &; &#; &#x;")
        XCTAssertEqual(HTMLCharacterReferences.decode("&#99999999999999999999;"), "\u{FFFD}")
    }

    func testFindsEachReferenceWithItsColumn() {
        XCTAssertEqual(HTMLCharacterReferences.find(in: "é[&quot;x&#35;]").map { "\($0.column) \($0.written) \($0.decoded)" }, ["3 &quot; \"", "10 &#35; #"])
    }
}

/// Rules no password can meet, and passwords against a rule.
final class PasswordRuleCheckTests: XCTestCase {
    func testUnmeetableRules() {
        XCTAssertEqual(PasswordRules(parsing: "minlength: 20; maxlength: 10").unmeetableReasons, ["minlength 20 is larger than maxlength 10, so no password can meet both"])
        XCTAssertEqual(PasswordRules(parsing: "required: upper; required: [é]").unmeetableReasons, ["required class 2 holds no character, so no password can contain one"])
        XCTAssertEqual(PasswordRules(parsing: "required: upper; minlength: 10; maxlength: 10").unmeetableReasons, [])
        XCTAssertEqual(PasswordRules(parsing: "Required: []").unmeetableReasons, [], "a rule Safari ignores is judged by `applied`")
    }

    func testFirstBrokenRequirement() {
        let rules = PasswordRules(parsing: "required: upper; required: [-]; allowed: lower; minlength: 4; maxlength: 6; max-consecutive: 2")
        XCTAssertNil(rules.failure(of: "Ab-c"))
        XCTAssertEqual(rules.failure(of: "A-b")?.description, "minlength: fewer than 4 characters")
        XCTAssertEqual(rules.failure(of: "A-bcdef")?.description, "maxlength: more than 6 characters")
        XCTAssertEqual(rules.failure(of: "A-b1")?.description, "allowed: a character outside upper, lower, [-]")
        XCTAssertEqual(rules.failure(of: "a-bc")?.description, "required: no character of upper")
        XCTAssertEqual(rules.failure(of: "Abcd")?.description, "required: no character of [-]")
        XCTAssertEqual(rules.failure(of: "A-bbb")?.description, "max-repeating: more than 2 of one character in a row")
        XCTAssertEqual(rules.failure(of: "A-bcd")?.description, "max-sequential: more than 2 characters in sequence", "max-consecutive means both")
        XCTAssertNil(PasswordRules(parsing: "allowed: unicode; minlength: 2").failure(of: "éé"), "lengths count Unicode scalars")
        XCTAssertEqual(PasswordRules(parsing: "minlength: 2").failure(of: "éé")?.description, "allowed: a character outside ascii-printable")
    }
}
