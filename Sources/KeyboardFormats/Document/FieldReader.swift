import KeyboardModel

/// Reads fields out of a `Document`, recording every problem with its field path instead
/// of stopping at the first, so `validate` can report them all.
///
/// Each read returns nil after recording a diagnostic; decoders then fall back to a default
/// and go on.
package final class FieldReader {
    package let file: String
    package private(set) var diagnostics: [Diagnostic] = []
    private var keptWarnings: [Diagnostic] = []
    /// Warnings past `Limits.maxDiagnostics`, counted but not kept.
    private var unreportedWarnings = 0

    /// Every recorded warning, with one closing line counting those past the limit.
    package var warnings: [Diagnostic] {
        guard unreportedWarnings > 0 else { return keptWarnings }
        return keptWarnings + [Diagnostic(file: file, path: "", reason: "\(unreportedWarnings) more \(unreportedWarnings == 1 ? "warning" : "warnings") not shown (at most \(Limits.maxDiagnostics) are listed)")]
    }

    /// What metric references (`"$COLUMN"`, docs/ios-keyboard.md) read while this file is decoded;
    /// without a table or row only references with a default resolve.
    package var metrics = MetricLookup()

    package init(file: String) {
        self.file = file
    }

    /// Problems past `Limits.maxDiagnostics`, counted but not kept.
    private var unreported = 0

    /// Records a problem; past `Limits.maxDiagnostics` problems only counts it.
    package func error(_ path: String, _ reason: @autoclosure () -> String) {
        guard diagnostics.count < Limits.maxDiagnostics else { unreported += 1; return }
        diagnostics.append(Diagnostic(file: file, path: path, reason: reason()))
    }

    /// Records a problem found in another file this one names (a metrics table) as it was
    /// found; past `Limits.maxDiagnostics` problems only counts it.
    package func record(_ diagnostic: Diagnostic) {
        guard diagnostics.count < Limits.maxDiagnostics else { unreported += 1; return }
        diagnostics.append(diagnostic)
    }

    /// Records a warning; past `Limits.maxDiagnostics` warnings only counts it.
    package func warn(_ path: String, _ reason: @autoclosure () -> String) {
        guard keptWarnings.count < Limits.maxDiagnostics else { unreportedWarnings += 1; return }
        keptWarnings.append(Diagnostic(file: file, path: path, reason: reason()))
    }

    /// Every recorded error, with one closing line counting those past the limit.
    package var reportedDiagnostics: [Diagnostic] {
        guard unreported > 0 else { return diagnostics }
        return diagnostics + [Diagnostic(file: file, path: "", reason: "\(unreported) more \(unreported == 1 ? "problem" : "problems") not shown (at most \(Limits.maxDiagnostics) are listed)")]
    }

    /// Throws every recorded error, if any.
    package func throwIfFailed() throws {
        if !diagnostics.isEmpty { throw DiagnosticList(reportedDiagnostics) }
    }

    /// A string the engine draws (a label, a title): it may not hold control characters or
    /// noncharacters, which some output formats cannot draw (`Text.drawingProblem`).
    package func drawableString(_ document: Document, _ path: String) -> String? {
        guard let text = string(document, path) else { return nil }
        if let problem = Text.drawingProblem(text) {
            error(path, "\(Diagnostic.quote(text)) \(problem)")
            return nil
        }
        return text
    }

    /// Parses `bytes` (JSON or YAML) and reads it with `body`.
    ///
    /// - Returns: what `body` returned and the reader, whose `warnings` the caller may pass on.
    /// - Throws: `DiagnosticList` with the parse error, or with every problem `body` recorded.
    package static func decode<T>(_ bytes: [UInt8], file: String, _ body: (Document, FieldReader) -> T) throws -> (value: T, reader: FieldReader) {
        let document = try DiagnosticList.parsing { try Document.parse(bytes, file: file) }
        let reader = FieldReader(file: file)
        let value = body(document, reader)
        try reader.throwIfFailed()
        return (value, reader)
    }

    // MARK: - Structure

    /// The top-level fields of a file read as a `kind` ("layout", "theme", "manifest").
    ///
    /// A file that is not a mapping, or whose fields include none of `known`, is not that kind
    /// of file at all (it may be any file the user can read, `/etc/shadow` included): that is
    /// one error for the whole file, and nothing of the file is quoted. Otherwise the fields are
    /// read as `fields` reads them. An empty mapping is left to the decoder.
    package func topLevelFields(_ document: Document, kind: String, known: [String]) -> [String: Document]? {
        if case let .mapping(pairs) = document, pairs.isEmpty || pairs.contains(where: { known.contains($0.key) }) {
            return fields(document, "", known: known)
        }
        error("", Self.notA(kind, known: known))
        return nil
    }

    /// The reason given for a file that is not a `kind` at all; quotes nothing from the file.
    package static func notA(_ kind: String, known: [String]) -> String {
        let what: String
        switch kind.first {
        case "a", "e", "i", "o", "u": what = "an \(kind)"
        default: what = "a \(kind)"
        }
        return "not \(what) file: it holds none of the fields of one (\(known.joined(separator: ", ")))"
    }

    /// The known fields of a mapping; an unknown field is an error that names the nearest
    /// known one, or every known one when none is near, and the known fields are still
    /// returned so decoding can go on. A field given twice is an error at the second.
    package func fields(_ document: Document, _ path: String, known: [String]) -> [String: Document]? {
        guard case let .mapping(pairs) = document else {
            error(path, "expected a mapping of fields, found \(kind(of: document))")
            return nil
        }
        var result: [String: Document] = [:]
        for (key, value) in pairs {
            let keyPath = join(path, Diagnostic.truncated(key, to: Limits.maxQuotedLength))
            if !known.contains(key) {
                let hint = Self.didYouMean(key, in: known)
                error(keyPath, "unknown field \(Diagnostic.quote(key))" + (hint.isEmpty ? "; the fields here are \(known.joined(separator: ", "))" : hint))
            } else if result[key] != nil {
                error(keyPath, "field appears twice")
            } else {
                result[key] = value
            }
        }
        return result
    }

    package func list(_ document: Document, _ path: String) -> [Document]? {
        guard case let .sequence(items) = document else {
            error(path, "expected a list, found \(kind(of: document))")
            return nil
        }
        return items
    }

    // MARK: - Scalars

    package func string(_ document: Document, _ path: String) -> String? {
        guard case let .scalar(text, _) = document else {
            error(path, "expected a string, found \(kind(of: document))")
            return nil
        }
        return text
    }

    /// A finite number in `range`, written as a number or as a metric (`"$COLUMN"`, docs/ios-keyboard.md);
    /// `what` names the quantity in messages ("length", "weight").
    package func number(_ document: Document, _ path: String, in range: ClosedRange<Double>, what: String = "number") -> Double? {
        guard let (value, note) = numberAndNote(document, path) else { return nil }
        if range.contains(value) { return value }
        error(path, "\(what) \(Limits.format(value)) is out of range \(Limits.format(range.lowerBound))…\(Limits.format(range.upperBound))" + note)
        return nil
    }

    /// A length in points: finite, ≥ 0, at most `Limits.maxLength`.
    package func length(_ document: Document, _ path: String) -> Double? {
        checked(document, path, what: "length", Limits.lengthProblem)
    }

    /// A weight: finite, > 0, at most `Limits.maxWeight`.
    package func weight(_ document: Document, _ path: String) -> Double? {
        checked(document, path, what: "weight", Limits.weightProblem)
    }

    /// A number that `problem` accepts.
    package func checked(_ document: Document, _ path: String, what: String, _ problem: (Double) -> String?) -> Double? {
        guard let (value, note) = numberAndNote(document, path) else { return nil }
        if let reason = problem(value) {
            error(path, reason + note)
            return nil
        }
        return value
    }

    /// A whole number in `range`, written as one or as a metric whose value is whole.
    package func integer(_ document: Document, _ path: String, in range: ClosedRange<Int>) -> Int? {
        if case let .scalar(text, _) = document, text.hasPrefix("$") {
            guard let value = metricValue(text, path) else { return nil }
            guard let whole = Int(exactly: value) else {
                error(path, "expected a whole number" + metrics.note(text, value: value))
                return nil
            }
            return within(range, whole, path, what: "") { "\($0)" }
        }
        guard case let .scalar(text, quoted) = document, !quoted, let value = Int(text) else {
            error(path, "expected a whole number, found \(describe(document))")
            return nil
        }
        return within(range, value, path, what: "") { "\($0)" }
    }

    /// `value` when `range` holds it; otherwise nil, with "`what``value` is out of range
    /// `lower`…`upper`" recorded at `path` (each number written by `format`).
    private func within<T: Comparable>(_ range: ClosedRange<T>, _ value: T, _ path: String, what: String, _ format: (T) -> String) -> T? {
        if range.contains(value) { return value }
        error(path, "\(what)\(format(value)) is out of range \(format(range.lowerBound))…\(format(range.upperBound))")
        return nil
    }

    package func bool(_ document: Document, _ path: String) -> Bool? {
        if case let .scalar(text, false) = document {
            switch text {
            case "true", "True", "TRUE": return true
            case "false", "False", "FALSE": return false
            default: break
            }
        }
        error(path, "expected true or false, found \(describe(document))")
        return nil
    }

    /// One of an enumeration's raw values; the message lists them.
    package func choice<T: RawRepresentable & CaseIterable>(_ document: Document, _ path: String, as type: T.Type) -> T? where T.RawValue == String {
        guard case let .scalar(text, _) = document else {
            error(path, "expected one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), found \(kind(of: document))")
            return nil
        }
        if let value = T(rawValue: text) { return value }
        let names = T.allCases.map(\.rawValue)
        error(path, "\(Diagnostic.quote(text)) is not one of \(names.joined(separator: ", "))" + Self.didYouMean(text, in: names))
        return nil
    }

    package func color(_ document: Document, _ path: String) -> Color? {
        guard case let .scalar(text, _) = document else {
            error(path, "expected a colour, found \(kind(of: document))")
            return nil
        }
        guard let color = Color(hex: text) else {
            error(path, "\(Diagnostic.quote(text)) is not a colour (#RGB, #RRGGBB or #RRGGBBAA)")
            return nil
        }
        return color
    }

    // MARK: - Helpers

    package func join(_ path: String, _ field: String) -> String {
        path.isEmpty ? field : path + "." + field
    }

    package func join(_ path: String, _ index: Int) -> String {
        path + "[\(index)]"
    }

    private func kind(of document: Document) -> String { Self.kind(of: document) }

    /// A scalar quoted for a message, or "a list" / "a mapping".
    static func kind(of document: Document) -> String {
        switch document {
        case .scalar(let s, _): return Diagnostic.quote(s)
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    private func describe(_ document: Document) -> String { kind(of: document) }

    /// The suffix every message about an unknown name ends with: `; did you mean NAME?` with
    /// the known name `nearest` finds, or nothing when none is close.
    package static func didYouMean(_ name: String, in known: [String]) -> String {
        nearest(name, in: known).map { "; did you mean \($0)?" } ?? ""
    }

    /// The known name closest to `name` by edit distance, if it is close enough to be a typo.
    /// Names longer than any plausible typo of a known name are not searched, so the work per
    /// message stays bounded whatever the input.
    package static func nearest(_ name: String, in known: [String]) -> String? {
        let longest = known.map(\.utf8.count).max() ?? 0
        guard name.utf8.count <= longest + 8 else { return nil }
        let lowered = name.lowercased()
        // A name given in another case (`Default`, `KeyWidth`) is that name.
        if let same = known.first(where: { $0.lowercased() == lowered }) { return same }
        if lowered.count >= 3, let prefixed = known.first(where: { $0.lowercased().hasPrefix(lowered) }) {
            return prefixed
        }
        var best: (name: String, distance: Int)?
        for candidate in known {
            let d = Self.editDistance(lowered, candidate.lowercased())
            if best == nil || d < best!.distance { best = (candidate, d) }
        }
        guard let best, best.distance <= max(2, name.count / 3) else { return nil }
        return best.name
    }

    /// Levenshtein distance over UTF-8 bytes.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
