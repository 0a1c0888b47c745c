/// What an Android key code means: the one table from which a key of an Android keyboard file
/// gets its frames-JSON name, the engine's code (which decides whether and how a shuffle
/// moves it), its theme class, and the vector icon drawn when its only face is a `keyIcon`
/// (SPEC §8 "Keys").
///
/// Negative codes are `Keyboard.KEYCODE_*`; other codes are the character the key types.
/// Codes that are no printable character (0, control characters, an app's own mode keys
/// such as 90001) are function keys.
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

    /// The meaning of `code`.
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
    /// gives a `keyIcon` (which is never loaded), the character the code types; nil when the
    /// key draws nothing.
    package func face(hasIcon: Bool) -> (label: String, icon: KeyIcon)? {
        if let icon { return ("", icon) }
        if hasIcon, case .character(let scalar) = self { return (String(Character(scalar)), .none) }
        return nil
    }
}
