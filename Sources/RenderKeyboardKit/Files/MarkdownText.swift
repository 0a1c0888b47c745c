import TerminalText

/// The Markdown rule of the job summaries (`summary.md`): every name and message an input
/// may have chosen is shown as an inline code span, where Markdown and HTML mean nothing (no
/// link, no emphasis, no tag), whatever it holds.
package enum MarkdownText {
    /// `text` as a code span that shows it as written, safe in a paragraph, a list item and a
    /// table cell: the one rule of names in Markdown, `TerminalText.markdownCode`.
    package static func code(_ text: String) -> String {
        TerminalText.markdownCode(text)
    }
}
