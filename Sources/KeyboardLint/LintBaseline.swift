import RenderKeyboardKit
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine

/// The findings of an earlier lint report (docs/lint.md "Fingerprints and baselines"), by fingerprint: a finding
/// whose fingerprint the baseline holds is `unchanged` and does not fail the run, unless it
/// got worse by more than its rule's step (`worsened`, which fails the run as a new one does).
public struct LintBaseline: Sendable, Hashable {
    /// The fingerprints (`partialFingerprints["renderKeyboard/v1"]`).
    public var fingerprints: Set<String>
    /// The value each finding measured, by fingerprint, where the report records it (lint
    /// JSON's `measured`, SARIF's `properties.measured`); the lowest when one appears twice.
    public var measured: [String: Double]

    /// The SARIF key of the fingerprint.
    static let fingerprintKey = "renderKeyboard/v1"

    /// A baseline of these fingerprints and, where known, the values they measured.
    public init(fingerprints: Set<String>, measured: [String: Double] = [:]) {
        self.fingerprints = fingerprints
        self.measured = measured
    }

    /// Whether the baseline holds `fingerprint`.
    func holds(_ fingerprint: String) -> Bool { fingerprints.contains(fingerprint) }

    /// `finding`'s state against the baseline: `new` when it holds no such fingerprint,
    /// `worsened` when its measure fell below the recorded one by more than the rule's
    /// `step` (every rule measures a value that fails below its need), else `unchanged`.
    func state(of finding: LintFinding) -> (state: LintFinding.BaselineState, before: Double?) {
        guard holds(finding.fingerprint) else { return (.new, nil) }
        guard let before = measured[finding.fingerprint] else { return (.unchanged, nil) }
        return (before - finding.measured > finding.rule.step ? .worsened : .unchanged, before)
    }

    /// Reads an earlier report: SARIF (`runs[].results[].partialFingerprints`) or lint's JSON
    /// (`findings[].fingerprint`), at most `Limits.maxBaselineFileSize` bytes. Only those
    /// fields are decoded (the rest of the report is skipped), so a report's size, not the
    /// number of its objects, bounds the memory it takes.
    ///
    /// - Throws: `Diagnostic` naming the file (and the field) when it cannot be read, is not
    ///   JSON, is neither kind of report, or holds results without fingerprints.
    public static func read(_ path: String) throws -> LintBaseline {
        let name = FilePath.shown(path)
        let bytes = try FileAccess.read(path, limit: Limits.maxBaselineFileSize, displayName: name)
        if let deep = JSONNesting.tooDeep(bytes, limit: Limits.maxDepth) {
            throw Diagnostic(file: name, path: deep, reason: "nests deeper than \(Limits.maxDepth) levels, deeper than any lint report")
        }
        let report: Report
        do {
            report = try JSONDecoder().decode(Report.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw problem(error, file: name)
        }
        var baseline = LintBaseline(fingerprints: [])
        func add(_ print: String, _ measured: Double?) {
            baseline.fingerprints.insert(print)
            if let measured, measured.isFinite { baseline.measured[print] = min(measured, baseline.measured[print] ?? measured) }
        }
        if let runs = report.runs {
            for (r, run) in runs.enumerated() {
                for (n, result) in (run.results ?? []).enumerated() {
                    guard let print = result.partialFingerprints?[fingerprintKey], !print.isEmpty else {
                        throw Diagnostic(file: name, path: "runs[\(r)].results[\(n)].partialFingerprints", reason: missing)
                    }
                    add(print, result.properties?.measured)
                }
            }
        } else if let findings = report.findings {
            for (n, finding) in findings.enumerated() {
                guard let print = finding.fingerprint, !print.isEmpty else {
                    throw Diagnostic(file: name, path: "findings[\(n)].fingerprint", reason: missing)
                }
                add(print, finding.measured)
            }
        } else {
            throw Diagnostic(file: name, path: "", reason: "is neither a SARIF log (runs) nor a JSON report (findings) of render-keyboard lint")
        }
        return baseline
    }

    /// The parts of a report a baseline reads.
    private struct Report: Decodable {
        var runs: [Run]?
        var findings: [Finding]?
        struct Run: Decodable { var results: [Result]? }
        struct Result: Decodable { var partialFingerprints: [String: String]?; var properties: Properties? }
        struct Properties: Decodable { var measured: Double? }
        struct Finding: Decodable { var fingerprint: String?; var measured: Double? }
    }

    private static let missing = "is missing: the report was not written by this version of render-keyboard lint; write the baseline again"

    /// A decoding error as a problem of the file at the field it names.
    private static func problem(_ error: DecodingError, file: String) -> Diagnostic {
        let notReport = Diagnostic(file: file, path: "", reason: "is not a JSON object: give a SARIF or JSON report of render-keyboard lint")
        let context: DecodingError.Context, reason: String
        switch error {
        case .typeMismatch(let type, let c):
            context = c
            reason = type is String.Type ? "is not text" : type is Double.Type ? "is not a number" : type is [String: String].Type ? "is not an object of texts" : "is not a list of objects"
        case .valueNotFound(_, let c):
            context = c
            reason = "is null"
        case .keyNotFound(_, let c), .dataCorrupted(let c):
            return c.codingPath.isEmpty ? notReport : Diagnostic(file: file, path: fieldPath(c.codingPath), reason: "is not valid here")
        @unknown default:
            return notReport
        }
        return context.codingPath.isEmpty ? notReport : Diagnostic(file: file, path: fieldPath(context.codingPath), reason: reason)
    }

    /// `runs[0].results[2].partialFingerprints`, from a decoder's coding path.
    private static func fieldPath(_ codingPath: [any CodingKey]) -> String {
        var out = ""
        for key in codingPath {
            if let index = key.intValue { out += "[\(index)]" } else { out += (out.isEmpty ? "" : ".") + key.stringValue }
        }
        return out
    }

    /// What the fingerprint of `finding` hashes (see `LintFinding.fingerprint`), equal for the
    /// findings one report merges; `inLayout` tells a finding located in the layout (its
    /// layout named) from one in the theme. Files are named relative to `root`.
    static func identity(of finding: LintFinding, inLayout: Bool, root: LintRoot) -> [String] {
        [
            "renderKeyboard/v1", finding.rule.rawValue, finding.severity.rawValue, finding.source.field,
            inLayout ? documentName(finding.layout, kind: .layout, root: root) : "",
            finding.rule == .targetSize ? "" : documentName(finding.theme, kind: .theme, root: root),
            finding.keyClass?.rawValue ?? "", finding.state ?? "", finding.simulation ?? "",
        ]
    }

    /// The fingerprint of an identity (`identity(of:inLayout:)`).
    static func fingerprint(identity parts: [String]) -> String {
        // Each part is length-prefixed, so no two lists of parts hash alike.
        let text = parts.map { "\($0.utf8.count):\($0)" }.joined(separator: "|")
        return String(DrawingLibraries.sha256(Array(text.utf8)).prefix(32))
    }

    /// A layout or theme as a fingerprint names it: a built-in by its name, a file by its
    /// path relative to `root` (absolute outside it), so `a/brand.yaml` and `b/brand.yaml`
    /// are two files while the checkout's place and the working folder change nothing.
    static func documentName(_ reference: String, kind: Reference.Kind, root: LintRoot) -> String {
        guard Reference.isPath(reference) else { return reference }
        guard let (path, _) = try? Reference.locate(reference, kind: kind) else { return FilePath.standardized(Reference.formatPrefix(of: reference).path) }
        return root.name(of: path).name
    }
}
