import TerminalText

/// Where an input that a message is about came from, in the manner of swift-argument-parser's
/// `InputOrigin`. Libraries say which field was at fault; only the command line turns a
/// request field into the option that set it (`--columns`).
public enum InputOrigin: Sendable, Hashable {
    /// A file, as the user named it, and the field path inside it (empty: the whole file).
    case file(String, path: String)
    /// A field of a request, by its name (`layout`, `pngCompression`, `columns`): an option
    /// on the command line, a property to a Swift caller; `path` is inside its value (`[2]`,
    /// the third item of a list), empty for the whole value.
    case requestField(String, path: String = "")
    /// A field (empty: the whole job) of the job at 0-based `index` of the manifest `file`.
    case manifestJob(file: String, index: Int, field: String)
    /// The program itself, not an input: a resource it could not get (a thread, memory).
    case program
}

/// One problem in an input file, written for the person who made the file.
///
/// `description` reads `FILE: field.path: reason`; the field path uses dots for fields and
/// `[i]` for list items (`portrait.rows[2].widthWeights[0]`), and is empty for the whole file.
/// Control characters from the input never reach a terminal: `description` escapes them, and
/// cuts a file name or field path longer than 240 characters (a manifest may name any text).
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the faulty input came from: a file and field path, a request field, a manifest
    /// job's field, or the program itself.
    public var origin: InputOrigin
    /// What is wrong and, where it helps, what is allowed, e.g. `"#GGG" is not a colour (#RGB,
    /// #RRGGBB or #RRGGBBAA)`.
    public var reason: String

    /// A problem; `description` escapes control characters when it is shown.
    public init(file: String, path: String, reason: String) {
        self.init(origin: .file(file, path: path), reason: reason)
    }

    /// A problem of the input `origin` names.
    public init(origin: InputOrigin, reason: String) {
        self.origin = origin
        self.reason = reason
    }

    /// The message's `FILE`: the file as the user named it (a path as given, or a built-in's
    /// name), a manifest for a job's field, a request field's name, or empty for the program.
    /// Setting it makes the origin a file.
    public var file: String {
        get {
            switch origin {
            case .file(let file, _), .manifestJob(let file, _, _): return file
            case .requestField(let name, _): return name
            case .program: return ""
            }
        }
        set { origin = .file(newValue, path: path) }
    }

    /// The field path inside the file (`keys.content.normal.fill`, `portrait.rows[2].columns`,
    /// `jobs[3].theme`); empty when the problem is the whole file, a request field or the
    /// program. Setting it makes the origin a file.
    public var path: String {
        get {
            switch origin {
            case .file(_, let path), .requestField(_, let path): return path
            case .manifestJob(_, let index, let field): return "jobs[\(index)]" + (field.isEmpty ? "" : "." + field)
            case .program: return ""
            }
        }
        set { origin = .file(file, path: newValue) }
    }

    /// Equal when they read alike and their origins are of one kind (a manifest job's field
    /// is a file's field path).
    public static func == (a: Diagnostic, b: Diagnostic) -> Bool {
        a.originKind == b.originKind && a.file == b.file && a.path == b.path && a.reason == b.reason
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(originKind)
        hasher.combine(file)
        hasher.combine(path)
        hasher.combine(reason)
    }

    /// 0 a file or manifest, 1 a request field, 2 the program.
    private var originKind: Int {
        switch origin {
        case .file, .manifestJob: return 0
        case .requestField: return 1
        case .program: return 2
        }
    }

    /// `FILE: field.path: reason`; a request field shows as `field: reason`, the program's own
    /// failure as the reason alone. The command line shows a request field as its option.
    public var description: String {
        if case .program = origin { return Self.escaped(reason) }
        return described(file: file)
    }

    /// The message with `file` in place of the origin's file or field name.
    public func described(file: String) -> String {
        let file = Self.escaped(file.isEmpty ? "\"\"" : Self.truncated(file, to: 4 * Limits.maxQuotedLength))
        let path = Self.escaped(Self.truncated(path, to: 4 * Limits.maxQuotedLength))
        let reason = Self.escaped(reason)
        return path.isEmpty ? "\(file): \(reason)" : "\(file): \(path): \(reason)"
    }

    /// `text` in double quotes for a message: control characters, quotes and backslashes
    /// escaped, and cut after `Limits.maxQuotedLength` characters with its full size, so a
    /// hostile value cannot flood a terminal.
    package static func quote(_ text: String) -> String {
        let count = text.unicodeScalars.count
        guard count > Limits.maxQuotedLength else { return "\"" + escapedQuoted(text) + "\"" }
        let head = String(String.UnicodeScalarView(text.unicodeScalars.prefix(Limits.maxQuotedLength)))
        return "\"" + escapedQuoted(head) + "…\" (\(count) characters)"
    }

    /// `text` as a name shown without quotes (an XML element or attribute, a reference such as
    /// `@dimen/gap`), by the rule of `quote`: control characters escaped, and cut after
    /// `Limits.maxQuotedLength` characters with its full size.
    public static func clip(_ text: String) -> String {
        let count = text.unicodeScalars.count
        guard count > Limits.maxQuotedLength else { return escaped(text) }
        let head = String(String.UnicodeScalarView(text.unicodeScalars.prefix(Limits.maxQuotedLength)))
        return escaped(head) + "… (\(count) characters)"
    }

    /// `text` cut to `limit` characters with `…`.
    package static func truncated(_ text: String, to limit: Int) -> String {
        guard text.unicodeScalars.count > limit else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit))) + "…"
    }

    /// `text` with what `TerminalText` escapes written as `\u{…}` (`\n` as `\n`).
    package static func escaped(_ text: String) -> String {
        TerminalText.escaped(text)
    }

    private static func escapedQuoted(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: out += isUnprintable(scalar) ? TerminalText.escape(scalar) : String(scalar)
            }
        }
        return TerminalText.defusingLogCommands(out)
    }

    /// Whether `scalar` is written as an escape: the one rule, `TerminalText.needsEscape`.
    static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        TerminalText.needsEscape(scalar)
    }
}

/// Every problem found in one or more files; thrown when any input is invalid.
public struct DiagnosticList: Error, Sendable, CustomStringConvertible {
    /// The problems in the order they were found: every problem of a file, not only the first,
    /// up to `Limits.maxDiagnostics` and then one line counting the rest.
    public var diagnostics: [Diagnostic]

    /// A list of problems.
    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }

    /// What `parse` returns, with the one `Diagnostic` a parser throws rethrown as a list, so
    /// every decoder throws `DiagnosticList` alone.
    package static func parsing<T>(_ parse: () throws -> T) throws -> T {
        do {
            return try parse()
        } catch let diagnostic as Diagnostic {
            throw DiagnosticList([diagnostic])
        }
    }
}
