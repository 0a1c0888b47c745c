import Foundation
import XCTest

final class RulesCommandTests: CommandTestCase {
    func testParsePrintsTheEffectiveRuleAndProblems() throws {
        let result = try run(["rules", "parse", "required: [a-z]; minlength: 8 ; maxlength: 20; required: upper"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
        applied: yes
        effective: required: [az]; required: upper; allowed: upper, [az]; maxlength: 20;
        column 13: `-` inside `[a-z]` is dropped: ranges do not exist, this class is {a, z}
        column 30: whitespace after the number of `minlength` is not allowed (write `minlength: 8;`) — Safari ignores this `minlength`

        """)
    }

    func testParseJSONAndADiscardedRuleExitsOne() throws {
        let result = try run(["rules", "parse", "Required: upper", "--json"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, ##"{"applied": false, "required": [], "allowed": " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~", "maxConsecutive": null, "maxRepeating": null, "maxSequential": null, "minLength": null, "maxLength": null, "diagnostics": [{"column": 1, "message": "unknown property `Required` (property names are case-sensitive: write `required`) — Safari ignores the whole rule"}]}"## + "\n")
    }

    /// A rule copied from HTML source keeps `&quot;` as six characters: it is flagged, and
    /// `--decode-html` reads it as a browser does.
    func testHTMLCharacterReferencesAreFlaggedAndDecodedOnRequest() throws {
        let rule = "required: upper; required: [&quot;&#35;]; minlength: 8;"
        let flagged = try run(["rules", "parse", rule])
        XCTAssertEqual(flagged.status, 0, flagged.stderr)
        XCTAssertEqual(flagged.stdout, """
        applied: yes
        effective: required: upper; required: [#&35;oqtu]; allowed: upper, [#&35;oqtu]; minlength: 8;
        column 29: `&quot;` is an HTML character reference: it is read as the 6 characters it is written with, while a browser reads the page's attribute as `"` — decode the rule's references first if it was copied from HTML source
        column 35: `&#35;` is an HTML character reference: it is read as the 5 characters it is written with, while a browser reads the page's attribute as `#` — decode the rule's references first if it was copied from HTML source
        hint: --decode-html decodes the rule's HTML character references as a browser does

        """)
        let decoded = try run(["rules", "parse", "--decode-html", rule])
        XCTAssertEqual(decoded.status, 0, decoded.stderr)
        XCTAssertEqual(decoded.stdout, "applied: yes\neffective: required: upper; required: [\"#]; allowed: upper, [\"#]; minlength: 8;\n")
    }

    /// A rule no password can meet exits 1, for `parse` and `check` alike.
    func testARuleNoPasswordCanMeetExitsOne() throws {
        let lengths = try run(["rules", "parse", "minlength: 20; maxlength: 10"])
        XCTAssertEqual(lengths.status, 1)
        XCTAssertTrue(lengths.stdout.hasSuffix("unmeetable: minlength 20 is larger than maxlength 10, so no password can meet both\n"), lengths.stdout)
        let empty = try run(["rules", "check", "required: [é]; minlength: 4"])
        XCTAssertEqual(empty.status, 1)
        XCTAssertTrue(empty.stdout.hasSuffix("unmeetable: required class 1 holds no character, so no password can contain one\n"), empty.stdout)
    }

    /// The built-in pads have no `~`: a site requiring it cannot be served.
    func testCheckReportsARequiredClassTheBuiltInSetCannotType() throws {
        let result = try run(["rules", "check", "minlength: 8; required: lower; required: digit; required: [~]", "--layouts", "letters,symbols,numbers"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, """
        effective: required: lower; required: digit; required: [~]; allowed: lower, digit, [~]; minlength: 8;
        error: required class 3 ([~]): no key of letters, symbols, numbers types any of its characters, so no password typed on it can meet the rule
        warning: 1 allowed character cannot be typed on letters, symbols, numbers: {~}
        warning: letters, symbols, numbers types 57 characters the rule rejects: {space, !, ", #, $, %, &, ', (, ), *, +, ,, -, ., /, :, ;, <, =, >, ?, @, A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T, U, V, W, X, Y, Z, [, \\, ], ^, _, `, {, }}

        """)
    }

    func testCheckPassesWhenEveryClassCanBeTyped() throws {
        let result = try run(["rules", "check", "required: upper; required: [!@#]; allowed: lower, digit, special"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, """
        effective: required: upper; required: [!#@]; allowed: ascii-printable;
        warning: 2 allowed characters cannot be typed on letters, symbols, numbers: {|, ~}
        ok: letters, symbols, numbers can type every required class

        """)
    }

    func testCheckNumbersPadAloneAgainstALetterRule() throws {
        let result = try run(["rules", "check", "required: digit; required: lower", "--layouts", "numbers"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("error: required class 2 (lower): no key of numbers types any of its characters"), result.stdout)
    }

    func testCheckUnknownLayoutIsAnError() throws {
        let result = try run(["rules", "check", "required: digit", "--layouts", "numbers,symbol"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "--layouts: no built-in layout or file named \"symbol\"; built-in layouts: idcard, ios, ios-ipad, ios26, letters, numbers, symbols; did you mean symbols?\n")
    }

    func testUsageErrorsExitTwo() throws {
        XCTAssertEqual(try run(["rules", "parse"]).status, 2)
        XCTAssertEqual(try run(["rules", "check", "required: digit", "--layouts", ","]).status, 2)
    }

    /// `rules check` and `preview` read comma lists alike: an empty item is refused, not skipped.
    func testAnEmptyItemInALayoutListIsRefusedAsPreviewRefusesIt() throws {
        let dir = try temporaryDirectory()
        for layouts in ["letters,,numbers", "letters,", " ,numbers"] {
            let check = try run(["rules", "check", "required: digit", "--layouts", layouts], in: dir)
            XCTAssertEqual(check.status, 2, layouts)
            XCTAssertTrue(check.stderr.hasPrefix("Error: --layouts: give one or more names or files, separated by commas\n"), check.stderr)
            let preview = try run(["preview", "--layouts", layouts, "-o", "p.png"], in: dir)
            XCTAssertEqual(preview.status, 2, layouts)
            XCTAssertTrue(preview.stderr.hasPrefix("Error: --layouts: give one or more names or files, separated by commas\n"), preview.stderr)
        }
        let none = try run(["rules", "check", "required: digit", "--layouts", " , "], in: dir)
        XCTAssertTrue(none.stderr.hasPrefix("Error: --layouts needs at least one layout.\n"), none.stderr)
    }

    // MARK: - Hostile rules

    func testHugeRuleIsReadInOnePassWithCappedOutput() throws {
        let rule = "required: [a" + String(repeating: "-", count: 100_000) + "]"
        let result = try run(["rules", "parse", rule])
        XCTAssertEqual(result.status, 0)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2 + 101)
        XCTAssertEqual(lines.last, "column 113: 99900 more problems are not shown")
    }

    func testEscapeBytesInTheRuleNeverReachTheTerminal() throws {
        let result = try run(["rules", "parse", "required: [\u{1B}]2J]\u{1B}[0m; minlength: 8"])
        XCTAssertEqual(result.status, 1)
        XCTAssertFalse(result.stdout.contains("\u{1B}"), result.stdout)
        XCTAssertTrue(result.stdout.contains("U+001B inside `[\\u{1B}]`"), result.stdout)
        let json = try run(["rules", "parse", "required: [\u{1B}]\u{1B}", "--json"])
        XCTAssertFalse(json.stdout.contains("\u{1B}"), json.stdout)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)))
    }

    // MARK: - Android keyboard files

    /// The repository's own PIN pad types the ten digits: a digit rule is met, a letter rule
    /// is not, and the pad's OK and delete keys type nothing.
    func testCheckReadsTheKeysOfAnAndroidPad() throws {
        let pad = "docs/examples/android/res/xml/pin_pad.xml"
        let digits = try run(["rules", "check", "required: digit; allowed: digit", "--layouts", pad])
        XCTAssertEqual(digits.status, 0, digits.stdout + digits.stderr)
        XCTAssertEqual(digits.stdout, """
        effective: required: digit; allowed: digit;
        ok: \(pad) can type every required class

        """)
        let letters = try run(["rules", "check", "required: lower", "--layouts", pad])
        XCTAssertEqual(letters.status, 1)
        XCTAssertTrue(letters.stdout.contains("error: required class 1 (lower): no key of \(pad) types any of its characters"), letters.stdout)
        XCTAssertTrue(letters.stdout.contains("warning: \(pad) types 10 characters the rule rejects: {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}"), letters.stdout)
    }

    /// Real apps' pads: the framework's icon-only password pad types its digits by code, and a
    /// bank-style letter pad with a number row can serve a rule needing both.
    func testCheckReadsRealAppsPads() throws {
        let apps = "Tests/LayoutEngineTests/AndroidApps/"
        let framework = try run(["rules", "check", "required: digit", "--layouts", apps + "aosp/res/xml/password_kbd_numeric.xml"])
        XCTAssertEqual(framework.status, 0, framework.stdout + framework.stderr)
        let qwerty = apps + "jinkeen/res/xml/keyboard_qwerty_layout.xml"
        let both = try run(["rules", "check", "required: upper; required: digit", "--layouts", qwerty])
        XCTAssertEqual(both.status, 0, both.stdout + both.stderr)
        let lower = try run(["rules", "check", "required: lower", "--layouts", apps + "securitykeyboard/res/xml/number.xml," + qwerty])
        XCTAssertEqual(lower.status, 1, lower.stdout)
        let letters = try run(["rules", "check", "required: lower; required: digit", "--layouts", apps + "securitykeyboard/res/xml/number.xml," + apps + "securitykeyboard/res/xml/qwerty.xml"])
        XCTAssertEqual(letters.status, 0, letters.stdout + letters.stderr)
    }
}
