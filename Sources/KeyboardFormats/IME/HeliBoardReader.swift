import KeyboardModel

/// Reads HeliBoard layout files (docs/android-imes.md): the simple text format and the JSON format.
package enum HeliBoardReader {
    /// Reads a layout file in `mode`.
    ///
    /// - Parameters:
    ///   - bytes: the file: simple text, or JSON when it starts with `[` (white space and `//`
    ///     comment lines before it allowed).
    ///   - file: the name used in messages.
    ///   - name: the file's stem (`qwerty`); it decides whether the letters have a shift key.
    ///   - mode: the mode the keys are read for (selectors and functional keys depend on it).
    ///   - direction: the branch `layout_direction_selector` takes, `ltr` or `rtl` (the
    ///     locale's direction).
    /// - Throws: `DiagnosticList` naming the file and the row and key of every problem.
    package static func read(_ bytes: [UInt8], file: String, name: String, mode: IMEMode, direction: String = "ltr") throws -> IMEKeyboard {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw DiagnosticList([Diagnostic(file: file, path: "", reason: "file is not UTF-8 text")])
        }
        guard bytes.count <= Limits.maxFileSize else {
            throw DiagnosticList([Diagnostic(file: file, path: "", reason: "file is \(bytes.count) bytes; the limit is \(Limits.maxFileSize) bytes (1 MiB)")])
        }
        let rows: [[IMEKey]]
        let json = LenientJSON.strict(text)
        if json.drop(while: { $0.isWhitespace }).first == "[" {
            rows = try FieldReader.decode(Array(json.utf8), file: file) { document, reader in
                IMEKeyReader(reader: reader, selection: .init(source: .heliboard, mode: mode, direction: direction)).rows(document)
            }.value
        } else {
            rows = try simpleRows(text, file: file)
        }
        let keyCount = rows.reduce(0) { $0 + $1.count }
        guard keyCount > 0 else {
            throw DiagnosticList([Diagnostic(file: file, path: "", reason: "the layout has no keys")])
        }
        guard keyCount <= Limits.maxKeys else {
            throw DiagnosticList([Diagnostic(file: file, path: "", reason: "\(keyCount) keys; the limit is \(Limits.maxKeys)")])
        }
        return IMEKeyboard(source: .heliboard, mode: mode, name: name, rows: rows)
    }

    /// The label a HeliBoard key shows: `label|text` shows its label and types the text
    /// (`ھ|ه`); the whole word when nothing stands before the `|`.
    static func shownLabel(_ word: String) -> String {
        ScalarText.fields(word, separatedBy: "|").first.flatMap { $0.isEmpty ? nil : $0 } ?? word
    }

    /// The simple format: rows are separated by blank lines, each line is one key, `label
    /// popup…` separated by white space (the popups are not read); a `label|text` key shows
    /// its label. Paths name the row and key
    /// (`rows[1][3]`) with the line.
    static func simpleRows(_ text: String, file: String) throws -> [[IMEKey]] {
        let reader = FieldReader(file: file)
        var rows: [[IMEKey]] = [[]]
        for (n, line) in ScalarText.lines(text).enumerated() {
            guard let word = ScalarText.words(line).first else {
                if !(rows.last?.isEmpty ?? true) { rows.append([]) }
                continue
            }
            let label = shownLabel(word)
            let path = "rows[\(rows.count - 1)][\(rows[rows.count - 1].count)] (line \(n + 1))"
            if let problem = Text.drawingProblem(String(label)) {
                reader.error(path, "\(Diagnostic.quote(String(label))) \(problem)")
            }
            var key = IMEKey(label: String(label), path: path)
            key.line = n + 1
            key.column = 1 + line.unicodeScalars.prefix(while: ScalarText.isBlank).count
            rows[rows.count - 1].append(key)
        }
        try reader.throwIfFailed()
        return rows.filter { !$0.isEmpty }
    }
}

/// HeliBoard's lenient JSON made strict: lines whose first non-blank characters are `//` are
/// dropped, a comma before a closing `]` or `}` is removed (outside strings), and in a string
/// a backslash before a character JSON does not escape is dropped (`"\?"` reads `?`, as the
/// app reads its Thai and Khmer layouts).
package enum LenientJSON {
    /// Whether `bytes`, `//` comment lines and white space skipped, start with `[`: a layout
    /// that is a list of rows.
    package static func isList(_ bytes: [UInt8]) -> Bool {
        var slashes = 0, inComment = false
        for byte in bytes {
            if byte == 0x0A { slashes = 0; inComment = false; continue }
            if inComment || byte == 0x20 || byte == 0x09 || byte == 0x0D { continue }
            if byte == UInt8(ascii: "/") {
                slashes += 1
                if slashes == 2 { inComment = true }
                continue
            }
            return slashes == 0 && byte == UInt8(ascii: "[")
        }
        return false
    }

    /// The characters JSON allows after a backslash.
    private static let escapes: Set<Unicode.Scalar> = ["\"", "\\", "/", "b", "f", "n", "r", "t", "u"]

    static func strict(_ text: String) -> String {
        let lines = ScalarText.lines(text)
            .filter { !$0.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("//") }
        let joined = Array(lines.joined(separator: "\n").unicodeScalars)
        var out = String.UnicodeScalarView()
        var inString = false, escaped = false
        var i = 0
        while i < joined.count {
            let c = joined[i]
            if inString {
                if escaped {
                    escaped = false
                } else if c == "\\" {
                    escaped = true
                    if i + 1 < joined.count, !Self.escapes.contains(joined[i + 1]) { i += 1; continue }
                } else if c == "\"" {
                    inString = false
                }
            } else if c == "\"" {
                inString = true
            } else if c == "," {
                var j = i + 1
                while j < joined.count, [" ", "\t", "\n", "\r"].contains(joined[j]) { j += 1 }
                if j < joined.count, joined[j] == "]" || joined[j] == "}" { i += 1; continue }
            }
            out.append(c)
            i += 1
        }
        return String(out)
    }
}
