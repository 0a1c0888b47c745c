import KeyboardModel

/// A locale's key texts in HeliBoard's format (docs/android-imes.md "Locale key texts"):
/// sections `[labels]` (`symbol: ٣٢١؟`, `comma: ،` …), `[number_row]` (the digits of the
/// number row) and `[popup_keys]` (a key's label, then its popup keys); other sections
/// (`[extra_keys]`, `[tlds]`) are read and left alone. Lines are split on Unicode scalars.
package struct IMELocaleTexts: Sendable, Hashable {
    /// Labels of the mode and punctuation keys by HeliBoard's name: `alphabet`, `symbol`,
    /// `shift_symbol`, `comma`, `period`, `question`.
    package var labels: [String: String] = [:]
    /// The number row's keys, left to right; nil when the texts give none.
    package var numberRow: [String]?
    /// Popup keys by the label of the key they pop up from (`punctuation`: the period key's).
    package var popups: [String: [String]] = [:]

    /// Texts with every field given.
    package init(labels: [String: String] = [:], numberRow: [String]? = nil, popups: [String: [String]] = [:]) {
        self.labels = labels
        self.numberRow = numberRow
        self.popups = popups
    }

    /// The labels HeliBoard's `[labels]` section may set.
    package static let labelNames = ["alphabet", "symbol", "shift_symbol", "shift_symbol_tablet", "comma", "period", "question"]

    /// Reads a key texts file.
    ///
    /// - Throws: `DiagnosticList` naming `file` and the line: text that is not UTF-8, a
    ///   label line without `name: text`, a label HeliBoard does not know, a number row of
    ///   more than 20 keys, a key text with a control character.
    package static func read(_ bytes: [UInt8], file: String) throws -> IMELocaleTexts {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw DiagnosticList([Diagnostic(file: file, path: "", reason: "file is not UTF-8 text")])
        }
        let reader = FieldReader(file: file)
        var texts = IMELocaleTexts()
        var section = ""
        for (n, raw) in ScalarText.lines(text).enumerated() {
            let words = ScalarText.words(raw, separatedBy: { $0.properties.isWhitespace })
            guard let first = words.first else { continue }
            let line = "line \(n + 1)"
            if words.count == 1, first.hasPrefix("["), first.hasSuffix("]") {
                section = String(first.dropFirst().dropLast())
                continue
            }
            for word in words where Text.drawingProblem(word) != nil {
                reader.error(line, "\(Diagnostic.quote(word)) \(Text.drawingProblem(word) ?? "")")
            }
            switch section {
            case "labels": texts.readLabel(words, line: line, reader: reader)
            case "number_row":
                if words.count > 20 { reader.error(line, "\(words.count) keys in the number row; the limit is 20") } else { texts.numberRow = words }
            case "popup_keys":
                if words.count > 1 { texts.popups[first, default: []] += words.dropFirst() }
            default: continue
            }
        }
        try reader.throwIfFailed()
        return texts
    }

    /// One `[labels]` line: `name: text`.
    private mutating func readLabel(_ words: [String], line: String, reader: FieldReader) {
        guard let name = words.first, name.hasSuffix(":"), name.count > 1, words.count >= 2 else {
            reader.error(line, "expected a label as name: text (such as symbol: ٣٢١؟)")
            return
        }
        let key = String(name.dropLast())
        guard Self.labelNames.contains(key) else {
            reader.error(line, "unknown label \(Diagnostic.quote(key)); HeliBoard's are \(Self.labelNames.joined(separator: ", "))" + FieldReader.didYouMean(key, in: Self.labelNames))
            return
        }
        labels[key] = words.dropFirst().joined(separator: " ")
    }
}
