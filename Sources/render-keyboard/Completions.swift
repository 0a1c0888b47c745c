import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import RenderKeyboardKit
import TerminalText

/// `completions bash|zsh|fish`: a shell completion script written from the command table, so
/// every subcommand, option, choice and built-in name the program knows completes, and nothing
/// else: the scripts are never written by hand.
enum Completions: Subcommand {
    /// The shells a script is written for.
    enum Shell: String, CaseIterable, ArgumentValue {
        case bash, zsh, fish
    }

    static let name = "completions"
    static let command = Command(
        name: name,
        abstract: "Print a shell completion script (bash, zsh or fish) made from this program's own options.",
        discussion: "bash: `source <(render-keyboard completions bash)`, or save it as ~/.local/share/bash-completion/completions/render-keyboard. zsh: save it as _render-keyboard in a folder of $fpath. fish: save it as ~/.config/fish/completions/render-keyboard.fish. `make install` puts all three where each shell looks.",
        parameters: [shell.parameter],
        run: { arguments in
            let name = arguments.text(shell) ?? ""
            guard let shell = Shell(text: name) else { throw UsageError("<shell>: \(Diagnostic.quote(name)) is not \(Shell.expectation)") }
            say(script(for: shell), terminator: "")
        }
    )

    static let shell = Positional.one("shell", choices: Shell.choices, "bash, zsh or fish.")

    static func script(for shell: Shell) -> String {
        let commands = Node.all(RenderKeyboard.command)
        switch shell {
        case .bash: return bash(commands)
        case .zsh: return zsh(commands)
        case .fish: return fish(commands)
        }
    }

    // MARK: - The table, as completions see it

    /// A command of the table with its place: `""` for the root, `rules check` for a nested one.
    struct Node {
        var path: [String]
        var command: Command
        /// The options offered: the command's own; the root also offers its default
        /// subcommand's (`render-keyboard --layout numbers` renders).
        var options: [Parameter]
        var subcommands: [Command] { command.subcommands }
        /// Whether a positional argument is a file (one with no fixed choices).
        var takesFiles: Bool { command.parameters.contains { $0.isPositional && $0.choices == nil } }
        /// The fixed choices of its positional arguments (`completions bash`).
        var positionalChoices: [String] { command.parameters.filter(\.isPositional).flatMap { $0.choices ?? [] } }
        var key: String { path.joined(separator: " ") }

        static func all(_ root: Command) -> [Node] {
            var nodes: [Node] = []
            func walk(_ command: Command, _ path: [String]) {
                var options = command.parameters.filter { !$0.isPositional }
                if path.isEmpty, let first = command.subcommands.first { options += first.parameters.filter { !$0.isPositional } }
                nodes.append(Node(path: path, command: command, options: options))
                for sub in command.subcommands { walk(sub, path + [sub.name]) }
            }
            walk(root, [])
            return nodes
        }
    }

    /// What an option's value completes to: words (choices, built-in names), files with these
    /// extensions (empty: any file; nil: no files), and whether the value is a comma list.
    ///
    /// Only plain words are offered (`TerminalText.isPlainWord`): each shell expands the words
    /// it offers, so a built-in named `$(touch x)` in `RENDER_KEYBOARD_RESOURCES` is left out
    /// rather than run on TAB. File names come from the shell's own file completion, which
    /// does not expand them.
    struct Values {
        let words: [String]
        var files: [String]?
        var list = false

        init(words: [String] = [], files: [String]? = nil, list: Bool = false) {
            self.words = words.filter(TerminalText.isPlainWord)
            self.files = files
            self.list = list
        }
    }

    /// The layout and theme files the loaders read.
    static let layoutExtensions = ["yaml", "yml", "json", "xml", "txt"]
    static let themeExtensions = ["yaml", "yml", "json"]

    /// The values of `option`, from its choices, its name (built-ins, devices, files) or none.
    static func values(of option: Parameter) -> Values? {
        guard option.kind == .option || option.kind == .repeatedOption else { return nil }
        if let choices = option.choices { return Values(words: choices) }
        let devices = Device.all.map(\.name)
        switch option.name {
        case "layout": return Values(words: Resources.layoutNames, files: layoutExtensions)
        case "layouts": return Values(words: Resources.layoutNames, files: layoutExtensions, list: true)
        case "theme": return Values(words: Resources.themeNames, files: themeExtensions)
        case "themes": return Values(words: Resources.themeNames, files: themeExtensions, list: true)
        case "device": return Values(words: devices)
        case "devices": return Values(words: devices, list: true)
        case "orientations": return Values(words: Orientation.allCases.map(\.rawValue), list: true)
        case "values": return Values(files: ["xml"])
        case "metrics": return Values(words: Resources.metricsNames, files: ["csv"])
        case "output", "compare", "report", "html", "baseline", "root": return Values(files: [])
        default: return Values()
        }
    }

    // MARK: - bash

    static func bash(_ nodes: [Node]) -> String {
        var out = """
            # bash completion for render-keyboard, written by `render-keyboard completions bash`.
            _render_keyboard() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                local path="" i w
                for ((i = 1; i < COMP_CWORD; i++)); do
                    w="${COMP_WORDS[i]}"
                    case "$path/$w" in

            """
        for node in nodes where !node.path.isEmpty {
            out += "            \(shellQuoted(node.path.dropLast().joined(separator: " ") + "/" + node.path.last!))) path=\(shellQuoted(node.key)) ;;\n"
        }
        out += """
                    esac
                done
                local subcommands="" options="" files=0
                case "$path" in

            """
        for node in nodes {
            out += "        \(shellQuoted(node.key))) subcommands=\(shellQuoted((node.subcommands.map(\.name) + node.positionalChoices).joined(separator: " "))); options=\(shellQuoted(optionWords(node).joined(separator: " "))); files=\(node.takesFiles ? 1 : 0) ;;\n"
        }
        out += """
                esac
                local words="" extensions="-" list=0
                case "$path:$prev" in

            """
        for node in nodes {
            for option in node.options {
                guard let values = values(of: option) else { continue }
                let spellings = ["--" + option.name] + (option.short.map { ["-\($0)"] } ?? [])
                let pattern = spellings.map { shellQuoted(node.key + ":" + $0) }.joined(separator: "|")
                out += "        \(pattern)) words=\(shellQuoted(values.words.joined(separator: " "))); extensions=\(shellQuoted(values.files.map { $0.joined(separator: " ") } ?? "-")); list=\(values.list ? 1 : 0) ;;\n"
            }
        }
        return out + bashTail
    }

    /// The end of the bash script: completing a value, an option or a subcommand, and files.
    static let bashTail = #"""
                esac
                if [[ "$prev" == -* && ( -n "$words" || "$extensions" != "-" ) ]]; then
                    local prefix=""
                    if ((list)) && [[ "$cur" == *,* ]]; then prefix="${cur%,*},"; cur="${cur##*,}"; fi
                    COMPREPLY=($(compgen -P "$prefix" -W "$words" -- "$cur"))
                    [[ "$extensions" != "-" ]] && _render_keyboard_files "$prefix" "$cur" "$extensions"
                    return 0
                fi
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "$options --help" -- "$cur"))
                else
                    COMPREPLY=($(compgen -W "$subcommands" -- "$cur"))
                    ((files)) && _render_keyboard_files "" "$cur" ""
                fi
                return 0
            }
            # Files and folders under the word typed, those of a file ending in one of the extensions
            # given (all when none are).
            _render_keyboard_files() {
                local prefix="$1" cur="$2" f e
                compopt -o filenames 2>/dev/null
                while IFS= read -r f; do
                    if [[ -d "$f" || -z "$3" ]]; then COMPREPLY+=("$prefix$f"); continue; fi
                    for e in $3; do [[ "$f" == *."$e" ]] && COMPREPLY+=("$prefix$f") && break; done
                done < <(compgen -f -- "$cur")
            }
            complete -F _render_keyboard render-keyboard

            """#


    /// Every spelling of a node's options, `--help` aside.
    static func optionWords(_ node: Node) -> [String] {
        var words: [String] = []
        for option in node.options {
            if let short = option.short { words.append("-\(short)") }
            words.append("--" + option.name)
        }
        if node.path.isEmpty { words.append("--version") }
        return words
    }

    /// `text` as one word in single quotes for a POSIX shell.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// The first sentence of a help text, for the one-line descriptions shells show.
    static func summary(_ help: String) -> String {
        var first = help.range(of: ". ").map { String(help[..<$0.lowerBound]) } ?? help
        if first.hasSuffix(".") { first.removeLast() }
        return first.replacingOccurrences(of: "`", with: "")
    }

    // MARK: - zsh

    static func zsh(_ nodes: [Node]) -> String {
        var out = """
            #compdef render-keyboard
            # zsh completion for render-keyboard, written by `render-keyboard completions zsh`.
            _render_keyboard() {
              local path="" w i
              for ((i = 2; i < CURRENT; i++)); do
                w=${words[i]}
                case "$path/$w" in

            """
        for node in nodes where !node.path.isEmpty {
            let parent = node.path.dropLast().joined(separator: " ")
            out += "      \(shellQuoted(parent + "/" + node.path.last!))) path=\(shellQuoted(node.key)) ;;\n"
        }
        out += """
                esac
              done
              case "$path" in

            """
        for node in nodes {
            var specs = node.options.map(zshSpec)
            specs.append("'(- *)--help[Show help information]'")
            if node.subcommands.isEmpty && node.takesFiles { specs.append("'*:file:_files'") }
            if !node.positionalChoices.isEmpty { specs.append(shellQuoted("1:value:(\(node.positionalChoices.joined(separator: " ")))")) }
            let arguments = "_arguments -s \(specs.joined(separator: " \\\n          "))"
            out += "    \(shellQuoted(node.key)))\n"
            if node.subcommands.isEmpty {
                out += "      \(arguments)\n      ;;\n"
            } else {
                let subs = node.subcommands.map { shellQuoted($0.name + ":" + summary($0.abstract)) }.joined(separator: " ")
                out += "      local -a subcommands; subcommands=(\(subs))\n"
                out += "      if [[ $PREFIX == -* ]]; then\n        \(arguments)\n      else\n        _describe subcommand subcommands\n      fi\n      ;;\n"
            }
        }
        out += """
              esac
            }
            _render_keyboard "$@"

            """
        return out
    }

    /// One `_arguments` spec: `'--layout[A built-in …]:layout:(letters numbers)'`.
    static func zshSpec(_ option: Parameter) -> String {
        let names = option.short.map { "{-\($0),--\(option.name)}" } ?? "--\(option.name)"
        let help = "[\(zshEscaped(summary(option.help)))]"
        let repeatable = option.kind == .repeatedOption ? "*" : ""
        guard let values = values(of: option) else {
            return option.short == nil ? shellQuoted(repeatable + names + help) : repeatable + names + shellQuoted(help)
        }
        var action = ""
        if let files = values.files {
            action = files.isEmpty ? "_files" : "_files -g \"*.(\(files.joined(separator: "|")))\""
            if !values.words.isEmpty { action = "{_alternative \"names:name:(\(values.words.joined(separator: " ")))\" \"files:file:\(action.replacingOccurrences(of: "\"", with: "\\\""))\"}" }
        } else if !values.words.isEmpty {
            action = values.list ? "_sequence compadd - \(values.words.joined(separator: " "))" : "(\(values.words.joined(separator: " ")))"
        }
        let spec = "\(repeatable)\(names)\(help):\(option.valueName.replacingOccurrences(of: ":", with: "")):\(action)"
        return option.short == nil ? shellQuoted(spec) : "\(repeatable)\(names)" + shellQuoted("\(help):\(option.valueName.replacingOccurrences(of: ":", with: "")):\(action)")
    }

    /// A description inside `[…]` of a zsh spec.
    static func zshEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[")
            .replacingOccurrences(of: "]", with: "\\]").replacingOccurrences(of: ":", with: "\\:")
    }

    // MARK: - fish

    static func fish(_ nodes: [Node]) -> String {
        var out = "# fish completion for render-keyboard, written by `render-keyboard completions fish`.\ncomplete -c render-keyboard -f\n"
        let top = nodes.filter { $0.path.count == 1 }.map(\.path[0])
        for node in nodes {
            let condition: String
            if node.path.isEmpty {
                condition = "not __fish_seen_subcommand_from \(top.joined(separator: " "))"
            } else {
                condition = node.path.map { "__fish_seen_subcommand_from \($0)" }.joined(separator: "; and ")
                    + (node.subcommands.isEmpty ? "" : "; and not __fish_seen_subcommand_from \(node.subcommands.map(\.name).joined(separator: " "))")
            }
            for sub in node.subcommands {
                out += "complete -c render-keyboard -n \(shellQuoted(condition)) -a \(sub.name) -d \(shellQuoted(summary(sub.abstract)))\n"
            }
            for option in node.options {
                var line = "complete -c render-keyboard -n \(shellQuoted(condition)) -l \(option.name)"
                if let short = option.short { line += " -s \(short)" }
                if let values = values(of: option) {
                    line += " -r"
                    if !values.words.isEmpty { line += " -a \(shellQuoted(values.words.joined(separator: " ")))" }
                    if values.files != nil { line += " -F" }
                }
                out += line + " -d \(shellQuoted(summary(option.help)))\n"
            }
            if node.takesFiles { out += "complete -c render-keyboard -n \(shellQuoted(condition)) -F\n" }
            if !node.positionalChoices.isEmpty {
                out += "complete -c render-keyboard -n \(shellQuoted(condition)) -a \(shellQuoted(node.positionalChoices.joined(separator: " ")))\n"
            }
        }
        return out
    }
}
