import PasswordPolicy
import XCTest

/// Passwords per level and N with the verdict and the rule that fails, worked out from
/// docs/password-rules.md by hand.
final class PasswordStrengthTests: XCTestCase {
    struct Case {
        var password: String
        var level: PasswordStrengthLevel
        var n = 3
        var failed: PasswordStrengthRule?
    }

    static let cases: [Case] = [
        // none: nothing is checked, not even emptiness.
        Case(password: "", level: .none),
        Case(password: "aaaa", level: .none),
        // simple: empty, equal runs, ascending and descending runs.
        Case(password: "", level: .simple, failed: .empty),
        Case(password: "aaa", level: .simple, failed: .repeat),
        Case(password: "xx111y", level: .simple, failed: .repeat),
        Case(password: "aab", level: .simple),
        Case(password: "aAa", level: .simple),                  // equality is case-sensitive
        Case(password: "x123", level: .simple, failed: .sequence),
        Case(password: "cba", level: .simple, failed: .sequence),
        Case(password: "aBc", level: .simple, failed: .sequence), // sequences ignore case
        Case(password: "CbA", level: .simple, failed: .sequence),
        Case(password: "890", level: .simple),                  // no wrap-around
        Case(password: "yza", level: .simple),
        Case(password: "89a", level: .simple),                  // a digit does not lead into a letter
        Case(password: "１２３", level: .simple),                // full-width digits are not digits
        Case(password: "１１１", level: .simple, failed: .repeat), // but they repeat
        Case(password: "!!!", level: .simple, failed: .repeat),
        Case(password: "e\u{301}e\u{301}e\u{301}", level: .simple, failed: .repeat), // three é
        // N at its bounds and beyond the length.
        Case(password: "ab", level: .simple, n: 2, failed: .sequence),
        Case(password: "aa", level: .simple, n: 2, failed: .repeat),
        Case(password: "ac", level: .simple, n: 2),
        Case(password: "abcd", level: .simple, n: 4, failed: .sequence),
        Case(password: "abc", level: .simple, n: 4),
        Case(password: "aaaaaaaa", level: .simple, n: Int.max),
        // letter: a digit and a letter.
        Case(password: "qwerty", level: .letter, failed: .digit),
        Case(password: "qwerty１", level: .letter, failed: .digit),
        Case(password: "2468", level: .letter, failed: .letter),
        Case(password: "q2w4", level: .letter),
        // case: an upper- and a lower-case letter.
        Case(password: "q2w4", level: .case, failed: .upper),
        Case(password: "Q2W4", level: .case, failed: .lower),
        Case(password: "Q2w4", level: .case),
        Case(password: "Ä2w4", level: .case, failed: .upper),   // only A–Z is upper case
        // symbol: a character that is neither letter nor digit.
        Case(password: "Q2w4", level: .symbol, failed: .symbol),
        Case(password: "Q2w4!", level: .symbol),
        Case(password: "Q2w4 ", level: .symbol),
        Case(password: "Q2w4é", level: .symbol),                // é is not an ASCII letter
        Case(password: "Q2w4\u{0}", level: .symbol),
        Case(password: "Q2w4!abc", level: .symbol, failed: .sequence),
    ]

    func testTable() throws {
        for entry in Self.cases {
            let policy = try PasswordStrengthPolicy(level: entry.level, repeatLength: entry.n)
            XCTAssertEqual(policy.failedRule(entry.password), entry.failed, "\(entry.password.debugDescription) at \(entry.level) N=\(entry.n)")
            XCTAssertEqual(policy.check(entry.password), entry.failed.map(PasswordVerdict.weak) ?? .ok)
        }
    }

    func testDoubleEntry() throws {
        let policy = try PasswordStrengthPolicy(level: .case)
        XCTAssertEqual(policy.check("Q2w4", confirmation: "Q2w4"), .ok)
        XCTAssertEqual(policy.check("Q2w4", confirmation: "Q2w5"), .entriesDiffer)
        XCTAssertEqual(policy.check("q2w4", confirmation: "q2w4"), .weak(.upper))
        // Canonically equal but differently encoded entries were typed differently.
        XCTAssertEqual(policy.check("Q2w4é", confirmation: "Q2w4e\u{301}"), .entriesDiffer)
        XCTAssertEqual(PasswordVerdict.entriesDiffer.code, 7)
    }

    func testBadParameters() {
        XCTAssertThrowsError(try PasswordStrengthPolicy(level: .simple, repeatLength: 1)) { error in
            XCTAssertEqual(error as? PasswordCheckError, .badRepeatLength)
            XCTAssertEqual((error as? PasswordCheckError)?.code, 1)
        }
        XCTAssertThrowsError(try PasswordStrengthPolicy(levelName: "simple", repeatLength: "99999999999999999999")) { error in
            XCTAssertEqual("\(error)", "not a whole number ≥ 2", "the word given is never echoed: it may be a password")
        }
        XCTAssertThrowsError(try PasswordStrengthPolicy(levelName: "Simple", repeatLength: "3")) { error in
            XCTAssertEqual("\(error)", "not one of none, simple, letter, case, symbol")
        }
        XCTAssertNoThrow(try PasswordStrengthPolicy(levelName: "symbol", repeatLength: "2"))
    }

    func testInputLines() throws {
        XCTAssertEqual(try PasswordInput.lines(Array("a\r\nb\n\nc".utf8)), ["a", "b", "", "c"])
        XCTAssertEqual(try PasswordInput.lines(Array("a\n".utf8)), ["a"])
        XCTAssertEqual(try PasswordInput.lines([]), [])
        XCTAssertThrowsError(try PasswordInput.lines([0x61, 0x0A, 0x62, 0xFF, 0x0A])) { error in
            XCTAssertEqual("\(error)", "standard input: line 2: not valid UTF-8")
        }
        // An encoded surrogate is not UTF-8 either.
        XCTAssertThrowsError(try PasswordInput.lines([0xED, 0xA0, 0x80]))
        XCTAssertThrowsError(try PasswordInput.lines([UInt8](repeating: 0x61, count: PasswordInput.maxBytes + 1))) { error in
            XCTAssertEqual("\(error)", "standard input: more than 1048576 bytes")
        }
    }
}
