/// A problem found in a `passwordrules` string, with what Safari and iOS do about it.
public struct PasswordRuleDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// Where the problem starts: 1-based, counted in Unicode scalars of the rule string.
    public var column: Int
    /// The problem and its consequence, e.g. "unknown property `Required` — Safari ignores
    /// the whole rule". Characters that could upset a terminal are written as `U+XXXX`.
    public var message: String

    public var description: String { "column \(column): \(message)" }
}
