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
    /// or `[é]`, whose non-ASCII member is dropped), a `minlength` above `maxlength`, and,
    /// when neither, run limits that the allowed characters cannot keep within at the
    /// `minlength` or with every required class (`allowed: [01]; minlength: 4;
    /// max-repeating: 1; max-sequential: 1`: every two of `0`, `1` side by side repeat or are
    /// in sequence). A `maxlength` too short to hold every required class is not judged.
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
        if reasons.isEmpty, let reason = runLimitReason(typeable: nil) {
            reasons.append(reason)
        }
        return reasons
    }

    /// The run limits of the rule.
    var runLimits: RunLimits { RunLimits(maxRepeating: maxRepeating, maxSequential: maxSequential) }

    /// Why the run limits leave no password that meets the rule using only the `typeable`
    /// characters (nil: every character), or nil when one does or when some allowed or
    /// required class has no usable character left (reported elsewhere).
    func runLimitReason(typeable: Set<Unicode.Scalar>?) -> String? {
        func usable(_ characterClass: PasswordCharacterClass) -> [Unicode.Scalar]? {
            switch characterClass {
            case .unicode: return typeable?.sorted { $0.value < $1.value }
            case .ascii(let set): return set.filter { typeable?.contains($0) ?? true }
            }
        }
        let classes = required.map(usable)
        guard maxRepeating != nil || maxSequential != nil, !classes.contains(where: { $0?.isEmpty == true }) else { return nil }
        guard let allowed = usable(allowed) else { return nil }
        // `unicode` required with `unicode` allowed: no typeable limit means any character.
        return runLimits.unmeetableReason(allowed: allowed, required: classes.map { $0 ?? allowed }, minLength: minLength,
                                               allowedNoun: typeable == nil ? "allowed" : "typeable allowed")
    }

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
