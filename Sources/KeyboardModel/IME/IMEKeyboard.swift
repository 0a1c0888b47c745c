/// The keyboard app whose rules place a layout file (docs/android-imes.md).
package enum IMESource: String, Sendable, Hashable, CaseIterable {
    /// HeliBoard: simple text (`.txt`) and JSON layouts, placed in whole pixels.
    case heliboard
    /// FlorisBoard: JSON layouts of an extension package with its mods, placed in float pixels.
    case florisboard

    /// The modes the app's layout folders name, in the order the documentation lists them.
    package var modes: [IMEMode] {
        switch self {
        case .heliboard: return [.main, .symbols, .moreSymbols, .number, .numpad, .phone, .phoneSymbols]
        case .florisboard: return [.characters, .symbols, .symbols2, .numeric, .numericAdvanced, .phone, .phone2]
        }
    }

    /// The mode of a file in a folder no mode is named after: the letters.
    package var letterMode: IMEMode { self == .heliboard ? .main : .characters }

    /// The mode a layout file's folder names (`main/qwerty.txt` → `main`); the letters for any
    /// other folder.
    package func mode(ofFolder folder: String) -> IMEMode {
        modes.first { $0.rawValue == folder } ?? letterMode
    }

    /// The mode `name` names for this app (`--ime-mode`), or nil.
    package func mode(named name: String) -> IMEMode? {
        modes.first { $0.rawValue == name }
    }
}

/// A mode of a keyboard app: which of its keyboards a layout is (docs/android-imes.md). The raw value is
/// the app's folder name.
package enum IMEMode: String, Sendable, Hashable, CaseIterable {
    /// HeliBoard's letters (`main/`).
    case main
    /// Symbols (both apps).
    case symbols
    /// HeliBoard's second symbol page (`more_symbols/`).
    case moreSymbols = "more_symbols"
    /// HeliBoard's number pad (`number/`).
    case number
    /// HeliBoard's number pad with operators (`numpad/`).
    case numpad
    /// A phone pad (both apps).
    case phone
    /// HeliBoard's phone symbols (`phone_symbols/`).
    case phoneSymbols = "phone_symbols"
    /// FlorisBoard's letters (`characters/`).
    case characters
    /// FlorisBoard's second symbol page (`symbols2/`).
    case symbols2
    /// FlorisBoard's number pad (`numeric/`).
    case numeric
    /// FlorisBoard's number pad with operators (`numericAdvanced/`).
    case numericAdvanced
    /// FlorisBoard's second phone page (`phone2/`).
    case phone2

    /// FlorisBoard's name of the mode, which a Snygg rule's `mode` attribute matches
    /// (`characters`, `symbols`, `symbols2`, `numeric`, `numeric_advanced`, `phone`, `phone2`).
    package var snyggName: String {
        switch self {
        case .main, .characters: return "characters"
        case .symbols: return "symbols"
        case .moreSymbols, .symbols2: return "symbols2"
        case .number, .numeric: return "numeric"
        case .numpad, .numericAdvanced: return "numeric_advanced"
        case .phone: return "phone"
        case .phoneSymbols, .phone2: return "phone2"
        }
    }

    /// What the keyboard is for: letters, symbols, or a number pad (no input callouts).
    package var layoutKind: LayoutKind {
        switch self {
        case .main, .characters: return .letter
        case .symbols, .moreSymbols, .symbols2: return .symbol
        default: return .number
        }
    }

    /// The letter and symbol keyboards (HeliBoard's `isAlphaOrSymbolKeyboard`, FlorisBoard's
    /// characters-like modes): those with functional rows and shift.
    package var isLettersOrSymbols: Bool {
        switch self {
        case .main, .symbols, .moreSymbols, .characters, .symbols2: return true
        default: return false
        }
    }
}

/// A HeliBoard or FlorisBoard layout read for one mode and not yet placed: its rows of keys,
/// selectors resolved with the app's default settings and, for FlorisBoard, its mods merged.
/// HeliBoard's functional keys are added when it is placed.
package struct IMEKeyboard: Sendable, Hashable {
    /// The app whose rules place it.
    package var source: IMESource
    /// The mode it is placed in: its folder's, or the one asked for.
    package var mode: IMEMode
    /// The file's stem (`qwerty`), the frames JSON's `layout`.
    package var name: String
    /// The keys row by row, in file order, as read.
    package var rows: [[IMEKey]]
    /// The locale whose key texts it takes (`ar`, `hi`); nil: none.
    package var locale: String?
    /// The locale's labels of the mode and punctuation keys, by HeliBoard's name
    /// (`symbol`, `alphabet`, `comma`, `period`), and of FlorisBoard's currency slots
    /// (`currency_slot_1` …); a name not here keeps the app's default.
    package var localeLabels: [String: String] = [:]
    /// The locale's popup keys by the label of the key they pop up from (FlorisBoard's keys
    /// beside the space bar: `~left`, `~right`); kept for the frames JSON, never drawn.
    package var popups: [String: [String]] = [:]

    /// A value with every stored property given; those with a default may be left out.
    package init(source: IMESource, mode: IMEMode, name: String, rows: [[IMEKey]]) {
        self.source = source
        self.mode = mode
        self.name = name
        self.rows = rows
    }
}

/// One key of an app's layout file after its selectors: what the file says, raw.
package struct IMEKey: Sendable, Hashable {
    /// The label as written (`q`, `shift`, `view_symbols`); empty when the file gives none.
    package var label: String
    /// The code as written; nil when the file gives none.
    package var code: Int?
    /// The `type` as written, lower-cased (`enter_editing`); nil when the file gives none.
    package var type: String?
    /// HeliBoard's `width`, a fraction of the keyboard's width (−1 fills); nil or 0 when unset.
    package var width: Float?
    /// `groupId` as written; nil when the file gives none.
    package var groupId: Int?
    /// Where it was written, for messages (`rows[2][3]`).
    package var path: String = ""
    /// Line and column (from 1, in Unicode scalars) of the label in a simple text layout.
    package var line: Int?, column: Int?

    /// The code the app gives the key: the written one, else the code of a functional label
    /// (`IMEKeyTable`), else the label's character when it is one.
    package func resolvedCode(source: IMESource, mode: IMEMode) -> Int? {
        if let code, code != 0 || type == "placeholder" { return code }
        if let known = IMEKeyTable.code(ofLabel: label, source: source, mode: mode) { return known }
        let scalars = label.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first { return Int(scalar.value) }
        return code
    }

    /// A value with every stored property given; those with a default may be left out.
    package init(label: String, code: Int? = nil, type: String? = nil, width: Float? = nil, groupId: Int? = nil, path: String = "") {
        self.label = label
        self.code = code
        self.type = type
        self.width = width
        self.groupId = groupId
        self.path = path
    }
}
