/// The outcome of checking one password, or one pair with the double-entry check.
public enum PasswordVerdict: Hashable, Sendable {
    /// The password passes every rule of the policy (SDK code 0).
    case ok
    /// The password breaks this rule, the first of the policy's rules it breaks (SDK code 1).
    case weak(PasswordStrengthRule)
    /// The two entries of a double entry are not equal (SDK code 7).
    case entriesDiffer

    /// The SDK's code: 0 ok, 1 weak, 7 entries differ.
    public var code: Int32 {
        switch self {
        case .ok: return 0
        case .weak: return 1
        case .entriesDiffer: return 7
        }
    }
}
