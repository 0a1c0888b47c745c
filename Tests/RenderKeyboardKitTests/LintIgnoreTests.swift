import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine
import RenderKeyboardKit
import KeyboardLint
import XCTest

/// `lint.ignore` in themes and layouts (docs/lint.md): a matching finding is kept, marked with the
/// file's reason, and not counted; a bad entry is an error naming `lint.ignore[N].FIELD`.
final class LintIgnoreTests: FolderTestCase {
    nonisolated(unsafe) private static let renderer = try? Renderer()

    private func lint(layout: String = "letters", theme: String) throws -> LintReport {
        var request = LintRequest()
        request.layouts = [layout]
        request.themes = [theme]
        request.devices = ["iphone-15"]
        request.orientations = [.portrait]
        return try request.run(with: XCTUnwrap(Self.renderer))
    }

    /// Grey labels (#777777 on white, 4.48:1) fail AA on content keys; the theme's entry for
    /// `keys.content` keeps the finding, marked, and the run passes.
    private let greyTheme = "extends: default\nkeys: {content: {normal: {text: \"#777777\"}}}\n"

    func testAMatchingFindingIsKeptMarkedAndNotCounted() throws {
        let counted = try lint(theme: write("grey.yaml", greyTheme))
        XCTAssertEqual(counted.errors, 1, counted.text())
        let theme = try write("kept.yaml", greyTheme + "lint:\n  ignore:\n    - {rule: text-contrast, field: keys.content, reason: \"brand grey, agreed with the designers\"}\n")
        let report = try lint(theme: theme)
        XCTAssertEqual(report.errors, 0, report.text())
        XCTAssertEqual(report.ignored, 1)
        XCTAssertEqual(report.warnings, counted.warnings)
        let finding = try XCTUnwrap(report.findings.first { $0.rule == .textContrast })
        XCTAssertEqual(finding.source.field, "keys.content.normal.text")
        XCTAssertEqual(finding.ignored, "brand grey, agreed with the designers")
        let text = report.text()
        XCTAssertTrue(text.contains("[keys q w e r t y u i o p a s d f g h j k l z x c v b n m space] (ignored: brand grey, agreed with the designers)\n"), text)
        XCTAssertTrue(text.hasSuffix("lint: 0 errors, \(counted.warnings) warnings, 1 ignored at AA on 1 keyboard\n"), text)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        let findings = try XCTUnwrap(json["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.first { $0["rule"] as? String == "text-contrast" }?["ignored"] as? String, "brand grey, agreed with the designers")
        XCTAssertTrue(findings.filter { $0["rule"] as? String != "text-contrast" }.allSatisfy { $0["ignored"] is NSNull })
        XCTAssertEqual((json["summary"] as? [String: Int])?["ignored"], 1)
        XCTAssertEqual((json["summary"] as? [String: Int])?["errors"], 0)
    }

    /// Only the rule named, and only fields under the path: `keys.function` does not cover
    /// `keys.content.normal.text`, nor does its sibling `keys.content.normal.fill`.
    func testTheRuleAndThePathPrefixMustMatch() throws {
        for (n, entry) in [
            "{rule: cvd-text-contrast, field: keys.content, reason: wrong rule}",
            "{rule: text-contrast, field: keys.function, reason: another class}",
            "{rule: text-contrast, field: keys.content.normal.fill, reason: another field}",
        ].enumerated() {
            let report = try lint(theme: write("t\(n).yaml", greyTheme + "lint: {ignore: [\(entry)]}\n"))
            XCTAssertEqual(report.errors, 1, "\(entry): \(report.text())")
            XCTAssertEqual(report.ignored, 0, entry)
        }
        let exact = try lint(theme: write("exact.yaml", greyTheme + "lint: {ignore: [{rule: text-contrast, field: keys.content.normal.text, reason: the field itself}]}\n"))
        XCTAssertEqual(exact.errors, 0, exact.text())
    }

    /// A theme keeps the entries of the themes it extends; the most specific file's reason is shown.
    func testEntriesAreInheritedThroughExtends() throws {
        let parent = try write("parent.yaml", greyTheme + "lint: {ignore: [{rule: text-contrast, field: keys.content, reason: the parent's reason}]}\n")
        let child = try write("child.yaml", "extends: parent.yaml\nname: Child\n")
        XCTAssertEqual(try lint(theme: child).ignored, 1)
        let own = try write("own.yaml", "extends: parent.yaml\nlint: {ignore: [{rule: text-contrast, field: keys.content, reason: the child's reason}]}\n")
        XCTAssertEqual(try lint(theme: own).findings.first { $0.rule == .textContrast }?.ignored, "the child's reason")
        _ = parent
    }

    /// A layout's entries cover findings located in the layout: a row too short to touch.
    func testALayoutKeepsItsOwnFindings() throws {
        let layout = try write("small.yaml", "name: small\nkeys: [\"1\", \"2\", \"3\"]\nportrait: {height: 20, horizontalGap: 6, rows: [{columns: 3}]}\nlint:\n  ignore: [{rule: target-size, field: portrait.rows, reason: a one-row strip drawn for a slide}]\n")
        let report = try lint(layout: layout, theme: "default")
        XCTAssertEqual(report.errors, 0, report.text())
        let finding = try XCTUnwrap(report.findings.first { $0.rule == .targetSize })
        XCTAssertEqual(finding.source.field, "portrait.rows[0]")
        XCTAssertEqual(finding.ignored, "a one-row strip drawn for a slide")
        // A theme cannot name the layout's field: it matches nothing a theme has.
        let theme = try write("t.yaml", "extends: default\nlint: {ignore: [{rule: target-size, field: portrait, reason: not the theme's}]}\n")
        XCTAssertThrowsError(try ThemeLoader.load(theme)) { error in
            XCTAssertEqual((error as? DiagnosticList)?.diagnostics.map(\.path), ["lint.ignore[0].field"])
        }
    }

    /// The built-in iOS themes keep Apple's blue return key: white on #007AFF is 4.0:1 and on
    /// #0A84FF 3.6:1, under AA's 4.5, and each theme says why.
    func testTheIOSThemesKeepAppleBlue() throws {
        for (theme, ratio) in [("ios", 4.02), ("ios-dark", 3.65), ("ios26", 4.02), ("ios26-dark", 3.65)] {
            let report = try lint(theme: theme)
            XCTAssertEqual(report.errors, 0, report.text())
            let finding = try XCTUnwrap(report.findings.first { $0.rule == .textContrast }, theme)
            XCTAssertEqual(finding.severity, .error)
            XCTAssertEqual(finding.keys, ["Done"])
            XCTAssertEqual(finding.source.field, "keys.enter.normal.fill")
            XCTAssertEqual(finding.measured, ratio, accuracy: 0.005, theme)
            XCTAssertTrue(finding.ignored?.hasPrefix("reproduces Apple's") == true, "\(theme): \(String(describing: finding.ignored))")
        }
    }

    /// Bad entries are errors at `lint.ignore[N].FIELD`, in themes and layouts alike.
    func testBadEntriesNameTheirField() throws {
        let cases: [(String, String, String)] = [
            ("{rule: text-contrast, field: keys.enter}", "lint.ignore[0].reason", "is required: say why the finding is kept"),
            ("{rule: text-contrast, field: keys.enter, reason: \"\"}", "lint.ignore[0].reason", "must say something: it is empty or holds only characters that show nothing"),
            ("{rule: text-contrast, field: keys.enter, reason: \"  \"}", "lint.ignore[0].reason", "must say something"),
            // Characters that show nothing are no reason either: zero-width, fillers, blanks.
            ("{rule: text-contrast, field: keys.enter, reason: \"\\u200B\\u200D\\uFEFF\"}", "lint.ignore[0].reason", "must say something"),
            ("{rule: text-contrast, field: keys.enter, reason: \"\u{3164}\u{2800}\u{3000}\"}", "lint.ignore[0].reason", "must say something"),
            ("{rule: text-contrast, field: keys.enter, reason: \"\\u00A0\\u2060\\u034F\"}", "lint.ignore[0].reason", "must say something"),
            ("{rule: contrast, field: keys.enter, reason: why}", "lint.ignore[0].rule", "\"contrast\" is not one of text-contrast, cvd-text-contrast, key-contrast, pressed-state, target-size, label-size"),
            ("{field: keys.enter, reason: why}", "lint.ignore[0].rule", "is required: one of text-contrast"),
            ("{rule: text-contrast, reason: why}", "lint.ignore[0].field", "is required"),
            ("{rule: text-contrast, field: keys.enter, reason: why, until: 2030}", "lint.ignore[0].until", "unknown field \"until\""),
            ("{rule: text-contrast, field: keys.enter, reason: \"a\\u001Bb\"}", "lint.ignore[0].reason", "the control character U+001B"),
            // A field that matches nothing a theme has.
            ("{rule: text-contrast, field: keys.cont, reason: half a name}", "lint.ignore[0].field", "\"keys.cont\" matches no key class: keys.CLASS with CLASS one of base, content, function, enter"),
            ("{rule: text-contrast, field: keys.enter.normal.fil, reason: why}", "lint.ignore[0].field", "\"keys.enter.normal.fil\" matches no key style field; did you mean fill?"),
            ("{rule: text-contrast, field: keys.enter.hover, reason: why}", "lint.ignore[0].field", "matches no state: STATE one of normal, pressed, callout"),
            ("{rule: text-contrast, field: keys.enter.callout.image, reason: why}", "lint.ignore[0].field", "matches no callout field"),
            ("{rule: key-contrast, field: background, reason: why}", "lint.ignore[0].field", "matches no field lint reports in a theme"),
            ("{rule: key-contrast, field: \"keys[0]\", reason: why}", "lint.ignore[0].field", "\"keys[0]\" matches no key class"),
            ("{rule: key-contrast, field: \"keys..enter\", reason: why}", "lint.ignore[0].field", "is not a field path"),
            // A finding's field is matched as text: an index is written as lint writes it.
            ("{rule: key-contrast, field: \"keys[00]\", reason: why}", "lint.ignore[0].field", "is not a field path"),
        ]
        for (entry, path, reason) in cases {
            let theme = try write("bad.yaml", "extends: default\nlint: {ignore: [\(entry)]}\n")
            XCTAssertThrowsError(try ThemeLoader.load(theme), entry) { error in
                let problem = (error as? DiagnosticList)?.diagnostics.first
                XCTAssertEqual(problem?.file, theme, entry)
                XCTAssertEqual(problem?.path, path, entry)
                XCTAssertTrue(problem?.reason.contains(reason) == true, "\(entry): \(String(describing: problem))")
            }
        }
        let layout = try write("bad-layout.yaml", "keys: [a]\nportrait: {height: 50, rows: [{columns: 1}]}\nlint: {ignore: [{rule: target-size, field: portrait}, {rule: nope, field: portrait.rows, reason: y}]}\n")
        XCTAssertThrowsError(try LayoutLoader.load(layout)) { error in
            XCTAssertEqual((error as? DiagnosticList)?.diagnostics.map(\.path), ["lint.ignore[0].reason", "lint.ignore[1].rule"])
        }
        // In a layout: keys by their index, rows of the geometries it has.
        for (field, reason) in [
            ("\"keys[1]\"", "\"keys[1]\" matches no key: keys[N] with N from 0 to 0"),
            ("\"keys[0].label\"", "matches no field lint reports in a layout's key: keys[N].appearance.STATE.FIELD"),
            ("\"keys[0].appearance.normal.colour\"", "matches no key style field"),
            ("\"portrait.rows[1]\"", "\"portrait.rows[1]\" matches no row: portrait.rows[N] with N from 0 to 0"),
            ("landscape", "matches no field lint reports in this layout: keys[N].appearance.STATE.FIELD or portrait.rows[N]"),
            ("portrait.height", "matches no field lint reports in a layout's geometry: portrait.rows[N]"),
            ("\"portrait.rows[00]\"", "is not a field path"),
            ("\"portrait.rows[+0]\"", "is not a field path"),
            ("\"keys[-0].appearance\"", "is not a field path"),
        ] {
            let file = try write("layout-field.yaml", "keys: [a]\nportrait: {height: 50, rows: [{columns: 1}]}\nlint: {ignore: [{rule: target-size, field: \(field), reason: y}]}\n")
            XCTAssertThrowsError(try LayoutLoader.load(file), field) { error in
                let problem = (error as? DiagnosticList)?.diagnostics.first
                XCTAssertEqual(problem?.path, "lint.ignore[0].field", field)
                XCTAssertTrue(problem?.reason.contains(reason) == true, "\(field): \(String(describing: problem))")
            }
        }
        for field in ["keys", "\"keys[0]\"", "\"keys[0].appearance.callout.fill\"", "portrait", "portrait.rows", "\"portrait.rows[0]\""] {
            let file = try write("layout-good.yaml", "keys: [a]\nportrait: {height: 50, rows: [{columns: 1}]}\nlint: {ignore: [{rule: target-size, field: \(field), reason: y}]}\n")
            XCTAssertNoThrow(try LayoutLoader.load(file), field)
        }
    }
}
