import RenderKeyboardKit
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// The conformance level a lint run checks against (WCAG 2.2).
public enum LintLevel: String, Sendable, Hashable, CaseIterable {
    /// Level AA: text 4.5:1, large text 3:1.
    case AA
    /// Level AAA: text 7:1, large text 4.5:1.
    case AAA
}

/// How much a finding matters: errors fail the run (exit 1), warnings do not, unless
/// `--fail-on warning` says so.
public enum LintSeverity: String, Sendable, Hashable, CaseIterable {
    /// Fails the run.
    case error
    /// Reported only.
    case warning
}

/// One rule of `render-keyboard lint` (docs/lint.md): what it checks, for the command's help and
/// SARIF's rule list, and how it measures one keyboard. Each rule is one file of this folder;
/// `LintRule.check` is the table that lists them.
protocol LintCheck: Sendable {
    /// The severities of its findings as the help names them: `error`, `warning`, or
    /// `error below 24 × 24 pt, warning below …`; by default the default severity's name.
    var severities: String { get }
    /// SARIF's `defaultConfiguration.level`.
    var defaultSeverity: LintSeverity { get }
    /// What the rule checks, in a sentence.
    var summary: String { get }
    /// The WCAG 2.2 success criterion the rule follows, and its address.
    var reference: (name: String, url: String) { get }
    /// How much further below its need a finding's measured value (in the rule's unit: a
    /// contrast ratio, points) must be than the baseline's before the finding is `worsened`;
    /// smaller moves are rounding and re-measuring, not a change a reviewer must see.
    var step: Double { get }
    /// Every finding of the rule on `keyboard`, unmerged.
    func findings(on keyboard: LintKeyboard) throws -> [LintFinding]
}

extension LintCheck {
    var severities: String { defaultSeverity.rawValue }
}

extension LintRule {
    /// The rule's check: the one table of the rules, in the order of `allCases`, which is
    /// the order of the help, of SARIF's rules and of findings of one severity.
    var check: any LintCheck {
        switch self {
        case .textContrast: return TextContrast()
        case .cvdTextContrast: return CVDTextContrast()
        case .keyContrast: return KeyContrast()
        case .pressedState: return PressedState()
        case .targetSize: return TargetSize()
        case .labelSize: return LabelSize()
        case .missingGlyph: return MissingGlyphRule()
        }
    }

    /// What the rule checks, in a sentence, for help texts and SARIF.
    public var summary: String { check.summary }

    /// The WCAG 2.2 success criterion the rule follows, and its address.
    public var reference: (name: String, url: String) { check.reference }

    /// How much worse than the baseline's a finding's measure must be to be `worsened`: 0.1
    /// for the contrast rules (a ratio), 1 pt for target size, 0.5 pt for label size.
    public var step: Double { check.step }

    /// The rules as the command's help lists them: `text-contrast (error), …`.
    public static var helpList: String {
        allCases.map { "\($0.rawValue) (\($0.check.severities))" }.joined(separator: ", ")
    }
}
