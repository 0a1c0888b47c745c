import Foundation
import PasswordPolicy
import XCTest

/// `max-repeating`, `max-sequential` and `max-consecutive` as SPEC §10b defines them, checked
/// against `scripts/password-rules-oracle.py`: a second reading of the grammar and of §10b in
/// Python, sharing no code with this package. The oracle is first held to Apple's recorded
/// results (the reference fixtures), so that agreeing with it means something.
final class RunLimitAgreementTests: XCTestCase {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let deprecation = "max-consecutive is deprecated; it means max-repeating and max-sequential"

    /// Runs the oracle in `mode` with `request` as its JSON input (with at most 2 GiB of
    /// memory and 5 minutes, so a runaway search fails the test rather than the machine);
    /// its JSON answer.
    static func oracle(_ mode: String, _ request: Any) throws -> Any {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("oracle-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: request).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        process.arguments = ["--as=\(2 << 30)", "--", "/usr/bin/timeout", "-s", "KILL", "300",
                             "/usr/bin/env", "python3", package.appendingPathComponent("scripts/password-rules-oracle.py").path, mode]
        process.standardInput = try FileHandle(forReadingFrom: input)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errors = Locked(Data())
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { errors.value = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let answer = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "oracle", code: Int(process.terminationStatus), userInfo: [NSLocalizedDescriptionKey: String(decoding: errors.value, as: UTF8.self)])
        }
        return try JSONSerialization.jsonObject(with: answer)
    }

    /// The fields both readings give, as comparable text.
    static func swiftReading(_ rule: String) -> String {
        let rules = PasswordRules(parsing: rule)
        let deprecations = rules.diagnostics.filter { $0.message == deprecation }.count
        return describe(applied: rules.applied, required: rules.required.map(\.jsonValue), allowed: rules.allowed.jsonValue,
                        numbers: [rules.maxConsecutive, rules.maxRepeating, rules.maxSequential, rules.minLength, rules.maxLength], deprecations: deprecations)
    }

    static func oracleReading(_ entry: [String: Any]) -> String {
        let numbers = ["maxConsecutive", "maxRepeating", "maxSequential", "minLength", "maxLength"].map { entry[$0] as? Int }
        return describe(applied: entry["applied"] as? Bool ?? false, required: entry["required"] as? [String] ?? ["?"], allowed: entry["allowed"] as? String ?? "?",
                        numbers: numbers, deprecations: entry["deprecations"] as? Int ?? -1)
    }

    static func describe(applied: Bool, required: [String], allowed: String, numbers: [Int?], deprecations: Int) -> String {
        let names = ["max-consecutive", "max-repeating", "max-sequential", "minlength", "maxlength"]
        let shown = zip(names, numbers).map { "\($0) \($1.map(String.init) ?? "-")" }.joined(separator: ", ")
        return "applied \(applied), required \(required.map(\.debugDescription)), allowed \(allowed.debugDescription), \(shown), deprecations \(deprecations)"
    }

    static func fixtureRules(_ name: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: ReferenceAgreementTests.fixtures.appendingPathComponent(name))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    /// The oracle gives Apple's recorded result for every corpus and malformed rule.
    func testTheOracleReadsRulesAsApplesParserDid() throws {
        let reference = try Self.fixtureRules("reference-corpus.json") + Self.fixtureRules("reference-malformed.json")
        let answers = try XCTUnwrap(try Self.oracle("effective", reference.map { $0["rule"]! }) as? [[String: Any]])
        XCTAssertEqual(answers.count, 1764)
        let all = String((0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) })
        var disagreements: [String] = []
        for (entry, answer) in zip(reference, answers) {
            let required = (answer["required"] as? [String])?.map { $0 == all ? "ascii-printable" : $0 }
            let allowed = answer["allowed"] as? String == all ? "ascii-printable" : answer["allowed"] as? String
            if answer["applied"] as? Bool != entry["applied"] as? Bool || required != entry["required"] as? [String] || allowed != entry["allowed"] as? String
                || answer["maxConsecutive"] as? Int != entry["maxConsecutive"] as? Int || answer["minLength"] as? Int != entry["minLength"] as? Int
                || answer["maxLength"] as? Int != entry["maxLength"] as? Int {
                disagreements.append("\(entry["rule"]!): oracle \(answer), reference \(entry)")
            }
        }
        XCTAssertTrue(disagreements.isEmpty, "\(disagreements.count) disagree:\n" + disagreements.prefix(10).joined(separator: "\n"))
    }

    /// Every rule of Apple's quirks list, and every malformed rule of the reference set, with
    /// `max-consecutive` rewritten to `max-repeating` and to `max-sequential`, and combined
    /// with a `max-repeating` or `max-sequential` given beside it: the effective rule and
    /// its deprecation diagnostics agree with the oracle.
    func testQuirksRulesRewrittenBothWaysAgreeWithTheOracle() throws {
        let data = try Data(contentsOf: ReferenceAgreementTests.fixtures.appendingPathComponent("password-rules.json"))
        let sites = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: [String: String]])
        let corpus = try sites.sorted { $0.key < $1.key }.map { try XCTUnwrap($0.value["password-rules"]) }
        XCTAssertEqual(corpus.count, 364)
        XCTAssertEqual(corpus.filter { $0.contains("max-consecutive") }.count, 76)
        let malformed = try Self.fixtureRules("reference-malformed.json").map { try XCTUnwrap($0["rule"] as? String) }
        var rules: [String] = []
        for rule in corpus + malformed {
            rules += ["max-repeating", "max-sequential"].map { rule.replacingOccurrences(of: "max-consecutive", with: $0) }
            rules += [rule, "max-repeating: 2; " + rule, "max-sequential: 4; " + rule]
        }
        let answers = try XCTUnwrap(try Self.oracle("effective", rules) as? [[String: Any]])
        XCTAssertEqual(answers.count, rules.count)
        var disagreements: [String] = []
        for (rule, answer) in zip(rules, answers) where Self.swiftReading(rule) != Self.oracleReading(answer) {
            disagreements.append("\(rule.debugDescription):\n  Swift  \(Self.swiftReading(rule))\n  oracle \(Self.oracleReading(answer))")
        }
        XCTAssertTrue(disagreements.isEmpty, "\(disagreements.count) of \(rules.count) rules disagree:\n" + disagreements.prefix(10).joined(separator: "\n"))
        // The sweep reaches what it is about: each way of limiting runs, and the alias.
        let readings = rules.map { PasswordRules(parsing: $0) }
        XCTAssertGreaterThanOrEqual(readings.filter { $0.maxRepeating != nil && $0.maxSequential == nil }.count, 76)
        XCTAssertGreaterThanOrEqual(readings.filter { $0.maxSequential != nil && $0.maxRepeating == nil }.count, 76)
        XCTAssertGreaterThanOrEqual(readings.filter { $0.maxConsecutive != nil && $0.maxRepeating != $0.maxSequential }.count, 76)
    }

    /// Whether any password can meet a rule: the package's reasoning against the oracle's
    /// exhaustive search, over small allowed sets (where run limits bite), with required
    /// classes, every mix of limits and minimum lengths, and typed on keyboards that have
    /// only some of the characters.
    func testUnmeetableRulesAgreeWithExhaustiveSearch() throws {
        let allowedSets = ["0", "01", "012", "0123", "ab", "abc", "az", "9a", "aA", "a!", "!", "!@", "xyz0", "abcd", "09"]
        let limits: [Int?] = [nil, 1, 2, 3]
        var cases: [(rule: String, typeable: String?)] = []
        for allowed in allowedSets {
            let members = allowed.map(String.init)
            let requiredSets: [[String]] = [[], [members[0]], [members.last!], [members[0], members.last!], [members[members.count / 2]]]
            for required in requiredSets {
                for repeating in limits {
                    for sequential in limits {
                        for minLength in [nil, 1, 2, 3, 5] as [Int?] {
                            var parts = ["allowed: [\(allowed)]"] + required.map { "required: [\($0)]" }
                            if let repeating, repeating == sequential {
                                parts.append("max-consecutive: \(repeating)")
                            } else {
                                parts += [repeating.map { "max-repeating: \($0)" }, sequential.map { "max-sequential: \($0)" }].compactMap { $0 }
                            }
                            if let minLength { parts.append("minlength: \(minLength)") }
                            let rule = parts.joined(separator: "; ")
                            cases += [nil, "0", "01", "ab!", "abc", "0a|"].map { (rule, $0) }
                        }
                    }
                }
            }
        }
        let request = cases.map { ["rule": $0.rule, "typeable": $0.typeable as Any] }
        let answers = try XCTUnwrap(try Self.oracle("meetable", request) as? [Bool])
        XCTAssertEqual(answers.count, cases.count)
        var disagreements: [String] = [], counts = (meetable: 0, unmeetable: 0, onlyOnTheKeyboard: 0)
        for (example, oracleMeets) in zip(cases, answers) {
            let rules = PasswordRules(parsing: example.rule)
            var meets = rules.unmeetableReasons.isEmpty
            if let typeable = example.typeable {
                meets = meets && KeyboardCoverage(rules: rules, typeable: Set(typeable.unicodeScalars)).canMeetRule
                if rules.unmeetableReasons.isEmpty && !meets { counts.onlyOnTheKeyboard += 1 }
            }
            if meets { counts.meetable += 1 } else { counts.unmeetable += 1 }
            if meets != oracleMeets {
                disagreements.append("\(example.rule) typed on \(example.typeable ?? "any keyboard"): Swift \(meets ? "meetable" : "unmeetable \(rules.unmeetableReasons)"), exhaustive search \(oracleMeets ? "meetable" : "unmeetable")")
            }
        }
        XCTAssertTrue(disagreements.isEmpty, "\(disagreements.count) of \(cases.count) disagree:\n" + disagreements.prefix(10).joined(separator: "\n"))
        XCTAssertGreaterThan(counts.unmeetable, 1000, "the sweep must hold rules no password can meet")
        XCTAssertGreaterThan(counts.meetable, 1000)
        XCTAssertGreaterThan(counts.onlyOnTheKeyboard, 100, "and rules only a keyboard's missing characters make unmeetable")
    }
}

/// A value handed between threads of a test.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); defer { lock.unlock() }; stored = newValue }
    }
}
