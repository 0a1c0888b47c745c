import RenderKeyboardKit
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// `label-size` (warning): a label drawn under 11 pt after fitting.
struct LabelSize: LintCheck {
    static let minimum = 11.0

    var defaultSeverity: LintSeverity { .warning }
    var summary: String { "Labels are drawn at 11 pt or more after fitting." }
    var reference: (name: String, url: String) { TextContrast().reference }
    var step: Double { 0.5 }   // points

    func findings(on keyboard: LintKeyboard) throws -> [LintFinding] {
        try keyboard.texts().compactMap { m in
            guard !m.isIcon, m.textSize < Self.minimum else { return nil }
            let source = keyboard.source(of: "textSize", keyClass: m.keyClass, block: m.block, keyIndex: m.keyIndex).position
            return keyboard.finding(.labelSize, .warning, source: source, state: m.state, keys: [m.name], keyClass: m.keyClass, measured: m.textSize, needed: Self.minimum,
                                    m: m, details: "drawn at \(LintKeyboard.number(m.textSize)) pt after fitting, \(m.state)")
        }
    }
}
