import PasswordPolicy
import XCTest

/// `max-repeating`, `max-sequential` and the deprecated `max-consecutive` (SPEC §10b), case by
/// case; `RunLimitAgreementTests` sweeps them against an independent implementation.
final class RunLimitTests: XCTestCase {
    func failure(_ rule: String, _ password: String) -> String? {
        PasswordRules(parsing: rule).failure(of: password)?.description
    }

    func testRepeatingRuns() {
        XCTAssertNil(failure("max-repeating: 3", "aaa"))
        XCTAssertEqual(failure("max-repeating: 2", "aaa"), "max-repeating: more than 2 of one character in a row")
        XCTAssertEqual(failure("max-repeating: 1", "xyzz1"), "max-repeating: more than 1 of one character in a row")
        XCTAssertNil(failure("max-repeating: 1", "aAa"), "case-sensitive")
        XCTAssertNil(failure("max-repeating: 2; allowed: unicode", "ééxéé"))
        XCTAssertEqual(failure("max-repeating: 2; allowed: unicode", "xééé"), "max-repeating: more than 2 of one character in a row", "runs count Unicode scalars")
        XCTAssertNil(failure("max-repeating: 1", "abc"), "a sequence is not a repeat")
    }

    func testSequentialRuns() {
        for password in ["abc", "123", "321", "cba", "XYZ", "789"] {
            XCTAssertNil(failure("max-sequential: 3", password), password)
            XCTAssertEqual(failure("max-sequential: 2", password), "max-sequential: more than 2 characters in sequence", password)
        }
        XCTAssertNil(failure("max-sequential: 3", "abcba"), "`abcba` is the runs `abc` and `cba`")
        XCTAssertNil(failure("max-sequential: 2", "acegik"))
        XCTAssertEqual(failure("max-sequential: 3", "xabcd!"), "max-sequential: more than 3 characters in sequence")
        XCTAssertEqual(failure("max-sequential: 1", "10"), "max-sequential: more than 1 character in sequence")
        // Only within a-z, A-Z or 0-9: no step across ranges, case or punctuation, no wrap-around.
        for password in ["9a", "zA", "Za", "aB", "Ab", "9:", "/0", "@A", "Z[", "`a", "z{", "za", "90", "az"] {
            XCTAssertNil(failure("max-sequential: 1; max-repeating: 1", password), password)
        }
        XCTAssertNil(failure("max-sequential: 1", "aaa"), "a repeat is not a sequence")
        XCTAssertNil(failure("max-sequential: 1", "a"))
        XCTAssertNil(failure("max-sequential: 1", ""))
    }

    func testMaxConsecutiveMeansBoth() {
        XCTAssertEqual(failure("max-consecutive: 3", "abcd"), "max-sequential: more than 3 characters in sequence")
        XCTAssertEqual(failure("max-consecutive: 3", "aaaa"), "max-repeating: more than 3 of one character in a row")
        XCTAssertNil(failure("max-consecutive: 3", "abcaaa"))
        // Repeating is checked before sequential; both after the classes.
        XCTAssertEqual(failure("max-consecutive: 1", "aab"), "max-repeating: more than 1 of one character in a row")
        XCTAssertEqual(failure("max-consecutive: 1; required: digit; allowed: lower", "aab"), "required: no character of digit")
        // Smallest wins, whichever property gives it.
        XCTAssertEqual(failure("max-sequential: 5; max-consecutive: 2", "abc"), "max-sequential: more than 2 characters in sequence")
        XCTAssertNil(failure("max-sequential: 5; max-repeating: 2", "abcde"))
    }

    /// Built by hand, `maxConsecutive` caps both limits as in the grammar.
    func testHandBuiltRuleAppliesTheAlias() {
        let rules = PasswordRules(maxSequential: 2, maxConsecutive: 3)
        XCTAssertEqual(rules.maxRepeating, 3)
        XCTAssertEqual(rules.maxSequential, 2)
        XCTAssertEqual(rules.failure(of: "aaaa")?.property, .maxRepeating)
        XCTAssertEqual(rules.failure(of: "abc")?.property, .maxSequential)
    }

    func testDeprecationAndCombinationDiagnostics() {
        XCTAssertEqual(PasswordRules(parsing: "minlength: 8; max-consecutive: 3").diagnostics.map(\.description), [
            "column 15: max-consecutive is deprecated; it means max-repeating and max-sequential",
        ])
        XCTAssertEqual(PasswordRules(parsing: "max-consecutive: 4; max-repeating: 2; max-sequential: 4; max-repeating: 3").diagnostics.map(\.description), [
            "column 1: max-consecutive is deprecated; it means max-repeating and max-sequential",
            "column 21: `max-repeating: 2` and `max-consecutive: 4` both limit identical characters back to back: the smallest, 2, applies",
            "column 58: `max-repeating` is given 2 times: the smallest, 2, applies",
        ])
        XCTAssertEqual(PasswordRules(parsing: "max-sequential: 9; max-consecutive: 3; max-consecutive: 3").diagnostics.map(\.description), [
            "column 1: `max-sequential: 9` and `max-consecutive: 3` both limit characters in sequence back to back: the smallest, 3, applies",
            "column 20: max-consecutive is deprecated; it means max-repeating and max-sequential",
            "column 40: max-consecutive is deprecated; it means max-repeating and max-sequential",
        ])
        XCTAssertEqual(PasswordRules(parsing: "max-repeating: 2; max-sequential: 3").diagnostics, [])
        XCTAssertEqual(PasswordRules(parsing: "max-sequential: 0").diagnostics.map(\.description), [
            "column 17: `max-sequential: 0` counts as no value — Safari ignores this `max-sequential`",
        ])
        XCTAssertEqual(PasswordRules(parsing: "max-consecutive: 3; Max-repeating: 2").diagnostics.map(\.description), [
            "column 21: unknown property `Max-repeating` (property names are case-sensitive: write `max-repeating`) — Safari ignores the whole rule",
        ], "a rule Safari ignores keeps no max-consecutive to deprecate")
    }

    func testJSONGivesAllThree() {
        XCTAssertEqual(PasswordRules(parsing: "allowed: digit; max-consecutive: 3; max-repeating: 2").json(),
            #"{"applied": true, "required": [], "allowed": "0123456789", "maxConsecutive": 3, "maxRepeating": 2, "maxSequential": 3, "minLength": null, "maxLength": null, "diagnostics": [{"column": 17, "message": "max-consecutive is deprecated; it means max-repeating and max-sequential"}, {"column": 37, "message": "`max-repeating: 2` and `max-consecutive: 3` both limit identical characters back to back: the smallest, 2, applies"}]}"#)
        XCTAssertEqual(PasswordRules(parsing: "allowed: digit; max-sequential: 3").json(),
            #"{"applied": true, "required": [], "allowed": "0123456789", "maxConsecutive": null, "maxRepeating": null, "maxSequential": 3, "minLength": null, "maxLength": null, "diagnostics": []}"#)
    }

    func testRulesTheRunLimitsMakeUnmeetable() {
        XCTAssertEqual(PasswordRules(parsing: "allowed: [0-1]; minlength: 4; max-repeating: 1; max-sequential: 1").unmeetableReasons, [
            "`0` and `1`, the only allowed characters, are in sequence, so under max-sequential 1 a password is one of them repeated; max-repeating 1 allows at most 1 of one character, fewer than minlength 4",
        ])
        XCTAssertEqual(PasswordRules(parsing: "allowed: [abc]; required: [b]; minlength: 3; max-repeating: 2; max-sequential: 1").unmeetableReasons, [
            "required class 1 can only be met by `b`, which under max-sequential 1 may stand beside no other allowed character (`a` and `c` are in sequence with it), so a password holding it is that character repeated; max-repeating 2 allows at most 2 of one character, fewer than minlength 3",
        ])
        XCTAssertEqual(PasswordRules(parsing: "required: [0]; required: [1]; max-consecutive: 1").unmeetableReasons, [
            "`0` and `1`, the only allowed characters, are in sequence, so under max-sequential 1 a password is one of them repeated; no one character is in every required class",
        ])
        XCTAssertEqual(PasswordRules(parsing: "allowed: [!]; minlength: 3; max-consecutive: 2").unmeetableReasons, [
            "`!` is the only allowed character, so a password is that character repeated; max-repeating 2 allows at most 2 of one character, fewer than minlength 3",
        ])
        // Meetable: `0101…`, `0202…`, `!!`, `bb`, `acac…`.
        for rule in ["allowed: [01]; minlength: 12; max-repeating: 1; max-sequential: 2", "allowed: [012]; minlength: 12; max-consecutive: 1",
                     "allowed: [!]; minlength: 2; max-consecutive: 2", "allowed: [abc]; required: [b]; minlength: 2; max-repeating: 2; max-sequential: 1",
                     "allowed: [abc]; minlength: 20; max-consecutive: 1", "allowed: [01]; minlength: 4; max-sequential: 1",
                     "allowed: [ab]; required: [a]; required: [b]; max-repeating: 1; max-sequential: 2"] {
            XCTAssertEqual(PasswordRules(parsing: rule).unmeetableReasons, [], rule)
        }
        // Another reason comes first and alone.
        XCTAssertEqual(PasswordRules(parsing: "allowed: [01]; minlength: 9; maxlength: 4; max-consecutive: 1").unmeetableReasons,
                       ["minlength 9 is larger than maxlength 4, so no password can meet both"])
    }

    /// A keyboard without some allowed characters can leave the run limits unmeetable.
    func testKeyboardMissingCharactersTheRunLimitsNeed() {
        let rules = PasswordRules(parsing: "allowed: [01|]; minlength: 4; max-repeating: 1; max-sequential: 1")
        XCTAssertEqual(rules.unmeetableReasons, [], "`0|1|` meets it")
        XCTAssertTrue(KeyboardCoverage(rules: rules, typeable: Set("01|".unicodeScalars)).canMeetRule)
        let pad = KeyboardCoverage(rules: rules, typeable: Set("0123456789.".unicodeScalars))
        XCTAssertTrue(pad.isTypeable)
        XCTAssertFalse(pad.canMeetRule)
        XCTAssertEqual(pad.report(keyboard: "numbers").first,
                       "error: no password typed on numbers can meet the rule: `0` and `1`, the only typeable allowed characters, are in sequence, so under max-sequential 1 a password is one of them repeated; max-repeating 1 allows at most 1 of one character, fewer than minlength 4")
        let nothing = KeyboardCoverage(rules: PasswordRules(parsing: "allowed: [~]; minlength: 2"), typeable: Set("abc".unicodeScalars))
        XCTAssertEqual(nothing.unmeetableReason, "none of the allowed characters can be typed, and minlength 2 asks for 2 characters")
        XCTAssertNil(KeyboardCoverage(rules: PasswordRules(parsing: "allowed: [~]"), typeable: Set("abc".unicodeScalars)).unmeetableReason,
                     "the empty password meets a rule without minlength")
        let unicode = KeyboardCoverage(rules: PasswordRules(parsing: "allowed: unicode; minlength: 5; max-consecutive: 1"), typeable: Set("éè".unicodeScalars))
        XCTAssertTrue(unicode.canMeetRule, "`éèéèé`")
    }
}
