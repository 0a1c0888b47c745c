/// What a keyboard set can do with a password rule (docs/password-rules.md `rules check`), given the
/// characters its keys type.
///
/// Invariants: `untypeableRequired` lists indices into `rules.required` in order;
/// `untypeableAllowed` holds only allowed characters the keyboard lacks (empty when `unicode`
/// is allowed: that set cannot be listed); `rejectedTypeable` holds only typeable characters
/// outside `allowed`, in code-point order.
public struct KeyboardCoverage: Hashable, Sendable {
    /// A required class none of whose characters the keyboard types.
    public struct MissingClass: Hashable, Sendable {
        /// Index in `PasswordRules.required` (0-based).
        public var index: Int
        /// The class at `index`.
        public var requiredClass: PasswordCharacterClass

        /// The class `requiredClass`, at `index` in `PasswordRules.required`.
        public init(index: Int, requiredClass: PasswordCharacterClass) {
            self.index = index
            self.requiredClass = requiredClass
        }
    }

    /// The effective rule checked.
    public var rules: PasswordRules
    /// The required classes the keyboard cannot type any character of: no password typed on
    /// it meets the rule while one is listed.
    public var untypeableRequired: [MissingClass]
    /// Allowed printable ASCII characters no key types.
    public var untypeableAllowed: PrintableASCIISet
    /// Characters keys type that the rule does not allow.
    public var rejectedTypeable: [Unicode.Scalar]
    /// Why no password typed on the keyboard can meet the rule although every required class
    /// can be typed and some password (typed anywhere) meets it: none of the allowed
    /// characters can be typed while `minlength` asks for some, or the run limits
    /// (`max-repeating`, `max-sequential`) leave no password over the typeable allowed
    /// characters (`allowed: [01|]; minlength: 4; max-repeating: 1; max-sequential: 1` on a
    /// pad without `|`). Nil otherwise; a `maxlength` too short is not judged.
    public var unmeetableReason: String?

    /// - Parameters:
    ///   - rules: the effective rule to check.
    ///   - typeable: every character any key of the set types or shows.
    public init(rules: PasswordRules, typeable: Set<Unicode.Scalar>) {
        self.rules = rules
        var keyboardASCII = PrintableASCIISet()
        for scalar in typeable { keyboardASCII.insert(scalar) }
        untypeableRequired = rules.required.enumerated().compactMap { index, requiredClass in
            let satisfied: Bool
            switch requiredClass {
            case .unicode: satisfied = !typeable.isEmpty
            case .ascii(let set): satisfied = !set.intersection(keyboardASCII).isEmpty
            }
            return satisfied ? nil : MissingClass(index: index, requiredClass: requiredClass)
        }
        unmeetableReason = Self.unmeetableReason(rules, typeable: typeable, typesEveryRequiredClass: untypeableRequired.isEmpty)
        switch rules.allowed {
        case .unicode:
            untypeableAllowed = PrintableASCIISet()
            rejectedTypeable = []
        case .ascii(let allowed):
            untypeableAllowed = allowed.subtracting(keyboardASCII)
            rejectedTypeable = typeable.filter { !allowed.contains($0) }.sorted { $0.value < $1.value }
        }
    }

    /// `unmeetableReason`; judged only when every required class can be typed and the rule
    /// itself can be met, so each problem is reported once.
    static func unmeetableReason(_ rules: PasswordRules, typeable: Set<Unicode.Scalar>, typesEveryRequiredClass: Bool) -> String? {
        guard typesEveryRequiredClass, rules.unmeetableReasons.isEmpty else { return nil }
        if let minLength = rules.minLength, !typeable.contains(where: rules.allowed.contains) {
            return "none of the allowed characters can be typed, and minlength \(minLength) asks for \(count(minLength, "character"))"
        }
        return rules.runLimitReason(typeable: typeable)
    }

    static func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }

    /// Whether every required class can be typed.
    public var isTypeable: Bool { untypeableRequired.isEmpty }

    /// Whether some password typed on the keyboard can meet the rule, as far as checked:
    /// every required class can be typed and there is no `unmeetableReason`.
    public var canMeetRule: Bool { isTypeable && unmeetableReason == nil }

    /// One line per problem: `error: …` for a required class the keyboard cannot type and for
    /// an `unmeetableReason`, `warning: …` for the allowed characters it lacks and the
    /// characters it offers that the rule rejects. `keyboard` names the set in the messages.
    public func report(keyboard: String) -> [String] {
        var lines: [String] = []
        for missing in untypeableRequired {
            lines.append("error: required class \(missing.index + 1) (\(missing.requiredClass.ruleText)): no key of \(keyboard) types any of its characters, so no password typed on it can meet the rule")
        }
        if let unmeetableReason {
            lines.append("error: no password typed on \(keyboard) can meet the rule: \(unmeetableReason)")
        }
        if !untypeableAllowed.isEmpty {
            lines.append("warning: \(Self.count(untypeableAllowed.count, "allowed character")) cannot be typed on \(keyboard): \(DisplayText.members(untypeableAllowed, limit: 95))")
        }
        if !rejectedTypeable.isEmpty {
            let shown = rejectedTypeable.prefix(64).map { $0 == " " ? "space" : DisplayText.isShowable($0) ? String(Character($0)) : DisplayText.codePoint($0) }
            lines.append("warning: \(keyboard) types \(Self.count(rejectedTypeable.count, "character")) the rule rejects: {" + shown.joined(separator: ", ") + (rejectedTypeable.count > 64 ? ", …" : "") + "}")
        }
        return lines
    }
}
