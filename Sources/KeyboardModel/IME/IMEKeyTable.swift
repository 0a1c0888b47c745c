/// The one table of the apps' functional keys: for each special label HeliBoard or
/// FlorisBoard writes (`shift`, `delete`, `view_symbols`, `symbol_alpha`, …) the code that
/// FlorisBoard's stylesheets know it by, what the engine draws on it, and the engine code that
/// decides how it is named and pressed (docs/android-imes.md).
///
/// The apps' own icons are not drawn: shift, delete, enter and the language key draw the
/// engine's icons; mode keys draw the text the apps show.
package enum IMEKeyTable {
    /// One functional label.
    package struct Entry {
        /// The code FlorisBoard gives the key (HeliBoard's own codes where FlorisBoard has none).
        var code: Int
        /// What is drawn: text, or empty with an icon.
        package var face: String
        package var icon: KeyIcon = .none
    }

    /// The labels both apps write for functional keys, by label. Mode-dependent faces are
    /// set in `entry(ofLabel:source:mode:)`.
    private static let entries: [String: Entry] = [
        "shift": Entry(code: -11, face: "", icon: .shift),
        "delete": Entry(code: -7, face: "", icon: .delete),
        "space": Entry(code: 32, face: ""),
        "enter": Entry(code: 10, face: "", icon: .return),
        "action": Entry(code: 10, face: "", icon: .return),
        "comma": Entry(code: 44, face: ","),
        "period": Entry(code: 46, face: "."),
        "com": Entry(code: -255, face: ".com"),
        "zwnj": Entry(code: 8204, face: "ZWNJ"),
        "half_space": Entry(code: 8204, face: "ZWNJ"),
        "symbol": Entry(code: -202, face: "?123"),
        "alpha": Entry(code: -201, face: "ABC"),
        "numpad": Entry(code: -205, face: "123"),
        "emoji": Entry(code: -212, face: "", icon: .emoji),
        "language_switch": Entry(code: -227, face: "", icon: .globe),
        "view_characters": Entry(code: -201, face: "ABC"),
        "view_symbols": Entry(code: -202, face: "?123"),
        "view_symbols2": Entry(code: -203, face: "=\\<"),
        "view_numeric_advanced": Entry(code: -205, face: "123"),
        "view_phone": Entry(code: -206, face: "123"),
        "view_phone2": Entry(code: -207, face: "*#("),
        "ime_ui_mode_media": Entry(code: -212, face: "", icon: .emoji),
        "voice_input": Entry(code: -233, face: "", icon: .mic),
        "ime_ui_mode_text": Entry(code: -211, face: "ABC"),
        "pause": Entry(code: 44, face: "Pause"),
        "wait": Entry(code: 59, face: "Wait"),
        // FlorisBoard's currency slots, drawn as its US dollar set.
        "currency_slot_1": Entry(code: -801, face: "$"),
        "currency_slot_2": Entry(code: -802, face: "¢"),
        "currency_slot_3": Entry(code: -803, face: "£"),
        "currency_slot_4": Entry(code: -804, face: "€"),
        "currency_slot_5": Entry(code: -805, face: "¥"),
        "currency_slot_6": Entry(code: -806, face: "₱"),
        "$$$": Entry(code: -801, face: "$"),
    ]

    /// The entry of a functional label in `mode`, nil for any other label. HeliBoard's
    /// `symbol_alpha` is `?123` (−202) on the letters and `ABC` (−201) elsewhere; its shift
    /// key on the symbol pages shows the page it turns to.
    package static func entry(ofLabel label: String, source: IMESource, mode: IMEMode) -> Entry? {
        switch label {
        case "symbol_alpha":
            return mode == .main ? Entry(code: -202, face: "?123") : Entry(code: -201, face: "ABC")
        case "shift" where source == .heliboard && mode == .symbols:
            return Entry(code: -11, face: "=\\<")
        case "shift" where source == .heliboard && mode == .moreSymbols:
            return Entry(code: -11, face: "?123")
        default:
            return entries[label]
        }
    }

    /// The code of a functional label (see the type's documentation), nil for any other label.
    package static func code(ofLabel label: String, source: IMESource, mode: IMEMode) -> Int? {
        entry(ofLabel: label, source: source, mode: mode)?.code
    }

    /// The engine's code for an app's key code: shift −11, delete −7, enter 10 (done), space
    /// 32, the letters −201, numbers −202 (and FlorisBoard's other number pages −204…−207),
    /// symbols −203, a printable character (input); any other code is a function key no
    /// engine code names (`modeSymbol` stands in, as for Android's own codes).
    package static func engineCode(of code: Int?) -> KeyCode {
        guard let code else { return .modeSymbol }
        switch code {
        case -11, -13: return .shift
        case -7: return .delete
        case 10: return .done
        case 32: return .space
        case -201, -211: return .modeLetter
        case -202, -204, -205, -206, -207: return .modeNumber
        case -203: return .modeSymbol
        default:
            if code > 0, let scalar = UInt32(exactly: code).flatMap(Unicode.Scalar.init), Text.isVisibleCharacter(scalar) { return .input }
            return .modeSymbol
        }
    }
}
