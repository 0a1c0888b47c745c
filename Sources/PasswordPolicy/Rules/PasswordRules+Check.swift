/// A requirement of a `passwordrules` string that a password breaks. It never quotes the
/// password or any of its characters.
public struct PasswordRuleFailure: Hashable, Sendable, CustomStringConvertible {
    /// The property broken.
    public var property: PasswordRuleProperty
    /// What is wrong, e.g. "fewer than 8 characters".
    public var explanation: String

    /// `minlength: fewer than 8 characters`.
    public var description: String { "\(property.rawValue): \(explanation)" }
}

extension PasswordRules {
    /// Why no password can meet the rule as Safari applies it, one reason each; empty when
    /// some password can. Found: a `required` class left with no character (`required: []`,
    /// or `[é]`, whose non-ASCII member is dropped), and a `minlength` above `maxlength`.
    /// A rule Safari ignores (`applied` false) is not judged here.
    public var unmeetableReasons: [String] {
        guard applied else { return [] }
        var reasons: [String] = []
        for (index, requirement) in required.enumerated() {
            if case .ascii(let set) = requirement, set.isEmpty {
                reasons.append("required class \(index + 1) holds no character, so no password can contain one")
            }
        }
        if let minLength, let maxLength, minLength > maxLength {
            reasons.append("minlength \(minLength) is larger than maxlength \(maxLength), so no password can meet both")
        }
        return reasons
    }

    /// The run limits of the rule.
    var runLimits: RunLimits { RunLimits(maxRepeating: maxRepeating, maxSequential: maxSequential) }

    /// The first requirement `password` breaks, or nil when it meets the rule: `minlength`,
    /// `maxlength`, `allowed` (every character in an allowed class), each `required` class in
    /// rule order, `max-repeating` (no longer run of one character back to back), then
    /// `max-sequential` (no longer run ascending or descending by one within `a-z`, `A-Z` or
    /// `0-9`). A `max-consecutive` counts as both. Lengths and runs count Unicode scalars.
    /// The failure never quotes the password. Linear in the password's length.
    public func failure(of password: String) -> PasswordRuleFailure? {
        let scalars = Array(password.unicodeScalars)
        if let minLength, scalars.count < minLength {
            return PasswordRuleFailure(property: .minLength, explanation: "fewer than \(minLength) \(minLength == 1 ? "character" : "characters")")
        }
        if let maxLength, scalars.count > maxLength {
            return PasswordRuleFailure(property: .maxLength, explanation: "more than \(maxLength) \(maxLength == 1 ? "character" : "characters")")
        }
        if !scalars.allSatisfy(allowed.contains) {
            return PasswordRuleFailure(property: .allowed, explanation: "a character outside \(allowed.ruleText)")
        }
        for requirement in required where !scalars.contains(where: requirement.contains) {
            return PasswordRuleFailure(property: .required, explanation: "no character of \(requirement.ruleText)")
        }
        return runLimits.failure(of: scalars)
    }
}
