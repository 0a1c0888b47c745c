/// Passwords as they come on standard input (docs/password-rules.md): one a line, UTF-8. Only the line
/// number ever appears in an error, never the text.
public enum PasswordInput {
    /// The most bytes of standard input read (1 MiB).
    public static let maxBytes = 1 << 20

    /// Splits `bytes` into lines at LF; one CR before the LF is removed (CRLF files); a last
    /// line without LF counts; nothing after a final LF is a line.
    ///
    /// - Throws: `PasswordCheckError.badInput` naming the first line that is not valid UTF-8,
    ///   or when there are more than `maxBytes` bytes.
    public static func lines(_ bytes: [UInt8]) throws -> [String] {
        guard bytes.count <= maxBytes else {
            throw PasswordCheckError.badInput(reason: "standard input: more than \(maxBytes) bytes")
        }
        var lines: [String] = []
        var start = 0
        var number = 0
        while start < bytes.count {
            number += 1
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            var lineEnd = end
            if lineEnd > start && bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            guard let line = decode(bytes[start..<lineEnd]) else {
                throw PasswordCheckError.badInput(reason: "standard input: line \(number): not valid UTF-8")
            }
            lines.append(line)
            start = end + 1
        }
        return lines
    }

    /// Strict UTF-8 decoding: nil for any ill-formed sequence (no replacement characters).
    static func decode(_ bytes: ArraySlice<UInt8>) -> String? {
        var text = ""
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): text.unicodeScalars.append(scalar)
            case .emptyInput: return text
            case .error: return nil
            }
        }
    }
}
