import Foundation
import XCTest

/// `lint` of a Snygg stylesheet points at the rule and property that set each value, with
/// their lines and columns, in text, JSON and SARIF (docs/lint.md "Where a finding points").
final class SnyggLintTests: CommandTestCase {
    /// Line numbers matter: the rule `key` is on line 5, `key[code=10]` on line 9, its
    /// `background` on line 10.
    private static let sheet = """
        {
          "$schema": "https://schemas.florisboard.org/snygg/v2/stylesheet",
          "@defines": {"--face": "#FFFFFF", "--ink": "#EEEEEE"},
          "window": {"background": "#E0E0E0"},
          "key": {
            "background": "var(--face)",
            "foreground": "var(--ink)"
          },
          "key[code=10]": {
            "background": "#4CAF50",
            "foreground": "#FFFFFF"
          }
        }

        """

    private let one = ["--layouts", "letters", "--devices", "pixel-8", "--orientations", "portrait"]

    func testFindingsNameTheRuleAndPropertyWithTheirLinesAndColumns() throws {
        let dir = try temporaryDirectory()
        try Self.sheet.write(to: dir.appendingPathComponent("sheet.json"), atomically: true, encoding: .utf8)
        let text = try run(["lint", "--themes", "sheet.json"] + one, in: dir)
        XCTAssertEqual(text.status, 1, text.stderr)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        // The letters' label on their face, both set by the plain rule: the face's property is
        // named (line 6, column 5; the rule at line 5, column 3).
        XCTAssertTrue(lines.contains { $0.hasPrefix("sheet.json: key.background: text-contrast: 1.16 < 4.5 (error; #EEEEEE on #FFFFFF, ") && $0.contains("; line 6, column 5 in the rule at line 5, column 3) [keys q w e") }, text.stdout)
        // The return key's face, set by its own rule.
        XCTAssertTrue(lines.contains { $0.hasPrefix("sheet.json: key[code=10].background: key-contrast: 2.11 < 3 (warning; face #4CAF50 on background #E0E0E0; line 10, column 5 in the rule at line 9, column 3) [keys Done]") }, text.stdout)
        XCTAssertFalse(text.stdout.contains("keys.content"), "no field of the engine's own themes is named: \(text.stdout)")

        XCTAssertEqual(try run(["lint", "--themes", "sheet.json", "--format", "sarif", "-o", "lint.sarif"] + one, in: dir).status, 1)
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("lint.sarif"))) as? [String: Any])
        let results = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let done = try XCTUnwrap(results.first { (($0["message"] as? [String: Any])?["text"] as? String)?.hasPrefix("key\\[code=10\\].background: 2.11 < 3") == true })
        let region = (((done["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Int])
        XCTAssertEqual(region, ["startLine": 10, "startColumn": 5])
        let related = try XCTUnwrap((done["relatedLocations"] as? [[String: Any]])?.first)
        XCTAssertEqual(related["id"] as? Int, 2)
        XCTAssertEqual(((related["physicalLocation"] as? [String: Any])?["region"] as? [String: Int]), ["startLine": 9, "startColumn": 3])

        let json = try run(["lint", "--themes", "sheet.json", "--format", "json"] + one, in: dir)
        XCTAssertTrue(json.stdout.contains("\"field\" : \"key[code=10].background\""), json.stdout)
        XCTAssertTrue(json.stdout.contains("\"selector\" : {\n        \"column\" : 3,\n        \"line\" : 9\n      }"), json.stdout)
    }

    /// A value taken through `var()` that is no colour is a problem of the `@defines` entry
    /// that holds it, which is what `validate` (and a broken file in `serve`) names.
    func testAVariablesBadValueIsNamedAtItsDefinition() throws {
        let dir = try temporaryDirectory()
        try Self.sheet.replacingOccurrences(of: "\"--face\": \"#FFFFFF\"", with: "\"--face\": \"#GGG\"").write(to: dir.appendingPathComponent("sheet.json"), atomically: true, encoding: .utf8)
        let result = try run(["validate", "sheet.json"], in: dir)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, "sheet.json: @defines.--face: a colour is #RRGGBB or #RRGGBBAA (the value of var(--face), which key.background uses)\n")
    }
}
