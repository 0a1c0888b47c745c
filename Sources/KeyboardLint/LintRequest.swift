import RenderKeyboardKit
import ColorMetrics
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine

/// What `render-keyboard lint` checks (docs/lint.md): every combination of layouts × themes ×
/// devices × orientations, at one WCAG level. Defaults: every built-in layout and theme,
/// every device preset, both orientations, AA.
public struct LintRequest: Sendable, Hashable {
    /// Built-in layout names or layout files.
    public var layouts: [String]
    /// Built-in theme names or theme files.
    public var themes: [String]
    /// Device presets or `WxH@D` pixel devices.
    public var devices: [String]
    /// The orientations checked.
    public var orientations: [Orientation]
    /// The WCAG level of the contrast thresholds.
    public var level: LintLevel
    /// How the Android keyboard files among `layouts` are read (docs/android-xml.md).
    public var android = AndroidFileOptions()
    /// The folder findings' files are named relative to (default: the working folder).
    public var root = LintRoot()
    /// The fingerprints of an earlier report (`--baseline`): findings it holds are marked
    /// `unchanged` and never fail the run; nil marks nothing.
    public var baseline: LintBaseline?
    /// The threads keyboards are checked on (default: one per processor); the report is the
    /// same on any number.
    public var workers = ProcessInfo.processInfo.activeProcessorCount

    /// The default sweep: every built-in layout and theme, every device preset, both
    /// orientations, level AA.
    public init() {
        layouts = Resources.layoutNames
        themes = Resources.themeNames
        devices = Device.all.map(\.name)
        orientations = Orientation.allCases
        level = .AA
    }

    /// Checks every combination and merges what it finds (see `LintReport`).
    ///
    /// Each keyboard is the engine's own scene, as `render` draws it: layout solved on the
    /// device (shuffle off), theme cascaded per state, labels fitted. Contrast is measured on
    /// the colours drawn: translucent colours composited over what lies beneath; faces with
    /// an image (or over a background image) by drawing the faces without labels and taking
    /// the pixels under each label's box, at the 5th percentile of contrast.
    ///
    /// - Parameter renderer: draws when the sweep runs on one worker (default: a new
    ///   renderer); with more, each worker makes its own.
    /// - Throws: `RequestError` for a bad device or empty name; `Diagnostic`/`DiagnosticList`
    ///   for a layout or theme that cannot be read, `FILE: field.path: reason`, of the first
    ///   keyboard in the sweep's order that cannot be checked.
    public func run(with renderer: Renderer? = nil) throws -> LintReport {
        let sweep = LintSweep(self)
        var merger = LintMerger()
        for (checked, findings) in try sweep.findings(workers: workers, renderer: renderer).enumerated() {
            for finding in findings { merger.add(finding, keyboard: checked) }
        }
        let checked = sweep.keyboards.count
        // Hashed once a merged finding, not once a key.
        let findings = merger.findings.map { finding in
            var finding = finding
            finding.fingerprint = LintBaseline.fingerprint(identity: finding.identity)
            if let baseline { (finding.baselineState, finding.baselineMeasured) = baseline.state(of: finding) }
            return finding
        }
        return LintReport(level: level, findings: findings, checked: checked, root: root, hasBaseline: baseline != nil)
    }

    /// `finding` with its identity (what its fingerprint hashes) and the reason of the
    /// `lint.ignore` entry that covers it (the layout's entries for a finding in the layout,
    /// else the theme's).
    func marked(_ finding: LintFinding, sources: StyleSources, keyboard: LintKeyboard) -> LintFinding {
        var marked = finding
        let inLayout = finding.source.file == (sources.layout?.display ?? sources.androidFile?.name)
        let ignores = inLayout ? keyboard.loaded.source.lintIgnores : keyboard.theme.lintIgnores
        marked.ignored = ignores.last { $0.covers(rule: finding.rule, field: finding.source.field) }?.reason
        marked.identity = LintBaseline.identity(of: finding, inLayout: inLayout, root: root)
        return marked
    }

    /// The devices and orientations a layout is checked on: those of the sweep, except that a
    /// layout that reads a metrics table is drawn only where the table has a row, and a
    /// HeliBoard or FlorisBoard layout, placed on phones in portrait only (docs/android-imes.md), skips
    /// landscape and tablets (when that leaves none, the first is kept so its error is
    /// reported). `loaded` is nil for a layout that cannot be read.
    func places(of loaded: LoadedLayout?) -> [(device: String, orientation: Orientation)] {
        let all = devices.flatMap { device in orientations.map { (device: device, orientation: $0) } }
        guard let source = loaded?.source else { return all }
        let drawn = all.filter { place in
            Device.named(place.device).map { source.canBeDrawn(on: $0, place.orientation) } ?? true
        }
        guard case .ime = source, drawn.isEmpty else { return drawn }
        return Array(all.prefix(1))
    }
}

/// Merges findings so one style (one field of one file) is reported once per theme, rule,
/// state and simulation, with every key it affects and its worst case (measured / needed).
struct LintMerger {
    /// A finding's identity (its fingerprint), where it lies and whether a file keeps it.
    private struct Group: Hashable {
        var identity: [String], file: String, ignored: String?
    }
    private var order: [Group] = []
    private var merged: [Group: (finding: LintFinding, keyboards: Set<Int>)] = [:]

    mutating func add(_ finding: LintFinding, keyboard: Int) {
        let group = Group(identity: finding.identity, file: finding.source.file, ignored: finding.ignored)
        guard var entry = merged[group] else {
            order.append(group)
            merged[group] = (finding, [keyboard])
            return
        }
        // The worst case is the one furthest below its need (44 pt on iOS and 48 dp on Android
        // differ for one row).
        var best = finding.measured / finding.needed < entry.finding.measured / entry.finding.needed ? finding : entry.finding
        best.keys = entry.finding.keys + finding.keys.filter { !entry.finding.keys.contains($0) }
        entry.keyboards.insert(keyboard)
        best.keyboards = entry.keyboards.count
        entry.finding = best
        merged[group] = entry
    }

    /// The merged findings in the order first found. Merging is associative: the findings
    /// of a run of keyboards merged on their own, then added here in order, merge as their
    /// findings added one by one would (a sweep merges each keyboard's on its worker).
    var inOrder: [LintFinding] {
        order.compactMap { merged[$0]?.finding }
    }

    /// Errors first, then warnings; within each, rule by rule in the table's order, then in
    /// the order first found.
    var findings: [LintFinding] {
        let all = inOrder
        return LintSeverity.allCases.flatMap { severity in
            LintRule.allCases.flatMap { rule in all.filter { $0.severity == severity && $0.rule == rule } }
        }
    }
}
