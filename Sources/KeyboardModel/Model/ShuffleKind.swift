/// The groups a shuffle keeps apart (docs/format.md, the `shuffle` and `fixed` fields): a digit only ever takes a digit's
/// place, a letter a letter's, a symbol a symbol's.
public enum ShuffleKind: String, Sendable, Hashable, CaseIterable {
    /// Every character is a decimal digit (`0`–`9`, and the digits of other scripts).
    case digit
    /// Every character is a letter (Latin, Greek, CJK…).
    case letter
    /// Every character is printable and not white space, and they are not all digits or all
    /// letters (`.`, `@`, `.com`).
    case symbol

    /// The kind of a key that types `value`; nil (the key stays) for an empty value or one
    /// holding white space, a control character, or a code point that is not printable.
    package static func of(_ value: String) -> ShuffleKind? {
        var kind: ShuffleKind?
        for character in value {
            guard let scalar = character.unicodeScalars.first, !character.isWhitespace, Text.isVisibleCharacter(scalar) else {
                return nil
            }
            let this: ShuffleKind = scalar.properties.numericType == .decimal ? .digit : (character.isLetter ? .letter : .symbol)
            kind = kind.map { $0 == this ? this : .symbol } ?? this
        }
        return kind
    }
}
