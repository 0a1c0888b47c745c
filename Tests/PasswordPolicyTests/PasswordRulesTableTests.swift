import PasswordPolicy
import XCTest

/// Rules with their effective results worked out by hand from the grammar and the reference's
/// quirks (docs/password-rules.md), independent of the reference run.
final class PasswordRulesTableTests: XCTestCase {
    static let all = String((0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) })
    static let upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    static let lower = "abcdefghijklmnopqrstuvwxyz"
    static let digits = "0123456789"
    static let special = " !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

    struct Case {
        var rule: String
        var applied = true
        var required: [String] = []
        var allowed = PasswordRulesTableTests.all
        var maxConsecutive: Int?
        var maxRepeating: Int?
        var maxSequential: Int?
        var minLength: Int?
        var maxLength: Int?
    }

    static let cases: [Case] = [
        // The plain grammar.
        Case(rule: "", allowed: all),
        Case(rule: "minlength: 8; required: upper; required: digit;", required: [upper, digits], allowed: digits + upper, minLength: 8),
        Case(rule: "allowed: lower", allowed: lower),
        Case(rule: "required: special", required: [special], allowed: special),
        Case(rule: "required: lower, upper; allowed: digit", required: [upper + lower], allowed: digits + upper + lower),
        // Class names are case-insensitive, property names are not.
        Case(rule: "required: UPPER", required: [upper], allowed: upper),
        Case(rule: "Required: upper; minlength: 8", applied: false),
        // Custom classes: `-` only first, `]` only last, nothing but printable ASCII.
        Case(rule: "required: [a-z]", required: ["az"], allowed: "az"),
        Case(rule: "required: [-a]", required: ["-a"], allowed: "-a"),
        Case(rule: "required: []]", required: ["]"], allowed: "]"),
        Case(rule: "required: [abc]]", required: ["]abc"], allowed: "]abc"),
        Case(rule: "required: [ä-z]", required: ["z"], allowed: "z"),
        Case(rule: "allowed: [a b]", allowed: " ab"),
        Case(rule: "required: [abc", required: [""], allowed: all),
        Case(rule: "required: lower, [", required: [lower], allowed: lower),
        Case(rule: "required: []", required: [""], allowed: all),
        // Repeated numbers: largest minlength, smallest maxlength and max-consecutive.
        Case(rule: "minlength: 8; minlength: 12; maxlength: 20; maxlength: 16; max-consecutive: 3; max-consecutive: 2",
             maxConsecutive: 2, maxRepeating: 2, maxSequential: 2, minLength: 12, maxLength: 16),
        Case(rule: "minlength: 0; maxlength: 0", allowed: all),
        // The 2026 properties: max-consecutive sets both; repeated or combined, the smallest wins.
        Case(rule: "max-repeating: 3", maxRepeating: 3),
        Case(rule: "max-sequential: 4; max-sequential: 2", maxSequential: 2),
        Case(rule: "max-repeating: 1; max-consecutive: 3", maxConsecutive: 3, maxRepeating: 1, maxSequential: 3),
        Case(rule: "max-consecutive: 2; max-sequential: 5; max-repeating: 4", maxConsecutive: 2, maxRepeating: 2, maxSequential: 2),
        Case(rule: "max-repeating: 0; max-sequential: 2 ; minlength: 4", minLength: 4),
        Case(rule: "max-sequential: two", applied: false),
        Case(rule: "Max-repeating: 2", applied: false),
        // The first unicode or ascii-printable of a list wins.
        Case(rule: "required: digit; allowed: unicode", required: [digits], allowed: "unicode"),
        Case(rule: "allowed: ascii-printable, unicode", allowed: all),
        Case(rule: "allowed: unicode, ascii-printable", allowed: "unicode"),
        Case(rule: "required: upper, lower, digit, special; allowed: unicode", required: [all], allowed: all),
        // Problems that cost one property, the rest of the rule, or the whole rule.
        Case(rule: "minlength: 8 ; maxlength: 10", maxLength: 10),
        Case(rule: "minlength: 8;; maxlength: 10", minLength: 8),
        Case(rule: "; minlength: 8"),
        Case(rule: "maxlength: 12; required", maxLength: 12),
        Case(rule: "required: lower,; minlength: 5", minLength: 5),
        Case(rule: "required : upper", applied: false),
        Case(rule: "required: lower upper", applied: false),
        Case(rule: "minlength: 8x", applied: false),
        Case(rule: "minlength: -5", applied: false),
        Case(rule: "required: letters; minlength: 8", applied: false),
        Case(rule: "minlength: 8; required: [a]b]", applied: false),
    ]

    static func form(_ characterClass: PasswordCharacterClass) -> String {
        switch characterClass {
        case .unicode: return "unicode"
        case .ascii(let set): return set.characters
        }
    }

    func testTable() {
        for entry in Self.cases {
            let rules = PasswordRules(parsing: entry.rule)
            let label = entry.rule.debugDescription
            XCTAssertEqual(rules.applied, entry.applied, label)
            XCTAssertEqual(rules.required.map(Self.form), entry.required, label)
            XCTAssertEqual(Self.form(rules.allowed), entry.allowed, label)
            XCTAssertEqual(rules.maxConsecutive, entry.maxConsecutive, label)
            XCTAssertEqual(rules.maxRepeating, entry.maxRepeating, label)
            XCTAssertEqual(rules.maxSequential, entry.maxSequential, label)
            XCTAssertEqual(rules.minLength, entry.minLength, label)
            XCTAssertEqual(rules.maxLength, entry.maxLength, label)
        }
    }

    func testEffectiveRuleTextParsesBackToTheSameRule() {
        for entry in Self.cases where entry.applied {
            let rules = PasswordRules(parsing: entry.rule)
            let again = PasswordRules(parsing: rules.ruleText)
            XCTAssertEqual(again.allowed, rules.allowed, rules.ruleText)
            XCTAssertEqual(again.minLength, rules.minLength, rules.ruleText)
            XCTAssertEqual(again.maxLength, rules.maxLength, rules.ruleText)
            XCTAssertEqual(again.maxRepeating, rules.maxRepeating, rules.ruleText)
            XCTAssertEqual(again.maxSequential, rules.maxSequential, rules.ruleText)
        }
        // max-consecutive is written as what it means.
        XCTAssertEqual(PasswordRules(parsing: "max-consecutive: 3; max-sequential: 2").ruleText,
                       "allowed: ascii-printable; max-repeating: 3; max-sequential: 2;")
        XCTAssertEqual(PasswordRules(parsing: "required: [-a]; required: upper, [~]; minlength: 8").ruleText,
                       "required: [-a]; required: upper, [~]; allowed: upper, [-a~]; minlength: 8;")
        // `]` before `]` is a member; the first `]` of a pair closes nothing.
        XCTAssertEqual(PasswordRules(parsing: "required: [-]a]]").applied, false)
    }
}
