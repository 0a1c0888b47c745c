import TerminalText

/// The Markdown rule of the job summaries (`summary.md`): every name and message an input
/// may have chosen is shown as an inline code span, where Markdown and HTML mean nothing (no
/// link, no emphasis, no tag), whatever it holds.
package enum MarkdownText {
    /// `text` as a code span that shows it as written, safe in a paragraph, a list item and a
    /// table cell:
    /// - control characters and line breaks are written visibly (`\n`, `\u{1B}`), by the
    ///   one terminal-safe rule (`TerminalText`), so the text stays on its line;
    /// - `|` is written `\|`, which a table cell shows as `|` (inside code spans too);
    /// - the span is fenced by one more backtick than the longest run of backticks in the
    ///   text, with a space inside each fence when the text starts or ends with a backtick
    ///   or a space (Markdown drops exactly one such space on each side).
    package static func code(_ text: String) -> String {
        let shown = TerminalText.escaped(text).replacingOccurrences(of: "|", with: "\\|")
        var longest = 0, run = 0
        for character in shown {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = shown.isEmpty || shown.first == "`" || shown.last == "`" || shown.first == " " || shown.last == " "
        return padded ? "\(fence) \(shown) \(fence)" : "\(fence)\(shown)\(fence)"
    }
}
