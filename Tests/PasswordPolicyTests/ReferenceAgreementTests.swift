import Foundation
import PasswordPolicy
import XCTest

/// The effective rule must equal that of Apple's reference parser.
///
/// How the expected results were produced: Apple's `tools/PasswordRulesParser.js` (from
/// apple/password-manager-resources, MIT) was run under Node 20, outside this repository,
/// over every rule of `Fixtures/password-rules.json` (Apple's `quirks/password-rules.json`,
/// kept here with its licence) and over malformed rules made by deleting, inserting and
/// swapping characters and grammar tokens in those rules (a fixed random seed), plus random
/// token soups. For each rule it recorded `parsePasswordRules(rule, false)` (what Safari
/// applies) with every class expanded to its characters in code-point order (all 95 printable
/// ASCII characters written `ascii-printable`), and `applied` = whether the internal parse
/// returned a rule rather than discarding it. Nothing in these files comes from this package.
final class ReferenceAgreementTests: XCTestCase {
    struct Expected {
        var rule: String
        var applied: Bool
        var required: [String]
        var allowed: String
        var maxConsecutive: Int?
        var minLength: Int?
        var maxLength: Int?
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func load(_ name: String) throws -> [Expected] {
        let data = try Data(contentsOf: fixtures.appendingPathComponent(name))
        let entries = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return try entries.map { entry in
            Expected(
                rule: try XCTUnwrap(entry["rule"] as? String),
                applied: try XCTUnwrap(entry["applied"] as? Bool),
                required: try XCTUnwrap(entry["required"] as? [String]),
                allowed: try XCTUnwrap(entry["allowed"] as? String),
                maxConsecutive: entry["maxConsecutive"] as? Int,
                minLength: entry["minLength"] as? Int,
                maxLength: entry["maxLength"] as? Int
            )
        }
    }

    /// A class in the fixtures' form.
    static func fixtureForm(_ characterClass: PasswordCharacterClass) -> String {
        switch characterClass {
        case .unicode: return "unicode"
        case .ascii(let set): return set.isFull ? "ascii-printable" : set.characters
        }
    }

    func assertAgreement(_ expected: [Expected], file: StaticString = #filePath, line: UInt = #line) {
        var disagreements: [String] = []
        for entry in expected {
            let rules = PasswordRules(parsing: entry.rule)
            let required = rules.required.map(Self.fixtureForm)
            let allowed = Self.fixtureForm(rules.allowed)
            if rules.applied != entry.applied || required != entry.required || allowed != entry.allowed
                || rules.maxConsecutive != entry.maxConsecutive || rules.minLength != entry.minLength
                || rules.maxLength != entry.maxLength {
                disagreements.append("\(entry.rule.debugDescription): expected applied \(entry.applied) required \(entry.required) allowed \(entry.allowed) max-consecutive \(String(describing: entry.maxConsecutive)) minlength \(String(describing: entry.minLength)) maxlength \(String(describing: entry.maxLength)); got applied \(rules.applied) required \(required) allowed \(allowed) max-consecutive \(String(describing: rules.maxConsecutive)) minlength \(String(describing: rules.minLength)) maxlength \(String(describing: rules.maxLength))")
            }
        }
        XCTAssertTrue(disagreements.isEmpty, "\(disagreements.count) of \(expected.count) rules disagree with the reference:\n" + disagreements.prefix(20).joined(separator: "\n"), file: file, line: line)
    }

    /// Every site of Apple's corpus file, looked up by its rule in the reference results.
    func testEveryCorpusRuleMatchesTheReference() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("password-rules.json"))
        let sites = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: [String: String]])
        let reference = try Self.load("reference-corpus.json")
        let byRule = Dictionary(reference.map { ($0.rule, $0) }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(sites.count, 364)
        var expected: [Expected] = []
        for (site, entry) in sites.sorted(by: { $0.key < $1.key }) {
            let rule = try XCTUnwrap(entry["password-rules"], site)
            expected.append(try XCTUnwrap(byRule[rule], "\(site): no reference result for its rule"))
        }
        assertAgreement(expected)
    }

    func testMalformedRulesMatchTheReference() throws {
        let expected = try Self.load("reference-malformed.json")
        XCTAssertGreaterThan(expected.count, 1000)
        XCTAssertGreaterThan(expected.filter { !$0.applied }.count, 100, "the set must include rules Safari discards")
        assertAgreement(expected)
    }
}
