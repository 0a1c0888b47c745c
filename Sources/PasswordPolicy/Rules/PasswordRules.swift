/// The effective meaning of an Apple `passwordrules` string: what Safari and iOS apply
/// (docs/password-rules.md), with every problem found on the way.
///
/// Invariants: `required` classes are all included in `allowed`; `allowed` is never an empty
/// set (nothing allowed means `ascii-printable`); `minLength`, `maxLength`, `maxRepeating`,
/// `maxSequential` and `maxConsecutive` are ≥ 1 when present (Apple's parser drops 0);
/// `maxRepeating` and `maxSequential` are at most `maxConsecutive` when it is present.
public struct PasswordRules: Hashable, Sendable {
    /// False when a problem made Safari discard the whole rule; then the other fields are
    /// those of an empty rule (`allowed` = `ascii-printable`).
    public var applied: Bool
    /// One entry per `required` property that survived, in rule order.
    public var required: [PasswordCharacterClass]
    /// The union of every `allowed` and `required` class.
    public var allowed: PasswordCharacterClass
    /// The most identical characters a password may hold back to back: the smallest
    /// `max-repeating` or `max-consecutive` given.
    public var maxRepeating: Int?
    /// The most characters a password may hold back to back that ascend or descend by one
    /// within `a-z`, `A-Z` or `0-9`: the smallest `max-sequential` or `max-consecutive` given.
    public var maxSequential: Int?
    /// The smallest `max-consecutive` given, as written. The property is deprecated: its
    /// effect is already in `maxRepeating` and `maxSequential`.
    public var maxConsecutive: Int?
    /// The largest `minlength` given.
    public var minLength: Int?
    /// The smallest `maxlength` given.
    public var maxLength: Int?
    /// Every problem, by column (then in the order found); at most
    /// `PasswordRulesParser.maxDiagnostics`, then one line counting the rest.
    public var diagnostics: [PasswordRuleDiagnostic]

    /// A rule with these fields as given, except that `maxConsecutive`, as in the grammar,
    /// also caps `maxRepeating` and `maxSequential`; the other invariants above are not
    /// checked (use `init(parsing:)` to read a rule string).
    public init(
        applied: Bool = true, required: [PasswordCharacterClass] = [], allowed: PasswordCharacterClass = .asciiPrintable,
        maxRepeating: Int? = nil, maxSequential: Int? = nil, maxConsecutive: Int? = nil,
        minLength: Int? = nil, maxLength: Int? = nil, diagnostics: [PasswordRuleDiagnostic] = []
    ) {
        self.applied = applied
        self.required = required
        self.allowed = allowed
        self.maxRepeating = [maxRepeating, maxConsecutive].compactMap { $0 }.min()
        self.maxSequential = [maxSequential, maxConsecutive].compactMap { $0 }.min()
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
    /// A `max-consecutive` is written as the `max-repeating` and `max-sequential` it means.
    public var ruleText: String {
        var parts = required.map { "required: \($0.ruleText);" }
        parts.append("allowed: \(allowed.ruleText);")
        if let maxRepeating { parts.append("max-repeating: \(maxRepeating);") }
        if let maxSequential { parts.append("max-sequential: \(maxSequential);") }
        if let minLength { parts.append("minlength: \(minLength);") }
        if let maxLength { parts.append("maxlength: \(maxLength);") }
        return parts.joined(separator: " ")
    }
}
