import KeyboardModel

extension IMEKeyboard {
    /// The engine's key for one of this keyboard's keys: the face the app shows (a character,
    /// a mode key's text, or the engine's icon for shift, delete, enter and the language key),
    /// the engine code (`IMEKeyTable.engineCode`), and the class: `enter` for the action key
    /// and code 10, `function` for HeliBoard's functional keys and FlorisBoard's modifier,
    /// system and editing keys, else `content` (docs/android-imes.md).
    ///
    /// - Parameter functional: HeliBoard's background says functional (FlorisBoard: ignored).
    /// - Parameter action: HeliBoard's background says action (FlorisBoard: ignored).
    func engineKey(_ key: IMEKey, functional: Bool = false, action: Bool = false) -> Key {
        let code = key.resolvedCode(source: source, mode: mode)
        let engineCode = IMEKeyTable.engineCode(of: code)
        var label = key.label
        var icon: KeyIcon = .none
        let entry = IMEKeyTable.entry(ofLabel: key.label, source: source, mode: mode)
        if let entry {
            label = entry.face
            icon = entry.icon
        }
        if let localized = localeLabel(of: key.label) { label = localized }
        let keyClass: KeyClass
        switch source {
        case .heliboard:
            keyClass = action || code == 10 ? .enter : functional ? .function : .content
        case .florisboard:
            let functionTypes: Set<String> = ["modifier", "system_gui", "enter_editing"]
            keyClass = code == 10 ? .enter : key.type.map(functionTypes.contains) == true ? .function : .content
        }
        let value: String
        if engineCode == .input, let code, let scalar = UInt32(exactly: code).flatMap(Unicode.Scalar.init) {
            value = String(Character(scalar))
        } else {
            value = engineCode == .space ? " " : ""
        }
        var engine = Key(label: label, value: value, code: engineCode, keyClass: keyClass, icon: icon)
        if entry != nil {
            // A functional key's text (`?123`, `Pause`) keeps its case under shift.
            engine.shiftLabel = label
        }
        var attributes = IMEKeyAttributes(source: source, label: key.label, code: key.code, type: key.type, styleCode: code)
        attributes.path = key.path
        attributes.line = key.line
        attributes.column = key.column
        attributes.popups = popups[popupName(of: key)] ?? (key.label == "period" ? popups["punctuation"] : nil) ?? []
        engine.ime = attributes
        return engine
    }

    /// The name the locale's popups give `key`: its label; on FlorisBoard, the keys of groups
    /// 1, 2, 3 and 97 (beside the space bar, enter, the kana key) are `~left`, `~right`,
    /// `~enter` and `~kana`.
    func popupName(of key: IMEKey) -> String {
        guard source == .florisboard else { return key.label }
        return [1: "~left", 2: "~right", 3: "~enter", 97: "~kana"][key.groupId ?? 0] ?? key.label
    }

    /// The locale's label (`localeLabels`) of a mode or punctuation key HeliBoard names
    /// (`symbol_alpha` shows `symbol` on the letters and `alphabet` elsewhere) or of a
    /// FlorisBoard currency slot (`currency_slot_1` …), nil for any other key or when the
    /// locale keeps the default.
    func localeLabel(of label: String) -> String? {
        if label.hasPrefix("currency_slot_") { return localeLabels[label] }
        switch label {
        case "symbol_alpha": return localeLabels[mode == .main ? "symbol" : "alphabet"]
        case "symbol", "view_symbols": return localeLabels["symbol"]
        case "alpha", "view_characters": return localeLabels["alphabet"]
        case "comma": return localeLabels["comma"]
        case "period": return localeLabels["period"]
        default: return nil
        }
    }
}
