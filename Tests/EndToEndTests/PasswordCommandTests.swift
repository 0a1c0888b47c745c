import Foundation
import XCTest

final class PasswordCommandTests: CommandTestCase {
    func check(_ arguments: [String], _ input: String) throws -> Result {
        try run(["password", "check"] + arguments, input: Array(input.utf8))
    }

    func testOneVerdictPerLineWithoutEchoingPasswords() throws {
        let result = try check(["--strength", "symbol", "--repeat", "3"], "Secret!9x\nzzz\nabc\nqwerty\nQwerty1\n\n")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, """
        ok
        weak: repeat: 3 or more equal characters in a row
        weak: sequence: 3 or more consecutive ascending or descending digits or letters
        weak: digit: needs a digit (0-9)
        weak: symbol: needs a character that is neither a letter nor a digit
        weak: empty: the password is empty

        """)
        XCTAssertEqual(result.stderr, "")
        for secret in ["Secret", "zzz", "qwerty", "Qwerty1"] {
            XCTAssertFalse(result.stdout.contains(secret) || result.stderr.contains(secret))
        }
    }

    /// `--rules` checks each password against a passwordrules string first, without echoing
    /// it; a rule Safari ignores or no password can meet is refused before any is read.
    func testPasswordsAgainstARule() throws {
        let rule = "required: upper; required: digit; allowed: lower; minlength: 8; maxlength: 12; max-repeating: 2"
        let result = try check(["--rules", rule, "--strength", "none"], "Abcdefg1\nAbc1\nAbcdefghijk12\nAbcdéfg1\nabcdefg1\nAbcdefgh\nAbbbcdef1\n")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, """
        ok
        weak: minlength: fewer than 8 characters
        weak: maxlength: more than 12 characters
        weak: allowed: a character outside upper, lower, digit
        weak: required: no character of upper
        weak: required: no character of digit
        weak: max-repeating: more than 2 of one character in a row

        """)
        XCTAssertEqual(result.stderr, "")
        let both = try check(["--rules", "minlength: 4", "--strength", "letter"], "abcd\nzz9zz\n")
        XCTAssertEqual(both.stdout, "weak: sequence: 3 or more consecutive ascending or descending digits or letters\nok\n")
        let quoted = try check(["--rules", "required: [&quot;]; allowed: lower", "--decode-html", "--strength", "none"], "a\"b\n")
        XCTAssertEqual(quoted.stdout, "ok\n")
        let unmeetable = try check(["--rules", "minlength: 20; maxlength: 10"], "x\n")
        XCTAssertEqual(unmeetable.status, 1)
        XCTAssertEqual(unmeetable.stdout, "")
        XCTAssertEqual(unmeetable.stderr, "--rules: minlength 20 is larger than maxlength 10, so no password can meet both\n")
        let ignored = try check(["--rules", "Required: upper"], "x\n")
        XCTAssertEqual(ignored.status, 1)
        XCTAssertEqual(ignored.stderr, "--rules: Safari ignores this whole rule (column 1: unknown property `Required` (property names are case-sensitive: write `required`) — Safari ignores the whole rule); see `render-keyboard rules parse`\n")
    }

    func testAllOkExitsZero() throws {
        let result = try check(["--strength", "letter"], "q2w4\r\nx9y7")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "ok\nok\n")
    }

    func testDoubleEntryDiffersExitsSeven() throws {
        let result = try check(["--strength", "case", "--confirm"], "Q2w4\nQ2w4\nQ2w4\nQ2w5\nq2w4\nq2w4\nlonely\n")
        XCTAssertEqual(result.status, 7)
        XCTAssertEqual(result.stdout, "ok\nentries differ\nweak: upper: needs an upper-case letter (A-Z)\nentries differ\n")
    }

    func testRepeatLengthAtItsBounds() throws {
        XCTAssertEqual(try check(["--repeat", "2"], "ab\n").stdout, "weak: sequence: 2 or more consecutive ascending or descending digits or letters\n")
        XCTAssertEqual(try check(["--repeat", "9223372036854775807"], "aaaaaaaa\n").stdout, "ok\n")
        for bad in ["1", "0", "-3", "9223372036854775808", "three", "3 "] {
            let result = try check(["--repeat=" + bad], "Secret\n")
            XCTAssertEqual(result.status, 1, bad)
            XCTAssertEqual(result.stdout, "", bad)
            XCTAssertEqual(result.stderr, "--repeat: not a whole number ≥ 2\n", bad)
            XCTAssertFalse(result.stderr.contains("Secret"))
        }
        XCTAssertEqual(try check(["--repeat="], "Secret\n").status, 2, "a missing value is a usage error")
        let level = try check(["--strength", "strong"], "Secret\n")
        XCTAssertEqual(level.status, 1)
        XCTAssertEqual(level.stderr, "--strength: not one of none, simple, letter, case, symbol\n")
    }

    func testParameterValuesAreNeverEchoed() throws {
        // A password typed where a parameter, a subcommand or a command belongs.
        for arguments in [["password", "check", "--strength", "Tr0ub4dor&3"], ["password", "check", "--repeat", "Tr0ub4dor&3"],
                          ["password", "Tr0ub4dor&3"], ["Tr0ub4dor&3"], ["password", "check", "--strength=Tr0ub4dor&3"]] {
            let result = try run(arguments, input: [])
            XCTAssertNotEqual(result.status, 0, "\(arguments)")
            XCTAssertFalse(result.stderr.contains("Tr0ub4dor"), result.stderr)
            XCTAssertFalse(result.stdout.contains("Tr0ub4dor"), result.stdout)
        }
        XCTAssertTrue(try run(["password", "Tr0ub4dor&3"], input: []).stderr.hasPrefix("Error: unknown subcommand (not shown: it may be a password); the subcommands are check\nUsage: render-keyboard password <subcommand>\n"))
    }

    func testUnreadableStandardInputUsesTheOneForm() throws {
        let result = try shell("\"$RK\" password check < /")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "standard input: cannot read: Is a directory\n")
        let closed = try shell("\"$RK\" password check <&-")
        XCTAssertEqual(closed.status, 1)
        XCTAssertEqual(closed.stderr, "standard input: cannot read: Bad file descriptor\n")
    }

    func testPasswordsAreNeverTakenFromArguments() throws {
        let result = try run(["password", "check", "--strength", "case", "Secret!9x", "--also"], input: [])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("Error: passwords are read from standard input only, one a line; the command takes no other arguments\n"), result.stderr)
        XCTAssertFalse(result.stderr.contains("Secret!9x"), result.stderr)
    }

    // MARK: - Hostile input

    func testInvalidUTF8IsRejectedByLineNumberOnly() throws {
        let result = try run(["password", "check"], input: Array("Good1x\n".utf8) + [0x53, 0x65, 0xC3, 0x28, 0x0A])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "standard input: line 2: not valid UTF-8\n")
    }

    func testNULAndEscapeBytesArePasswordCharacters() throws {
        let result = try run(["password", "check", "--strength", "symbol"], input: Array("Ab1\u{0}x\nAb1\u{1B}[2J\n".utf8))
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "ok\nok\n")
    }

    func testVeryLongLineAndTooMuchInput() throws {
        let long = try run(["password", "check", "--strength", "letter"], input: Array(String(repeating: "a1", count: 400_000).utf8) + [0x0A])
        XCTAssertEqual(long.status, 0)
        XCTAssertEqual(long.stdout, "ok\n")
        let huge = try run(["password", "check"], input: [UInt8](repeating: 0x61, count: (1 << 20) + 10))
        XCTAssertEqual(huge.status, 1)
        XCTAssertEqual(huge.stdout, "")
        XCTAssertEqual(huge.stderr, "standard input: more than 1048576 bytes\n")
    }

    func testEmptyInputPrintsNothing() throws {
        let result = try check([], "")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "")
    }
}
