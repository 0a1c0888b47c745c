/// The five property names of the `passwordrules` grammar. Case-sensitive: `Required` is not
/// a property (SPEC §10).
public enum PasswordRuleProperty: String, Hashable, Sendable, CaseIterable {
    case required
    case allowed
    case maxConsecutive = "max-consecutive"
    case minLength = "minlength"
    case maxLength = "maxlength"
}
