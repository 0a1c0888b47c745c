import KeyboardModel

/// Reads the keys of a HeliBoard or FlorisBoard JSON layout: a list of rows, each a list of
/// keys, a key being a mapping whose `$` names its class (docs/format.md "HeliBoard and FlorisBoard layouts").
///
/// Selectors (`shift_state_selector`, `variation_selector`, …) pick one branch with the app's
/// default settings (`IMESelection`); a selector with no such branch drops the key. A `$` class
/// the app does not have is an error naming the key.
package struct IMEKeyReader {
    /// The branch each selector takes.
    package struct Selection: Sendable {
        /// The app: HeliBoard reads `keyboard_state_selector` and drops `char_width_selector`
        /// and `kana_selector` keys; FlorisBoard takes `half` and `hira`.
        package var source: IMESource
        /// `shift_state_selector`'s branches in order of preference, before `default`.
        package var shiftState: [String]
        /// `keyboard_state_selector`'s branches in order of preference, before `default`.
        package var keyboardState: [String]
        /// `layout_direction_selector`'s branch: `ltr` or `rtl`.
        package var direction: String

        /// The default settings of `source` in `mode` (docs/android-imes.md): unshifted, `normal`
        /// variation, the mode's keyboard state (emoji and language keys off), left to right
        /// unless `direction` says otherwise.
        package init(source: IMESource, mode: IMEMode, direction: String = "ltr") {
            self.source = source
            self.direction = direction
            switch source {
            case .heliboard:
                shiftState = mode == .main || mode == .symbols ? ["unshifted"] : []
                switch mode {
                case .main: keyboardState = ["alphabet"]
                case .symbols: keyboardState = ["symbols"]
                case .moreSymbols: keyboardState = ["moreSymbols"]
                default: keyboardState = []
                }
            case .florisboard:
                shiftState = ["unshifted"]
                keyboardState = []
            }
        }
    }

    /// The `$` classes of keys and selectors both apps read.
    static let keyClasses = ["text_key", "auto_text_key", "multi_text_key"]
    static let selectors = ["case_selector", "shift_state_selector", "variation_selector", "layout_direction_selector",
                            "char_width_selector", "kana_selector"]

    /// The `type` values the apps know (HeliBoard's and FlorisBoard's together), lower-cased.
    package static let types = ["normal", "character", "numeric", "function", "modifier", "system_gui", "lock", "shift",
                                "space", "navigation", "action", "enter_editing", "placeholder", "unspecified"]

    let reader: FieldReader
    let selection: Selection

    package init(reader: FieldReader, selection: Selection) {
        self.reader = reader
        self.selection = selection
    }

    /// The `$` classes this app reads.
    var classes: [String] {
        Self.keyClasses + Self.selectors + (selection.source == .heliboard ? ["keyboard_state_selector"] : [])
    }

    /// The rows of a layout document: a list of lists of keys. Dropped keys are left out.
    ///
    /// A document that is no list of lists is not a layout at all (it may be any file the user
    /// can read): one error, quoting nothing of it.
    package func rows(_ document: Document, _ path: String = "rows") -> [[IMEKey]] {
        guard case let .sequence(rows) = document, rows.allSatisfy({ if case .sequence = $0 { return true } else { return false } }) else {
            reader.error("", "not a \(selection.source == .heliboard ? "HeliBoard" : "FlorisBoard") layout file: it is no list of rows, each a list of keys")
            return []
        }
        var result: [[IMEKey]] = []
        for (r, row) in rows.enumerated() {
            let rowPath = reader.join(path, r)
            guard let keys = reader.list(row, rowPath) else { continue }
            result.append(keys.enumerated().compactMap { key($1, reader.join(rowPath, $0)) })
        }
        return result
    }

    /// One key, its selectors resolved; nil when a selector drops it or it is not a key.
    package func key(_ document: Document, _ path: String) -> IMEKey? {
        guard case let .mapping(pairs) = document else {
            reader.error(path, "expected a key (a mapping with a code or a label)")
            return nil
        }
        let fields = Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        var kind = "text_key"
        if let value = fields["$"] {
            guard let name = reader.string(value, reader.join(path, "$")) else { return nil }
            guard classes.contains(name) else {
                reader.error(reader.join(path, "$"), "unknown class \(Diagnostic.quote(name)); \(selection.source.rawValue) reads \(classes.joined(separator: ", "))" + FieldReader.didYouMean(name, in: classes))
                return nil
            }
            kind = name
        }
        if Self.keyClasses.contains(kind) { return textKey(fields, path) }
        guard let branch = branch(of: kind, in: fields) else { return nil }
        return key(branch.value, reader.join(path, branch.name))
    }

    /// The branch a selector of class `kind` takes, nil when it has none (the key is dropped).
    func branch(of kind: String, in fields: [String: Document]) -> (name: String, value: Document)? {
        let preferred: [String]
        switch kind {
        case "case_selector": preferred = ["lower"]
        case "shift_state_selector": preferred = selection.shiftState + ["default"]
        case "variation_selector": preferred = ["normal", "default"]
        case "keyboard_state_selector": preferred = selection.keyboardState + ["default"]
        case "layout_direction_selector": preferred = [selection.direction]
        case "char_width_selector": preferred = selection.source == .heliboard ? [] : ["half"]
        default: preferred = selection.source == .heliboard ? [] : ["hira"]   // kana_selector
        }
        for name in preferred {
            if let value = fields[name], !value.isNull { return (name, value) }
        }
        return nil
    }

    /// A `text_key`, `auto_text_key` or `multi_text_key`: its label, code, type, width and
    /// group; popups and other fields are not read.
    func textKey(_ fields: [String: Document], _ path: String) -> IMEKey? {
        var key = IMEKey(label: "", path: path)
        if let value = fields["label"], let label = reader.drawableString(value, reader.join(path, "label")) {
            key.label = selection.source == .heliboard ? HeliBoardReader.shownLabel(label) : label
        }
        if let value = fields["code"] {
            key.code = reader.integer(value, reader.join(path, "code"), in: -0x10_FFFF...0x10_FFFF)
        } else if let value = fields["codePoints"], let points = reader.list(value, reader.join(path, "codePoints")), let first = points.first {
            key.code = reader.integer(first, reader.join(path, "codePoints[0]"), in: 0...0x10_FFFF)
        }
        if let value = fields["type"], let type = reader.string(value, reader.join(path, "type")) {
            let lowered = type.lowercased()
            if Self.types.contains(lowered) {
                key.type = lowered
            } else {
                reader.error(reader.join(path, "type"), "unknown key type \(Diagnostic.quote(type)); the types are \(Self.types.joined(separator: ", "))" + FieldReader.didYouMean(lowered, in: Self.types))
            }
        }
        if let value = fields["groupId"] { key.groupId = reader.integer(value, reader.join(path, "groupId"), in: Limits.imeGroupIds) }
        if let value = fields["width"], let width = reader.number(value, reader.join(path, "width"), in: -1...1, what: "width") {
            if width < 0 && width != -1 {
                reader.error(reader.join(path, "width"), "a width is a fraction of the keyboard's width from 0 to 1, or -1 to fill (found \(Limits.format(width)))")
            }
            key.width = Float(width)
        }
        if key.label.isEmpty, let code = key.code, code > 0, let scalar = UInt32(exactly: code).flatMap(Unicode.Scalar.init), Text.isVisibleCharacter(scalar) {
            key.label = String(Character(scalar))
        }
        return key
    }
}
