import Foundation
import KeyboardRenderer
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer
@testable import RenderKeyboardKit
@testable import KeyboardLint
import XCTest

/// The rules of `lint` (docs/lint.md) on themes and layouts written for each case. Expected
/// values are computed by hand (or with colour-science as an independent oracle), never taken
/// from the code under test.
final class LintTests: FolderTestCase {
    nonisolated(unsafe) private static let renderer = try? Renderer()

    private func lint(layouts: [String] = ["letters"], theme: String, devices: [String] = ["iphone-15"], level: LintLevel = .AA) throws -> LintReport {
        var request = LintRequest()
        request.layouts = layouts
        request.themes = [theme]
        request.devices = devices
        request.orientations = [.portrait]
        request.level = level
        return try request.run(with: XCTUnwrap(Self.renderer))
    }

    private func only(_ report: LintReport, _ rule: LintRule, field: String? = nil, simulation: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> LintFinding {
        let found = report.findings.filter { $0.rule == rule && (field == nil || $0.source.field == field) && (simulation == nil || $0.simulation == simulation) }
        XCTAssertEqual(found.count, 1, "\(rule.rawValue) \(field ?? ""): \(report.text())", file: file, line: line)
        return try XCTUnwrap(found.first, file: file, line: line)
    }

    // MARK: - text-contrast

    /// #777777 on white is 4.48:1, under AA's 4.5: an error naming the line and column of
    /// the `text` field (line 3, column 26 of the file below: `text` follows `{` there).
    func testGreyLabelsFailNamingTheirLine() throws {
        let theme = try write("grey.yaml", "name: Grey\nextends: default\nkeys: {content: {normal: {text: \"#777777\"}}}\n")
        let report = try lint(theme: theme)
        let finding = try only(report, .textContrast, field: "keys.content.normal.text")
        XCTAssertEqual(finding.severity, .error)
        XCTAssertEqual(finding.source.file, theme)
        XCTAssertEqual(finding.source.line, 3)
        XCTAssertEqual(finding.source.column, 27)
        XCTAssertEqual(finding.measured, 4.48, accuracy: 0.005)
        XCTAssertEqual(finding.needed, 4.5)
        XCTAssertEqual(finding.foreground, "#777777")
        XCTAssertEqual(finding.background, "#FFFFFF")
        XCTAssertEqual(finding.state, "normal")
        XCTAssertEqual(finding.keys.prefix(3), ["q", "w", "e"])
        XCTAssertTrue(finding.keys.contains("space"))
        XCTAssertTrue(report.text().contains("\(theme): keys.content.normal.text: text-contrast: 4.48 < 4.5 (error; #777777 on #FFFFFF, 22 pt, normal; line 3, column 27) [keys q w e r t y u i o p a s d f g h j k l z x c v b n m space]"), report.text())
    }

    /// JSON themes are located too (JSON is read as YAML). Label and face set side by side
    /// name the face: `"fill"` on line 4, column 6.
    func testJSONThemePositions() throws {
        let theme = try write("grey.json", "{\n  \"extends\": \"default\",\n  \"keys\": {\"content\": {\"normal\":\n    {\"fill\": \"#FFFFFF\", \"text\": \"#777777\"}}}\n}\n")
        let finding = try only(try lint(theme: theme), .textContrast, field: "keys.content.normal.fill")
        XCTAssertEqual(finding.source.line, 4)
        XCTAssertEqual(finding.source.column, 6)
        XCTAssertEqual(finding.foreground, "#777777")
    }

    /// #767676 is 4.54:1: no contrast error for the content keys.
    func testTheGreyThatPasses() throws {
        let theme = try write("grey.yaml", "extends: default\nkeys: {content: {normal: {text: \"#767676\"}}, enter: {normal: {fill: \"#0062CC\"}}}\n")
        let report = try lint(theme: theme)
        XCTAssertEqual(report.findings.filter { $0.rule == .textContrast }.count, 0, report.text())
        XCTAssertEqual(report.errors, 0)
    }

    /// AAA needs 7:1: #595959 on white (7.00) passes, #5A5A5A (6.9) fails.
    func testAAA() throws {
        let pass = try write("pass.yaml", "extends: default\nkeys: {content: {normal: {text: \"#595959\"}}, function: {normal: {text: \"#000000\"}}, enter: {normal: {fill: \"#0050A8\"}}}\n")
        XCTAssertEqual(try lint(theme: pass, level: .AAA).findings.filter { $0.rule == .textContrast && $0.source.field.hasPrefix("keys.content") }.count, 0)
        let fail = try write("fail.yaml", "extends: default\nkeys: {content: {normal: {text: \"#5A5A5A\"}}}\n")
        let finding = try only(try lint(theme: fail, level: .AAA), .textContrast, field: "keys.content.normal.text")
        XCTAssertEqual(finding.needed, 7)
    }

    /// A half-transparent black face (#00000080) over a white background is drawn #7F7F7F;
    /// white labels on it are 4.00:1 (colour-science: 4.0041).
    func testTranslucentFaceIsComposited() throws {
        let theme = try write("glass.yaml", "extends: default\nbackground: \"#FFFFFF\"\nkeys: {content: {normal: {fill: \"#00000080\", text: \"#FFFFFF\"}}}\n")
        let finding = try only(try lint(theme: theme), .textContrast, field: "keys.content.normal.fill")
        XCTAssertEqual(finding.background, "#7F7F7F")
        XCTAssertEqual(finding.foreground, "#FFFFFF")
        XCTAssertEqual(finding.measured, 4.0041, accuracy: 0.001)
        XCTAssertEqual(finding.source.line, 3)
    }

    /// A translucent label is blended into its face: black at 50 % over white is #7F7F7F on
    /// #FFFFFF, 4.00:1.
    func testTranslucentLabelIsComposited() throws {
        let theme = try write("faint.yaml", "extends: default\nkeys: {content: {normal: {text: \"#00000080\"}}}\n")
        let finding = try only(try lint(theme: theme), .textContrast, field: "keys.content.normal.text")
        XCTAssertEqual(finding.foreground, "#7F7F7F")
        XCTAssertEqual(finding.measured, 4.0041, accuracy: 0.001)
    }

    /// An image face white with bands of #595959 (3 rows in 10): the mean colour would pass black
    /// labels easily, but the lowest-contrast 5 % of the pixels under the label are the grey
    /// rows, 3.00:1 (colour-science: 2.998) — an error naming the `image` field.
    func testImageFaceIsMeasuredByItsPixels() throws {
        var rgba: [UInt8] = []
        for y in 0..<40 {
            for _ in 0..<40 { rgba += y % 10 < 3 ? [0x59, 0x59, 0x59, 255] : [255, 255, 255, 255] }
        }
        try Data(try PNGCodec.encode(RasterImage(width: 40, height: 40, rgba: rgba))).write(to: dir.appendingPathComponent("striped.png"))
        let theme = try write("striped.yaml", "extends: default\nkeys:\n  content:\n    normal: {fill: \"#FFFFFF\", text: \"#000000\", image: striped.png}\n")
        let finding = try only(try lint(theme: theme), .textContrast, field: "keys.content.normal.image")
        XCTAssertEqual(finding.background, "#595959")
        XCTAssertEqual(finding.measured, 2.998, accuracy: 0.001)
        XCTAssertEqual(finding.source.line, 4)
        XCTAssertEqual(finding.source.column, 48)
    }

    /// Function keys (no callout) pressed onto #595959 with black labels: 3.00:1, an error of
    /// the pressed state naming `keys.function.pressed.fill`.
    func testPressedStateContrast() throws {
        let theme = try write("pressed.yaml", "extends: default\nkeys:\n  function:\n    pressed: {fill: \"#595959\"}\n")
        let finding = try only(try lint(theme: theme), .textContrast, field: "keys.function.pressed.fill")
        XCTAssertEqual(finding.state, "pressed")
        XCTAssertEqual(finding.measured, 2.998, accuracy: 0.001)
        XCTAssertEqual(finding.source.line, 4)
        XCTAssertEqual(finding.source.column, 15)
        // Shift and delete draw icons, counted as large text: 2.998 fails their 3:1 as well.
        XCTAssertEqual(Set(finding.keys), ["123", "shift", "delete"])
    }

    /// A pressed face equal to the normal one (contrast 1, ΔE 0) is a `pressed-state` warning;
    /// with highlighting off the rule is skipped.
    func testPressedStateThatShowsNothing() throws {
        let theme = try write("flat.yaml", "extends: default\nkeys:\n  function:\n    pressed: {fill: \"#ABB0BA\"}\n")
        let finding = try only(try lint(theme: theme), .pressedState)
        XCTAssertEqual(finding.severity, .warning)
        XCTAssertEqual(finding.source.field, "keys.function.pressed.fill")
        XCTAssertEqual(finding.measured, 1, accuracy: 1e-9)
        let off = try write("off.yaml", "extends: flat.yaml\nhighlightOnPress: false\n")
        XCTAssertTrue(try lint(theme: off).findings.filter { $0.rule == .pressedState }.isEmpty)
    }

    /// White on #1A73E8 passes AA plainly (4.505:1) but not for protanopes (3.907) or
    /// tritanopes (3.818), as colour-science's Machado 2009 matrices give them: two
    /// `cvd-text-contrast` warnings and no error.
    func testColourVisionOnlyFailure() throws {
        let theme = try write("blue.yaml", "extends: default\nkeys: {enter: {normal: {fill: \"#1A73E8\", text: \"#FFFFFF\"}}}\n")
        let report = try lint(theme: theme)
        XCTAssertTrue(report.findings.filter { $0.rule == .textContrast }.isEmpty, report.text())
        let protan = try only(report, .cvdTextContrast, simulation: "protanopia")
        XCTAssertEqual(protan.measured, 3.9068, accuracy: 0.001)
        XCTAssertEqual(protan.severity, .warning)
        XCTAssertEqual(protan.keys, ["Done"])
        XCTAssertEqual(try only(report, .cvdTextContrast, simulation: "tritanopia").measured, 3.8181, accuracy: 0.001)
        XCTAssertTrue(report.findings.filter { $0.simulation == "deuteranopia" }.isEmpty)   // 4.80
        XCTAssertEqual(report.errors, 0)
    }

    /// A face too close to the background is a warning, never an error.
    func testKeyContrastIsAWarning() throws {
        let theme = try write("blue.yaml", "extends: default\nbackground: \"#D1D3D9\"\nkeys: {enter: {normal: {fill: \"#007AFF\", text: \"#000000\"}}}\n")
        let report = try lint(theme: theme)
        let finding = try only(report, .keyContrast, field: "keys.enter.normal.fill")
        XCTAssertEqual(finding.severity, .warning)
        XCTAssertEqual(finding.foreground, "#007AFF")
        XCTAssertEqual(finding.background, "#D1D3D9")
        // #D1D3D9: 0.2126 × 0.6376 + 0.7152 × 0.6514 + 0.0722 × 0.6939 = 0.6515; #007AFF: 0.2114
        // (both by hand); (0.6514 + 0.05) / (0.2114 + 0.05) = 2.68.
        XCTAssertEqual(finding.measured, 2.68, accuracy: 0.005)
        XCTAssertEqual(finding.source.line, 3)
    }

    // MARK: - Sizes

    private func oneRowLayout(height: Double, rows: Int, verticalGap: Double) throws -> String {
        let keys = (0..<(rows * 3)).map { "  - \"\($0)\"\n" }.joined()
        let rowLines = (0..<rows).map { _ in "    - {columns: 3}\n" }.joined()
        return try write("small.yaml", "name: small\nkeys:\n\(keys)portrait:\n  height: \(height)\n  horizontalGap: 6\n  verticalGap: \(verticalGap)\n  rows:\n\(rowLines)")
    }

    /// One row 20 pt high: every slot is 20 pt high with no key above or below, under WCAG's
    /// 24 × 24 pt: an error at the row's geometry.
    func testTargetSizeErrorFromFrames() throws {
        let layout = try oneRowLayout(height: 20, rows: 1, verticalGap: 0)
        let report = try lint(layouts: [layout], theme: "default")
        let finding = try only(report, .targetSize)
        XCTAssertEqual(finding.severity, .error)
        XCTAssertEqual(finding.measured, 20, accuracy: 1e-9)
        XCTAssertEqual(finding.needed, 24)
        XCTAssertEqual(finding.source.file, layout)
        XCTAssertEqual(finding.source.field, "portrait.rows[0]")
        XCTAssertEqual(finding.source.line, 11)
        XCTAssertEqual(finding.source.column, 7)
        XCTAssertEqual(finding.keys, ["0", "1", "2"])
    }

    /// Two rows of 20 pt with 8 pt between them: each slot takes half the gap, 24 pt, which
    /// meets the minimum; it is still under the 44 pt iOS asks for (a warning).
    func testTargetSlotTakesHalfTheGaps() throws {
        let layout = try oneRowLayout(height: 48, rows: 2, verticalGap: 8)
        let report = try lint(layouts: [layout], theme: "default")
        XCTAssertEqual(report.findings.filter { $0.rule == .targetSize && $0.severity == .error }.count, 0, report.text())
        let warnings = report.findings.filter { $0.rule == .targetSize }
        XCTAssertEqual(warnings.map(\.measured), [24, 24])
        XCTAssertEqual(warnings.map(\.needed), [44, 44])
        // On an Android device the recommendation is 48 dp.
        let android = try lint(layouts: [layout], theme: "default", devices: ["pixel-8"])
        XCTAssertEqual(android.findings.filter { $0.rule == .targetSize }.map(\.needed), [48, 48])
    }

    func testSmallLabels() throws {
        let theme = try write("small.yaml", "extends: default\nkeys: {content: {normal: {textSize: 9}}}\n")
        let finding = try only(try lint(theme: theme), .labelSize)
        XCTAssertEqual(finding.measured, 9)
        XCTAssertEqual(finding.source.field, "keys.content.normal.textSize")
        XCTAssertEqual(finding.source.line, 2)
    }

    // MARK: - Hostile themes

    /// Invisible labels on invisible keys over black: both are drawn black, the ratio is 1, an
    /// error naming the face (label and face are set side by side; the face is named).
    func testColoursAtTheLimits() throws {
        let theme = try write("clear.yaml", "extends: default\nbackground: \"#000\"\nkeys: {base: {normal: {fill: \"#00000000\", text: \"#FFFFFF00\"}}, content: {normal: {fill: \"#00000000\", text: \"#FFFFFF00\"}}, function: {normal: {fill: \"#00000000\", text: \"#FFFFFF00\"}}, enter: {normal: {fill: \"#00000000\", text: \"#FFFFFF00\"}}}\n")
        let report = try lint(theme: theme)
        let finding = try only(report, .textContrast, field: "keys.content.normal.fill")
        XCTAssertEqual(finding.measured, 1, accuracy: 1e-9)
        XCTAssertEqual(finding.foreground, "#000000")
        XCTAssertEqual(finding.background, "#000000")
    }

    /// A 1000 pt label (the largest a theme may set) is fitted to its key first and the
    /// check measures the fitted size: the letters come out large, but label fitting caps
    /// every other label at its theme size times the letters' shrink factor, so the Done label
    /// (16 pt in `default`) is drawn under 1 pt: a `label-size` warning it names.
    func testHugeFont() throws {
        let theme = try write("huge.yaml", "extends: default\nkeys: {content: {normal: {textSize: 1000}}}\n")
        let report = try lint(theme: theme)
        XCTAssertTrue(report.findings.filter { $0.rule == .labelSize && $0.source.field.hasPrefix("keys.content") }.isEmpty, report.text())
        let small = try only(report, .labelSize, field: "keys.enter.normal.textSize")
        XCTAssertEqual(small.keys, ["Done"])
        XCTAssertLessThan(small.measured, 1)
        // Inherited from the built-in: located at the named theme's extends line.
        XCTAssertEqual(small.source.file, theme)
        XCTAssertEqual(small.source.line, 1)
        XCTAssertEqual(small.source.inherited?.file, "themes/default.yaml")
        XCTAssertEqual(small.source.inherited?.isBuiltIn, true)
    }

    /// A callout's bubble counts as a face: against the keyboard background (key-contrast,
    /// a warning located at the callout's fill), as its label is read against it.
    func testACalloutBubbleIsAFaceAgainstTheBackground() throws {
        let theme = try write("bubble.yaml", "extends: default\nkeys: {content: {callout: {fill: \"#D1D3D9\"}}}\n")
        let report = try lint(theme: theme)
        let bubble = try only(report, .keyContrast, field: "keys.content.callout.fill")
        XCTAssertEqual(bubble.measured, 1, accuracy: 1e-9)
        XCTAssertEqual(bubble.state, "pressed")
        XCTAssertEqual(bubble.details, "callout #D1D3D9 on background #D1D3D9")
        XCTAssertEqual(bubble.keys.count, 27)
        XCTAssertEqual(bubble.source.file, theme)
        XCTAssertEqual(bubble.source.line, 2)
        // The built-in's white bubble on its grey background: 1.5:1, reported at the default theme.
        let plain = try lint(theme: "default")
        let white = try only(plain, .keyContrast, field: "keys.content.callout.fill")
        XCTAssertEqual(white.source.file, "themes/default.yaml")
        XCTAssertEqual(white.details, "callout #FFFFFF on background #D1D3D9")
    }

    /// SARIF's rule list is the rule table: every rule, in its order, with its summary, WCAG
    /// reference and default level.
    func testSARIFRulesAreTheRuleTable() throws {
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(LintReport(level: .AA, findings: [], checked: 0).sarif().utf8)) as? [String: Any])
        let rules = try XCTUnwrap((((log["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.compactMap { $0["id"] as? String }, LintRule.allCases.map(\.rawValue))
        for (rule, entry) in zip(LintRule.allCases, rules) {
            XCTAssertEqual((entry["shortDescription"] as? [String: String])?["text"], rule.summary)
            XCTAssertEqual(entry["helpUri"] as? String, rule.reference.url)
            XCTAssertTrue(((entry["help"] as? [String: String])?["text"])?.hasSuffix("See \(rule.reference.name): \(rule.reference.url)") == true)
        }
        XCTAssertEqual(rules.prefix(6).compactMap { ($0["defaultConfiguration"] as? [String: String])?["level"] }, ["error", "warning", "warning", "warning", "error", "warning"])
        XCTAssertTrue(LintRule.helpList.hasPrefix("text-contrast (error), cvd-text-contrast (warning), "), LintRule.helpList)
    }

    /// Keys squeezed to no width by their row's margins: the solver's own error, as `render`
    /// gives it, and no crash.
    func testZeroSizeKeys() throws {
        let layout = try write("zero.yaml", "name: zero\nkeys: [a, b]\nportrait:\n  height: 40\n  rows:\n    - {columns: 2, margin: {left: \"50%\", right: \"50%\"}}\n")
        XCTAssertThrowsError(try lint(layouts: [layout], theme: "default")) { error in
            XCTAssertEqual("\(error)", "\(layout): portrait.rows[0]: no room for keys[0]…keys[1]: the segment from x 196.5 to 196.5 pt leaves 0 pt after gaps and paddings on a keyboard 393 pt wide")
        }
    }
}

/// Names reach the terminal through the one rule of messages (`TerminalText`): a file name
/// with an escape sequence, a bidirectional override or a line separator cannot forge a line of
/// a lint report any more than one of `validate`'s.
final class LintTextSafetyTests: XCTestCase {
    func testLintTextWritesFileNamesAndFieldsAsMessagesDo() {
        let file = "brand\u{1B}[2J\u{202E}.yaml\nfake.yaml: ok"
        let finding = LintFinding(rule: .textContrast, severity: .error, source: SourcePosition(file: file, field: "keys.enter.normal.fill\u{2028}"), layout: "letters", theme: "t", device: "iphone-15", orientation: "portrait", state: "normal", keys: ["Done"], measured: 2, needed: 4.5, details: "#FFFFFF on #999999")
        let text = LintReport(level: .AA, findings: [finding], checked: 1).text()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 3, text)
        XCTAssertTrue(lines[0].hasPrefix("brand\\u{1B}[2J\\u{202E}.yaml\\nfake.yaml: ok: keys.enter.normal.fill\\u{2028}: text-contrast: 2 < 4.5 ("), String(lines[0]))
        XCTAssertTrue(lines[0].hasPrefix(Diagnostic(file: file, path: "keys.enter.normal.fill\u{2028}", reason: "").description.dropLast()), "the same escapes as validate's messages")
        XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E || $0.value == 0x2028 })
    }

    /// The file an inherited value comes from is printed by the same rule.
    func testTheInheritedFromFileIsEscapedToo() {
        let source = SourcePosition(file: "brand.yaml", field: "keys.enter.normal.fill", line: 2, column: 1, inherited: .init(file: "base\u{1B}]0;owned\u{7}\n.yaml", line: 17))
        let finding = LintFinding(rule: .textContrast, severity: .error, source: source, layout: "letters", theme: "t", device: "iphone-15", orientation: "portrait", state: "normal", keys: ["Done\u{1B}[31m"], measured: 2, needed: 4.5, details: "#FFFFFF on #999999")
        let text = LintReport(level: .AA, findings: [finding], checked: 1).text()
        XCTAssertEqual(text.split(separator: "\n").count, 2, text)
        XCTAssertTrue(text.contains("[keys Done\\u{1B}[31m] (from base\\u{1B}]0;owned\\u{7}\\n.yaml:17)\n"), text)
        XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }
}
