import Foundation

// Errors read `FILE: field.path: reason` wherever they are shown: a test failure, an alert,
// `localizedDescription`, not only `print`.

extension Diagnostic: LocalizedError {
    /// `FILE: field.path: reason`, as `description`.
    public var errorDescription: String? { description }
}

extension DiagnosticList: LocalizedError {
    /// Every problem, one `FILE: field.path: reason` per line, as `description`.
    public var errorDescription: String? { description }
}
