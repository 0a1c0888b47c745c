import RenderKeyboardKit
import ColorMetrics
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// `text-contrast` (error): a label against its face (a callout's label against its bubble),
/// in the normal and the pressed state, by the WCAG 2.2 contrast ratio.
struct TextContrast: LintCheck {
    var defaultSeverity: LintSeverity { .error }
    var summary: String { "Key labels need a contrast ratio with their face of 4.5:1 (AA) or 7:1 (AAA); large text (24 pt, or 18.66 pt bold) and icons 3:1 (AA) or 4.5:1 (AAA)." }
    var reference: (name: String, url: String) { ("WCAG 2.2 SC 1.4.3 Contrast (Minimum) / 1.4.6 Contrast (Enhanced)", "https://www.w3.org/TR/WCAG22/#contrast-minimum") }
    var step: Double { 0.1 }   // a contrast ratio

    func findings(on keyboard: LintKeyboard) throws -> [LintFinding] {
        try keyboard.texts().compactMap { m in
            let need = Self.need(level: keyboard.level, large: m.large)
            guard m.ratio < need else { return nil }
            return keyboard.finding(.textContrast, .error, source: keyboard.contrastSource(m), state: m.state, keys: [m.name], keyClass: m.keyClass,
                                    measured: m.ratio, needed: need, m: m, details: "\(m.text.hex) on \(m.face.hex), \(Self.size(m)), \(m.state)")
        }
    }

    /// The ratio a label needs (docs/lint.md).
    static func need(level: LintLevel, large: Bool) -> Double {
        switch (level, large) {
        case (.AA, false): return 4.5
        case (.AA, true): return 3
        case (.AAA, false): return 7
        case (.AAA, true): return 4.5
        }
    }

    /// The label's size as the details name it: `16 pt`, `24 pt, large text`, `icon, …`.
    static func size(_ m: LintKeyboard.TextMeasure) -> String {
        m.isIcon ? "icon, counted as large text" : "\(LintKeyboard.number(m.textSize)) pt" + (m.large ? ", large text" : "")
    }
}
