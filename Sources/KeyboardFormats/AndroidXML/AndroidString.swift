/// The build tools' processing of string values (`aapt` escapes), as Android stores
/// `keyLabel`, `keyOutputText` and `<string>` values.
package enum AndroidString {
    /// Applies the rules to `raw`: outside double quotes, runs of whitespace become one space
    /// and the ends are trimmed; `"` starts and ends a quoted part (kept verbatim, quotes
    /// dropped); `\n`, `\t`, `\uXXXX` are a newline, a tab and a UTF-16 unit, and a
    /// backslash before any other character keeps that character (`\@`, `\?`, `\'`, `\"`,
    /// `\\`).
    package static func unescape(_ raw: String) -> String {
        var units: [UInt16] = []
        var quoted = false
        var pendingSpace = false
        var iterator = Array(raw.unicodeScalars)[...]
        func append(_ scalar: UnicodeScalar) {
            if pendingSpace && !units.isEmpty { units.append(0x20) }
            pendingSpace = false
            units.append(contentsOf: String(scalar).utf16)
        }
        while let scalar = iterator.popFirst() {
            switch scalar {
            case "\"":
                quoted.toggle()
            case " ", "\t", "\n", "\r":
                if quoted { append(scalar) } else { pendingSpace = true }
            case "\\":
                guard let next = iterator.popFirst() else { break }
                switch next {
                case "n": append("\n")
                case "t": append("\t")
                case "u":
                    let hex = String(String.UnicodeScalarView(iterator.prefix(4)))
                    if hex.count == 4, let unit = UInt16(hex, radix: 16) {
                        iterator = iterator.dropFirst(4)
                        if pendingSpace && !units.isEmpty { units.append(0x20) }
                        pendingSpace = false
                        units.append(unit)
                    } else {
                        append("u")
                    }
                default: append(next)
                }
            default:
                append(scalar)
            }
        }
        return String(decoding: units, as: UTF16.self)
    }
}
