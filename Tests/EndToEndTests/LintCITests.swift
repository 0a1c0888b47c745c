import Foundation
import XCTest

/// `lint` in a team's CI (docs/lint.md), as a design-system team runs it: files named
/// relative to the root however they are reached, inherited values blamed on the team's file,
/// fingerprints that survive moves and inserted lines, baselines and `--fail-on`, suppressions
/// in SARIF, Android pads located at their elements, and every log valid against the whole
/// SARIF 2.1.0 schema.
final class LintCITests: CommandTestCase {
    private let one = ["--layouts", "letters", "--devices", "iphone-15", "--orientations", "portrait"]

    /// The light theme sets a white callout bubble and leaves its text to the key's (black);
    /// the dark theme extends it with white labels, so its callout draws white on white.
    private static let lightStandalone = """
        name: Brand light
        background: "#D1D3D9"
        keys:
          base:
            normal: {textSize: 22}
          content:
            normal: {fill: "#FFFFFF", text: "#000000"}
            pressed: {fill: "#B5B8BE"}
            callout: {enabled: true, fill: "#FFFFFF"}
          function:
            normal: {fill: "#ABB0BA", text: "#000000", textSize: 16}
            pressed: {fill: "#FFFFFF"}
          enter:
            normal: {fill: "#0062CC", text: "#FFFFFF", textSize: 16}
            pressed: {fill: "#004C9E"}

        """
    private static let dark = """
        name: Brand dark
        extends: brand-light.yaml
        background: "#202124"
        keys:
          content:
            normal: {fill: "#3C4043", text: "#FFFFFF"}
            pressed: {fill: "#5F6368"}
          function:
            normal: {fill: "#5F6368", text: "#FFFFFF"}
            pressed: {fill: "#3C4043"}

        """

    /// `FOLDER/repo/themes/brand-{light,dark}.yaml`, with `lines` comment lines above each
    /// file's first line.
    private func repository(in folder: URL, lines: Int = 0) throws -> URL {
        let repo = folder.appendingPathComponent("repo")
        let themes = repo.appendingPathComponent("themes")
        try FileManager.default.createDirectory(at: themes, withIntermediateDirectories: true)
        let comments = String(repeating: "# a comment line above everything\n", count: lines)
        try (comments + Self.lightStandalone).write(to: themes.appendingPathComponent("brand-light.yaml"), atomically: true, encoding: .utf8)
        try (comments + Self.dark).write(to: themes.appendingPathComponent("brand-dark.yaml"), atomically: true, encoding: .utf8)
        return repo
    }

    private func json(_ url: URL) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    private func results(_ log: [String: Any]) throws -> [[String: Any]] {
        try XCTUnwrap((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    }

    private func fingerprint(_ result: [String: Any]) -> String {
        (result["partialFingerprints"] as? [String: String])?["renderKeyboard/v1"] ?? ""
    }

    private func location(_ result: [String: Any]) -> (uri: String?, base: String?, line: Int?) {
        let physical = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        let artifact = physical?["artifactLocation"] as? [String: Any]
        return (artifact?["uri"] as? String, artifact?["uriBaseId"] as? String, (physical?["region"] as? [String: Any])?["startLine"] as? Int)
    }

    // MARK: - Locations and blame

    /// The team's dark theme inherits the light callout: the error is on the dark theme's own
    /// file, at its `extends:` line, with the light file's line as where the value comes from.
    func testTheDarkThemeThatInheritsALightCalloutGetsAnErrorOnItsOwnFile() throws {
        let repo = try repository(in: try temporaryDirectory())
        let result = try run(["lint", "--themes", "themes/brand-dark.yaml"] + one, in: repo)
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        let line = try XCTUnwrap(result.stdout.split(separator: "\n").first { $0.contains("text-contrast") }, result.stdout)
        XCTAssertEqual(String(line), "themes/brand-dark.yaml: keys.content.callout.fill: text-contrast: 1 < 3 (error; #FFFFFF on #FFFFFF, 44 pt, large text, pressed; line 2, column 1) [keys q w e r t y u i o p a s d f g h j k l z x c v b n m space] (from themes/brand-light.yaml:9)")

        let sarif = repo.appendingPathComponent("lint.sarif")
        XCTAssertEqual(try run(["lint", "--themes", "themes/brand-dark.yaml", "--format", "sarif", "-o", "lint.sarif"] + one, in: repo).status, 1)
        let error = try XCTUnwrap(try results(json(sarif)).first { $0["ruleId"] as? String == "text-contrast" })
        XCTAssertEqual(location(error).uri, "themes/brand-dark.yaml")
        XCTAssertEqual(location(error).base, "%SRCROOT%")
        XCTAssertEqual(location(error).line, 2)
        let related = try XCTUnwrap((error["relatedLocations"] as? [[String: Any]])?.first)
        XCTAssertEqual(location(["locations": [related]]).uri, "themes/brand-light.yaml")
        XCTAssertEqual(location(["locations": [related]]).line, 9)
        XCTAssertTrue(((error["message"] as? [String: Any])?["text"] as? String)?.hasSuffix("; inherited from [themes/brand-light.yaml:9](1)") == true)
    }

    /// One file is named one way: given, or reached through `extends`; run from the root or
    /// from a subfolder with `--root`; and a file outside the root is named by its absolute
    /// path (SARIF: an absolute `file://` URI).
    func testTheSameFileIsNamedTheSameWayGivenOrThroughExtends() throws {
        let folder = try temporaryDirectory()
        let repo = try repository(in: folder)
        let both = ["--themes", "themes/brand-light.yaml,themes/brand-dark.yaml"]
        let fromRoot = try run(["lint"] + both + one, in: repo)
        let fromThemes = try run(["lint", "--themes", "brand-light.yaml,../themes/brand-dark.yaml", "--root", ".."] + one, in: repo.appendingPathComponent("themes"))
        XCTAssertEqual(fromRoot.stdout, fromThemes.stdout)
        let files = Set(fromRoot.stdout.split(separator: "\n").dropLast().map { String($0.prefix { $0 != ":" }) })
        XCTAssertEqual(files, ["themes/brand-light.yaml", "themes/brand-dark.yaml", "layouts/letters.yaml"], fromRoot.stdout)

        let outside = try run(["lint", "--themes", "repo/themes/brand-dark.yaml", "--root", "repo/themes", "--format", "sarif", "-o", "out.sarif"] + one, in: folder)
        XCTAssertEqual(outside.status, 1, outside.stderr)
        let log = try json(folder.appendingPathComponent("out.sarif"))
        let bases = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first?["originalUriBaseIds"] as? [String: [String: Any]])
        XCTAssertEqual(bases["%SRCROOT%"]?["uri"] as? String, "file://" + folder.path + "/repo/themes/")
        let uris = Set(try results(log).compactMap { location($0).uri })
        XCTAssertTrue(uris.contains("brand-dark.yaml"), "\(uris)")
        XCTAssertTrue(uris.contains("layouts/letters.yaml"), "the built-in: \(uris)")
        let builtIn = try XCTUnwrap(try results(log).first { location($0).uri == "layouts/letters.yaml" })
        XCTAssertEqual(location(builtIn).base, "RENDER_KEYBOARD_BUILTINS")

        let other = folder.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try "extends: ../repo/themes/brand-dark.yaml\nkeys: {function: {normal: {text: \"#5F6368\"}}}\n".write(to: other.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        let away = try run(["lint", "--themes", "other/t.yaml", "--root", "repo", "--format", "sarif", "-o", "away.sarif"] + one, in: folder)
        XCTAssertEqual(away.status, 1, away.stderr)
        let awayResults = try results(json(folder.appendingPathComponent("away.sarif")))
        let own = try XCTUnwrap(awayResults.first { (($0["message"] as? [String: Any])?["text"] as? String ?? "").hasPrefix("keys.function.normal.text:") })
        XCTAssertEqual(location(own).uri, "file://" + other.path + "/t.yaml")
        XCTAssertNil(location(own).base)
        let related = awayResults.compactMap { $0["relatedLocations"] }.map { location(["locations": $0]) }
        XCTAssertFalse(related.isEmpty)
        XCTAssertTrue(related.allSatisfy { ["themes/brand-dark.yaml", "themes/brand-light.yaml"].contains($0.uri) && $0.base == "%SRCROOT%" }, "\(related)")
        let json = try run(["lint", "--themes", "other/t.yaml", "--root", "repo", "--format", "json"] + one, in: folder)
        XCTAssertTrue(json.stdout.contains("\"file\" : \"\(other.path)/t.yaml\""), json.stdout)
        XCTAssertTrue(json.stdout.contains("\"file\" : \"themes/brand-dark.yaml\""), json.stdout)

        let noRoot = try run(["lint", "--root", "nowhere"] + one, in: folder)
        XCTAssertEqual(noRoot.status, 2)
        XCTAssertTrue(noRoot.stderr.hasPrefix("Error: --root: no folder named \"nowhere\"\n"), noRoot.stderr)
    }

    // MARK: - Fingerprints, baselines and gates

    /// Two runs from different working folders, of copies of the repository in different
    /// places with lines inserted above every finding, give the same fingerprints (and
    /// different lines): files are named relative to the root, wherever it lies.
    func testFingerprintsIgnoreTheCheckoutsPlaceTheWorkingFolderAndLines() throws {
        let first = try repository(in: try temporaryDirectory())
        let second = try repository(in: try temporaryDirectory().appendingPathComponent("elsewhere"), lines: 3)
        XCTAssertEqual(try run(["lint", "--themes", "themes/brand-dark.yaml", "--format", "sarif", "-o", "a.sarif"] + one, in: first).status, 1)
        let moved = try run(["lint", "--themes", "brand-dark.yaml", "--root", "..", "--format", "sarif", "-o", "../b.sarif"] + one, in: second.appendingPathComponent("themes"))
        XCTAssertEqual(moved.status, 1, moved.stderr)
        let a = try results(json(first.appendingPathComponent("a.sarif")))
        let b = try results(json(second.appendingPathComponent("b.sarif")))
        XCTAssertEqual(a.count, b.count)
        XCTAssertGreaterThan(a.count, 3)
        XCTAssertEqual(a.map(fingerprint), b.map(fingerprint))
        XCTAssertEqual(Set(a.map(fingerprint)).count, a.count, "one fingerprint a result")
        XCTAssertTrue(a.allSatisfy { fingerprint($0).count == 32 && fingerprint($0).allSatisfy(\.isHexDigit) })
        // The same findings, moved down three lines, named from another folder.
        let own = zip(a, b).filter { location($0.0).uri == "themes/brand-dark.yaml" }
        XCTAssertFalse(own.isEmpty)
        for (x, y) in own {
            XCTAssertEqual(location(y).uri, "themes/brand-dark.yaml")
            XCTAssertEqual(location(y).line, location(x).line.map { $0 + 3 })
        }
    }

    /// `a/brand.yaml` and `b/brand.yaml` are two files: a baseline of the first's findings
    /// does not hide the second's.
    func testTwoFilesOfOneNameInTwoFoldersHaveTheirOwnFingerprints() throws {
        let repo = try temporaryDirectory()
        for folder in ["a", "b"] {
            try FileManager.default.createDirectory(at: repo.appendingPathComponent(folder), withIntermediateDirectories: true)
            try "extends: default\nkeys: {content: {normal: {text: \"#999999\"}}}\n".write(to: repo.appendingPathComponent("\(folder)/brand.yaml"), atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(try run(["lint", "--themes", "a/brand.yaml", "--format", "sarif", "-o", "a.sarif"] + one, in: repo).status, 1)
        let both = try run(["lint", "--themes", "a/brand.yaml,b/brand.yaml", "--baseline", "a.sarif", "--format", "sarif", "-o", "both.sarif"] + one, in: repo)
        XCTAssertEqual(both.status, 1, both.stderr)
        let results = try results(json(repo.appendingPathComponent("both.sarif")))
        let byFile = Dictionary(grouping: results) { location($0).uri ?? "" }
        XCTAssertEqual(Set(byFile["a/brand.yaml"]?.map { $0["baselineState"] as? String } ?? []), ["unchanged"])
        XCTAssertEqual(Set(byFile["b/brand.yaml"]?.map { $0["baselineState"] as? String } ?? []), ["new"])
        XCTAssertTrue(Set(byFile["a/brand.yaml"]?.map(fingerprint) ?? []).isDisjoint(with: byFile["b/brand.yaml"]?.map(fingerprint) ?? []))
    }

    /// A finding the baseline holds that got worse by more than its rule's step (a label at
    /// 4.48:1 now at 1.16:1) is `worsened` in every format and fails the run; a move within
    /// the step (4.48:1 to 4.42:1) is `unchanged`.
    func testAFindingThatGotWorseIsWorsenedAndFailsTheRun() throws {
        let repo = try temporaryDirectory()
        let theme = repo.appendingPathComponent("brand.yaml")
        func text(_ colour: String) throws {
            try "extends: default\nkeys: {content: {normal: {text: \"\(colour)\"}}}\n".write(to: theme, atomically: true, encoding: .utf8)
        }
        let lint = ["lint", "--themes", "brand.yaml", "--layouts", "letters", "--devices", "iphone-15", "--orientations", "portrait"]
        try text("#777777")
        XCTAssertEqual(try run(lint + ["--format", "json", "-o", "base.json"], in: repo).status, 1)
        try text("#787878")
        let within = try run(lint + ["--baseline", "base.json"], in: repo)
        XCTAssertEqual(within.status, 0, within.stdout)
        XCTAssertTrue(within.stdout.contains("text-contrast: 4.42 < 4.5 ("), within.stdout)
        XCTAssertTrue(within.stdout.contains("\nlint: 1 error (0 new), "), within.stdout)
        try text("#EEEEEE")
        let worse = try run(lint + ["--baseline", "base.json"], in: repo)
        XCTAssertEqual(worse.status, 1, worse.stdout)
        XCTAssertTrue(worse.stdout.contains("brand.yaml: keys.content.normal.text: text-contrast: 1.16 < 4.5 (") && worse.stdout.contains(" (worsened: 4.48 → 1.16)\n"), worse.stdout)
        XCTAssertTrue(worse.stdout.contains("\nlint: 1 error (0 new, 1 worsened), "), worse.stdout)
        XCTAssertEqual(try run(lint + ["--baseline", "base.json", "--fail-on", "none"], in: repo).status, 0)
        XCTAssertEqual(try run(lint + ["--baseline", "base.json", "--format", "sarif", "-o", "worse.sarif"], in: repo).status, 1)
        let result = try XCTUnwrap(try results(json(repo.appendingPathComponent("worse.sarif"))).first { $0["ruleId"] as? String == "text-contrast" })
        XCTAssertEqual(result["baselineState"] as? String, "updated")
        XCTAssertEqual((result["properties"] as? [String: Any])?["baselineMeasured"] as? Double, 4.478)
        XCTAssertEqual((result["properties"] as? [String: Any])?["measured"] as? Double, 1.16)
        // A SARIF report is a baseline with its measures too.
        XCTAssertEqual(try run(lint + ["--baseline", "worse.sarif"], in: repo).status, 0, "1.16 against 1.16: unchanged")
        try text("#777777")
        XCTAssertEqual(try run(lint + ["--format", "sarif", "-o", "base.sarif"], in: repo).status, 1)
        try text("#EEEEEE")
        let json = try run(lint + ["--baseline", "base.sarif", "--format", "json"], in: repo)
        XCTAssertEqual(json.status, 1, json.stderr)
        XCTAssertTrue(json.stdout.contains("\"baselineState\" : \"worsened\""), json.stdout)
        XCTAssertTrue(json.stdout.contains("\"worsenedErrors\" : 1"), json.stdout)
    }

    /// A run against its own report as baseline passes; one new error fails the run with
    /// exactly one `new` result, counted apart in the summary; a JSON report is a baseline too.
    func testABaselineRunPassesAndOneNewErrorFailsWithOneNewResult() throws {
        let repo = try repository(in: try temporaryDirectory())
        XCTAssertEqual(try run(["lint", "--themes", "themes/brand-dark.yaml", "--format", "sarif", "-o", "baseline.sarif"] + one, in: repo).status, 1)
        let again = try run(["lint", "--themes", "themes/brand-dark.yaml", "--baseline", "baseline.sarif", "--format", "sarif", "-o", "again.sarif"] + one, in: repo)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.hasPrefix("again.sarif: 1 error (0 new), "), again.stderr)
        XCTAssertEqual(Set(try results(json(repo.appendingPathComponent("again.sarif"))).map { $0["baselineState"] as? String }), ["unchanged"])

        // A lighter return key under its white label: one new error.
        try (Self.dark + "  enter:\n    normal: {fill: \"#4C8DF6\"}\n").write(to: repo.appendingPathComponent("themes/brand-dark.yaml"), atomically: true, encoding: .utf8)
        let changed = try run(["lint", "--themes", "themes/brand-dark.yaml", "--baseline", "baseline.sarif", "--format", "sarif", "-o", "new.sarif"] + one, in: repo)
        XCTAssertEqual(changed.status, 1, changed.stderr)
        XCTAssertTrue(changed.stderr.hasPrefix("new.sarif: 2 errors (1 new), "), changed.stderr)
        let new = try results(json(repo.appendingPathComponent("new.sarif"))).filter { $0["baselineState"] as? String == "new" }
        XCTAssertEqual(new.count, 1, "\(new)")
        XCTAssertEqual(new.first?["ruleId"] as? String, "text-contrast")
        XCTAssertTrue(((new.first?["message"] as? [String: Any])?["text"] as? String)?.hasPrefix("keys.enter.normal.fill: ") == true)

        let text = try run(["lint", "--themes", "themes/brand-dark.yaml", "--baseline", "baseline.sarif"] + one, in: repo)
        XCTAssertEqual(text.stdout.split(separator: "\n").filter { $0.hasSuffix(" (new)") }.count, 1, text.stdout)
        XCTAssertTrue(text.stdout.contains("\nlint: 2 errors (1 new), "), text.stdout)

        // A JSON report holds the fingerprints too.
        XCTAssertEqual(try run(["lint", "--themes", "themes/brand-dark.yaml", "--format", "json", "-o", "now.json"] + one, in: repo).status, 1)
        XCTAssertEqual(try run(["lint", "--themes", "themes/brand-dark.yaml", "--baseline", "now.json"] + one, in: repo).status, 0)
    }

    /// `--fail-on warning` fails on a new warning, `none` on nothing; the baseline applies.
    func testFailOn() throws {
        let repo = try repository(in: try temporaryDirectory())
        let light = ["lint", "--themes", "themes/brand-light.yaml"] + one
        XCTAssertEqual(try run(light, in: repo).status, 0, "warnings only")
        XCTAssertEqual(try run(light + ["--fail-on", "warning"], in: repo).status, 1)
        XCTAssertEqual(try run(light + ["--fail-on", "error"], in: repo).status, 0)
        XCTAssertEqual(try run(["lint", "--themes", "themes/brand-dark.yaml", "--fail-on", "none"] + one, in: repo).status, 0, "an error, not failing")
        XCTAssertEqual(try run(light + ["--format", "json", "-o", "light.json"], in: repo).status, 0)
        XCTAssertEqual(try run(light + ["--fail-on", "warning", "--baseline", "light.json"], in: repo).status, 0, "every warning in the baseline")
        let bad = try run(light + ["--fail-on", "warnings"], in: repo)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.hasPrefix("Error: --fail-on"), bad.stderr)
    }

    /// A baseline that is not a report of lint, or that `-o` would overwrite, is refused
    /// with exit 2 and the file's name; nothing is written.
    func testBadBaselinesExitTwo() throws {
        let dir = try temporaryDirectory()
        let cases: [(String, String, String)] = [
            ("text.sarif", "not json", "text.sarif: is not a JSON object: give a SARIF or JSON report of render-keyboard lint\n"),
            ("list.json", "[1, 2]", "list.json: is not a JSON object: give a SARIF or JSON report of render-keyboard lint\n"),
            ("other.json", "{\"a\": 1}", "other.json: is neither a SARIF log (runs) nor a JSON report (findings) of render-keyboard lint\n"),
            ("old.sarif", "{\"runs\": [{\"results\": [{\"ruleId\": \"x\"}]}]}", "old.sarif: runs[0].results[0].partialFingerprints: is missing: the report was not written by this version of render-keyboard lint; write the baseline again\n"),
            ("old.json", "{\"findings\": [{\"rule\": \"x\"}]}", "old.json: findings[0].fingerprint: is missing: the report was not written by this version of render-keyboard lint; write the baseline again\n"),
            ("deep.json", String(repeating: "[", count: 100_000), "deep.json: nests deeper than 64 levels, deeper than any lint report\n"),
            ("deep-field.json", "{\"findings\": [{\"fingerprint\": " + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}]}",
             "deep-field.json: findings[0].fingerprint: nests deeper than 64 levels, deeper than any lint report\n"),
            ("measured.json", "{\"findings\": [{\"fingerprint\": \"ab\", \"measured\": \"x\"}]}", "measured.json: findings[0].measured: is not a number\n"),
            ("number.sarif", "{\"runs\": [{\"results\": [{\"partialFingerprints\": {\"renderKeyboard/v1\": 5}}]}]}", "number.sarif: runs[0].results[0].partialFingerprints.renderKeyboard/v1: is not text\n"),
            ("runs.sarif", "{\"runs\": 3}", "runs.sarif: runs: is not a list of objects\n"),
        ]
        for (name, content, message) in cases {
            try content.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
            let result = try run(["lint", "--baseline", name, "-o", "out.txt"] + one, in: dir, capped: true)
            XCTAssertEqual(result.status, 2, name)
            XCTAssertEqual(result.stderr, message, name)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.txt").path), name)
        }
        // Over the limit of 16 MiB: refused before it is parsed.
        FileManager.default.createFile(atPath: dir.appendingPathComponent("huge.json").path, contents: Data(count: (16 << 20) + 1))
        let huge = try run(["lint", "--baseline", "huge.json"] + one, in: dir, capped: true)
        XCTAssertEqual(huge.status, 2)
        XCTAssertTrue(huge.stderr.hasPrefix("huge.json: "), huge.stderr)
        XCTAssertTrue(huge.stderr.contains("16777216"), huge.stderr)
        let missing = try run(["lint", "--baseline", "none.sarif"] + one, in: dir)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("none.sarif: cannot read file"), missing.stderr)
        try "{\"findings\": []}".write(to: dir.appendingPathComponent("b.json"), atomically: true, encoding: .utf8)
        let same = try run(["lint", "--baseline", "b.json", "-o", "./b.json"] + one, in: dir)
        XCTAssertEqual(same.status, 2)
        XCTAssertTrue(same.stderr.hasPrefix("Error: -o names the baseline \"b.json\"; write the report to another file\n"), same.stderr)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("b.json"), encoding: .utf8), "{\"findings\": []}")
    }

    /// Names reach the terminal through the one terminal-safe rule: the report file's name in
    /// the summary on standard error, and a theme's name in the report's lines.
    func testNamesAreEscapedOnTheTerminal() throws {
        let repo = try repository(in: try temporaryDirectory())
        let hostile = "dark\u{1B}[2J\nfake: ok.yaml"
        try FileManager.default.copyItem(at: repo.appendingPathComponent("themes/brand-dark.yaml"), to: repo.appendingPathComponent("themes/" + hostile))
        let out = "out\u{1B}]0;x\u{7}.txt"
        let result = try run(["lint", "--themes", "themes/" + hostile, "-o", out] + one, in: repo)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("out\\u{1B}]0;x\\u{7}.txt: 1 error, "), result.stderr)
        let report = try String(contentsOf: repo.appendingPathComponent(out), encoding: .utf8)
        XCTAssertTrue(report.hasPrefix("themes/dark\\u{1B}[2J\\nfake: ok.yaml: keys.content.callout.fill: text-contrast: "), report)
        XCTAssertFalse((result.stderr + report).unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    // MARK: - Suppressions and Android pads

    /// A finding a file keeps is a suppressed SARIF result (`inSource`, with the reason), and
    /// does not fail the run.
    func testSuppressionsInSARIF() throws {
        let repo = try repository(in: try temporaryDirectory())
        let kept = Self.dark + "lint:\n  ignore:\n    - {rule: text-contrast, field: keys.content.callout, reason: \"the bubble is redrawn by the app\"}\n"
        try kept.write(to: repo.appendingPathComponent("themes/brand-dark.yaml"), atomically: true, encoding: .utf8)
        let result = try run(["lint", "--themes", "themes/brand-dark.yaml", "--format", "sarif", "-o", "lint.sarif"] + one, in: repo)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains(", 1 ignored at AA"), result.stderr)
        let error = try XCTUnwrap(try results(json(repo.appendingPathComponent("lint.sarif"))).first { $0["ruleId"] as? String == "text-contrast" })
        XCTAssertEqual(error["suppressions"] as? [[String: String]], [["kind": "inSource", "justification": "the bubble is redrawn by the app"]])
        try validate(repo.appendingPathComponent("lint.sarif"))
    }

    /// An Android pad's findings name the `<Row>` (or the `<Key>` that sizes itself) by its
    /// field path, line and column.
    func testAndroidPadsAreLocatedAtTheirElements() throws {
        let dir = try temporaryDirectory()
        let xml = dir.appendingPathComponent("res/xml")
        try FileManager.default.createDirectory(at: xml, withIntermediateDirectories: true)
        try """
            <?xml version="1.0" encoding="utf-8"?>
            <Keyboard xmlns:android="http://schemas.android.com/apk/res/android"
                android:keyWidth="33.33%p" android:keyHeight="40dp">
              <Row>
                <Key android:codes="49" android:keyLabel="1" />
                <Key android:codes="50" android:keyLabel="2" />
                <Key android:codes="51" android:keyLabel="3" />
              </Row>
                <Row android:keyHeight="20dp">
                  <Key android:codes="52" android:keyLabel="4" />
                  <Key android:codes="53" android:keyLabel="5" /><Key android:codes="54" android:keyLabel="6" android:keyWidth="10%p" />
                </Row>
            </Keyboard>
            """.write(to: xml.appendingPathComponent("pad.xml"), atomically: true, encoding: .utf8)
        let result = try run(["lint", "--layouts", "res/xml/pad.xml", "--themes", "default", "--devices", "pixel-8", "--orientations", "portrait", "--format", "json"], in: dir)
        XCTAssertEqual(result.status, 1, result.stderr)
        let findings = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
        let sizes = findings.filter { $0["rule"] as? String == "target-size" }
        func place(_ f: [String: Any]) -> String { "\(f["file"] as? String ?? ""):\(f["field"] as? String ?? ""):\(f["line"] as? Int ?? 0):\(f["column"] as? Int ?? 0):\(f["keys"] as? [String] ?? [])" }
        XCTAssertEqual(Set(sizes.map(place)), [
            "res/xml/pad.xml:Row[0]:4:3:[\"1\", \"2\", \"3\"]",
            "res/xml/pad.xml:Row[1]:9:5:[\"4\", \"5\"]",
            "res/xml/pad.xml:Row[1].Key[2]:11:54:[\"6\"]",
        ], "\(sizes)")
    }

    // MARK: - The built-ins

    /// The whole default sweep (every built-in layout and theme, every device preset, both
    /// orientations) passes AA: no error but the ones the iOS themes keep on purpose (Apple's
    /// blue return keys, suppressed with their reasons); its SARIF meets the schema and is
    /// the golden `Fixtures/lint-builtins.sarif` (the root's URI, the version and the rule
    /// list, which the rule table makes, set aside).
    /// `GOLDEN_RECORD=1` writes the golden again, and fails.
    func testBuiltInsHaveNoUnsuppressedErrorsAtAA() throws {
        let dir = try temporaryDirectory()
        let output = dir.appendingPathComponent("builtins.sarif")
        let result = try run(["lint", "--format", "sarif", "-o", output.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("\(output.path): 0 errors, ") && result.stderr.hasSuffix(" warnings, 4 ignored at AA on 1692 keyboards\n"), result.stderr)
        let log = try json(output)
        let all = try results(log)
        let errors = all.filter { $0["level"] as? String == "error" }
        XCTAssertEqual(errors.filter { $0["suppressions"] == nil }.count, 0, "\(errors)")
        XCTAssertEqual(errors.count, 4)
        for error in errors {
            XCTAssertTrue(((error["message"] as? [String: Any])?["text"] as? String)?.hasPrefix("keys.enter.normal.fill: ") == true, "\(error)")
            XCTAssertTrue(((error["suppressions"] as? [[String: String]])?.first?["justification"])?.hasPrefix("reproduces Apple's") == true, "\(error)")
        }
        try validate(output)

        var normalized = log
        var runs = try XCTUnwrap(normalized["runs"] as? [[String: Any]])
        var tool = try XCTUnwrap(runs[0]["tool"] as? [String: Any])
        var driver = try XCTUnwrap(tool["driver"] as? [String: Any])
        let version = try XCTUnwrap(driver["version"] as? String)
        driver["version"] = "VERSION"
        // The rules come from the rule table (LintTests checks them); a new rule adds to them.
        driver["rules"] = nil
        tool["driver"] = driver
        runs[0]["tool"] = tool
        var bases = try XCTUnwrap(runs[0]["originalUriBaseIds"] as? [String: Any])
        XCTAssertEqual((bases["%SRCROOT%"] as? [String: Any])?["uri"] as? String, "file://" + Self.packageDirectory.path + "/")
        bases["%SRCROOT%"] = ["uri": "file:///ROOT/"]
        runs[0]["originalUriBaseIds"] = bases
        normalized["runs"] = runs
        let data = try JSONSerialization.data(withJSONObject: normalized, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "render-keyboard \(version),", with: "render-keyboard VERSION,") + "\n"
        let golden = Self.packageDirectory.appendingPathComponent("Tests/EndToEndTests/Fixtures/lint-builtins.sarif")
        if ["1", "true", "yes"].contains(ProcessInfo.processInfo.environment["GOLDEN_RECORD"]?.lowercased() ?? "") {
            try text.write(to: golden, atomically: true, encoding: .utf8)
            XCTFail("recorded \(golden.path); run again without GOLDEN_RECORD")
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        if text != expected {
            let failed = dir.appendingPathComponent("lint-builtins.sarif")
            try text.write(to: failed, atomically: true, encoding: .utf8)
            XCTFail("the built-ins' SARIF differs from Fixtures/lint-builtins.sarif; see `diff \(golden.path) \(failed.path)`, or record with GOLDEN_RECORD=1")
        }
    }

    // MARK: - The SARIF schema

    /// Validates a SARIF log against the whole SARIF 2.1.0 schema (a copy in Fixtures) with
    /// the Python `jsonschema` package, formats (URIs) included.
    private func validate(_ log: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let schema = Self.packageDirectory.appendingPathComponent("Tests/EndToEndTests/Fixtures/sarif-schema-2.1.0.json")
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", """
            import json, sys
            import jsonschema
            schema = json.load(open(sys.argv[1]))
            log = json.load(open(sys.argv[2]))
            checker = jsonschema.FormatChecker()
            assert not checker.conforms("a b", "uri-reference"), "URI formats are not checked: pip install rfc3986-validator"
            errors = list(jsonschema.Draft4Validator(schema, format_checker=checker).iter_errors(log))
            for e in errors[:5]:
                print(list(e.absolute_path), e.message, file=sys.stderr)
            sys.exit(1 if errors else 0)
            """, schema.path, log.path]
        let errors = Pipe()
        check.standardError = errors
        try check.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        XCTAssertEqual(check.terminationStatus, 0, text, file: file, line: line)
    }

    /// A log with every part lint writes — suppressions, baselineState, relatedLocations,
    /// originalUriBaseIds with the built-ins' base, fingerprints — meets the schema; a log
    /// broken on purpose does not, so the check can fail.
    func testSARIFMeetsTheWholeSchema() throws {
        let repo = try repository(in: try temporaryDirectory())
        let kept = Self.dark + "lint:\n  ignore:\n    - {rule: key-contrast, field: keys, reason: \"dark keys on a dark background, as the platform draws them\"}\n"
        try kept.write(to: repo.appendingPathComponent("themes/brand-dark.yaml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try run(["lint", "--themes", "themes/brand-dark.yaml", "--format", "json", "-o", "base.json"] + one, in: repo).status, 1)
        XCTAssertEqual(try run(["lint", "--themes", "themes/brand-dark.yaml,themes/brand-light.yaml", "--baseline", "base.json", "--format", "sarif", "-o", "all.sarif"] + one, in: repo).status, 0)
        let url = repo.appendingPathComponent("all.sarif")
        let log = try json(url)
        let all = try results(log)
        XCTAssertTrue(all.contains { $0["suppressions"] != nil })
        XCTAssertTrue(all.contains { $0["relatedLocations"] != nil })
        XCTAssertEqual(Set(all.compactMap { $0["baselineState"] as? String }), ["new", "unchanged"])
        let bases = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first?["originalUriBaseIds"] as? [String: Any])
        XCTAssertEqual(Set(bases.keys), ["%SRCROOT%", "RENDER_KEYBOARD_BUILTINS"])
        try validate(url)

        var broken = log
        var runs = try XCTUnwrap(broken["runs"] as? [[String: Any]])
        var first = all[0]
        first["baselineState"] = "changed-a-bit"
        runs[0]["results"] = [first]
        broken["runs"] = runs
        let bad = repo.appendingPathComponent("bad.sarif")
        try JSONSerialization.data(withJSONObject: broken).write(to: bad)
        let schema = Self.packageDirectory.appendingPathComponent("Tests/EndToEndTests/Fixtures/sarif-schema-2.1.0.json")
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", "import json, sys, jsonschema; jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1])))", schema.path, bad.path]
        check.standardError = Pipe()
        try check.run()
        check.waitUntilExit()
        XCTAssertNotEqual(check.terminationStatus, 0, "an unknown baselineState passes the schema")
    }
}
