/// The strength levels of the TMF secure-keyboard SDK (docs/password-rules.md). Each level includes the
/// checks of the levels before it.
public enum PasswordStrengthLevel: String, Hashable, Sendable, CaseIterable, Comparable {
    /// No check: every password passes.
    case none
    /// Not empty; no run of N equal characters; no run of N consecutive digits or letters.
    case simple
    /// `simple`, plus at least one digit and one letter.
    case letter
    /// `letter`, plus at least one upper-case and one lower-case letter.
    case `case`
    /// `case`, plus at least one character that is neither letter nor digit.
    case symbol

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
