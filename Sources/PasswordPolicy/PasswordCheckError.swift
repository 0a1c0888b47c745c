/// Why a strength check could not give a verdict, with the SDK's error codes (SPEC §10:
/// 0 ok, 1 bad parameters, 7 entries differ).
public enum PasswordCheckError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A level or repeat length out of range; `reason` names it.
    case badParameters(reason: String)
    /// Standard input is not usable (not UTF-8, too large); `reason` never quotes a password.
    case badInput(reason: String)

    /// The SDK's code: 1 for both.
    public var code: Int32 { 1 }

    public var description: String {
        switch self {
        case .badParameters(let reason): return "bad parameters: \(reason)"
        case .badInput(let reason): return reason
        }
    }
}
