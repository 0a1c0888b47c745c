import RenderKeyboardKit
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine


/// One problem `render-keyboard lint` found: a rule broken by one style (or one row of
/// keys), with every key it affects.
public struct LintFinding: Sendable, Hashable {
    /// The rule broken.
    public var rule: LintRule
    /// Error or warning.
    public var severity: LintSeverity
    /// The field that sets the colour or size, in the file that sets it.
    public var source: SourcePosition
    /// The layout (name or file as given) where it was measured, the worst case when the
    /// finding covers several keyboards.
    public var layout: String
    /// The theme, as given.
    public var theme: String
    /// The device preset.
    public var device: String
    /// `portrait` or `landscape`.
    public var orientation: String
    /// `normal` or `pressed`; nil for rules about geometry.
    public var state: String?
    /// Labels (or codes, for icon keys) of the keys affected, in key order, each once.
    public var keys: [String]
    /// The value measured: a contrast ratio, a ΔE2000, points.
    public var measured: Double
    /// The value needed.
    public var needed: Double
    /// The label colour drawn (translucency composited), `#RRGGBB`, for colour rules.
    public var foreground: String?
    /// The colour under it, `#RRGGBB`, for colour rules.
    public var background: String?
    /// The label's size as drawn, points, for text rules.
    public var textSize: Double?
    /// The colour-vision deficiency simulated, for `cvd-text-contrast`.
    public var simulation: String?
    /// What was measured, for people: `#FFFFFF on #007AFF, 16 pt, normal`.
    public var details: String
    /// How many keyboards (layout × device × orientation) show it.
    public var keyboards: Int
    /// Why the file keeps this finding on purpose (its `lint.ignore` entry's reason): an
    /// ignored finding is reported but does not count. Nil for a finding that counts.
    public var ignored: String?
    /// The class of the keys whose style the finding is about; nil for rules about geometry.
    public var keyClass: KeyClass?
    /// What identifies the finding from run to run (SARIF's
    /// `partialFingerprints["renderKeyboard/v1"]`): 32 hexadecimal digits of a SHA-256 of the
    /// rule, severity, field path, layout (for a finding located in the layout), theme (for a
    /// finding about colours or labels), key class, state and simulation — files by their
    /// path relative to the root, never a line or the root itself, so it stays when the
    /// checkout moves or lines are inserted, and two files of one name in two folders differ.
    public var fingerprint = ""
    /// What the fingerprint hashes (`LintBaseline.identity`): the findings a report merges
    /// share it.
    var identity: [String] = []
    /// Whether an earlier report (`--baseline`) held the finding, and whether it got worse
    /// since; nil without a baseline.
    public var baselineState: BaselineState?
    /// The value the baseline measured for the finding, where it recorded one.
    public var baselineMeasured: Double?

    /// A finding's state against a baseline (SARIF's `baselineState`; `worsened` is SARIF's
    /// `updated`).
    public enum BaselineState: String, Sendable, Hashable {
        /// Not in the baseline: it fails the run when its severity does.
        case new
        /// In the baseline, measured as before or better (or by less than the rule's step
        /// worse): reported, never failing the run.
        case unchanged
        /// In the baseline, but the measured value moved past the threshold by more than the
        /// rule's step (`LintRule.step`): a contrast of 4.48:1 that is now 1.16:1. It fails
        /// the run as a new finding does.
        case worsened
    }

    /// A finding; `keyboards` counts the keyboards merged into it.
    public init(rule: LintRule, severity: LintSeverity, source: SourcePosition, layout: String, theme: String, device: String, orientation: String, state: String?, keys: [String], measured: Double, needed: Double, foreground: String? = nil, background: String? = nil, textSize: Double? = nil, simulation: String? = nil, details: String, keyboards: Int = 1) {
        self.rule = rule
        self.severity = severity
        self.source = source
        self.layout = layout
        self.theme = theme
        self.device = device
        self.orientation = orientation
        self.state = state
        self.keys = keys
        self.measured = measured
        self.needed = needed
        self.foreground = foreground
        self.background = background
        self.textSize = textSize
        self.simulation = simulation
        self.details = details
        self.keyboards = keyboards
    }
}
