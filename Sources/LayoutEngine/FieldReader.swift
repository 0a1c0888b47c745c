/// Reads fields out of a `Document`, recording every problem with its field path instead
/// of stopping at the first, so `validate` can report them all.
///
/// Each read returns nil after recording a diagnostic; decoders then fall back to a default
/// and go on.
public final class FieldReader {
    public let file: String
    public private(set) var diagnostics: [Diagnostic] = []
    public private(set) var warnings: [Diagnostic] = []

    public init(file: String) {
        self.file = file
    }

    /// Problems past `Limits.maxDiagnostics`, counted but not kept.
    private var unreported = 0

    /// Records a problem; past `Limits.maxDiagnostics` problems only counts it.
    public func error(_ path: String, _ reason: @autoclosure () -> String) {
        guard diagnostics.count < Limits.maxDiagnostics else { unreported += 1; return }
        diagnostics.append(Diagnostic(file: file, path: path, reason: reason()))
    }

    /// Records a warning; past `Limits.maxDiagnostics` warnings they are dropped.
    public func warn(_ path: String, _ reason: @autoclosure () -> String) {
        guard warnings.count < Limits.maxDiagnostics else { return }
        warnings.append(Diagnostic(file: file, path: path, reason: reason()))
    }

    /// Every recorded error, with one closing line counting those past the limit.
    public var reportedDiagnostics: [Diagnostic] {
        guard unreported > 0 else { return diagnostics }
        return diagnostics + [Diagnostic(file: file, path: "", reason: "\(unreported) more \(unreported == 1 ? "problem" : "problems") not shown (at most \(Limits.maxDiagnostics) are listed)")]
    }

    /// Throws every recorded error, if any.
    public func throwIfFailed() throws {
        if !diagnostics.isEmpty { throw DiagnosticList(reportedDiagnostics) }
    }

    /// A string the engine draws (a label, a title): it may not hold control characters or
    /// noncharacters, which some output formats cannot draw (`Text.drawingProblem`).
    public func drawableString(_ document: Document, _ path: String) -> String? {
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
    public static func decode<T>(_ bytes: [UInt8], file: String, _ body: (Document, FieldReader) -> T) throws -> (value: T, reader: FieldReader) {
        let document: Document
        do {
            document = try Document.parse(bytes, file: file)
        } catch let diagnostic as Diagnostic {
            throw DiagnosticList([diagnostic])
        }
        let reader = FieldReader(file: file)
        let value = body(document, reader)
        try reader.throwIfFailed()
        return (value, reader)
    }

    // MARK: - Structure

    /// The known fields of a mapping; an unknown field is an error that names the nearest
    /// known one, and the known fields are still returned so decoding can go on.
    public func fields(_ document: Document, _ path: String, known: [String]) -> [String: Document]? {
        guard case let .mapping(pairs) = document else {
            error(path, "expected a mapping of fields, found \(kind(of: document))")
            return nil
        }
        var result: [String: Document] = [:]
        for (key, value) in pairs {
            let keyPath = join(path, Diagnostic.truncated(key, to: Limits.maxQuotedLength))
            if !known.contains(key) {
                var reason = "unknown field \(Diagnostic.quote(key))"
                if let near = Self.nearest(key, in: known) { reason += "; did you mean \(near)?" }
                error(keyPath, reason)
            } else if result[key] != nil {
                error(keyPath, "field appears twice")
            } else {
                result[key] = value
            }
        }
        return result
    }

    public func list(_ document: Document, _ path: String) -> [Document]? {
        guard case let .sequence(items) = document else {
            error(path, "expected a list, found \(kind(of: document))")
            return nil
        }
        return items
    }

    // MARK: - Scalars

    public func string(_ document: Document, _ path: String) -> String? {
        guard case let .scalar(text, _) = document else {
            error(path, "expected a string, found \(kind(of: document))")
            return nil
        }
        return text
    }

    /// A finite number in `range`; `what` names the quantity in messages ("length", "weight").
    public func number(_ document: Document, _ path: String, in range: ClosedRange<Double>, what: String = "number") -> Double? {
        guard case let .scalar(text, quoted) = document, !quoted else {
            error(path, "expected a number, found \(kind(of: document))")
            return nil
        }
        guard let value = Self.parseNumber(text) else {
            error(path, "\(Diagnostic.quote(text)) is not a number")
            return nil
        }
        guard value.isFinite else {
            error(path, "\(Diagnostic.quote(text)) is not a finite number")
            return nil
        }
        guard range.contains(value) else {
            error(path, "\(what) \(Self.format(value)) is out of range \(Self.format(range.lowerBound))…\(Self.format(range.upperBound))")
            return nil
        }
        return value
    }

    /// A length in points: finite, ≥ 0, at most `Limits.maxLength`.
    public func length(_ document: Document, _ path: String) -> Double? {
        checked(document, path, what: "length", Limits.lengthProblem)
    }

    /// A weight: finite, > 0, at most `Limits.maxWeight`.
    public func weight(_ document: Document, _ path: String) -> Double? {
        checked(document, path, what: "weight", Limits.weightProblem)
    }

    /// A number that `problem` accepts.
    public func checked(_ document: Document, _ path: String, what: String, _ problem: (Double) -> String?) -> Double? {
        guard let value = number(document, path, in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude, what: what) else { return nil }
        if let reason = problem(value) {
            error(path, reason)
            return nil
        }
        return value
    }

    public func integer(_ document: Document, _ path: String, in range: ClosedRange<Int>) -> Int? {
        guard case let .scalar(text, quoted) = document, !quoted, let value = Int(text) else {
            error(path, "expected a whole number, found \(describe(document))")
            return nil
        }
        guard range.contains(value) else {
            error(path, "\(value) is out of range \(range.lowerBound)…\(range.upperBound)")
            return nil
        }
        return value
    }

    public func bool(_ document: Document, _ path: String) -> Bool? {
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
    public func choice<T: RawRepresentable & CaseIterable>(_ document: Document, _ path: String, as type: T.Type) -> T? where T.RawValue == String {
        guard case let .scalar(text, _) = document else {
            error(path, "expected one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), found \(kind(of: document))")
            return nil
        }
        if let value = T(rawValue: text) { return value }
        let names = T.allCases.map(\.rawValue)
        var reason = "\(Diagnostic.quote(text)) is not one of \(names.joined(separator: ", "))"
        if let near = Self.nearest(text, in: names) { reason += "; did you mean \(near)?" }
        error(path, reason)
        return nil
    }

    public func color(_ document: Document, _ path: String) -> Color? {
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

    public func join(_ path: String, _ field: String) -> String {
        path.isEmpty ? field : path + "." + field
    }

    public func join(_ path: String, _ index: Int) -> String {
        path + "[\(index)]"
    }

    /// Parses decimal numbers as JSON and YAML write them; rejects hex, `.inf` and words.
    static func parseNumber(_ text: String) -> Double? {
        let lowered = text.lowercased()
        if lowered == "nan" || lowered == ".nan" { return .nan }
        if ["inf", "+inf", ".inf", "+.inf", "infinity"].contains(lowered) { return .infinity }
        if ["-inf", "-.inf", "-infinity"].contains(lowered) { return -.infinity }
        guard text.utf8.allSatisfy({ b in
            (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: ".") || b == UInt8(ascii: "-")
                || b == UInt8(ascii: "+") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
        }) else { return nil }
        return Double(text)
    }

    /// A number as people write it: `3`, not `3.0`.
    public static func format(_ value: Double) -> String { Limits.format(value) }

    private func kind(of document: Document) -> String {
        switch document {
        case .scalar(let s, _): return Diagnostic.quote(s)
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    private func describe(_ document: Document) -> String { kind(of: document) }

    /// The known name closest to `name` by edit distance, if it is close enough to be a typo.
    /// Names longer than any plausible typo of a known name are not searched, so the work per
    /// message stays bounded whatever the input.
    public static func nearest(_ name: String, in known: [String]) -> String? {
        let longest = known.map(\.utf8.count).max() ?? 0
        guard name.utf8.count <= longest + 8 else { return nil }
        let lowered = name.lowercased()
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
    public static func editDistance(_ a: String, _ b: String) -> Int {
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
