@testable import KeyboardLint
import KeyboardModel
import TerminalText
import Foundation
import XCTest

/// The one rule for names, in each place a name is written (`TerminalText`): a terminal or a
/// CI log, a shell completion script, Markdown, SARIF.
final class NameRuleTests: XCTestCase {
    /// GitHub Actions reads a line that starts with `::` (after blanks) as a workflow command,
    /// and `##[` anywhere in a line as the older form; Azure Pipelines reads `##vso[`. A name
    /// holding them is written with the first character of the mark escaped.
    func testCILogCommandMarksAreDefused() {
        XCTAssertEqual(TerminalText.escaped("::error::pwned.png"), "\\u{3A}:error::pwned.png")
        XCTAssertEqual(TerminalText.escaped("  \u{3000}::add-mask::x"), "  \u{3000}\\u{3A}:add-mask::x")
        XCTAssertEqual(TerminalText.escaped("out/x\n::error::pwned.png"), "out/x\\n::error::pwned.png", "after an escaped line break the mark is mid-line")
        XCTAssertEqual(TerminalText.escaped("a ##[error]b ##vso[task.setvariable]c"), "a \\u{23}#[error]b \\u{23}#vso[task.setvariable]c")
        XCTAssertEqual(TerminalText.escaped("keys.enter::x"), "keys.enter::x", "a :: inside a name is no command")
        XCTAssertEqual(TerminalText.escaped("#1 ## x [y]"), "#1 ## x [y]")
        for name in ["::error::x", "##[error]x", "a\r\u{1B}[2J::x"] {
            XCTAssertEqual(TerminalText.escaped(TerminalText.escaped(name)), TerminalText.escaped(name), "escaping twice changes nothing: \(name)")
        }
    }

    /// A message names its file first, so a file named like a command is the case that counts.
    func testAMessageNeverStartsWithACommand() {
        let line = Diagnostic(file: "::error file=x::owned.yaml", path: "##[warning]", reason: "::notice::x").description
        XCTAssertEqual(line, "\\u{3A}:error file=x::owned.yaml: \\u{23}#[warning]: \\u{3A}:notice::x")
        XCTAssertFalse(Diagnostic.quote("##[error]x").contains("##["), Diagnostic.quote("##[error]x"))
    }

    func testOnlyPlainWordsGoIntoShellScripts() {
        for word in ["letters", "ios26-dark", "iphone-15", "a.b_c+d", "français", "ελληνικά", "日本語", "hi-2"] {
            XCTAssertTrue(TerminalText.isPlainWord(word), word)
        }
        for word in ["", "$(touch x)", "`touch x`", "(touch x)", "a b", "-x", "*", "a*", "~x", "a;b", "a'b", "a\"b", "a\\b", "{a,b}",
                     "a\nb", "a|b", "a&b", "a>b", "$HOME", "a=b", "a:b", "a,b", "a\u{200B}b", "!x", "%x", "a#b"] {
            XCTAssertFalse(TerminalText.isPlainWord(word), word)
        }
    }

    func testMarkdownCodeSpansShowNamesAsWritten() {
        XCTAssertEqual(TerminalText.markdownCode("a|b"), "`a\\|b`")
        XCTAssertEqual(TerminalText.markdownCode("::error::x"), "`\\u{3A}:error::x`")
        XCTAssertEqual(TerminalText.markdownCode("x`y"), "``x`y``")
    }

    /// A label `[x](2)` would be a link to related location 2 in a SARIF message.
    func testSARIFMessageTextMakesNoLinkOfAName() {
        XCTAssertEqual(TerminalText.sarifText("[x](2)"), "\\[x\\](2)")
        XCTAssertEqual(TerminalText.sarifText("a\\b [c] \u{1B}"), "a\\\\b \\[c\\] \\\\u{1B}", "the escape's own backslash is literal too")
    }

    func testBlankTextIsTextThatShowsNothing() {
        for text in ["", " ", "\t\n", "\u{200B}", "\u{200B}\u{200D}\u{FEFF}", "\u{3164}", "\u{2800}", "\u{115F}\u{1160}", "\u{00A0}\u{2003}", "\u{0301}", "\u{FE0F}", "\u{2066}\u{2069}"] {
            XCTAssertTrue(TerminalText.isBlank(text), text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
        }
        for text in ["a", "\u{200B}ok", ".", "😀", "\u{3164}x"] {
            XCTAssertFalse(TerminalText.isBlank(text), text)
        }
    }

    /// The SARIF of a finding whose key labels and fields hold brackets: every bracket of a
    /// name is escaped; the tool's own link to the defining file stays a link.
    func testASARIFResultsMessageHasOnlyTheToolsOwnLink() throws {
        let source = SourcePosition(file: "brand.yaml", field: "keys.enter.normal.fill", line: 2, column: 1,
                                    inherited: .init(file: "base].yaml", line: 17))
        let finding = LintFinding(rule: .textContrast, severity: .error, source: source, layout: "letters", theme: "t", device: "iphone-15", orientation: "portrait",
                                  state: "normal", keys: ["[x](2)", "]"], measured: 2, needed: 4.5, details: "#FFFFFF on #999999")
        let sarif = try JSONSerialization.jsonObject(with: Data(LintReport(level: .AA, findings: [finding], checked: 1).sarif().utf8)) as? [String: Any]
        let run = try XCTUnwrap((sarif?["runs"] as? [[String: Any]])?.first)
        let result = try XCTUnwrap((run["results"] as? [[String: Any]])?.first)
        let text = try XCTUnwrap((result["message"] as? [String: Any])?["text"] as? String)
        XCTAssertEqual(text, "keys.enter.normal.fill: 2 < 4.5 (#FFFFFF on #999999) [keys \\[x\\](2) \\]]; inherited from [base\\].yaml:17](1)")
    }
}
