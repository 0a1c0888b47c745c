/// The five property names of the `passwordrules` grammar. Case-sensitive: `Required` is not
/// a property (docs/password-rules.md).
public enum PasswordRuleProperty: String, Hashable, Sendable, CaseIterable {
    /// `required`: a password must hold a character of each such class.
    case required
    /// `allowed`: the characters a password may hold, with every required class.
    case allowed
    /// `max-consecutive`: the longest run of one repeated character.
    case maxConsecutive = "max-consecutive"
    /// `minlength`: the fewest characters.
    case minLength = "minlength"
    /// `maxlength`: the most characters.
    case maxLength = "maxlength"
}
