/// A set of printable ASCII characters, U+0020 (space) through U+007E (`~`): the only
/// characters Apple's `passwordrules` grammar can name (docs/password-rules.md).
///
/// Invariant: holds no other code point; members come out in code-point order.
public struct PrintableASCIISet: Hashable, Sendable, Sequence {
    /// Bit i stands for code point 0x20 + i; bits 0…63 in `low`, 64…94 in `high`.
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// The number of printable ASCII characters (95).
    public static let capacity = 95

    /// The empty set.
    public init() {}

    /// The set of the printable ASCII members of `text`; other characters are left out.
    public init(_ text: String) {
        for scalar in text.unicodeScalars { insert(scalar) }
    }

    /// Whether `scalar` is printable ASCII (space through `~`).
    public static func isPrintableASCII(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x20 && scalar.value <= 0x7E
    }

    /// Adds `scalar` when it is printable ASCII; returns whether it was.
    @discardableResult
    public mutating func insert(_ scalar: Unicode.Scalar) -> Bool {
        guard Self.isPrintableASCII(scalar) else { return false }
        let bit = Int(scalar.value) - 0x20
        if bit < 64 { low |= 1 << UInt64(bit) } else { high |= 1 << UInt64(bit - 64) }
        return true
    }

    /// Adds every code point from `first` through `last`, both printable ASCII.
    mutating func insertRange(_ first: Unicode.Scalar, _ last: Unicode.Scalar) {
        for value in first.value...last.value { insert(Unicode.Scalar(UInt8(value))) }
    }

    /// Whether `scalar` is a member; false for anything not printable ASCII.
    public func contains(_ scalar: Unicode.Scalar) -> Bool {
        guard Self.isPrintableASCII(scalar) else { return false }
        let bit = Int(scalar.value) - 0x20
        return bit < 64 ? low & (1 << UInt64(bit)) != 0 : high & (1 << UInt64(bit - 64)) != 0
    }

    /// The number of members, 0…`capacity`.
    public var count: Int { low.nonzeroBitCount + high.nonzeroBitCount }
    /// Whether the set has no member.
    public var isEmpty: Bool { low == 0 && high == 0 }
    /// Whether every printable ASCII character is a member (`ascii-printable`).
    public var isFull: Bool { count == Self.capacity }

    /// The members of either set.
    public func union(_ other: PrintableASCIISet) -> PrintableASCIISet {
        var result = self
        result.low |= other.low
        result.high |= other.high
        return result
    }

    /// The members of this set that are not in `other`.
    public func subtracting(_ other: PrintableASCIISet) -> PrintableASCIISet {
        var result = self
        result.low &= ~other.low
        result.high &= ~other.high
        return result
    }

    /// The members of both sets.
    public func intersection(_ other: PrintableASCIISet) -> PrintableASCIISet {
        var result = self
        result.low &= other.low
        result.high &= other.high
        return result
    }

    /// Whether every member of `other` is a member of this set.
    public func isSuperset(of other: PrintableASCIISet) -> Bool { other.subtracting(self).isEmpty }

    /// The members in code-point order.
    public func makeIterator() -> IndexingIterator<[Unicode.Scalar]> {
        (0..<Self.capacity).compactMap { bit -> Unicode.Scalar? in
            let scalar = Unicode.Scalar(UInt8(0x20 + bit))
            return contains(scalar) ? scalar : nil
        }.makeIterator()
    }

    /// The members as a string in code-point order.
    public var characters: String {
        var text = ""
        text.unicodeScalars.append(contentsOf: self)
        return text
    }

    // MARK: - Apple's named classes

    /// `upper`: A–Z.
    public static let upper: PrintableASCIISet = { var s = PrintableASCIISet(); s.insertRange("A", "Z"); return s }()
    /// `lower`: a–z.
    public static let lower: PrintableASCIISet = { var s = PrintableASCIISet(); s.insertRange("a", "z"); return s }()
    /// `digit`: 0–9.
    public static let digit: PrintableASCIISet = { var s = PrintableASCIISet(); s.insertRange("0", "9"); return s }()
    /// `special`: every printable ASCII character that is not a letter or digit, space included.
    public static let special: PrintableASCIISet = {
        var s = PrintableASCIISet()
        s.insertRange(" ", "/"); s.insertRange(":", "@"); s.insertRange("[", "`"); s.insertRange("{", "~")
        return s
    }()
    /// `ascii-printable`: all 95.
    public static let all: PrintableASCIISet = { var s = PrintableASCIISet(); s.insertRange(" ", "~"); return s }()
}
