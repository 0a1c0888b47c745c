/// Why a strength check could not give a verdict, with the SDK's error codes (docs/password-rules.md:
/// 0 ok, 1 bad parameters, 7 entries differ).
///
/// No case carries the text the user gave: a parameter given by mistake may be a password.
public enum PasswordCheckError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The strength level is not one of `PasswordStrengthLevel`'s names.
    case unknownLevel
    /// The repeat length is not a whole number ≥ `PasswordStrengthPolicy.minimumRepeatLength`.
    case badRepeatLength
    /// Standard input is not usable (not UTF-8, too large); `reason` never quotes a password.
    case badInput(reason: String)

    /// The SDK's code: 1 for every case.
    public var code: Int32 { 1 }

    /// What is wrong, without the value that was given: `not one of none, simple, …`.
    public var description: String {
        switch self {
        case .unknownLevel: return "not one of " + PasswordStrengthLevel.allCases.map(\.rawValue).joined(separator: ", ")
        case .badRepeatLength: return "not a whole number ≥ \(PasswordStrengthPolicy.minimumRepeatLength)"
        case .badInput(let reason): return reason
        }
    }
}
