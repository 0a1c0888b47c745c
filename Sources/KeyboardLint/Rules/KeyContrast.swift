import RenderKeyboardKit
import ColorMetrics
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// `key-contrast` (warning): a key's face — and a callout's bubble, which counts as a face —
/// against the keyboard background, 3:1 (WCAG 1.4.11).
struct KeyContrast: LintCheck {
    /// The ratio a face needs against the background, and a pressed face against the normal one.
    static let need = 3.0

    var defaultSeverity: LintSeverity { .warning }
    var summary: String { "A key's face, and a callout's bubble, stand out from the keyboard background by 3:1." }
    var reference: (name: String, url: String) { ("WCAG 2.2 SC 1.4.11 Non-text Contrast", "https://www.w3.org/TR/WCAG22/#non-text-contrast") }
    var step: Double { 0.1 }   // a contrast ratio

    func findings(on keyboard: LintKeyboard) throws -> [LintFinding] {
        var out: [LintFinding] = []
        guard let background = keyboard.backgroundColor(keyboard.normal) else { return out }
        for key in keyboard.normal.keys {
            guard let face = keyboard.solidFace(key.style, in: keyboard.normal) else { continue }
            if let f = finding(keyboard, face: face, background: background, key: key, block: "normal", what: "face") { out.append(f) }
        }
        if let pressed = keyboard.pressed, let background = keyboard.backgroundColor(pressed) {
            for callout in pressed.callouts {
                let key = pressed.keys[callout.keyIndex]
                let bubble = keyboard.srgb(callout.fill).composited(alpha: Double(callout.fill.alpha) / 255, over: background)
                if let f = finding(keyboard, face: bubble, background: background, key: key, block: "callout", what: "callout") { out.append(f) }
            }
        }
        return out
    }

    private func finding(_ keyboard: LintKeyboard, face: SRGB, background: SRGB, key: SceneKey, block: String, what: String) -> LintFinding? {
        let ratio = ColorMetrics.contrastRatio(face, background)
        guard ratio < Self.need else { return nil }
        let keyClass = key.frame.key.keyClass
        let source = keyboard.source(of: "fill", keyClass: keyClass, block: block, keyIndex: key.frame.index).position
        var f = keyboard.finding(.keyContrast, .warning, source: source, state: block == "callout" ? "pressed" : "normal", keys: [LintKeyboard.name(of: key)], keyClass: keyClass,
                                 measured: ratio, needed: Self.need, details: "\(what) \(face.hex) on background \(background.hex)")
        f.foreground = face.hex
        f.background = background.hex
        return f
    }
}
