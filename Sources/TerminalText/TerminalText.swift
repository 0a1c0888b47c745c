/// The one rule for text that reaches a terminal, a log or a report: which characters are
/// written as escapes, so that nothing from an input file can move a terminal's cursor,
/// ring its bell, reorder the text around it, forge a line of the report or a command to a
/// CI runner. `TerminalText+Destinations.swift` gives the rule for each other place a name
/// is written: shell scripts, Markdown, SARIF.
public enum TerminalText {
    /// Whether `scalar` is written as an escape rather than as itself: C0 and C1 controls and
    /// DEL, format characters (bidirectional overrides and isolates, zero-width characters),
    /// line and paragraph separators, surrogates, private-use and unassigned code points, and
    /// the Unicode noncharacters (U+FDD0…U+FDEF and every U+xxFFFE/U+xxFFFF).
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 || (0x7F...0x9F).contains(v) || (0xFDD0...0xFDEF).contains(v) || (v & 0xFFFE) == 0xFFFE { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return true
        default:
            return false
        }
    }

    /// `scalar` as an escape: `\n`, `\t`, `\r`, `\0`, else `\u{1B}` (upper-case hex).
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\t": return "\\t"
        case "\r": return "\\r"
        case "\0": return "\\0"
        default: return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }

    /// `text` as a terminal or a CI log may show it: every character `needsEscape` picks
    /// written as its escape, then a log's command marks defused (`defusingLogCommands`).
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return defusingLogCommands(text) }
        var out = ""
        for scalar in text.unicodeScalars {
            out += needsEscape(scalar) ? escape(scalar) : String(scalar)
        }
        return defusingLogCommands(out)
    }
}
