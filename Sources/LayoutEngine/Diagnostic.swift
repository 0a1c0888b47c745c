/// One problem in an input file, written for the person who made the file.
///
/// `description` reads `FILE: field.path: reason`; the field path uses dots for fields and
/// `[i]` for list items (`portrait.rows[2].widthWeights[0]`), and is empty for the whole file.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var path: String
    public var reason: String

    public init(file: String, path: String, reason: String) {
        self.file = file
        self.path = path
        self.reason = reason
    }

    public var description: String {
        path.isEmpty ? "\(file): \(reason)" : "\(file): \(path): \(reason)"
    }
}

/// Every problem found in one or more files; thrown when any input is invalid.
public struct DiagnosticList: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
