/// The rule a weak password breaks: the first one found, in the order of the cases.
///
/// "Letter" and "digit" mean ASCII letters (A–Z, a–z) and ASCII digits (0–9), as the SDK's
/// server check reads them: a full-width `１` is not a digit, and every character that is
/// not an ASCII letter or digit counts as a symbol.
public enum PasswordStrengthRule: String, Hashable, Sendable, CaseIterable {
    /// The password has no characters.
    case empty
    /// N or more equal characters in a row (`aaa`, `111`); case-sensitive.
    case `repeat`
    /// N or more consecutive ascending or descending digits or letters (`123`, `cba`, `aBc`);
    /// case-insensitive, no wrap-around (`890` and `yza` are not sequences).
    case sequence
    /// No ASCII digit.
    case digit
    /// No ASCII letter.
    case letter
    /// No upper-case ASCII letter.
    case upper
    /// No lower-case ASCII letter.
    case lower
    /// No character that is neither an ASCII letter nor an ASCII digit.
    case symbol

    /// What the rule asks, for people; `repeatLength` is the policy's N. Never quotes the password.
    public func explanation(repeatLength: Int) -> String {
        switch self {
        case .empty: return "the password is empty"
        case .repeat: return "\(repeatLength) or more equal characters in a row"
        case .sequence: return "\(repeatLength) or more consecutive ascending or descending digits or letters"
        case .digit: return "needs a digit (0-9)"
        case .letter: return "needs a letter (a-z, A-Z)"
        case .upper: return "needs an upper-case letter (A-Z)"
        case .lower: return "needs a lower-case letter (a-z)"
        case .symbol: return "needs a character that is neither a letter nor a digit"
        }
    }
}
