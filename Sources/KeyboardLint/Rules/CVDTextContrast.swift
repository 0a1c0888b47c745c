import RenderKeyboardKit
import ColorMetrics
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// `cvd-text-contrast` (warning): a label that meets its need loses it under simulated
/// protanopia, deuteranopia or tritanopia (Machado, Oliveira & Fernandes 2009).
struct CVDTextContrast: LintCheck {
    var defaultSeverity: LintSeverity { .warning }
    var summary: String { "Key labels keep the contrast they need under simulated protanopia, deuteranopia and tritanopia (Machado, Oliveira & Fernandes 2009)." }
    var reference: (name: String, url: String) { TextContrast().reference }
    var step: Double { 0.1 }   // a contrast ratio

    func findings(on keyboard: LintKeyboard) throws -> [LintFinding] {
        var out: [LintFinding] = []
        for m in try keyboard.texts() {
            let need = TextContrast.need(level: keyboard.level, large: m.large)
            guard m.ratio >= need else { continue }
            for deficiency in ColorVisionDeficiency.allCases {
                let ratio = ColorMetrics.contrastRatio(deficiency.simulate(m.text), deficiency.simulate(m.face))
                guard ratio < need else { continue }
                var f = keyboard.finding(.cvdTextContrast, .warning, source: keyboard.contrastSource(m), state: m.state, keys: [m.name], keyClass: m.keyClass,
                                         measured: ratio, needed: need, m: m,
                                         details: "\(m.text.hex) on \(m.face.hex) seen with \(deficiency.rawValue), \(TextContrast.size(m)), \(m.state)")
                f.simulation = deficiency.rawValue
                out.append(f)
            }
        }
        return out
    }
}
