/// One effective character class of a password rule: what Safari and iOS accept or demand
/// (docs/password-rules.md).
public enum PasswordCharacterClass: Hashable, Sendable {
    /// `unicode`: any character at all.
    case unicode
    /// A set of printable ASCII characters; the full set is `ascii-printable`. An empty set
    /// is possible for a `required` property whose classes all vanished (`required: []`).
    case ascii(PrintableASCIISet)

    /// `ascii-printable`.
    public static let asciiPrintable = PasswordCharacterClass.ascii(.all)

    /// Whether the class accepts `scalar` (`unicode` accepts every one).
    public func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch self {
        case .unicode: return true
        case .ascii(let set): return set.contains(scalar)
        }
    }

    /// `"unicode"`, or the characters in code-point order (the JSON form).
    public var jsonValue: String {
        switch self {
        case .unicode: return "unicode"
        case .ascii(let set): return set.characters
        }
    }

    /// The class written in the rule grammar, as compact as Apple's names allow:
    /// `ascii-printable`, `unicode`, or named classes it holds whole (`upper`, `lower`,
    /// `digit`, `special`) followed by one `[…]` of the rest, `-` first and `]` last so the
    /// text parses back to the same set. An empty set is `[]`.
    public var ruleText: String {
        guard case .ascii(let set) = self else { return "unicode" }
        if set.isFull { return "ascii-printable" }
        if set.isEmpty { return "[]" }
        var parts: [String] = []
        var rest = set
        for (name, named) in [("upper", PrintableASCIISet.upper), ("lower", .lower), ("digit", .digit), ("special", .special)]
        where set.isSuperset(of: named) {
            parts.append(name)
            rest = rest.subtracting(named)
        }
        if !rest.isEmpty {
            var body = ""
            if rest.contains("-") { body += "-" }
            for scalar in rest where scalar != "-" && scalar != "]" { body.unicodeScalars.append(scalar) }
            if rest.contains("]") { body += "]" }
            parts.append("[" + body + "]")
        }
        return parts.joined(separator: ", ")
    }
}
