import Foundation
import XCTest

/// `max-repeating`, `max-sequential` and the deprecated `max-consecutive` (SPEC §10b) through
/// `rules parse`, `rules check` and `password check --rules`, and `password check --rules`
/// against `scripts/password-rules-oracle.py`, an implementation that shares no code with the
/// package.
final class PasswordRunLimitCommandTests: CommandTestCase {
    static let unmeetable = "allowed: [0-1]; minlength: 4; max-repeating: 1; max-sequential: 1"
    static let unmeetableReason = "`0` and `1`, the only allowed characters, are in sequence, so under max-sequential 1 a password is one of them repeated; max-repeating 1 allows at most 1 of one character, fewer than minlength 4"

    func check(_ rule: String, _ input: String) throws -> Result {
        try run(["password", "check", "--strength", "none", "--rules", rule], input: Array(input.utf8))
    }

    func testParsePrintsTheLimitsAndTheDeprecation() throws {
        let result = try run(["rules", "parse", "minlength: 8; max-consecutive: 3"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
        applied: yes
        effective: allowed: ascii-printable; max-repeating: 3; max-sequential: 3; minlength: 8;
        column 15: max-consecutive is deprecated; it means max-repeating and max-sequential

        """)
        let json = try run(["rules", "parse", "--json", "allowed: digit; max-repeating: 2; max-sequential: 4; max-sequential: 3"])
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertEqual(json.stdout, #"{"applied": true, "required": [], "allowed": "0123456789", "maxConsecutive": null, "maxRepeating": 2, "maxSequential": 3, "minLength": null, "maxLength": null, "diagnostics": [{"column": 54, "message": "`max-sequential` is given 2 times: the smallest, 3, applies"}]}"# + "\n")
        let misspelt = try run(["rules", "parse", "max-sequental: 3"])
        XCTAssertEqual(misspelt.status, 1)
        XCTAssertTrue(misspelt.stdout.contains("unknown property `max-sequental` (properties: required, allowed, max-repeating, max-sequential, max-consecutive, minlength, maxlength) — Safari ignores the whole rule"), misspelt.stdout)
    }

    func testWeakLinesNameThePropertyNeverThePassword() throws {
        let result = try check("max-consecutive: 3", "abcd\nzzzz\nabcba\nq9r8s7\nWXYZ1\n")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, """
        weak: max-sequential: more than 3 characters in sequence
        weak: max-repeating: more than 3 of one character in a row
        ok
        ok
        weak: max-sequential: more than 3 characters in sequence

        """)
        XCTAssertEqual(result.stderr, "")
        for secret in ["abcd", "zzzz", "WXYZ"] {
            XCTAssertFalse(result.stdout.contains(secret), secret)
        }
        let one = try check("max-sequential: 1; max-repeating: 2", "a1b2\n10\n9a8\n")
        XCTAssertEqual(one.stdout, "ok\nweak: max-sequential: more than 1 character in sequence\nok\n")
        XCTAssertEqual(one.status, 1)
        let fine = try check("max-repeating: 2; max-sequential: 2", "aabbcc\nq1w2e3\n")
        XCTAssertEqual(fine.stdout, "ok\nok\n", "`aabbcc`: each run is 2 long")
        XCTAssertEqual(fine.status, 0)
    }

    /// Standard input is a folder here: reading it fails, so a refusal shows that the rule
    /// was judged before any password was read.
    func testARuleNoPasswordCanMeetIsRefusedBeforeAnyPasswordIsRead() throws {
        let refused = try shell("\"$RK\" password check --rules '\(Self.unmeetable)' < /")
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertEqual(refused.stderr, "--rules: \(Self.unmeetableReason)\n")
        let read = try shell("\"$RK\" password check --rules 'allowed: [0-1]; minlength: 4; max-repeating: 1; max-sequential: 2' < /")
        XCTAssertEqual(read.status, 1)
        XCTAssertEqual(read.stderr, "standard input: cannot read: Is a directory\n", "0101 meets that rule, so input is read")
        let parse = try run(["rules", "parse", Self.unmeetable])
        XCTAssertEqual(parse.status, 1)
        XCTAssertTrue(parse.stdout.hasSuffix("unmeetable: \(Self.unmeetableReason)\n"), parse.stdout)
    }

    func testRulesCheckReportsWhatNoPasswordTypedOnTheSetCanMeet() throws {
        let rule = try run(["rules", "check", Self.unmeetable])
        XCTAssertEqual(rule.status, 1)
        XCTAssertTrue(rule.stdout.hasSuffix("unmeetable: \(Self.unmeetableReason)\n"), rule.stdout)
        // `0!1!…` meets it, on a set with `!`; the number pad has no `!`.
        let limits = "allowed: [01!]; minlength: 4; max-repeating: 1; max-sequential: 1"
        let set = try run(["rules", "check", limits])
        XCTAssertEqual(set.status, 0, set.stdout)
        XCTAssertTrue(set.stdout.hasSuffix("ok: letters, symbols, numbers can type every required class\n"), set.stdout)
        let pad = try run(["rules", "check", limits, "--layouts", "numbers"])
        XCTAssertEqual(pad.status, 1)
        XCTAssertEqual(pad.stdout, """
        effective: allowed: [!01]; max-repeating: 1; max-sequential: 1; minlength: 4;
        error: no password typed on numbers can meet the rule: `0` and `1`, the only typeable allowed characters, are in sequence, so under max-sequential 1 a password is one of them repeated; max-repeating 1 allows at most 1 of one character, fewer than minlength 4
        warning: 1 allowed character cannot be typed on numbers: {!}
        warning: numbers types 9 characters the rule rejects: {., 2, 3, 4, 5, 6, 7, 8, 9}

        """)
    }

    // MARK: - Agreement with the oracle

    /// Runs the oracle in `mode` with `request` as its JSON input (at most 2 GiB and 5
    /// minutes); its JSON answer.
    func oracle(_ mode: String, _ request: Any) throws -> Any {
        let input = try temporaryDirectory().appendingPathComponent("request.json")
        try JSONSerialization.data(withJSONObject: request).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        process.arguments = ["--as=\(2 << 30)", "--", "/usr/bin/timeout", "-s", "KILL", "300",
                             "/usr/bin/env", "python3", Self.packageDirectory.appendingPathComponent("scripts/password-rules-oracle.py").path, mode]
        process.standardInput = try FileHandle(forReadingFrom: input)
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let answer = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "the oracle failed in \(mode) mode")
        return try JSONSerialization.jsonObject(with: answer)
    }

    /// `weak: PROPERTY` or `ok`.
    static func kind(_ line: String) -> String {
        line.split(separator: ":").prefix(2).joined(separator: ":")
    }

    /// 150 generated rules (fixed seed), each given the same 2,000 generated passwords: every
    /// verdict line, exit status and refusal of `password check --rules` is the oracle's.
    /// A line about `allowed` or `required` is compared up to the class it names (written by
    /// the package); a refusal up to its reason.
    func testPasswordCheckAgreesWithTheOracle() throws {
        let generated = try XCTUnwrap(try oracle("generate", ["seed": 20_260_910, "rules": 150, "passwords": 2000]) as? [String: [String]])
        let rules = try XCTUnwrap(generated["rules"]), passwords = try XCTUnwrap(generated["passwords"])
        XCTAssertEqual(rules.count, 150)
        XCTAssertEqual(passwords.count, 2000)
        let expected = try XCTUnwrap(try oracle("check", rules.map { ["rule": $0, "passwords": passwords] }) as? [[String: Any]])
        let input = passwords.map { $0 + "\n" }.joined()
        var counts: [String: Int] = [:], disagreements: [String] = []
        let kinds = Dictionary(Set(expected.flatMap { $0["lines"] as? [String] ?? [] }).map { ($0, Self.kind($0)) }, uniquingKeysWith: { first, _ in first })
        let longPasswords = Set(passwords.filter { $0.count >= 8 })
        for (rule, answer) in zip(rules, expected) {
            let result = try check(rule, input)
            if answer["refused"] as? Bool == true {
                counts["refused", default: 0] += 1
                if result.status != 1 || !result.stdout.isEmpty || !result.stderr.hasPrefix("--rules: ") {
                    disagreements.append("\(rule): the oracle refuses it; got exit \(result.status), \(result.stdout.prefix(200))\(result.stderr)")
                }
                continue
            }
            let lines = try XCTUnwrap(answer["lines"] as? [String])
            let got = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            guard got.count == lines.count else {
                disagreements.append("\(rule): \(got.count) lines, the oracle \(lines.count); \(result.stderr)")
                continue
            }
            for (index, (line, want)) in zip(got, lines).enumerated() {
                counts[kinds[want] ?? Self.kind(want), default: 0] += 1
                let same = want.hasSuffix(":") ? line.hasPrefix(want + " ") : line == want
                if !same { disagreements.append("\(rule) on password \(index + 1) \(passwords[index].debugDescription): \(line), the oracle \(want)") }
            }
            let status: Int32 = lines.allSatisfy { $0 == "ok" } ? 0 : 1
            if result.status != status { disagreements.append("\(rule): exit \(result.status), the oracle \(status)") }
            // No line quotes a password (long ones: a short one may be a word of the line).
            for line in Set(got) {
                for password in longPasswords where line.contains(password) {
                    disagreements.append("\(rule): the output line \(line.debugDescription) holds the password \(password.debugDescription)")
                }
            }
        }
        XCTAssertTrue(disagreements.isEmpty, "\(disagreements.count) disagreements:\n" + disagreements.prefix(15).joined(separator: "\n"))
        print("password check --rules against the oracle: \(rules.count) rules × \(passwords.count) passwords: \(counts.sorted { $0.key < $1.key })")
        // The sweep reaches every verdict, the run limits most of all, and refusals.
        for kind in ["weak: max-repeating", "weak: max-sequential", "ok"] { XCTAssertGreaterThan(counts[kind] ?? 0, 3000, kind) }
        for kind in ["weak: minlength", "weak: maxlength", "weak: allowed", "weak: required"] { XCTAssertGreaterThan(counts[kind] ?? 0, 1000, kind) }
        XCTAssertGreaterThanOrEqual(counts["refused"] ?? 0, 3)
    }
}
