import TerminalText

/// Safe display of user text inside messages: nothing that could move a terminal's cursor,
/// ring its bell or reorder its text ever reaches the output.
enum DisplayText {
    /// Whether `scalar` is shown as itself: whatever the one rule of `TerminalText` does not
    /// escape; anything else is shown as `U+XXXX`.
    static func isShowable(_ scalar: Unicode.Scalar) -> Bool {
        !TerminalText.needsEscape(scalar)
    }

    /// `U+001B` style name of a code point.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// One character for a message: the character in backticks, "a space" for a space, or
    /// `U+XXXX` for anything unshowable.
    static func quote(_ scalar: Unicode.Scalar) -> String {
        if scalar == " " { return "a space" }
        return isShowable(scalar) ? "`\(Character(scalar))`" : codePoint(scalar)
    }

    /// A stretch of rule text for a message, in backticks, at most `limit` scalars (then `…`),
    /// unshowable code points written as `\u{XXXX}`.
    static func snippet<S: Collection>(_ scalars: S, limit: Int = 32) -> String where S.Element == Unicode.Scalar {
        var text = ""
        for (index, scalar) in scalars.enumerated() {
            if index == limit { text += "…"; break }
            if isShowable(scalar) {
                text.unicodeScalars.append(scalar)
            } else {
                text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return "`" + text + "`"
    }

    /// The members of a set as `{a, z}`, at most `limit` of them (then `…`).
    static func members(_ set: PrintableASCIISet, limit: Int = 24) -> String {
        var items: [String] = []
        for scalar in set {
            if items.count == limit { items.append("…"); break }
            items.append(scalar == " " ? "space" : String(Character(scalar)))
        }
        return "{" + items.joined(separator: ", ") + "}"
    }
}
