import RenderKeyboardKit
import ColorMetrics
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// `pressed-state` (warning, skipped when the theme turns highlighting off): a pressed face
/// that differs from the normal one by less than 3:1 in contrast and less than ΔE2000 10.
struct PressedState: LintCheck {
    static let deltaE = 10.0

    var defaultSeverity: LintSeverity { .warning }
    var summary: String { "A pressed key looks different from a normal one: 3:1 in contrast or ΔE2000 10." }
    var reference: (name: String, url: String) { KeyContrast().reference }
    var step: Double { 0.1 }   // a contrast ratio

    /// The keys drawn pressed as keys with a label or icon (a key under a callout is hidden).
    func findings(on keyboard: LintKeyboard) throws -> [LintFinding] {
        try keyboard.texts().filter { $0.block == "pressed" }.compactMap { m in
            finding(keyboard, normal: keyboard.normal.keys[m.sceneIndex], pressed: keyboard.pressed?.keys[m.sceneIndex])
        }
    }

    private func finding(_ keyboard: LintKeyboard, normal: SceneKey, pressed: SceneKey?) -> LintFinding? {
        guard let pressedScene = keyboard.pressed, let pressed else { return nil }
        let keyClass = normal.frame.key.keyClass
        let ratio: Double, delta: Double, details: String
        if let a = keyboard.solidFace(normal.style, in: keyboard.normal), let b = keyboard.solidFace(pressed.style, in: pressedScene) {
            ratio = ColorMetrics.contrastRatio(a, b)
            delta = ColorMetrics.deltaE2000(a, b)
            details = "\(b.hex) pressed against \(a.hex), ΔE2000 \(LintKeyboard.number(delta, decimals: 1)) < \(LintKeyboard.number(Self.deltaE))"
        } else if normal.style.image == pressed.style.image && normal.style.fill == pressed.style.fill {
            ratio = 1
            delta = 0
            details = "the pressed face is drawn exactly like the normal one"
        } else {
            return nil
        }
        guard ratio < KeyContrast.need && delta < Self.deltaE else { return nil }
        let field = normal.style.image != nil || pressed.style.image != nil ? "image" : "fill"
        let source = keyboard.source(of: field, keyClass: keyClass, block: "pressed", keyIndex: normal.frame.index).position
        return keyboard.finding(.pressedState, .warning, source: source, state: "pressed", keys: [LintKeyboard.name(of: normal)], keyClass: keyClass,
                                measured: ratio, needed: KeyContrast.need, details: details)
    }
}
