import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import RenderKeyboardKit

/// `manual`: the manual page `render-keyboard.1` in roff, written from the command table (every
/// subcommand with its options, defaults and choices) and a short prose part, so `man
/// render-keyboard` always says what the program does.
enum ManualPage: Subcommand {
    static let name = "manual"
    static let command = Command(
        name: name,
        abstract: "Print the manual page (roff) made from this program's own options; `man render-keyboard` shows it once installed.",
        run: { _ in say(page(), terminator: "") }
    )

    /// The page: name, synopsis, description, one section per subcommand, exit status,
    /// environment and files.
    static func page() -> String {
        let root = RenderKeyboard.command
        var out = """
            .TH RENDER-KEYBOARD 1 "" "render-keyboard \(RenderKeyboardVersion.current)" "User Commands"
            .SH NAME
            render-keyboard \\- \(roff(root.abstract.prefix(1).lowercased() + root.abstract.dropFirst().dropLast()))
            .SH SYNOPSIS
            .B render-keyboard
            [\\fIsubcommand\\fR] [\\fIoptions\\fR]
            .SH DESCRIPTION
            \(roff(description))
            .PP
            With no subcommand, \\fBrender\\fR runs: \\fBrender-keyboard\\fR alone draws the built-in \\fBletters\\fR layout in the \\fBdefault\\fR theme on \\fB\(Device.defaultName)\\fR to \\fBkeyboard.png\\fR. \\fBhelp\\fR \\fISUBCOMMAND\\fR or \\fB\\-\\-help\\fR after any subcommand prints its help.
            .SH COMMANDS

            """
        for (path, command) in commands(root) {
            out += section(path, command)
        }
        out += """
            .SH EXIT STATUS
            .TP
            .B 0
            Success: written, matched, no change, no failing finding.
            .TP
            .B 1
            A file that cannot be used (every problem is printed as \\fIFILE\\fR: \\fIfield.path\\fR: \\fIreason\\fR), or for \\fBcompare\\fR, \\fBdiff\\fR, \\fBbatch \\-\\-compare\\fR and \\fBlint\\fR: images differ, keyboards changed, a finding fails.
            .TP
            .B 2
            A usage error; for \\fBcompare\\fR, \\fBdiff\\fR, \\fBbatch \\-\\-compare\\fR and \\fBlint\\fR also an input that cannot be read or is invalid.
            .SH ENVIRONMENT
            .TP
            .B RENDER_KEYBOARD_RESOURCES
            A folder whose \\fBlayouts/\\fR and \\fBthemes/\\fR replace the built-ins compiled into the program.
            .SH FILES
            .TP
            .I PREFIX/share/render-keyboard
            The built-in layouts, themes and metrics tables, to read and copy.
            .SH SEE ALSO
            The guides in the package's \\fBdocs/\\fR folder; \\fBrender-keyboard completions\\fR for bash, zsh and fish.

            """
        return out
    }

    static let description = "render-keyboard reads a keyboard layout (keys, width and height weights, gaps, margins, keys that span rows; Android keyboard XML, HeliBoard and FlorisBoard layouts) and a theme (fills, images, borders, corner radii, shadows, fonts, normal and pressed states), solves the geometry exactly and draws the keyboard into PNG, SVG or PDF. It previews themes, serves a live page, checks accessibility, and compares images for golden tests in any CI."

    /// Every runnable subcommand with its path from the root, in help order (`rules check`).
    static func commands(_ root: Command) -> [(String, Command)] {
        var found: [(String, Command)] = []
        func walk(_ command: Command, _ path: [String]) {
            if command.run != nil, !path.isEmpty { found.append((path.joined(separator: " "), command)) }
            for sub in command.subcommands { walk(sub, path + [sub.name]) }
        }
        walk(root, [])
        return found
    }

    /// One subcommand: `.SS render`, its text, its arguments and options with defaults.
    static func section(_ path: String, _ command: Command) -> String {
        var out = ".SS \(roff(path))\n\(roff(command.abstract))\n"
        if !command.discussion.isEmpty { out += ".PP\n\(roff(command.discussion))\n" }
        for parameter in command.parameters {
            var name = parameter.isPositional ? "\\fI\(roff(parameter.valueName))\\fR" : "\\fB\\-\\-\(roff(parameter.name))\\fR"
            if let short = parameter.short { name = "\\fB\\-\(short)\\fR, " + name }
            if parameter.kind == .option || parameter.kind == .repeatedOption { name += " \\fI\(roff(parameter.valueName))\\fR" }
            var help = parameter.help
            if let choices = parameter.choices { help += " One of: " + choices.joined(separator: ", ") + "." }
            if let value = parameter.defaultValue, !value.isEmpty { help += " Default: \(value)." }
            if parameter.kind == .repeatedOption && !help.contains("repeatable") { help += " Repeatable." }
            out += ".TP\n\(name)\n\(roff(help))\n"
        }
        return out
    }

    /// `text` safe in roff: backslashes doubled, dashes as `\-`, and a line never starting with
    /// a dot or an apostrophe (which roff reads as a request).
    static func roff<S: StringProtocol>(_ text: S) -> String {
        let escaped = String(text).replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
            .replacingOccurrences(of: "`", with: "")
        return escaped.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
        }.joined(separator: "\n")
    }
}
