import Foundation
import LayoutEngine

/// What a lint run found, merged (one finding per style and rule, with every key it
/// affects), and its three written forms: text, JSON and SARIF 2.1.0 (SPEC §12).
public struct LintReport: Sendable, Hashable {
    /// The level checked.
    public var level: LintLevel
    /// Errors first, then warnings.
    public var findings: [LintFinding]
    /// How many keyboards (layout × theme × device × orientation) were checked.
    public var checked: Int

    /// A report.
    public init(level: LintLevel, findings: [LintFinding], checked: Int) {
        self.level = level
        self.findings = findings
        self.checked = checked
    }

    /// The number of errors, ignored findings left out.
    public var errors: Int { findings.filter { $0.severity == .error && $0.ignored == nil }.count }
    /// The number of warnings, ignored findings left out.
    public var warnings: Int { findings.filter { $0.severity == .warning && $0.ignored == nil }.count }
    /// The number of findings a file's `lint.ignore` keeps (reported, not counted).
    public var ignored: Int { findings.filter { $0.ignored != nil }.count }

    /// One line a finding, `FILE: field.path: rule: measured < needed (details) [keys …]`, with
    /// ` (ignored: REASON)` after a finding the file keeps on purpose, then a summary line
    /// (which counts ignored findings apart when there are any).
    public func text() -> String {
        var out = ""
        for f in findings {
            let measured = Self.measured(f)
            var details = f.severity.rawValue + "; " + f.details
            if let line = f.source.line, let column = f.source.column { details += "; line \(line), column \(column)" }
            if f.keyboards > 1 { details += "; on \(f.keyboards) keyboards" }
            // A message's form, written by the message's rule: nothing from a file name or a
            // label reaches the terminal unescaped (a kept finding's reason included).
            let ignoredNote = f.ignored.map { " (ignored: \($0))" } ?? ""
            let reason = "\(f.rule.rawValue): \(measured) < \(LintKeyboard.number(f.needed)) (\(details)) [keys \(f.keys.joined(separator: " "))]\(ignoredNote)"
            out += Diagnostic(file: f.source.file, path: f.source.field, reason: reason).description + "\n"
        }
        let ignoredCount = ignored > 0 ? ", \(ignored) ignored" : ""
        out += "lint: \(counted(errors, "error")), \(counted(warnings, "warning"))\(ignoredCount) at \(level.rawValue) on \(counted(checked, "keyboard"))\n"
        return out
    }

    /// The JSON of SPEC §12: `{"level", "findings": [{"rule", "severity", "file", "field",
    /// "line", "column", "layout", "theme", "device", "orientation", "state", "keys",
    /// "measured", "needed", "foreground", "background", "textSize", "simulation", "ignored"}],
    /// "summary": {"errors", "warnings", "checked", "ignored"}}`; absent values are null;
    /// `ignored` is the reason a file keeps the finding (then it is not counted). Keys sorted,
    /// two-space indent: equal reports give equal bytes.
    public func json() -> String {
        let object: [String: Any] = [
            "level": level.rawValue,
            "findings": findings.map { f -> [String: Any] in
                [
                    "rule": f.rule.rawValue, "severity": f.severity.rawValue,
                    "file": f.source.file, "field": f.source.field,
                    "line": f.source.line ?? NSNull(), "column": f.source.column ?? NSNull(),
                    "layout": f.layout, "theme": f.theme, "device": f.device, "orientation": f.orientation,
                    "state": f.state ?? NSNull(), "keys": f.keys,
                    "measured": Self.rounded(f.measured), "needed": f.needed,
                    "foreground": f.foreground ?? NSNull(), "background": f.background ?? NSNull(),
                    "textSize": f.textSize.map(Self.rounded) ?? NSNull(), "simulation": f.simulation ?? NSNull(),
                    "ignored": f.ignored ?? NSNull(),
                ]
            },
            "summary": ["errors": errors, "warnings": warnings, "checked": checked, "ignored": ignored],
        ]
        return Self.serialize(object)
    }

    /// SARIF 2.1.0 for code-scanning services: one run of `render-keyboard` with its rules (id,
    /// description, help with the WCAG reference), and one result per finding with `ruleId`,
    /// `level`, message and the physical location of the field (file, line, column).
    public func sarif() -> String {
        let rules = LintRule.allCases
        let driver: [String: Any] = [
            "name": "render-keyboard",
            "version": RenderKeyboardVersion.current,
            "informationUri": "https://www.w3.org/TR/WCAG22/",
            "rules": rules.map { rule -> [String: Any] in
                [
                    "id": rule.rawValue,
                    "name": rule.rawValue,
                    "shortDescription": ["text": rule.summary],
                    "fullDescription": ["text": rule.summary + " " + rule.reference.name + "."],
                    "help": ["text": "\(rule.summary) See \(rule.reference.name): \(rule.reference.url)",
                             "markdown": "\(rule.summary) See [\(rule.reference.name)](\(rule.reference.url))."],
                    "helpUri": rule.reference.url,
                    "defaultConfiguration": ["level": rule == .textContrast ? "error" : "warning"],
                ]
            },
        ]
        let results = findings.map { f -> [String: Any] in
            var physical: [String: Any] = ["artifactLocation": ["uri": Self.uri(f.source.file)]]
            if let line = f.source.line, let column = f.source.column {
                physical["region"] = ["startLine": line, "startColumn": column]
            }
            let measured = Self.measured(f)
            return [
                "ruleId": f.rule.rawValue,
                "ruleIndex": rules.firstIndex(of: f.rule) ?? 0,
                "level": f.severity.rawValue,
                "message": ["text": "\(f.source.field): \(measured) < \(LintKeyboard.number(f.needed)) (\(f.details)) [keys \(f.keys.joined(separator: " "))]"],
                "locations": [["physicalLocation": physical]],
            ]
        }
        let object: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [["tool": ["driver": driver], "results": results]],
        ]
        return Self.serialize(object)
    }

    /// The measure as printed: ratios to two decimals, points to one, never shown as the
    /// threshold it fails.
    private static func measured(_ f: LintFinding) -> String {
        LintKeyboard.number(f.measured, decimals: f.rule == .targetSize || f.rule == .labelSize ? 1 : 2, below: f.needed)
    }

    /// A file name as a relative URI reference (`themes/my%20theme.yaml`).
    private static func uri(_ file: String) -> String {
        file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? file
    }

    private static func rounded(_ value: Double) -> Double {
        value.isFinite ? (value * 1000).rounded() / 1000 : 0
    }

    private static func serialize(_ object: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) else { return "{}" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
