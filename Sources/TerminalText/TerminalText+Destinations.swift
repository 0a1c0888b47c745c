/// The rule for a name (a file, a folder, an output, a label) in each place the tool writes
/// text that someone or something reads: a terminal or a CI log, a shell completion script,
/// a Markdown job summary, a SARIF message. A name goes through the function of its
/// destination, and nothing a name holds can then act there: move a cursor, write a line of
/// its own, run a command, make a link.
extension TerminalText {
    // MARK: - CI logs

    /// `text` with a CI log's command marks defused: GitHub Actions reads a line that starts,
    /// after blanks, with `::` as a workflow command (`::error::…`, `::add-mask::…`), and a
    /// line holding `##[` anywhere as the older form of one (Azure Pipelines reads `##vso[`).
    /// The first character of each such mark is written as its escape (`\u{3A}:error::`,
    /// `\u{23}#[error]`), so the name reads the same to a person and nothing to the runner.
    ///
    /// `escaped(_:)` applies this after escaping control characters, so no line break is
    /// left that could start a new line inside the name.
    public static func defusingLogCommands(_ text: String) -> String {
        guard text.unicodeScalars.contains(":") || text.unicodeScalars.contains("#") else { return text }
        var out = text
        let start = out.unicodeScalars.firstIndex { !$0.properties.isWhitespace } ?? out.unicodeScalars.endIndex
        if out.unicodeScalars[start...].starts(with: "::".unicodeScalars) {
            out.unicodeScalars.replaceSubrange(start...start, with: escape(":").unicodeScalars)
        }
        for mark in ["##[", "##vso["] {
            out = out.replacingEvery(mark, with: escape("#") + mark.dropFirst())
        }
        return out
    }

    // MARK: - Shell scripts

    /// Whether `word` may be written into a shell completion script as a word the shell
    /// offers: ASCII letters and digits, `.`, `_`, `+` and `-` (not first), and letters and
    /// digits of other scripts. bash (`compgen -W`), zsh (`_arguments` actions) and fish
    /// (`complete -a`) expand what they offer; a word of only these characters has nothing
    /// to expand (no `$`, backtick, quote, bracket, glob, blank or `~`), so no built-in's or
    /// file's name can run a command when TAB is pressed. Any other word is left out.
    public static func isPlainWord(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first, first != "-" else { return false }
        return word.unicodeScalars.allSatisfy { scalar in
            if scalar.isASCII {
                return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "._+-".unicodeScalars.contains(scalar)
            }
            return !needsEscape(scalar) && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil)
        }
    }

    // MARK: - Markdown

    /// `text` as a Markdown code span that shows it as written, safe in a paragraph, a list
    /// item and a table cell, where Markdown and HTML mean nothing (no link, no emphasis, no
    /// tag):
    /// - control characters and line breaks are written visibly (`escaped(_:)`), so the text
    ///   stays on its line;
    /// - `|` is written `\|`, which a table cell shows as `|` (inside code spans too);
    /// - the span is fenced by one more backtick than the longest run of backticks in the
    ///   text, with a space inside each fence when the text starts or ends with a backtick
    ///   or a space (Markdown drops exactly one such space on each side).
    public static func markdownCode(_ text: String) -> String {
        let shown = escaped(text).replacingEvery("|", with: "\\|")
        var longest = 0, run = 0
        for character in shown {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = shown.isEmpty || shown.first == "`" || shown.last == "`" || shown.first == " " || shown.last == " "
        return padded ? "\(fence) \(shown) \(fence)" : "\(fence)\(shown)\(fence)"
    }

    // MARK: - SARIF

    /// `text` as literal text of a SARIF message (SARIF 2.1.0 §3.11.6): `escaped(_:)`, then
    /// `\`, `[` and `]` written with a backslash, so nothing a name holds forms an embedded
    /// link (`[text](id)`) to a location or a URL; viewers show the characters as written.
    public static func sarifText(_ text: String) -> String {
        var out = ""
        for character in escaped(text) {
            if character == "[" || character == "]" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out
    }

    // MARK: - Blank text

    /// Whether `text` shows nothing to a reader: it holds only blanks (spaces of any width,
    /// tabs, line breaks), controls, format characters (zero-width spaces and joiners,
    /// direction marks), characters Unicode asks to be left undrawn (default ignorable:
    /// variation selectors, U+3164 HANGUL FILLER), combining marks with nothing to combine
    /// with, and the blank Braille pattern U+2800. A reason or a name that must say
    /// something is refused when this is true.
    public static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            let properties = scalar.properties
            switch properties.generalCategory {
            case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .nonspacingMark, .enclosingMark:
                return true
            default:
                return properties.isWhitespace || properties.isDefaultIgnorableCodePoint || scalar == "\u{2800}"
            }
        }
    }
}

extension String {
    /// The string with every occurrence of `mark` replaced by `replacement`, by Unicode
    /// scalars (so a mark is found inside a grapheme cluster too).
    fileprivate func replacingEvery(_ mark: String, with replacement: String) -> String {
        let marks = Array(mark.unicodeScalars)
        let scalars = Array(unicodeScalars)
        guard scalars.count >= marks.count else { return self }
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            if i + marks.count <= scalars.count, Array(scalars[i..<(i + marks.count)]) == marks {
                out.append(contentsOf: replacement.unicodeScalars)
                i += marks.count
            } else {
                out.append(scalars[i])
                i += 1
            }
        }
        return String(out)
    }
}
