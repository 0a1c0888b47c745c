import Foundation
import XCTest

/// `render-keyboard lint` as users run it: exit statuses, the three formats, `-o`.
final class LintCommandTests: CommandTestCase {
    private let one = ["--layouts", "letters", "--devices", "iphone-15", "--orientations", "portrait"]

    /// A theme whose labels are grey #777777 (4.48:1 on white).
    private func greyTheme(_ dir: URL) throws -> String {
        let path = dir.appendingPathComponent("grey.yaml").path
        try "name: Grey\nextends: default\nkeys:\n  content:\n    normal: {text: \"#777777\"}\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testErrorsExitOneAndNameTheLine() throws {
        let theme = try greyTheme(try temporaryDirectory())
        let result = try run(["lint", "--themes", theme] + one)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("\(theme): keys.content.normal.text: text-contrast: 4.48 < 4.5 (error; #777777 on #FFFFFF, 22 pt, normal; line 5, column 14) [keys q w e r t y u i o p a s d f g h j k l z x c v b n m space]"), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("at AA on 1 keyboard\n"), result.stdout)
        XCTAssertEqual(result.stderr, "")
    }

    /// Warnings alone never fail the run.
    func testWarningsOnlyExitZero() throws {
        let dir = try temporaryDirectory()
        let theme = dir.appendingPathComponent("ok.yaml").path
        try "extends: default\nkeys: {enter: {normal: {fill: \"#0062CC\"}}}\n".write(toFile: theme, atomically: true, encoding: .utf8)
        let result = try run(["lint", "--themes", theme] + one)
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertTrue(result.stdout.contains("key-contrast"), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("lint: 0 errors, \(result.stdout.split(separator: "\n").count - 1) warnings at AA on 1 keyboard\n"), result.stdout)
    }

    func testJSONReport() throws {
        let dir = try temporaryDirectory()
        let theme = try greyTheme(dir)
        let output = dir.appendingPathComponent("lint.json")
        let result = try run(["lint", "--themes", theme, "--format", "json", "-o", output.path, "--level", "AAA"] + one)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("\(output.path): "), result.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any])
        XCTAssertEqual(object["level"] as? String, "AAA")
        let findings = try XCTUnwrap(object["findings"] as? [[String: Any]])
        let grey = try XCTUnwrap(findings.first { $0["field"] as? String == "keys.content.normal.text" })
        XCTAssertEqual(grey["rule"] as? String, "text-contrast")
        XCTAssertEqual(grey["severity"] as? String, "error")
        XCTAssertEqual(grey["file"] as? String, theme)
        XCTAssertEqual(grey["line"] as? Int, 5)
        XCTAssertEqual(grey["column"] as? Int, 14)
        XCTAssertEqual(grey["needed"] as? Double, 7)
        XCTAssertEqual(grey["foreground"] as? String, "#777777")
        XCTAssertEqual(grey["background"] as? String, "#FFFFFF")
        XCTAssertEqual(grey["textSize"] as? Double, 22)
        XCTAssertEqual(grey["state"] as? String, "normal")
        XCTAssertEqual(grey["layout"] as? String, "letters")
        XCTAssertEqual(grey["device"] as? String, "iphone-15")
        XCTAssertEqual(grey["orientation"] as? String, "portrait")
        XCTAssertTrue(grey["simulation"] is NSNull)
        XCTAssertEqual(grey["measured"] as? Double, 4.478)
        let summary = try XCTUnwrap(object["summary"] as? [String: Int])
        XCTAssertEqual(summary["checked"], 1)
        XCTAssertEqual(summary["errors"], findings.filter { $0["severity"] as? String == "error" }.count)
    }

    /// The SARIF log passes the whole SARIF 2.1.0 schema (checked with the Python `jsonschema`
    /// package) and locates the result at the field's line and column.
    func testSARIFMeetsTheSchema() throws {
        let dir = try temporaryDirectory()
        let theme = try greyTheme(dir)
        let output = dir.appendingPathComponent("lint.sarif")
        let result = try run(["lint", "--themes", theme, "--format", "sarif", "-o", output.path] + one)
        XCTAssertEqual(result.status, 1)
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any])
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        let runs = try XCTUnwrap(log["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.count, 1)
        let driver = try XCTUnwrap((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.prefix(6).compactMap { $0["id"] as? String }, ["text-contrast", "cvd-text-contrast", "key-contrast", "pressed-state", "target-size", "label-size"])
        XCTAssertTrue((rules[4]["helpUri"] as? String)?.contains("target-size-minimum") == true)
        let results = try XCTUnwrap(runs[0]["results"] as? [[String: Any]])
        let grey = try XCTUnwrap(results.first { ($0["message"] as? [String: Any])?["text"] as? String ?? "" == "" ? false : (($0["message"] as? [String: Any])?["text"] as? String)!.hasPrefix("keys.content.normal.text:") })
        XCTAssertEqual(grey["ruleId"] as? String, "text-contrast")
        XCTAssertEqual(grey["level"] as? String, "error")
        let location = try XCTUnwrap(((grey["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
        // A file outside the root (the working folder) is an absolute file:// URI.
        XCTAssertEqual((location["artifactLocation"] as? [String: Any])?["uri"] as? String, "file://" + theme)
        XCTAssertEqual((location["region"] as? [String: Any])?["startLine"] as? Int, 5)
        XCTAssertEqual((location["region"] as? [String: Any])?["startColumn"] as? Int, 14)

        let schema = Self.packageDirectory.appendingPathComponent("Tests/EndToEndTests/Fixtures/sarif-schema-2.1.0.json")
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", """
            import json, sys
            try:
                import jsonschema
            except ImportError:
                sys.exit(77)
            schema = json.load(open(sys.argv[1]))
            log = json.load(open(sys.argv[2]))
            jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker()).validate(log)
            """, schema.path, output.path]
        let errors = Pipe()
        check.standardError = errors
        try check.run()
        check.waitUntilExit()
        if check.terminationStatus == 77 { throw MissingTool("the Python jsonschema package is not installed (scripts/setup.sh installs it)") }
        XCTAssertEqual(check.terminationStatus, 0, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    func testUsageErrorsExitTwo() throws {
        for (arguments, message) in [
            (["--level", "A"], "Error: --level"),
            (["--format", "xml"], "Error: --format"),
            (["--orientations", "sideways"], "Error: --orientations takes portrait, landscape or both (found \"sideways\")."),
            (["--devices", "iphone-99"], "Error: --devices: \"iphone-99\" is not a device preset"),
            (["--themes", "default,"], "Error: --themes: give one or more names or files, separated by commas"),
        ] {
            let result = try run(["lint"] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "")
        }
    }

    /// An invalid input is not a failing finding: exit 2 (the exit contract), so a CI tells a
    /// contrast error from a typo.
    func testBadThemeFileExitsTwoWithItsField() throws {
        let dir = try temporaryDirectory()
        let theme = dir.appendingPathComponent("bad.yaml").path
        try "keys: {content: {normal: {text: \"#GGG\"}}}\n".write(toFile: theme, atomically: true, encoding: .utf8)
        let result = try run(["lint", "--themes", theme] + one)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "\(theme): keys.content.normal.text: \"#GGG\" is not a colour (#RGB, #RRGGBB or #RRGGBBAA)\n")
        XCTAssertEqual(result.stdout, "")
    }

    func testHelpNamesTheRules() throws {
        let result = try run(["lint", "--help"])
        XCTAssertEqual(result.status, 0)
        for word in ["--layouts", "--themes", "--devices", "--orientations", "--level", "--format", "--root", "--fail-on", "--baseline"] {
            XCTAssertTrue(result.stdout.contains(word), word)
        }
        // The rules and their severities come from the rule table: every rule SARIF lists.
        let flowing = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(flowing.contains("Rules: text-contrast (error), cvd-text-contrast (warning), key-contrast (warning), pressed-state (warning), target-size (error below 24 × 24 pt, warning below 44 pt on iOS and 48 dp on Android), label-size (warning)"), flowing)
        let sarif = try run(["lint", "--format", "sarif", "--themes", "default", "--layouts", "numbers", "--devices", "iphone-15", "--orientations", "portrait"])
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let rules = try XCTUnwrap((((log["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        XCTAssertGreaterThanOrEqual(rules.count, 6)
        for rule in rules {
            let id = try XCTUnwrap(rule["id"] as? String)
            XCTAssertTrue(flowing.contains(" \(id) ("), "the help leaves out \(id)")
        }
    }
}
