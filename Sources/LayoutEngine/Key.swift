/// What a key does (SPEC §2 `code`).
public enum KeyCode: String, Sendable, Hashable, CaseIterable {
    case input, space, shift, delete, done, cancel, collapse
    case modeLetter = "mode-letter"
    case modeNumber = "mode-number"
    case modeSymbol = "mode-symbol"

    /// The SDKs' numeric key code (frames JSON `codeValue`).
    public var numericValue: Int {
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
    public var defaultLabel: String {
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
    public var defaultClass: KeyClass {
        switch self {
        case .input, .space: return .content
        case .done: return .enter
        default: return .function
        }
    }

    /// The icon a key of this code draws when the file gives no `icon`.
    public var defaultIcon: KeyIcon {
        switch self {
        case .shift: return .shift
        case .delete: return .delete
        case .collapse: return .collapse
        default: return .none
        }
    }
}

/// A vector icon drawn instead of a key's label (SPEC §2 `icon`).
public enum KeyIcon: String, Sendable, Hashable, CaseIterable {
    case shift, delete, `return`, collapse, globe, none
}

/// One key of a layout, with every default applied.
public struct Key: Sendable, Hashable {
    public var label: String
    public var value: String
    public var shiftLabel: String
    public var shiftValue: String
    public var code: KeyCode
    public var keyClass: KeyClass
    /// Number of rows the key covers, ≥ 1.
    public var rowSpan: Int
    public var icon: KeyIcon
    public var appearance: StateStyles?
    /// Set for keys read from an Android keyboard file (SPEC §8).
    public var android: AndroidKeyAttributes?

    public init(
        label: String, value: String? = nil, shiftLabel: String? = nil, shiftValue: String? = nil,
        code: KeyCode = .input, keyClass: KeyClass? = nil, rowSpan: Int = 1, icon: KeyIcon? = nil,
        appearance: StateStyles? = nil, android: AndroidKeyAttributes? = nil
    ) {
        self.label = label
        let value = value ?? (code == .space ? " " : label)
        self.value = value
        // Input keys shift to upper case (SPEC §2); function keys keep their label unless the
        // file gives a shift label, as on a phone ("Done" does not become "DONE").
        self.shiftLabel = shiftLabel ?? (code == .input ? label.uppercased() : label)
        self.shiftValue = shiftValue ?? (code == .input ? value.uppercased() : value)
        self.code = code
        self.keyClass = keyClass ?? code.defaultClass
        self.rowSpan = rowSpan
        self.icon = icon ?? code.defaultIcon
        self.appearance = appearance
        self.android = android
    }

    /// An input key whose label and value are `text` (a bare string in a layout file).
    public init(_ text: String) {
        self.init(label: text)
    }

    /// Whether shuffling may move this key (SPEC §2: code `input` only).
    public var isShuffled: Bool { code == .input }
}
