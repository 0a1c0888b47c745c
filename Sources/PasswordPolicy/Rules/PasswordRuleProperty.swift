/// The property names of the `passwordrules` grammar. Case-sensitive: `Required` is not a
/// property (docs/password-rules.md).
public enum PasswordRuleProperty: String, Hashable, Sendable, CaseIterable {
    /// `required`: a password must hold a character of each such class.
    case required
    /// `allowed`: the characters a password may hold, with every required class.
    case allowed
    /// `max-repeating`: the most identical characters back to back (`aaa` is 3).
    case maxRepeating = "max-repeating"
    /// `max-sequential`: the most characters back to back that ascend or descend by one
    /// within `a-z`, `A-Z` or `0-9` (`abc`, `321` are 3).
    case maxSequential = "max-sequential"
    /// `max-consecutive`: deprecated; sets both `max-repeating` and `max-sequential`.
    case maxConsecutive = "max-consecutive"
    /// `minlength`: the fewest characters.
    case minLength = "minlength"
    /// `maxlength`: the most characters.
    case maxLength = "maxlength"
}
