/// A strength check of the TMF secure-keyboard SDK (docs/password-rules.md): a level and a repeat length N.
/// Pure Swift, no file or C dependency, so an app can run the same check before it calls the
/// server.
///
/// Invariant: `repeatLength` ≥ 2.
public struct PasswordStrengthPolicy: Hashable, Sendable {
    /// The smallest accepted repeat length.
    public static let minimumRepeatLength = 2
    /// The SDK's default repeat length.
    public static let defaultRepeatLength = 3

    /// Which of the SDK's rules apply (see `PasswordStrengthLevel`).
    public let level: PasswordStrengthLevel
    /// N: this many equal or consecutive characters in a row make a password weak.
    public let repeatLength: Int

    /// - Throws: `PasswordCheckError.badRepeatLength` when `repeatLength` < 2.
    public init(level: PasswordStrengthLevel, repeatLength: Int = PasswordStrengthPolicy.defaultRepeatLength) throws {
        guard repeatLength >= Self.minimumRepeatLength else {
            throw PasswordCheckError.badRepeatLength
        }
        self.level = level
        self.repeatLength = repeatLength
    }

    /// A policy from the command line's words.
    ///
    /// - Throws: `PasswordCheckError.unknownLevel` for an unknown level, `.badRepeatLength` for
    ///   a repeat length that is not a whole number ≥ 2. Neither quotes the word.
    public init(levelName: String, repeatLength: String) throws {
        guard let level = PasswordStrengthLevel(rawValue: levelName) else {
            throw PasswordCheckError.unknownLevel
        }
        guard let n = Int(repeatLength) else {
            throw PasswordCheckError.badRepeatLength
        }
        try self.init(level: level, repeatLength: n)
    }

    /// The first rule `password` breaks, or nil when it passes. Linear in its length.
    public func failedRule(_ password: String) -> PasswordStrengthRule? {
        if level == .none { return nil }
        if password.isEmpty { return .empty }
        if hasRun(password, sequence: false) { return .repeat }
        if hasRun(password, sequence: true) { return .sequence }
        if level >= .letter {
            if !password.unicodeScalars.contains(where: Self.isDigit) { return .digit }
            if !password.unicodeScalars.contains(where: Self.isLetter) { return .letter }
        }
        if level >= .case {
            if !password.unicodeScalars.contains(where: { $0.value >= 0x41 && $0.value <= 0x5A }) { return .upper }
            if !password.unicodeScalars.contains(where: { $0.value >= 0x61 && $0.value <= 0x7A }) { return .lower }
        }
        if level >= .symbol {
            if !password.contains(where: { character in !character.unicodeScalars.contains { Self.isDigit($0) || Self.isLetter($0) } }) {
                return .symbol
            }
        }
        return nil
    }

    /// The verdict on one password.
    public func check(_ password: String) -> PasswordVerdict {
        failedRule(password).map(PasswordVerdict.weak) ?? .ok
    }

    /// The double-entry check: the entries must be equal, then the first is checked.
    public func check(_ password: String, confirmation: String) -> PasswordVerdict {
        guard password.unicodeScalars.elementsEqual(confirmation.unicodeScalars) else { return .entriesDiffer }
        return check(password)
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x30 && scalar.value <= 0x39 }
    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value >= 0x41 && scalar.value <= 0x5A) || (scalar.value >= 0x61 && scalar.value <= 0x7A)
    }

    /// The position of an ASCII digit (0…9) or letter (10…35, case folded), else nil; a
    /// character of more than one scalar is neither.
    static func ordinal(_ character: Character) -> Int? {
        let scalars = character.unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first else { return nil }
        let value = Int(scalar.value)
        if isDigit(scalar) { return value - 0x30 }
        if value >= 0x41 && value <= 0x5A { return value - 0x41 + 10 }
        if value >= 0x61 && value <= 0x7A { return value - 0x61 + 10 }
        return nil
    }

    /// Whether `password` holds `repeatLength` equal characters in a row (`sequence` false),
    /// or that many consecutive digits or letters going up or down by one (`sequence` true;
    /// a digit never continues a letter run: 9 and a are not neighbours).
    func hasRun(_ password: String, sequence: Bool) -> Bool {
        var previous: Character?
        var up = 1, down = 1
        for character in password {
            defer { previous = character }
            guard let before = previous else { continue }
            if !sequence {
                up = character == before ? up + 1 : 1
                if up >= repeatLength { return true }
                continue
            }
            if let a = Self.ordinal(before), let b = Self.ordinal(character), (a < 10) == (b < 10) {
                up = b == a + 1 ? up + 1 : 1
                down = b == a - 1 ? down + 1 : 1
            } else {
                up = 1
                down = 1
            }
            if up >= repeatLength || down >= repeatLength { return true }
        }
        return false
    }
}
