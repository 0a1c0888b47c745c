
/// The conformance level a lint run checks against (WCAG 2.2).
public enum LintLevel: String, Sendable, Hashable, CaseIterable {
    /// Level AA: text 4.5:1, large text 3:1.
    case AA
    /// Level AAA: text 7:1, large text 4.5:1.
    case AAA
}

/// How much a finding matters: errors fail the run (exit 1), warnings do not.
public enum LintSeverity: String, Sendable, Hashable {
    /// Fails the run.
    case error
    /// Reported only.
    case warning
}

extension LintRule {
    /// What the rule checks, in a sentence, for help texts and SARIF.
    public var summary: String {
        switch self {
        case .textContrast: return "Key labels need a contrast ratio with their face of 4.5:1 (AA) or 7:1 (AAA); large text (24 pt, or 18.66 pt bold) and icons 3:1 (AA) or 4.5:1 (AAA)."
        case .cvdTextContrast: return "Key labels keep the contrast they need under simulated protanopia, deuteranopia and tritanopia (Machado, Oliveira & Fernandes 2009)."
        case .keyContrast: return "A key's face stands out from the keyboard background by 3:1."
        case .pressedState: return "A pressed key looks different from a normal one: 3:1 in contrast or ΔE2000 10."
        case .targetSize: return "A key's slot, its frame plus half the gaps around it, is at least 24 × 24 pt; on iOS 44 × 44 pt and on Android 48 × 48 dp are recommended."
        case .labelSize: return "Labels are drawn at 11 pt or more after fitting."
        }
    }

    /// The WCAG 2.2 success criterion the rule follows, and its address.
    public var reference: (name: String, url: String) {
        switch self {
        case .textContrast, .cvdTextContrast, .labelSize:
            return ("WCAG 2.2 SC 1.4.3 Contrast (Minimum) / 1.4.6 Contrast (Enhanced)", "https://www.w3.org/TR/WCAG22/#contrast-minimum")
        case .keyContrast, .pressedState:
            return ("WCAG 2.2 SC 1.4.11 Non-text Contrast", "https://www.w3.org/TR/WCAG22/#non-text-contrast")
        case .targetSize:
            return ("WCAG 2.2 SC 2.5.8 Target Size (Minimum)", "https://www.w3.org/TR/WCAG22/#target-size-minimum")
        }
    }

    /// Thresholds (SPEC §12).
    static func textNeed(level: LintLevel, large: Bool) -> Double {
        switch (level, large) {
        case (.AA, false): return 4.5
        case (.AA, true): return 3
        case (.AAA, false): return 7
        case (.AAA, true): return 4.5
        }
    }

    /// Large text: 24 pt, or 18.66 pt bold (WCAG's 18 pt and 14 pt bold, one point of ours
    /// taken as one CSS pixel).
    static func isLarge(textSize: Double, bold: Bool) -> Bool {
        textSize >= 24 || (bold && textSize >= 18.66)
    }

    static let nonTextNeed = 3.0
    static let pressedDeltaE = 10.0
    static let minimumTarget = 24.0
    static let appleTarget = 44.0
    static let androidTarget = 48.0
    static let minimumLabel = 11.0
}
