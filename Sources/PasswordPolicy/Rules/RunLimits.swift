/// The run limits of a rule, `max-repeating` and `max-sequential` (docs/password-rules.md):
/// the runs a password holds, and whether any password over given characters can keep
/// within them.
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

    /// Whether `scalar` may stand beside some other character of `allowed` (deduplicated):
    /// one not in sequence with it, or one in sequence when `max-sequential` allows 2.
    func canStandBesideAnother(_ scalar: Unicode.Scalar, in allowed: [Unicode.Scalar]) -> Bool {
        // Only `scalar` itself and its two neighbours in sequence are not free partners.
        if allowed.count > 3 { return true }
        return allowed.contains { other in
            other != scalar && (!Self.inSequence(scalar, other) || (maxSequential ?? 2) >= 2)
        }
    }

    /// Why no password over `allowed` (distinct characters, at least one; nil for
    /// `unicode`) holding a character of each `required` class and at least `minLength`
    /// characters keeps within the limits, or nil when one does. `required` classes are
    /// subsets of `allowed`, none empty; `maxlength` is not judged here. `allowedNoun` names
    /// the allowed characters in the reason ("allowed", or "typeable allowed" for a keyboard).
    ///
    /// How: a character that may stand beside another (see `canStandBesideAnother`) is
    /// *free*. The free characters, when there are any, make passwords of any length and
    /// hold any of them (they form one connected set: two characters in sequence share a
    /// free partner or are linked through two). A password holding a character that is not
    /// free is that character repeated, at most `maxRepeating` long. So a password exists
    /// when every required class has a free character, or when one character is in every
    /// required class and `maxRepeating` reaches `minLength`.
    func unmeetableReason(allowed: [Unicode.Scalar]?, required: [[Unicode.Scalar]], minLength: Int?, allowedNoun: String = "allowed") -> String? {
        guard let allowed, !allowed.isEmpty else { return nil }
        let free = Set(allowed.filter { canStandBesideAnother($0, in: allowed) })
        let lacking = required.firstIndex { !$0.contains(where: free.contains) }
        if !free.isEmpty && lacking == nil { return nil }
        let shared = allowed.filter { scalar in required.allSatisfy { $0.contains(scalar) } }
        let longest = maxRepeating ?? Int.max
        if !shared.isEmpty && (minLength ?? 0) <= longest { return nil }
        let quoted = allowed.map(DisplayText.quote)
        let head: String
        if let lacking, !free.isEmpty {
            let only = required[lacking].map(DisplayText.quote).joined(separator: ", ")
            let others = allowed.filter { $0 != required[lacking][0] }.map(DisplayText.quote).joined(separator: " and ")
            head = "required class \(lacking + 1) can only be met by \(only), which under max-sequential \(maxSequential ?? 0) may stand beside no other \(allowedNoun) character (\(others) are in sequence with it), so a password holding it is that character repeated"
        } else if allowed.count == 1 {
            head = "\(quoted[0]) is the only \(allowedNoun) character, so a password is that character repeated"
        } else {
            head = "\(quoted.joined(separator: " and ")), the only \(allowedNoun) characters, are in sequence, so under max-sequential \(maxSequential ?? 0) a password is one of them repeated"
        }
        let tail = shared.isEmpty
            ? "no one character is in every required class"
            : "max-repeating \(longest) allows at most \(longest) of one character, fewer than minlength \(minLength ?? 0)"
        return head + "; " + tail
    }
}
