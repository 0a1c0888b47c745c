/// A theme's rule that styles keys by what they are and the keyboard's state: a Snygg
/// stylesheet's `key` rules as the theme holds them (docs/format.md "Snygg stylesheets").
///
/// A key's style is laid, later winning, from its theme class's styles, then each matching
/// rule in `Theme.keyRules` order (the rules without `:pressed` by fewer attributes first, then,
/// when the key is drawn pressed, the `:pressed` ones the same way), then its own `appearance`.
package struct KeyRule: Sendable, Hashable {
    /// The codes a key must have (FlorisBoard's codes, `Key.styleCode`); nil for any key.
    package var codes: [ClosedRange<Int>]?
    /// The modes the keyboard must be in (`characters`, `numeric_advanced`, … lower-cased, no
    /// `_`); nil for any.
    package var modes: [String]?
    /// The shift states the keyboard must be in; nil for any. A rule for a state the engine
    /// does not draw (`shifted_automatic`) holds none and matches nothing.
    package var shiftStates: [ShiftState]?
    /// A `:pressed` rule: laid only over keys drawn pressed.
    package var pressed: Bool
    /// The style the rule sets.
    package var style: KeyStyle
    /// The selector as written, for messages.
    package var selector: String

    /// How many attributes the selector has (a rule with fewer is laid first).
    package var attributeCount: Int { [codes != nil, modes != nil, shiftStates != nil].filter { $0 }.count }

    /// Whether the rule styles a key with `code` on a keyboard in `context`.
    package func matches(code: Int?, context: KeyStyleContext) -> Bool {
        if let codes, !(code.map { c in codes.contains { $0.contains(c) } } ?? false) { return false }
        if let modes, !(context.mode.map { modes.contains(Self.normalized($0)) } ?? false) { return false }
        if let shiftStates, !shiftStates.contains(context.shift) { return false }
        return true
    }

    /// A mode or state name as rules compare it: lower-cased, without `_`
    /// (`numeric_advanced` = `numericAdvanced`).
    package static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "_" })
    }

    /// `rules` in the order they are laid: unpressed before pressed, fewer attributes first,
    /// otherwise as written.
    package static func ordered(_ rules: [KeyRule]) -> [KeyRule] {
        rules.enumerated().sorted {
            ($0.element.pressed ? 1 : 0, $0.element.attributeCount, $0.offset) < ($1.element.pressed ? 1 : 0, $1.element.attributeCount, $1.offset)
        }.map(\.element)
    }

    /// A value with every stored property given; those with a default may be left out.
    package init(codes: [ClosedRange<Int>]? = nil, modes: [String]? = nil, shiftStates: [ShiftState]? = nil, pressed: Bool, style: KeyStyle, selector: String) {
        self.codes = codes
        self.modes = modes
        self.shiftStates = shiftStates
        self.pressed = pressed
        self.style = style
        self.selector = selector
    }
}

/// What key rules match besides the key: the keyboard's mode and shift state.
package struct KeyStyleContext: Sendable, Hashable {
    /// FlorisBoard's name of the keyboard's mode; nil when it has none.
    package var mode: String?
    /// The shift state drawn.
    package var shift: ShiftState

    /// A keyboard in `mode` (nil: none) with shift `shift`.
    package init(mode: String? = nil, shift: ShiftState = .off) {
        self.mode = mode
        self.shift = shift
    }
}

extension KeyboardFrames {
    /// The mode key rules see: an app layout's mode (`IMEMode.snyggName`), else the layout's
    /// kind (letter `characters`, number `numeric`, symbol `symbols`); nil for other kinds.
    package var styleMode: String? {
        if let imeMode { return imeMode.snyggName }
        switch layoutKind {
        case .letter: return "characters"
        case .number: return "numeric"
        case .symbol: return "symbols"
        case .idcard, .custom: return nil
        }
    }
}

extension Key {
    /// The code key rules match (FlorisBoard's numbering): an app's key its own code; an
    /// Android key's code by meaning (shift −11, delete −7, done and return 10, space 32, mode
    /// change −202, a character its code point); the engine's codes done 10, space 32, shift
    /// −11, delete −7, mode-letter −201, mode-number −202, mode-symbol −203, an input key the
    /// code point of what it types when that is one character. Nil when there is none.
    package var styleCode: Int? {
        if let ime { return ime.styleCode }
        if let android {
            switch android.meaning {
            case .shift: return -11
            case .delete: return -7
            case .done, .return: return 10
            case .space: return 32
            case .modeChange: return -202
            case .character(let scalar): return Int(scalar.value)
            default: return nil
            }
        }
        switch code {
        case .done: return 10
        case .space: return 32
        case .shift: return -11
        case .delete: return -7
        case .modeLetter: return -201
        case .modeNumber: return -202
        case .modeSymbol: return -203
        case .input:
            let scalars = value.unicodeScalars
            return scalars.count == 1 ? scalars.first.map { Int($0.value) } : nil
        case .cancel, .collapse: return nil
        }
    }
}
