import KeyboardModel

/// Reads an Android keyboard file into an `AndroidKeyboard` (docs/format.md "Android keyboard XML", docs/android-xml.md "Keys").
///
/// Attributes are read by local name whatever their prefix. References resolve through
/// `AndroidValues`; every problem is reported with its field path
/// (`pad.xml: Row[2].Key[4].keyWidth: "12%q" is not a dimension or fraction`). Unknown
/// elements and attributes are warnings.
public enum AndroidKeyboardDecoder {
    static let lengthNames = ["keyWidth", "keyHeight", "horizontalGap", "verticalGap"]
    static let keyboardAttributes = lengthNames
    static let rowAttributes = lengthNames + ["rowEdgeFlags", "keyboardMode"]
    static let keyAttributes = lengthNames + [
        "codes", "keyLabel", "keyOutputText", "keyIcon", "iconPreview", "popupKeyboard",
        "popupCharacters", "isRepeatable", "isModifier", "isSticky", "keyEdgeFlags",
    ]

    /// Decodes `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: the XML file.
    ///   - file: the file name used in messages.
    ///   - name: the layout's name (the file's stem).
    ///   - values: the resources `@dimen/…`-style references resolve from.
    /// - Returns: the keyboard and the warnings found.
    /// - Throws: `DiagnosticList` with the XML error, or with every attribute problem.
    public static func decode(_ bytes: [UInt8], file: String, name: String, values: AndroidValues) throws -> (keyboard: AndroidKeyboard, warnings: [Diagnostic]) {
        let root = try DiagnosticList.parsing { try SafeXMLElement.parse(bytes, file: file) }
        let reader = FieldReader(file: file)
        guard root.localName == "Keyboard" else {
            // Nothing of a file of another kind is quoted.
            throw DiagnosticList([Diagnostic(file: file, path: "", reason: "not an Android keyboard file: its root element is not <Keyboard>")])
        }
        var context = Context(reader: reader, values: values)
        var events: [AndroidKeyboard.Event] = []
        // Iterative walk: (element, path, next child index).
        var stack: [(element: SafeXMLElement, child: Int)] = [(root, 0)]
        events.append(.start(context.element(root)))
        while let top = stack.last {
            if top.child < top.element.children.count {
                let child = top.element.children[top.child]
                stack[stack.count - 1].child += 1
                events.append(.start(context.element(child)))
                stack.append((child, 0))
            } else {
                events.append(.end)
                stack.removeLast()
                if top.element.localName == "Row" { context.leaveRow() }
            }
        }
        if context.keyCount > Limits.maxKeys {
            reader.error("", "has \(context.keyCount) keys; the limit is \(Limits.maxKeys)")
        }
        try reader.throwIfFailed()
        return (AndroidKeyboard(name: name, events: events), reader.warnings)
    }

    /// Decoding state: row and key counters for field paths.
    struct Context {
        let reader: FieldReader
        let values: AndroidValues
        var rowCount = 0
        var currentRow: String?
        var keyInRow = 0
        var keysOutsideRows = 0
        var keyCount = 0
        var otherCount: [String: Int] = [:]

        init(reader: FieldReader, values: AndroidValues) {
            self.reader = reader
            self.values = values
        }

        mutating func leaveRow() {
            currentRow = nil
        }

        mutating func element(_ element: SafeXMLElement) -> AndroidKeyboard.Element {
            switch element.localName {
            case "Keyboard":
                let path = "Keyboard"
                checkAttributes(element, path, known: keyboardAttributes)
                return .keyboard(lengths(element, path))
            case "Row":
                let path = "Row[\(rowCount)]"
                let index = rowCount
                rowCount += 1
                currentRow = path
                keyInRow = 0
                checkAttributes(element, path, known: rowAttributes)
                var mode: String?
                if let raw = element.attribute("keyboardMode") {
                    mode = modeName(raw, reader.join(path, "keyboardMode"))
                }
                return .row(.init(
                    path: path, index: index, lengths: lengths(element, path),
                    edgeFlags: edgeFlags(element, "rowEdgeFlags", path), mode: mode,
                    line: element.line, column: element.column
                ))
            case "Key":
                let path: String
                let indexInRow: Int
                if let row = currentRow {
                    path = row + ".Key[\(keyInRow)]"
                    indexInRow = keyInRow
                    keyInRow += 1
                } else {
                    path = "Key[\(keysOutsideRows)]"
                    indexInRow = keysOutsideRows
                    keysOutsideRows += 1
                    reader.warn(path, rowCount == 0
                        ? "a key before any <Row>; Android stops reading the file at this key"
                        : "a key outside a <Row>; Android places it with the last row's defaults, after that row")
                }
                keyCount += 1
                return .key(key(element, path, indexInRow: indexInRow))
            default:
                let name = element.qualifiedName
                let n = otherCount[name, default: 0]
                otherCount[name] = n + 1
                let path = (currentRow.map { $0 + "." } ?? "") + "\(name)[\(n)]"
                reader.warn(path, "unknown element <\(Diagnostic.clip(name))>; Android skips it (its end tag still ends the key or row it is in)")
                return .other(name)
            }
        }

        mutating func checkAttributes(_ element: SafeXMLElement, _ path: String, known: [String]) {
            for attribute in element.attributes where !attribute.isNamespaceDeclaration {
                let name = attribute.localName
                if !known.contains(name) && !AndroidKeyboardDecoder.keyAttributes.contains(name) && !AndroidKeyboardDecoder.rowAttributes.contains(name) {
                    reader.warn(reader.join(path, name), "unknown attribute \(Diagnostic.clip(attribute.qualifiedName)); Android ignores it" + FieldReader.didYouMean(name, in: known))
                }
            }
        }

        /// The attribute's value with references followed; nil when absent, `@null`, or
        /// unresolvable (after recording why).
        func resolved(_ element: SafeXMLElement, _ name: String, _ path: String) -> (text: String, via: String?, file: String?)? {
            guard let raw = element.attribute(name) else { return nil }
            do {
                return try values.resolve(raw)
            } catch {
                reader.error(reader.join(path, name), error.reason)
                return nil
            }
        }

        /// A value for a message: `"12%q"`, or with the reference it came through and the
        /// values file that defines it, `@dimen/key_width ("12%q" in res/values/dimens.xml)`;
        /// the file's name is cut as a message's file names are (240 characters).
        func shown(_ value: (text: String, via: String?, file: String?)) -> String {
            if let via = value.via { return "\(Diagnostic.clip(via)) (\(Diagnostic.quote(value.text))" + (value.file.map { " in \(Diagnostic.escaped(Diagnostic.truncated($0, to: 4 * Limits.maxQuotedLength)))" } ?? "") + ")" }
            return Diagnostic.quote(value.text)
        }

        func lengths(_ element: SafeXMLElement, _ path: String) -> AndroidKeyboard.Lengths {
            func length(_ name: String) -> AndroidKeyboard.Length? {
                guard let value = resolved(element, name, path) else { return nil }
                let fieldPath = reader.join(path, name)
                guard let dimension = AndroidDimension(value.text) else {
                    var reason = "\(shown(value)) is not a dimension or fraction"
                    let text = value.text.trimmingAndroidSpace()
                    if Text.parseNumber(text) != nil {
                        reason += " (a number needs a unit: px, dp, sp, pt, in, mm, % or %p)"
                    } else if let number = AndroidDimension.Unit.allCases.lazy.compactMap({ unit in
                        text.hasSuffix(unit.rawValue) ? Text.parseNumber(String(text.dropLast(unit.rawValue.count))) : nil
                    }).first, number.isFinite, abs(number) > Double(AndroidDimension.maxMagnitude) {
                        reason = "\(shown(value)): the number is over the limit of \(Limits.format(Double(AndroidDimension.maxMagnitude)))"
                    }
                    reader.error(fieldPath, reason)
                    return nil
                }
                return .init(dimension: dimension, path: fieldPath)
            }
            return .init(keyWidth: length("keyWidth"), keyHeight: length("keyHeight"), horizontalGap: length("horizontalGap"), verticalGap: length("verticalGap"))
        }

        /// A flag attribute (`keyEdgeFlags`, `rowEdgeFlags`): a number, or names joined with
        /// `|`. Empty is no flag at all, as the build tools read it (aapt2: "Empty string is a
        /// valid flag (0)").
        func edgeFlags(_ element: SafeXMLElement, _ name: String, _ path: String) -> AndroidKeyAttributes.EdgeFlags {
            guard let value = resolved(element, name, path) else { return [] }
            let text = value.text.trimmingAndroidSpace()
            if text.isEmpty { return [] }
            if let number = AndroidKeyboardDecoder.integer(text) { return .init(rawValue: number) }
            var flags: AndroidKeyAttributes.EdgeFlags = []
            for part in text.split(separator: "|", omittingEmptySubsequences: false) {
                let word = String(part).trimmingAndroidSpace()
                guard let flag = AndroidKeyAttributes.EdgeFlags.names.first(where: { $0.0 == word })?.1 else {
                    reader.error(reader.join(path, name), "\(shown(value)) is not left, right, top or bottom (join several with |)")
                    return []
                }
                flags.insert(flag)
            }
            return flags
        }

        func bool(_ element: SafeXMLElement, _ name: String, _ path: String) -> Bool {
            guard let value = resolved(element, name, path) else { return false }
            switch value.text.trimmingAndroidSpace() {
            case "true", "True", "TRUE": return true
            case "false", "False", "FALSE": return false
            default:
                reader.error(reader.join(path, name), "\(shown(value)) is not true or false")
                return false
            }
        }

        func text(_ element: SafeXMLElement, _ name: String, _ path: String) -> String? {
            guard let raw = element.attribute(name) else { return nil }
            // A leading "\@" or "\?" is text, not a reference.
            if raw.hasPrefix("@") || raw.hasPrefix("?") {
                return resolved(element, name, path).map { AndroidString.unescape($0.text) }
            }
            return AndroidString.unescape(raw)
        }

        /// The id name of a row's `keyboardMode` (see `AndroidKeyboard.modeIDName`).
        func modeName(_ raw: String, _ path: String) -> String? {
            if let name = AndroidKeyboard.modeIDName(raw) { return name }
            reader.error(path, "\(Diagnostic.quote(raw)) is not an id reference such as @+id/mode_normal")
            return nil
        }

        mutating func key(_ element: SafeXMLElement, _ path: String, indexInRow: Int) -> AndroidKeyboard.KeySpec {
            checkAttributes(element, path, known: keyAttributes)
            var codes: [Int]?
            if let raw = element.attribute("codes") {
                let fieldPath = reader.join(path, "codes")
                if raw.hasPrefix("@") || raw.hasPrefix("?") {
                    if let value = resolved(element, "codes", path) {
                        codes = AndroidKeyboardDecoder.codes(value.text, shown: shown(value), path: fieldPath, reader: reader)
                    }
                } else {
                    codes = AndroidKeyboardDecoder.codes(raw, shown: Diagnostic.quote(raw), path: fieldPath, reader: reader)
                }
            }
            var label = text(element, "keyLabel", path)
            // The one label rule of every layout format (`Text.drawingProblem`).
            if let text = label, let problem = Text.drawingProblem(text) {
                reader.error(reader.join(path, "keyLabel"), "\(Diagnostic.quote(text)) \(problem)")
                label = nil
            }
            var icon: String?
            if let raw = element.attribute("keyIcon") {
                icon = raw.trimmingAndroidSpace()
                if icon == "@null" { icon = nil }
            }
            let spec = AndroidKeyboard.KeySpec(
                path: path, indexInRow: indexInRow, lengths: lengths(element, path), codes: codes,
                label: label, outputText: text(element, "keyOutputText", path), icon: icon,
                edgeFlags: edgeFlags(element, "keyEdgeFlags", path),
                isRepeatable: bool(element, "isRepeatable", path),
                isModifier: bool(element, "isModifier", path), isSticky: bool(element, "isSticky", path),
                line: element.line, column: element.column
            )
            if spec.resolvedCodes == nil && reader.diagnostics.isEmpty {
                reader.warn(path, "the key has neither codes nor a label; Android stops reading the file at this key")
            } else if (label ?? "").isEmpty, let code = spec.resolvedCodes?.first,
                      AndroidKeyCode(code, label: label, outputText: spec.outputText).face(icon: icon) == nil {
                if let icon {
                    reader.warn(reader.join(path, "keyIcon"), "\(icon) is not drawn (icons are not loaded, code \(code) has no built-in icon and is no printable character, and the name says no icon the engine draws); the key is blank")
                } else {
                    reader.warn(path, "the key has no label, no icon, and code \(code) has no built-in icon; the key is blank")
                }
            }
            return spec
        }
    }

    /// An `integer`-format value as the build tools read it: decimal with an optional sign,
    /// or `0x` hexadecimal, within 32 bits.
    static func integer(_ text: String) -> Int? {
        if text.hasPrefix("0x") || text.hasPrefix("0X") {
            guard let value = UInt32(text.dropFirst(2), radix: 16) else { return nil }
            return Int(Int32(bitPattern: value))
        }
        guard text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x2B }) else { return nil }
        return Int32(text).map(Int.init)
    }

    /// `codes`: an integer, or a comma-separated list read as `Keyboard.parseCSV` reads it
    /// (the list has one entry per comma, so `1,,2` is `[1, 2, 0]`). Entries Android would
    /// fail to read (and silently make 0) are errors here.
    static func codes(_ raw: String, shown: String, path: String, reader: FieldReader) -> [Int]? {
        let trimmed = raw.trimmingAndroidSpace()
        if let number = integer(trimmed) { return [number] }
        let text = AndroidString.unescape(raw)
        let utf16 = Array(text.utf16)
        var count = utf16.isEmpty ? 0 : 1
        if utf16.count > 1 {
            for i in 1..<utf16.count where utf16[i] == 0x2C { count += 1 }
        }
        var values = [Int](repeating: 0, count: count)
        var n = 0
        for token in text.split(separator: ",", omittingEmptySubsequences: true) {
            guard n < count else { break }
            guard let value = Int32(String(token)) else {
                // The part at fault is named when it is not the whole value.
                let part = String(token) == text ? "" : " (\(Diagnostic.quote(String(token))) is not)"
                reader.error(path, "\(shown) is not a whole number or a comma-separated list of whole numbers\(part)")
                return nil
            }
            values[n] = Int(value)
            n += 1
        }
        return values
    }
}
