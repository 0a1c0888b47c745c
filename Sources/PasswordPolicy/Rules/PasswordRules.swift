/// The effective meaning of an Apple `passwordrules` string: what Safari and iOS apply
/// (docs/password-rules.md), with every problem found on the way.
///
/// Invariants: `required` classes are all included in `allowed`; `allowed` is never an empty
/// set (nothing allowed means `ascii-printable`); `minLength`, `maxLength` and
/// `maxConsecutive` are ≥ 1 when present (Apple's parser drops 0).
public struct PasswordRules: Hashable, Sendable {
    /// False when a problem made Safari discard the whole rule; then the other fields are
    /// those of an empty rule (`allowed` = `ascii-printable`).
    public var applied: Bool
    /// One entry per `required` property that survived, in rule order.
    public var required: [PasswordCharacterClass]
    /// The union of every `allowed` and `required` class.
    public var allowed: PasswordCharacterClass
    /// The smallest `max-consecutive` given.
    public var maxConsecutive: Int?
    /// The largest `minlength` given.
    public var minLength: Int?
    /// The smallest `maxlength` given.
    public var maxLength: Int?
    /// Every problem, by column (then in the order found); at most
    /// `PasswordRulesParser.maxDiagnostics`, then one line counting the rest.
    public var diagnostics: [PasswordRuleDiagnostic]

    /// A rule with these fields as given; the invariants above are not checked (use
    /// `init(parsing:)` to read a rule string).
    public init(
        applied: Bool = true, required: [PasswordCharacterClass] = [], allowed: PasswordCharacterClass = .asciiPrintable,
        maxConsecutive: Int? = nil, minLength: Int? = nil, maxLength: Int? = nil, diagnostics: [PasswordRuleDiagnostic] = []
    ) {
        self.applied = applied
        self.required = required
        self.allowed = allowed
        self.maxConsecutive = maxConsecutive
        self.minLength = minLength
        self.maxLength = maxLength
        self.diagnostics = diagnostics
    }

    /// Parses `rule` as Safari does; never fails (problems become `diagnostics`).
    public init(parsing rule: String) {
        self = PasswordRulesParser.parse(rule)
    }

    /// The effective rule written back in the grammar, e.g.
    /// `required: upper; required: digit; allowed: upper, digit, [~]; minlength: 8;`.
    public var ruleText: String {
        var parts = required.map { "required: \($0.ruleText);" }
        parts.append("allowed: \(allowed.ruleText);")
        if let maxConsecutive { parts.append("max-consecutive: \(maxConsecutive);") }
        if let minLength { parts.append("minlength: \(minLength);") }
        if let maxLength { parts.append("maxlength: \(maxLength);") }
        return parts.joined(separator: " ")
    }
}
