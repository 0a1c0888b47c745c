/// What a key does (docs/format.md `code`).
public enum KeyCode: String, Sendable, Hashable, CaseIterable {
    /// Types its `value` (code 0); the only keys shuffling moves.
    case input
    /// Types a space (code 0); its label defaults to "space" and its value to `" "`.
    case space
    /// Switches between lower and upper case (code −1); draws the shift arrow.
    case shift
    /// Deletes the character before the cursor (code −7); draws the delete icon.
    case delete
    /// Finishes input (code −6); labelled "Done" and drawn in the `enter` class by default.
    case done
    /// Cancels input (code −5); labelled "Cancel".
    case cancel
    /// Hides the keyboard (code −8); draws the collapse icon.
    case collapse
    /// Switches to the letter keyboard (code −3); labelled "ABC".
    case modeLetter = "mode-letter"
    /// Switches to the number pad (code −2); labelled "123".
    case modeNumber = "mode-number"
    /// Switches to the symbol keyboard (code −4); labelled "#+=".
    case modeSymbol = "mode-symbol"

    /// The SDKs' numeric key code (frames JSON `codeValue`).
    package var numericValue: Int {
        switch self {
        case .input, .space: return 0
        case .shift: return -1
        case .modeNumber: return -2
        case .modeLetter: return -3
        case .modeSymbol: return -4
        case .cancel: return -5
        case .done: return -6
        case .delete: return -7
        case .collapse: return -8
        }
    }

    /// The label a key of this code shows when the file gives none.
    package var defaultLabel: String {
        switch self {
        case .space: return "space"
        case .done: return "Done"
        case .cancel: return "Cancel"
        case .modeLetter: return "ABC"
        case .modeNumber: return "123"
        case .modeSymbol: return "#+="
        case .input, .shift, .delete, .collapse: return ""
        }
    }

    /// The theme class that draws a key of this code when the file gives no `style`.
    package var defaultClass: KeyClass {
        switch self {
        case .input, .space: return .content
        case .done: return .enter
        default: return .function
        }
    }

    /// The icon a key of this code draws when the file gives no `icon`.
    package var defaultIcon: KeyIcon {
        switch self {
        case .shift: return .shift
        case .delete: return .delete
        case .collapse: return .collapse
        default: return .none
        }
    }
}

/// A vector icon drawn instead of a key's label (docs/format.md `icon`).
public enum KeyIcon: String, Sendable, Hashable, CaseIterable {
    /// An upward arrow: outlined when shift is off, filled when it is on, filled with a bar
    /// under it when it is locked.
    case shift
    /// Backspace: a tag pointing left with an × inside.
    case delete
    /// Return: a line down that turns left into an arrowhead (↵).
    case `return`
    /// A small keyboard with a chevron pointing down under it.
    case collapse
    /// A globe (the next-keyboard key).
    case globe
    /// A space bar's open box (⎵): a line with a short upturn at each end.
    case space
    /// A smiling face (the emoji keyboard key).
    case emoji
    /// A microphone on its stand (the dictation key).
    case mic
    /// No icon: the key draws its label.
    case none
}

/// One key of a layout, with every default applied.
public struct Key: Sendable, Hashable {
    /// The text shown on the key while shift is off (`label`; for a bare string, the string;
    /// else `code.defaultLabel`). Not drawn when the key has an icon.
    public var label: String
    /// What the key types while shift is off (the SDKs' "magic char"); defaults to `label`, and
    /// to `" "` for a space key.
    public var value: String
    /// The text shown while shift is on or locked; defaults to `label` in upper case for input
    /// keys and to `label` itself for every other code.
    public var shiftLabel: String
    /// What the key types while shift is on or locked; defaults to `value` in upper case for
    /// input keys and to `value` itself for every other code.
    public var shiftValue: String
    /// What the key does; decides its numeric code, default label, class and icon.
    public var code: KeyCode
    /// The theme class that draws the key (the file's `style`); defaults to
    /// `code.defaultClass`.
    public var keyClass: KeyClass
    /// Number of rows the key covers, ≥ 1.
    public var rowSpan: Int
    /// The vector icon drawn instead of the label; defaults to `code.defaultIcon`, and `none`
    /// draws the label.
    public var icon: KeyIcon
    /// The key's own style, the last layer of the cascade, over its theme class (docs/layouts-and-themes.md); nil
    /// for none.
    public var appearance: StateStyles?
    /// Set for keys read from an Android keyboard file (docs/android-xml.md).
    package var android: AndroidKeyAttributes?
    /// Set for keys read from a HeliBoard or FlorisBoard layout (docs/android-imes.md).
    package var ime: IMEKeyAttributes? = nil
    /// Pinned: no shuffle moves the key, whatever it types (the file's `fixed: true`).
    public var isFixed: Bool

    /// A key with the defaults of docs/format.md applied to every field left nil. `rowSpan` must be ≥
    /// 1 (the decoder and the solver check it).
    public init(
        label: String, value: String? = nil, shiftLabel: String? = nil, shiftValue: String? = nil,
        code: KeyCode = .input, keyClass: KeyClass? = nil, rowSpan: Int = 1, icon: KeyIcon? = nil,
        appearance: StateStyles? = nil, isFixed: Bool = false
    ) {
        self.init(
            label: label, value: value, shiftLabel: shiftLabel, shiftValue: shiftValue, code: code, keyClass: keyClass,
            rowSpan: rowSpan, icon: icon, appearance: appearance, android: nil, isFixed: isFixed
        )
    }

    /// A key as `init(label:…)` makes it, read from an Android keyboard file.
    package init(
        label: String, value: String? = nil, shiftLabel: String? = nil, shiftValue: String? = nil,
        code: KeyCode = .input, keyClass: KeyClass? = nil, rowSpan: Int = 1, icon: KeyIcon? = nil,
        appearance: StateStyles? = nil, android: AndroidKeyAttributes?, isFixed: Bool = false
    ) {
        self.label = label
        let value = value ?? (code == .space ? " " : label)
        self.value = value
        // Input keys shift to upper case (docs/format.md); function keys keep their label unless the
        // file gives a shift label, as on a phone ("Done" does not become "DONE").
        self.shiftLabel = shiftLabel ?? (code == .input ? label.uppercased() : label)
        self.shiftValue = shiftValue ?? (code == .input ? value.uppercased() : value)
        self.code = code
        self.keyClass = keyClass ?? code.defaultClass
        self.rowSpan = rowSpan
        self.icon = icon ?? code.defaultIcon
        self.appearance = appearance
        self.android = android
        self.isFixed = isFixed
    }

    /// An input key whose label and value are `text` (a bare string in a layout file).
    package init(_ text: String) {
        self.init(label: text)
    }

    /// The group a shuffle moves this key in, nil when it stays (docs/format.md, the `shuffle` and `fixed` fields): an
    /// `input` key that is not pinned, by what it types (`ShuffleKind.of(_:)`).
    package var shuffleKind: ShuffleKind? {
        guard code == .input, !isFixed else { return nil }
        return ShuffleKind.of(value)
    }

    /// Whether shuffling may move this key: it has a `shuffleKind`.
    package var isShuffled: Bool { shuffleKind != nil }
}
