/// What the frames JSON reports of a key read from a HeliBoard or FlorisBoard layout (its
/// `ime` object): the file's label, code and type after selectors, raw (docs/format.md "HeliBoard and FlorisBoard layouts").
package struct IMEKeyAttributes: Sendable, Hashable {
    /// The app whose layout the key came from.
    package var source: IMESource
    /// The label as written; for HeliBoard's functional keys the label they are added with
    /// (`shift`, `symbol_alpha`).
    package var label: String
    /// The code as written; nil when the file gives none.
    package var code: Int?
    /// The type as written; nil when the file gives none.
    package var type: String?
    /// The code FlorisBoard's stylesheets match the key by (`IMEKey.resolvedCode`).
    package var styleCode: Int?
}

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
        engine.ime = IMEKeyAttributes(source: source, label: key.label, code: key.code, type: key.type, styleCode: code)
        return engine
    }
}
