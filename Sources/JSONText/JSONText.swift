/// JSON text for numbers and strings: the one JSON writer of the frames JSON, the pattern
/// pad's frames and the password rules' JSON.
package enum JSONText {
    /// A whole number without a fraction (`3`, `-0` → `0`), otherwise Swift's shortest
    /// round-trip form (`90.1`, `1e-07`), which is valid JSON. Non-finite values, which the
    /// solver never produces, print as `null`.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(.towardZero) && abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    /// A quoted JSON string: `"` and `\` escaped, control characters as `\n`, `\r`, `\t`,
    /// `\b`, `\f` or `\u00XX` (upper-case hex); everything else, non-ASCII included, kept as
    /// UTF-8.
    package static func string(_ text: String) -> String {
        string(text, escaping: { _ in false })
    }

    /// `string(_:)`, with the scalars `escaping` picks (beyond the control characters)
    /// written as `\uXXXX` UTF-16 units, upper-case hex (a pair for a scalar beyond U+FFFF).
    package static func string(_ text: String, escaping: (Unicode.Scalar) -> Bool) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                out += unicodeEscape(UInt16(scalar.value))
            default:
                if escaping(scalar) {
                    for unit in String(scalar).utf16 { out += unicodeEscape(unit) }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `{"name": value, …}` on one line, members in the order given. Names are written as
    /// they are (plain ASCII field names); values are JSON text already (`number`, `string`).
    package static func object(_ members: [(name: String, value: String)]) -> String {
        "{" + members.map { "\"\($0.name)\": \($0.value)" }.joined(separator: ", ") + "}"
    }

    /// `[value, …]` on one line; values are JSON text already.
    package static func array(_ values: [String]) -> String {
        "[" + values.joined(separator: ", ") + "]"
    }

    /// The layout of the frames documents: `{`, each member on a line of its own (two-space
    /// indent), then the member `list` with one item a line (four-space indent), or `[]`
    /// when there are none, and `}` with no newline after it.
    package static func document(_ members: [(name: String, value: String)], list: String, items: [String]) -> String {
        var out = "{\n"
        for member in members { out += "  \"\(member.name)\": \(member.value),\n" }
        if items.isEmpty { return out + "  \"\(list)\": []\n}" }
        out += "  \"\(list)\": [\n    " + items.joined(separator: ",\n    ") + "\n  ]\n}"
        return out
    }

    /// `\uXXXX` for one UTF-16 unit, upper-case hex.
    private static func unicodeEscape(_ unit: UInt16) -> String {
        let hex = String(unit, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
