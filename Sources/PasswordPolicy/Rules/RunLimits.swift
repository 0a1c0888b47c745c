/// The run limits of a rule, `max-repeating` and `max-sequential` (docs/password-rules.md):
/// the runs a password holds.
///
/// A repeating run is one character back to back (`aaa` is 3). A sequential run ascends by
/// one throughout or descends by one throughout, within `a-z`, `A-Z` or `0-9` (`abc`, `321`
/// are 3; `abcba` is the runs `abc` and `cba`; `9a`, `zA` and `aB` are not in sequence).
/// Runs count Unicode scalars.
struct RunLimits {
    /// The most identical characters back to back; nil for no limit.
    var maxRepeating: Int?
    /// The most characters in sequence back to back; nil for no limit.
    var maxSequential: Int?

    /// 0 for `0-9`, 1 for `A-Z`, 2 for `a-z`, else nil.
    static func sequenceRange(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x30...0x39: return 0
        case 0x41...0x5A: return 1
        case 0x61...0x7A: return 2
        default: return nil
        }
    }

    /// Whether `a` and `b` are one apart within the same range (`a-z`, `A-Z` or `0-9`).
    static func inSequence(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
        guard let range = sequenceRange(a), sequenceRange(b) == range else { return false }
        return a.value + 1 == b.value || b.value + 1 == a.value
    }

    /// The longest repeating run and the longest sequential run of `scalars` (0 and 0 when
    /// it is empty). Linear in its length.
    static func longestRuns(_ scalars: [Unicode.Scalar]) -> (repeating: Int, sequential: Int) {
        guard !scalars.isEmpty else { return (0, 0) }
        var repeating = 1, up = 1, down = 1
        var longest = (repeating: 1, sequential: 1)
        for (before, scalar) in zip(scalars, scalars.dropFirst()) {
            repeating = scalar == before ? repeating + 1 : 1
            let step = inSequence(before, scalar)
            up = step && scalar.value > before.value ? up + 1 : 1
            down = step && scalar.value < before.value ? down + 1 : 1
            longest = (max(longest.repeating, repeating), max(longest.sequential, up, down))
        }
        return longest
    }

    /// The first limit `scalars` breaks, `max-repeating` before `max-sequential`, or nil.
    func failure(of scalars: [Unicode.Scalar]) -> PasswordRuleFailure? {
        guard maxRepeating != nil || maxSequential != nil else { return nil }
        let longest = Self.longestRuns(scalars)
        if let maxRepeating, longest.repeating > maxRepeating {
            return PasswordRuleFailure(property: .maxRepeating, explanation: "more than \(maxRepeating) of one character in a row")
        }
        if let maxSequential, longest.sequential > maxSequential {
            let noun = maxSequential == 1 ? "character" : "characters"
            return PasswordRuleFailure(property: .maxSequential, explanation: "more than \(maxSequential) \(noun) in sequence")
        }
        return nil
    }
}
