import RenderKeyboardKit
import TerminalText
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

extension LintReport {
    /// SARIF 2.1.0 for code-scanning services (docs/lint.md): one run of `render-keyboard` with its
    /// rules (id, description, help with the WCAG reference), and one result per finding with
    /// `ruleId`, `level`, message, the physical location of the field (file, line, column),
    /// `partialFingerprints["renderKeyboard/v1"]`, and, where they apply, `relatedLocations`
    /// (the file that defines an inherited value), `suppressions` (`inSource`, with the
    /// `lint.ignore` entry's reason) and `baselineState` (`new`, `unchanged`, or `updated`
    /// for a finding that got worse; `properties.baselineMeasured` is what it measured
    /// then). Every result's `properties` give `measured` and `needed`, which a later run
    /// reads back when this report is its baseline.
    ///
    /// Files under the root are URIs relative to `%SRCROOT%`, which `originalUriBaseIds`
    /// gives as the root's `file://` URI; files outside it are absolute `file://` URIs;
    /// built-ins are relative to `RENDER_KEYBOARD_BUILTINS`, which names no folder.
    public func sarif() -> String {
        let results = findings.map(sarifResult)
        var bases: [String: Any] = [LintRoot.sourceRootID: ["uri": root.rootURI]]
        if findings.contains(where: { $0.source.isBuiltIn || $0.source.inherited?.isBuiltIn == true }) {
            bases[LintRoot.builtInsID] = ["description": ["text": "The built-in layouts and themes of render-keyboard \(RenderKeyboardVersion.current), inside the program (render-keyboard list names them)."]]
        }
        let run: [String: Any] = ["tool": ["driver": Self.sarifDriver], "originalUriBaseIds": bases, "results": results]
        return Self.serialize(["$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0", "runs": [run]] as [String: Any])
    }

    /// The tool and its rules, from the rule table.
    private static var sarifDriver: [String: Any] {
        [
            "name": "render-keyboard",
            "version": RenderKeyboardVersion.current,
            "informationUri": "https://www.w3.org/TR/WCAG22/",
            "rules": LintRule.allCases.map { rule -> [String: Any] in
                let check = rule.check
                return [
                    "id": rule.rawValue,
                    "name": rule.rawValue,
                    "shortDescription": ["text": check.summary],
                    "fullDescription": ["text": check.summary + " " + check.reference.name + "."],
                    "help": ["text": "\(check.summary) See \(check.reference.name): \(check.reference.url)",
                             "markdown": "\(check.summary) See [\(check.reference.name)](\(check.reference.url))."],
                    "helpUri": check.reference.url,
                    "defaultConfiguration": ["level": check.defaultSeverity.rawValue],
                ]
            },
        ]
    }

    private func sarifResult(_ f: LintFinding) -> [String: Any] {
        // Every name is literal text (labels may hold `[x](2)`); only the tool's own link to
        // the defining file is a link, and its own brackets around the keys, followed by no
        // `(`, are none.
        let keys = f.keys.map(TerminalText.sarifText).joined(separator: " ")
        var message = TerminalText.sarifText("\(f.source.field): \(Self.measured(f)) < \(LintKeyboard.number(f.needed)) (\(f.details))") + " [keys \(keys)]"
        var result: [String: Any] = [
            "ruleId": f.rule.rawValue,
            "ruleIndex": LintRule.allCases.firstIndex(of: f.rule) ?? 0,
            "level": f.severity.rawValue,
            "locations": [["physicalLocation": Self.physicalLocation(f.source.file, isBuiltIn: f.source.isBuiltIn, line: f.source.line, column: f.source.column)]],
            "partialFingerprints": [LintBaseline.fingerprintKey: f.fingerprint],
        ]
        var related: [[String: Any]] = []
        if let definition = f.source.inherited {
            message += "; inherited from [\(TerminalText.sarifText(definition.shown))](1)"
            related.append([
                "id": 1,
                "physicalLocation": Self.physicalLocation(definition.file, isBuiltIn: definition.isBuiltIn, line: definition.line, column: definition.column),
                "message": ["text": TerminalText.sarifText("\(f.source.field) is set here")],
            ])
        }
        if let rule = f.source.rule {
            related.append([
                "id": 2,
                "physicalLocation": Self.physicalLocation(rule.file, isBuiltIn: rule.isBuiltIn, line: rule.line, column: rule.column),
                "message": ["text": "the rule whose property sets the value"],
            ])
        }
        if !related.isEmpty { result["relatedLocations"] = related }
        result["message"] = ["text": message]
        if let reason = f.ignored { result["suppressions"] = [["kind": "inSource", "justification": reason]] }
        var properties: [String: Any] = ["measured": Self.rounded(f.measured), "needed": f.needed]
        if let state = f.baselineState {
            result["baselineState"] = state == .worsened ? "updated" : state.rawValue
            if state == .worsened, let before = f.baselineMeasured { properties["baselineMeasured"] = Self.rounded(before) }
        }
        result["properties"] = properties
        return result
    }

    private static func physicalLocation(_ file: String, isBuiltIn: Bool, line: Int?, column: Int?) -> [String: Any] {
        var physical: [String: Any] = ["artifactLocation": LintRoot.artifactLocation(file, isBuiltIn: isBuiltIn)]
        if let line, let column { physical["region"] = ["startLine": line, "startColumn": column] }
        return physical
    }
}
