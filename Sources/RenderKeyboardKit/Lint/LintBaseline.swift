import Foundation
import KeyboardRenderer
import LayoutEngine

/// The findings of an earlier lint report (SPEC §12, "Gates"), by fingerprint: a finding
/// whose fingerprint the baseline holds is `unchanged` and does not fail the run.
public struct LintBaseline: Sendable, Hashable {
    /// The fingerprints (`partialFingerprints["renderKeyboard/v1"]`).
    public var fingerprints: Set<String>

    /// The SARIF key of the fingerprint.
    static let fingerprintKey = "renderKeyboard/v1"

    /// A baseline of these fingerprints.
    public init(fingerprints: Set<String>) {
        self.fingerprints = fingerprints
    }

    /// Whether the baseline holds `fingerprint`.
    func holds(_ fingerprint: String) -> Bool { fingerprints.contains(fingerprint) }

    /// Reads an earlier report: SARIF (`runs[].results[].partialFingerprints`) or lint's JSON
    /// (`findings[].fingerprint`), at most `Limits.maxBaselineFileSize` bytes.
    ///
    /// - Throws: `Diagnostic` naming the file (and the field) when it cannot be read, is not
    ///   JSON, is neither kind of report, or holds results without fingerprints.
    public static func read(_ path: String) throws -> LintBaseline {
        let name = FilePath.shown(path)
        let bytes = try FileAccess.read(path, limit: Limits.maxBaselineFileSize, displayName: name)
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw Diagnostic(file: name, path: "", reason: "is not a JSON object: give a SARIF or JSON report of render-keyboard lint")
        }
        if let runs = object["runs"] {
            guard let runs = runs as? [[String: Any]] else { throw Diagnostic(file: name, path: "runs", reason: "is not a list of runs") }
            var found: Set<String> = []
            for (r, run) in runs.enumerated() {
                let results = try list(run["results"] ?? [Any](), name, "runs[\(r)].results")
                for (n, result) in results.enumerated() {
                    let prints = result["partialFingerprints"] as? [String: Any]
                    guard let print = prints?[fingerprintKey] as? String, !print.isEmpty else {
                        throw Diagnostic(file: name, path: "runs[\(r)].results[\(n)].partialFingerprints", reason: missing)
                    }
                    found.insert(print)
                }
            }
            return LintBaseline(fingerprints: found)
        }
        guard let findings = object["findings"] else {
            throw Diagnostic(file: name, path: "", reason: "is neither a SARIF log (runs) nor a JSON report (findings) of render-keyboard lint")
        }
        var found: Set<String> = []
        for (n, finding) in try list(findings, name, "findings").enumerated() {
            guard let print = finding["fingerprint"] as? String, !print.isEmpty else {
                throw Diagnostic(file: name, path: "findings[\(n)].fingerprint", reason: missing)
            }
            found.insert(print)
        }
        return LintBaseline(fingerprints: found)
    }

    private static let missing = "is missing: the report was not written by this version of render-keyboard lint; write the baseline again"

    private static func list(_ value: Any, _ file: String, _ path: String) throws -> [[String: Any]] {
        guard let list = value as? [[String: Any]] else { throw Diagnostic(file: file, path: path, reason: "is not a list of objects") }
        return list
    }

    /// The fingerprint of `finding` (see `LintFinding.fingerprint`); `inLayout` tells a
    /// finding located in the layout (its layout named) from one in the theme.
    static func fingerprint(of finding: LintFinding, inLayout: Bool) -> String {
        let parts = [
            "renderKeyboard/v1", finding.rule.rawValue, finding.severity.rawValue, finding.source.field,
            inLayout ? documentName(finding.layout) : "",
            finding.rule == .targetSize ? "" : documentName(finding.theme),
            finding.keyClass?.rawValue ?? "", finding.state ?? "", finding.simulation ?? "",
        ]
        // Each part is length-prefixed, so no two lists of parts hash alike.
        let text = parts.map { "\($0.utf8.count):\($0)" }.joined(separator: "|")
        return String(DrawingLibraries.sha256(Array(text.utf8)).prefix(32))
    }

    /// A layout or theme as a fingerprint names it: a built-in by its name, a file by its
    /// name without folder or extension, so moving the file does not change it.
    static func documentName(_ reference: String) -> String {
        Reference.isPath(reference) ? FilePath.stem(reference) : reference
    }
}
