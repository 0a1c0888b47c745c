import KeyboardModel

/// A number written as a metric (docs/ios-keyboard.md): `"$COLUMN"`, the value of COLUMN in the metrics
/// row of the device and orientation drawn, or `"$COLUMN|DEFAULT"`, which falls back to
/// DEFAULT where there is no such value (no table, or a table without the column).
package struct MetricReference: Sendable, Hashable {
    /// The column read.
    package var column: String
    /// The number used where the column has no value; nil when none is written.
    package var fallback: Double?

    /// Reads `text` as a reference; `.failure` with the reason for text that starts with `$`
    /// but is not `$COLUMN` or `$COLUMN|NUMBER`.
    package static func parse(_ text: String) -> Result<MetricReference, MetricProblem> {
        let body = text.dropFirst()
        let parts = body.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        let column = String(parts[0])
        let malformed = MetricProblem(reason: "\(Diagnostic.quote(text)) is not a metric: write \"$COLUMN\" or \"$COLUMN|DEFAULT\" with DEFAULT a number")
        guard text.hasPrefix("$"), columnNameProblem(column) == nil else { return .failure(malformed) }
        guard parts.count == 2 else { return .success(MetricReference(column: column, fallback: nil)) }
        guard let fallback = Text.parseNumber(String(parts[1])), fallback.isFinite else { return .failure(malformed) }
        return .success(MetricReference(column: column, fallback: fallback))
    }

    /// Why `name` cannot name a column, or nil: 1…64 ASCII letters, digits, `_` and `-`,
    /// starting with a letter or `_`.
    package static func columnNameProblem(_ name: String) -> String? {
        let bytes = Array(name.utf8)
        func isLetter(_ b: UInt8) -> Bool { (65...90).contains(b) || (97...122).contains(b) || b == UInt8(ascii: "_") }
        guard let first = bytes.first, bytes.count <= 64, isLetter(first),
              bytes.allSatisfy({ isLetter($0) || (48...57).contains($0) || $0 == UInt8(ascii: "-") }) else {
            return "\(Diagnostic.quote(name)) is not a column name (1…64 letters, digits, _ and -, starting with a letter or _)"
        }
        return nil
    }
}

/// Why a `$…` value has no number.
package struct MetricProblem: Error, Sendable, Hashable {
    /// For messages; nil when the problem was reported already (the table could not be read).
    package var reason: String?
}

/// What metric references read while one file is decoded (docs/ios-keyboard.md). `MetricLookup()`
/// reads nothing: only references with a default resolve, to their default.
package struct MetricLookup: Sendable, Hashable {
    /// The layout's metrics table; nil when the file names none (or is a theme).
    package var table: MetricsTable?
    /// The row of the device and orientation drawn; nil when none is known (a theme loaded
    /// without a keyboard, or a layout without a table).
    package var row: MetricsRow?
    /// Set for themes: every reference needs a default, since a theme is also drawn with
    /// layouts that read no table.
    package var needsDefault = false
    /// Set when the file names a table that could not be read (already reported): a
    /// reference without a default then has no value and adds no second message.
    package var tableMissing = false

    /// The value `reference` stands for, or the reason it has none (nil when the table it
    /// would read could not be read, which was reported already).
    package func value(of reference: MetricReference, written text: String) -> Result<Double, MetricProblem> {
        if needsDefault && reference.fallback == nil {
            return .failure(MetricProblem(reason: "\(Diagnostic.quote(text)) needs a default in a theme, as in \"$\(reference.column)|5\": a theme is also drawn with layouts that read no metrics table"))
        }
        if let value = row?.values[reference.column] { return .success(value) }
        if let fallback = reference.fallback { return .success(fallback) }
        if tableMissing { return .failure(MetricProblem(reason: nil)) }
        guard let table else {
            return .failure(MetricProblem(reason: "\(Diagnostic.quote(text)) reads a metrics table, but the layout names none (give metrics: NAME, or a default: \"$\(reference.column)|6\")"))
        }
        return .failure(MetricProblem(reason: "metrics table \(Diagnostic.clip(table.name)) has no column \(Diagnostic.quote(reference.column))" + FieldReader.didYouMean(reference.column, in: table.columns)))
    }

    /// Where a value read from `text` came from, appended to a message about the value:
    /// ` ("$gap" is -1 in metrics ios, iphone-14 portrait)`.
    package func note(_ text: String, value: Double) -> String {
        guard let row else { return " (\(Diagnostic.quote(text)) is \(Limits.format(value)))" }
        return " (\(Diagnostic.quote(text)) is \(Limits.format(value)) in metrics \(Diagnostic.clip(row.table)), \(row.device) \(row.orientation.rawValue))"
    }
}

extension FieldReader {
    /// Whether `document` is written as a metric (a scalar starting with `$`), quoted or not.
    package static func isMetric(_ document: Document) -> Bool {
        if case let .scalar(text, _) = document { return text.hasPrefix("$") }
        return false
    }

    /// The number a metric scalar stands for, or nil after recording why there is none.
    func metricValue(_ text: String, _ path: String) -> Double? {
        switch MetricReference.parse(text).flatMap({ metrics.value(of: $0, written: text) }) {
        case .success(let value): return value
        case .failure(let problem):
            if let reason = problem.reason { error(path, reason) }
            return nil
        }
    }

    /// The number `document` is written as: a number, or a metric's value; nil after recording
    /// why it is neither. `note` is what a message about the value should add: where a
    /// metric's value came from, empty for a plain number.
    func numberAndNote(_ document: Document, _ path: String) -> (value: Double, note: String)? {
        if case let .scalar(text, _) = document, text.hasPrefix("$") {
            guard let value = metricValue(text, path) else { return nil }
            return (value, metrics.note(text, value: value))
        }
        guard case let .scalar(text, quoted) = document, !quoted else {
            error(path, "expected a number, found \(Self.kind(of: document))")
            return nil
        }
        guard let value = Text.parseNumber(text) else {
            error(path, "\(Diagnostic.quote(text)) is not a number")
            return nil
        }
        guard value.isFinite else {
            error(path, "\(Diagnostic.quote(text)) is not a finite number")
            return nil
        }
        return (value, "")
    }
}
