import RenderKeyboardKit
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// What `--fail-on` fails the run on (docs/lint.md "Fingerprints and baselines").
public enum LintFailOn: String, Sendable, Hashable, CaseIterable {
    /// A new error fails the run (the default).
    case error
    /// A new error or warning fails the run.
    case warning
    /// Nothing fails the run; only an invalid input does (exit 2).
    case none
}

/// What a lint run found, merged (one finding per style and rule, with every key it
/// affects), and its three written forms: text, JSON and SARIF 2.1.0 (docs/lint.md).
public struct LintReport: Sendable, Hashable {
    /// The level checked.
    public var level: LintLevel
    /// Errors first, then warnings; within each, by rule in the order of `LintRule.allCases`.
    public var findings: [LintFinding]
    /// How many keyboards (layout × theme × device × orientation) were checked.
    public var checked: Int
    /// The folder the findings' files are named relative to.
    public var root: LintRoot
    /// Whether the findings were compared with a baseline (then each has a `baselineState`).
    public var hasBaseline: Bool

    /// A report.
    public init(level: LintLevel, findings: [LintFinding], checked: Int, root: LintRoot = LintRoot(), hasBaseline: Bool = false) {
        self.level = level
        self.findings = findings
        self.checked = checked
        self.root = root
        self.hasBaseline = hasBaseline
    }

    /// The number of errors, ignored findings left out.
    public var errors: Int { number(of: .error) }
    /// The number of warnings, ignored findings left out.
    public var warnings: Int { number(of: .warning) }
    /// The number of findings a file's `lint.ignore` keeps (reported, not counted).
    public var ignored: Int { findings.filter { $0.ignored != nil }.count }

    /// The findings of `severity` that count (not ignored); with `new`, only those that fail
    /// against the baseline: not held by it, or held and `worsened`.
    public func number(of severity: LintSeverity, new: Bool = false) -> Int {
        findings.filter { $0.severity == severity && $0.ignored == nil && (!new || $0.baselineState != .unchanged) }.count
    }

    /// The findings of `severity` that count and are in `state` against the baseline.
    public func number(of severity: LintSeverity, in state: LintFinding.BaselineState) -> Int {
        findings.filter { $0.severity == severity && $0.ignored == nil && $0.baselineState == state }.count
    }

    /// The findings that fail the run under `failOn`: counted, not in the baseline, and of
    /// the severity named or a worse one.
    public func failing(_ failOn: LintFailOn) -> Int {
        switch failOn {
        case .error: return number(of: .error, new: true)
        case .warning: return number(of: .error, new: true) + number(of: .warning, new: true)
        case .none: return 0
        }
    }

    /// One line a finding, `FILE: field.path: rule: measured < needed (details) [keys …]`,
    /// then ` (from FILE:LINE)` for a value inherited through `extends`, ` (new)` for a
    /// finding the baseline does not hold, ` (worsened: BEFORE → NOW)` for one it holds that
    /// got worse by more than the rule's step, ` (ignored: REASON)` for one the file keeps on
    /// purpose; then a summary line (counting new and ignored findings apart when there are
    /// a baseline or ignored findings).
    public func text() -> String {
        var out = ""
        for f in findings {
            var details = f.severity.rawValue + "; " + f.details
            if let line = f.source.line, let column = f.source.column { details += "; line \(line), column \(column)" }
            if let rule = f.source.rule, let line = rule.line, let column = rule.column { details += " in the rule at line \(line), column \(column)" }
            if f.keyboards > 1 { details += "; on \(f.keyboards) keyboards" }
            var notes = f.source.inherited.map { " (from \($0.shown))" } ?? ""
            if f.baselineState == .new { notes += " (new)" }
            if f.baselineState == .worsened, let before = f.baselineMeasured {
                notes += " (worsened: \(Self.measured(f, value: before)) → \(Self.measured(f)))"
            }
            if let reason = f.ignored { notes += " (ignored: \(reason))" }
            // A message's form, written by the message's rule: nothing from a file name or a
            // label reaches the terminal unescaped (a kept finding's reason included).
            let reason = "\(f.rule.rawValue): \(Self.measured(f)) < \(LintKeyboard.number(f.needed)) (\(details)) [keys \(f.keys.joined(separator: " "))]\(notes)"
            out += Diagnostic(file: f.source.file, path: f.source.field, reason: reason).description + "\n"
        }
        return out + summaryLine + "\n"
    }

    /// `lint: 2 errors (1 new, 1 worsened), 5 warnings (0 new), 4 ignored at AA on 12
    /// keyboards` (`worsened` only when some are).
    public var summaryLine: String {
        func part(_ severity: LintSeverity) -> String {
            let worsened = number(of: severity, in: .worsened)
            return counted(number(of: severity), severity.rawValue)
                + (hasBaseline ? " (\(number(of: severity, in: .new)) new" + (worsened > 0 ? ", \(worsened) worsened" : "") + ")" : "")
        }
        let ignoredCount = ignored > 0 ? ", \(ignored) ignored" : ""
        return "lint: \(part(.error)), \(part(.warning))\(ignoredCount) at \(level.rawValue) on \(counted(checked, "keyboard"))"
    }

    /// The JSON of docs/lint.md: `{"level", "findings": [{"rule", "severity", "file", "field",
    /// "line", "column", "layout", "theme", "device", "orientation", "state", "keys",
    /// "measured", "needed", "foreground", "background", "textSize", "simulation", "ignored",
    /// "from", "selector", "fingerprint", "baselineState", "baselineMeasured"}], "summary": {"errors",
    /// "warnings", "checked", "ignored", "newErrors", "newWarnings", "worsenedErrors",
    /// "worsenedWarnings"}}`; absent values are null. `ignored` is the
    /// reason a file keeps the finding (then it is not counted); `from` is `{"file", "line",
    /// "column"}` of a value inherited through `extends`; `selector` is `{"line", "column"}` of
    /// the Snygg rule whose property sets the value; `newErrors` and `newWarnings` count
    /// those the baseline does not hold (without a baseline, every one), `worsened…` those it
    /// holds that got worse by more than the rule's step (`baselineMeasured` was measured then).
    /// Keys sorted, two-space indent: equal reports give equal bytes.
    public func json() -> String {
        let summary = [
            "errors": errors, "warnings": warnings, "checked": checked, "ignored": ignored,
            "newErrors": hasBaseline ? number(of: .error, in: .new) : errors, "newWarnings": hasBaseline ? number(of: .warning, in: .new) : warnings,
            "worsenedErrors": number(of: .error, in: .worsened), "worsenedWarnings": number(of: .warning, in: .worsened),
        ]
        let object: [String: Any] = ["level": level.rawValue, "findings": findings.map(Self.jsonObject), "summary": summary]
        return Self.serialize(object)
    }

    private static func jsonObject(_ f: LintFinding) -> [String: Any] {
        let from: Any = f.source.inherited.map { ["file": $0.file, "line": $0.line ?? NSNull(), "column": $0.column ?? NSNull()] as [String: Any] } ?? NSNull()
        let selector: Any = f.source.rule.map { ["line": $0.line ?? NSNull(), "column": $0.column ?? NSNull()] as [String: Any] } ?? NSNull()
        return [
            "rule": f.rule.rawValue, "severity": f.severity.rawValue,
            "file": f.source.file, "field": f.source.field,
            "line": f.source.line ?? NSNull(), "column": f.source.column ?? NSNull(),
            "layout": f.layout, "theme": f.theme, "device": f.device, "orientation": f.orientation,
            "state": f.state ?? NSNull(), "keys": f.keys,
            "measured": rounded(f.measured), "needed": f.needed,
            "foreground": f.foreground ?? NSNull(), "background": f.background ?? NSNull(),
            "textSize": f.textSize.map(rounded) ?? NSNull(), "simulation": f.simulation ?? NSNull(),
            "ignored": f.ignored ?? NSNull(), "from": from, "selector": selector, "fingerprint": f.fingerprint,
            "baselineState": f.baselineState?.rawValue ?? NSNull(), "baselineMeasured": f.baselineMeasured.map(rounded) ?? NSNull(),
        ]
    }

    /// The measure as printed: ratios to two decimals, points to one, never shown as the
    /// threshold it fails.
    static func measured(_ f: LintFinding, value: Double? = nil) -> String {
        LintKeyboard.number(value ?? f.measured, decimals: f.rule == .targetSize || f.rule == .labelSize ? 1 : 2, below: f.needed)
    }

    static func rounded(_ value: Double) -> Double {
        value.isFinite ? (value * 1000).rounded() / 1000 : 0
    }

    static func serialize(_ object: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) else { return "{}" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
