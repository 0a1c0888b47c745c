/// What an Android key code means: the one table from which a key of an Android keyboard file
/// gets its frames-JSON name, the engine's code (which decides whether and how a shuffle
/// moves it), its theme class, and the vector icon drawn when its only face is a `keyIcon`
/// (docs/android-xml.md "Keys").
///
/// Negative codes are `Keyboard.KEYCODE_*`; other codes are the character the key types when
/// they are one: a printable character that the key's label or output text is, or that lies in
/// the Basic Multilingual Plane. Every other code (0, control characters, an app's own mode
/// keys such as 90001 or 100860 on a `#+=` key) is a function key.
package enum AndroidKeyCode: Sendable, Hashable {
    /// −1 `KEYCODE_SHIFT`.
    case shift
    /// −2 `KEYCODE_MODE_CHANGE`.
    case modeChange
    /// −3 `KEYCODE_CANCEL`.
    case cancel
    /// −4 `KEYCODE_DONE`.
    case done
    /// −5 `KEYCODE_DELETE`.
    case delete
    /// −6 `KEYCODE_ALT`.
    case alt
    /// 10, the return character: a pad's Enter or OK key.
    case `return`
    /// 32, the space bar.
    case space
    /// A printable character (letter, digit, punctuation, symbol): an input key that types it.
    case character(Unicode.Scalar)
    /// Any other code: a function key the engine has no name for.
    case other(Int)

    /// The meaning of `code` on a key labelled `label` that types `outputText` (docs/android-xml.md
    /// "Keys"): a positive code beyond the Basic Multilingual Plane is a character only when
    /// the label or the output text is that character.
    package init(_ code: Int, label: String?, outputText: String?) {
        self.init(code)
        if case .character(let scalar) = self, scalar.value > 0xFFFF {
            let text = String(Character(scalar))
            if label != text && outputText != text { self = .other(code) }
        }
    }

    /// The meaning of `code` alone: any printable character is a character.
    package init(_ code: Int) {
        switch code {
        case -1: self = .shift
        case -2: self = .modeChange
        case -3: self = .cancel
        case -4: self = .done
        case -5: self = .delete
        case -6: self = .alt
        case 10: self = .return
        case 32: self = .space
        default:
            if code > 0, let scalar = UInt32(exactly: code).flatMap(Unicode.Scalar.init), Text.isVisibleCharacter(scalar) {
                self = .character(scalar)
            } else {
                self = .other(code)
            }
        }
    }

    /// The name the frames JSON and `--pressed` use: `shift`, `mode-change`, `cancel`,
    /// `done`, `delete`, `alt`, `return`, `space`, `input` for a character, `function` for
    /// any other code.
    package var name: String {
        switch self {
        case .shift: return "shift"
        case .modeChange: return "mode-change"
        case .cancel: return "cancel"
        case .done: return "done"
        case .delete: return "delete"
        case .alt: return "alt"
        case .return: return "return"
        case .space: return "space"
        case .character: return "input"
        case .other: return "function"
        }
    }

    /// The engine's code: what decides whether a shuffle moves the key (only `input` does)
    /// and which characters it counts as typing. Mode-change, alt and other codes are
    /// function keys that no engine code names; `modeNumber` and `modeSymbol` stand in.
    package var engineCode: KeyCode {
        switch self {
        case .shift: return .shift
        case .modeChange: return .modeNumber
        case .cancel: return .cancel
        case .done, .return: return .done
        case .delete: return .delete
        case .space: return .space
        case .character: return .input
        case .alt, .other: return .modeSymbol
        }
    }

    /// The theme class that draws the key: done and return in `enter`, characters and the
    /// space bar in `content`, every other key in `function`.
    package var keyClass: KeyClass {
        switch self {
        case .done, .return: return .enter
        case .character, .space: return .content
        default: return .function
        }
    }

    /// The vector icon drawn for a key without a label (icons are not loaded): shift, delete,
    /// return for done and return, collapse for cancel, globe for mode change, the open box
    /// for space; nil when the engine has none.
    package var icon: KeyIcon? {
        switch self {
        case .shift: return .shift
        case .delete: return .delete
        case .done, .return: return .return
        case .cancel: return .collapse
        case .modeChange: return .globe
        case .space: return .space
        default: return nil
        }
    }

    /// What a key without a label shows: the engine's icon for the code; else, when the file
    /// gives a `keyIcon` (which is never loaded), the character the code types, or for a
    /// function key the icon the drawable's name says (`iconNamed`); nil when the key draws
    /// nothing.
    package func face(icon iconName: String?) -> (label: String, icon: KeyIcon)? {
        if let icon { return ("", icon) }
        guard let iconName else { return nil }
        if case .character(let scalar) = self { return (String(Character(scalar)), .none) }
        return Self.icon(named: iconName).map { ("", $0) }
    }

    /// The icon a drawable's name says (`@drawable/ic_abs_keyboard_delete` → delete), for a
    /// function key whose code has none. The name's words (split at anything not a letter):
    /// `delete`, `backspace` or `del` → delete; `shift` → shift; `space` → space; `enter`,
    /// `done`, `return` or `ok` → return; `hide`, or `keyboard` with no word but generic
    /// ones (`sym`, `ic`, `icon`, `key`, `btn`, `down`, …) → collapse (in that order). Nil for
    /// any other name: `sym_keyboard_left` is an arrow, not the keyboard.
    package static func icon(named name: String) -> KeyIcon? {
        let drawable = String(name.split(separator: "/").last ?? Substring(name)).lowercased()
        let words = drawable.split(whereSeparator: { !$0.isLetter }).map(String.init)
        func has(_ candidates: [String]) -> Bool { words.contains { word in candidates.contains { word.contains($0) } } }
        if has(["delete", "backspace"]) || words.contains("del") { return .delete }
        if has(["shift"]) { return .shift }
        if has(["space"]) { return .space }
        if has(["enter", "done", "return"]) || words.contains("ok") { return .return }
        let generic: Set<String> = ["sym", "ic", "icon", "key", "keys", "btn", "button", "abs", "down", "close", "dismiss", "keyboard", "normal", "pressed", "selector", "bg", "img"]
        if words.contains("hide") || (words.contains("keyboard") && words.allSatisfy(generic.contains)) { return .collapse }
        return nil
    }
}
