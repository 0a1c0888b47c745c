import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import RenderKeyboardKit

// The command line's grammar: each subcommand declares its parameters in a table, one
// parser reads every subcommand's arguments, and the help is written from the same table.
// It reads `argv` with plain string comparisons, so a run spends no start-up time on it.
//
// - `--name value` and `--name=value` (`--name=` alone is a missing value); `-o value` for
//   the few options with a short name.
// - An option's value is the next argument, whatever it is, unless that starts with `--`
//   (so `-o -` is standard output and `--width -5` is a range error, not a missing value).
// - An option given twice keeps its last value; a repeatable option collects every value.
// - `--` ends the options: everything after it is a positional argument.
// - `-h` or `--help` anywhere prints that subcommand's help and exits 0.

/// One option, flag or positional argument of a subcommand.
struct Parameter: Sendable {
    enum Kind: Sendable {
        /// `--name VALUE`, at most one value (the last one given wins).
        case option
        /// `--name VALUE`, repeatable; every value is kept in order.
        case repeatedOption
        /// `--name`, no value.
        case flag
        /// One required positional argument.
        case argument
        /// Any number of positional arguments (at most one such parameter, the last).
        case arguments
    }

    /// The long name without dashes (`layout`), or an argument's name (`manifest`).
    var name: String
    var short: Character?
    var kind: Kind
    /// How the help shows the value (`<layout>`).
    var valueName: String
    var help: String
    /// The value used when the option is not given, as it would be typed.
    var defaultValue: String?
    /// Every value the option takes, when they are a fixed list (for completions).
    var choices: [String]?

    static func option(_ name: String, short: Character? = nil, value: String? = nil, default defaultValue: String? = nil, choices: [String]? = nil, _ help: String) -> Parameter {
        Parameter(name: name, short: short, kind: .option, valueName: value ?? name, help: help, defaultValue: defaultValue, choices: choices)
    }

    static func repeated(_ name: String, value: String? = nil, _ help: String) -> Parameter {
        Parameter(name: name, short: nil, kind: .repeatedOption, valueName: value ?? name, help: help, defaultValue: nil)
    }

    static func flag(_ name: String, _ help: String) -> Parameter {
        Parameter(name: name, short: nil, kind: .flag, valueName: "", help: help, defaultValue: nil)
    }

    static func argument(_ name: String, choices: [String]? = nil, _ help: String) -> Parameter {
        Parameter(name: name, short: nil, kind: .argument, valueName: name, help: help, defaultValue: nil, choices: choices)
    }

    static func arguments(_ name: String, _ help: String) -> Parameter {
        Parameter(name: name, short: nil, kind: .arguments, valueName: name, help: help, defaultValue: nil)
    }

    var isPositional: Bool { kind == .argument || kind == .arguments }

    /// How usage lines and messages show it: `--layout <layout>`, `--no-shuffle`, `<manifest>`.
    var synopsis: String {
        switch kind {
        case .option, .repeatedOption: return "--\(name) <\(valueName)>"
        case .flag: return "--\(name)"
        case .argument: return "<\(valueName)>"
        case .arguments: return "<\(valueName)> ..."
        }
    }
}

// MARK: - Parameters declared once
//
// A command declares each of its parameters once, as a value of one of these types: the
// parameter the table, the parser and the help read, and the type its text is read as. It
// reads a value through the same declaration (`ParsedArguments.value(_:)`), so no option is
// looked up by its name, and a name typed twice cannot drift.

/// An option, `--name VALUE`, read as `Value`.
struct Option<Value: ArgumentValue & Sendable>: Sendable {
    /// What the table, the parser and the help read.
    var parameter: Parameter
    /// The value when the option is not given; the help shows it.
    let defaultValue: Value?

    /// An option; `value` is how the help shows the value (`DIR`), the name by default;
    /// `choices` lists the values completions offer, when not the type's own.
    init(_ name: String, short: Character? = nil, value: String? = nil, default defaultValue: Value? = nil, choices: [String]? = nil, _ help: String) {
        parameter = .option(name, short: short, value: value, default: defaultValue?.text, choices: choices ?? Value.choices, help)
        self.defaultValue = defaultValue
    }

    /// The option with another help text and, when given, value name, for a command that
    /// words its own use of a shared option.
    func worded(_ help: String, value: String? = nil) -> Option {
        var option = self
        option.parameter.help = help
        if let value { option.parameter.valueName = value }
        return option
    }
}

/// A flag, `--name`.
struct Flag: Sendable {
    /// What the table, the parser and the help read.
    let parameter: Parameter

    /// A flag.
    init(_ name: String, _ help: String) {
        parameter = .flag(name, help)
    }
}

/// A repeatable option, `--name VALUE`, every value kept.
struct RepeatedOption: Sendable {
    /// What the table, the parser and the help read.
    let parameter: Parameter

    /// A repeatable option.
    init(_ name: String, value: String? = nil, _ help: String) {
        parameter = .repeated(name, value: value, help)
    }
}

/// A positional argument: one, or every one left (`many`).
struct Positional: Sendable {
    /// What the table, the parser and the help read.
    let parameter: Parameter

    /// One required positional argument.
    static func one(_ name: String, choices: [String]? = nil, _ help: String) -> Positional {
        Positional(parameter: .argument(name, choices: choices, help))
    }

    /// Any number of positional arguments.
    static func many(_ name: String, _ help: String) -> Positional {
        Positional(parameter: .arguments(name, help))
    }
}

/// A subcommand: its name, help, parameters, and either what runs it or subcommands of its own.
struct Command: Sendable {
    var name: String
    var abstract: String
    var discussion: String = ""
    var parameters: [Parameter] = []
    /// The subcommands, in the order help lists them; the first is the root's default. Each
    /// declaration is built only when a run reaches it, so a render builds no other table.
    var subcommandTypes: [any Subcommand.Type] = []
    /// When set, any argument the command does not declare is refused with this message,
    /// which does not repeat the argument (it may be a password typed by mistake).
    var strayArgumentsMessage: String?
    /// Whether a word this command does not know as a subcommand may be echoed in the
    /// message; false where the word may be a password typed by mistake.
    var echoesUnknownSubcommands = true
    var run: (@Sendable (ParsedArguments) throws -> Void)?
}

/// A command below another: the word that selects it and its declaration, whose `name` is
/// that word. Its parent lists the type, so the declaration is built only when needed.
protocol Subcommand: SendableMetatype {
    /// The word that selects it on the command line.
    static var name: String { get }
    /// Its declaration.
    static var command: Command { get }
}

/// A usage error: printed as `Error: message` with the subcommand's usage line; exit 2.
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Ends the process with `status` and nothing more printed (the command printed its report).
struct ExitStatus: Error {
    var status: Int32
    init(_ status: Int32) { self.status = status }
}

/// `-h`/`--help` or `help`: print `command`'s help to standard output and exit 0.
struct HelpRequest: Error {
    var path: [Command]
}

/// A value an option can be converted to: the library's one reading of a request field's
/// text (`TextValue`), so an option and the request field it sets read alike.
typealias ArgumentValue = TextValue

/// The arguments of one subcommand, read against its parameter table.
struct ParsedArguments {
    /// The subcommands from the root to the one parsed (`render-keyboard`, `rules`, `check`).
    let path: [Command]
    private var values: [String: [String]] = [:]

    var command: Command { path[path.count - 1] }

    /// Reads `arguments` (what follows the subcommand's name) against `path.last`'s table:
    /// the options and flags in order, then the positional arguments.
    init(_ arguments: [String], path: [Command]) throws {
        self.path = path
        let positionals = try readOptions(arguments)
        try assignPositionals(positionals)
    }

    /// The usage error of an argument the command does not take (its own message, when it
    /// has one, so a secret typed by mistake is not repeated).
    private func stray(_ message: String) -> UsageError {
        UsageError(command.strayArgumentsMessage ?? message)
    }

    /// Records every option and flag of `arguments`; returns the positional arguments.
    private mutating func readOptions(_ arguments: [String]) throws -> [String] {
        var positionals: [String] = []
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            if argument == "-h" || argument == "--help" { throw HelpRequest(path: path) }
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard let parameter = command.parameter(spelled: name) else {
                throw stray(Self.unknownOption(name, in: command))
            }
            try record(parameter, spelled: name, inline: inline, arguments: arguments, index: &index)
        }
        return positionals
    }

    /// Records `parameter`, given as `name`: a flag, or an option whose value is `inline`
    /// (`--name=value`) or the argument at `index`, which it then steps over.
    private mutating func record(_ parameter: Parameter, spelled name: String, inline: String?, arguments: [String], index: inout Int) throws {
        switch parameter.kind {
        case .flag:
            if inline != nil { throw UsageError("\(parameter.synopsis) takes no value") }
            values[parameter.name] = ["true"]
        case .option, .repeatedOption:
            let value: String
            if let inline {
                guard !inline.isEmpty else { throw UsageError("missing value for \(parameter.synopsis)") }
                value = inline
            } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError("missing value for \(parameter.synopsis)")
            }
            if parameter.kind == .option {
                values[parameter.name] = [value]
            } else {
                values[parameter.name, default: []].append(value)
            }
        case .argument, .arguments:
            throw stray(Self.unknownOption(name, in: command))
        }
    }

    /// Gives the positional arguments to the command's positional parameters in order.
    private mutating func assignPositionals(_ positionals: [String]) throws {
        var remaining = positionals[...]
        for parameter in command.parameters where parameter.isPositional {
            if parameter.kind == .arguments {
                values[parameter.name] = Array(remaining)
                remaining = []
            } else if let first = remaining.first {
                values[parameter.name] = [first]
                remaining = remaining.dropFirst()
            } else {
                throw stray("missing \(parameter.synopsis)")
            }
        }
        if let extra = remaining.first {
            throw stray("unexpected argument \(Diagnostic.quote(extra))")
        }
    }

    private static func unknownOption(_ name: String, in command: Command) -> String {
        let names = command.parameters.filter { !$0.isPositional }.map { "--" + $0.name }
        var message = "unknown option \(Diagnostic.quote(name))"
        message += FieldReader.didYouMean(name, in: names)
        return message
    }

    /// The texts given for `parameter`: the last one of an option, every one of a repeatable
    /// option or of positional arguments, `["true"]` for a flag given; empty when none was.
    func given(_ parameter: Parameter) -> [String] {
        values[parameter.name] ?? []
    }

    /// `option` read as its type: the last value given, else its default, else nil.
    ///
    /// - Throws: `UsageError` naming the option when the text is not a value of its type.
    func value<Value>(_ option: Option<Value>) throws -> Value? {
        guard let text = given(option.parameter).last else { return option.defaultValue }
        guard let value = Value(text: text) else {
            throw UsageError("--\(option.parameter.name): \(Diagnostic.quote(text)) is not \(Value.expectation)")
        }
        return value
    }

    /// The text given for `option`, as typed; nil when it was not given.
    func text<Value>(_ option: Option<Value>) -> String? {
        given(option.parameter).last
    }

    /// `option`, which has a default, read as its type.
    ///
    /// - Throws: as `value(_:)`.
    func required<Value>(_ option: Option<Value>) throws -> Value {
        guard let value = try value(option) else { preconditionFailure("--\(option.parameter.name) has no default value") }
        return value
    }

    /// Whether `flag` was given.
    func isGiven(_ flag: Flag) -> Bool {
        !given(flag.parameter).isEmpty
    }

    /// Every value of a repeatable option, in order.
    func values(_ option: RepeatedOption) -> [String] {
        given(option.parameter)
    }

    /// A positional argument: the one given, or nil when it is optional and left out.
    func text(_ argument: Positional) -> String? {
        given(argument.parameter).first
    }

    /// The positional arguments `argument` collects.
    func texts(_ argument: Positional) -> [String] {
        given(argument.parameter)
    }

    /// The items of a comma-separated option value, each trimmed of spaces. Empty items are
    /// kept (`a,,b` is three items, `""` one), so every command sees and refuses them alike.
    static func commaList(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }
}

extension Command {
    /// The parameter `spelling` (`--layout`, `-o`) names, if any.
    func parameter(spelled spelling: String) -> Parameter? {
        if spelling.hasPrefix("--") {
            let name = spelling.dropFirst(2)
            return parameters.first { !$0.isPositional && $0.name == name }
        }
        guard spelling.count == 2, let letter = spelling.last else { return nil }
        return parameters.first { $0.short == letter }
    }

    /// The subcommand called `name`, if any; only that one is built.
    func subcommand(named name: String) -> Command? {
        subcommandTypes.first { $0.name == name }.map(Self.declaration)
    }

    /// The subcommands' names, in order, with none of them built.
    var subcommandNames: [String] { subcommandTypes.map { $0.name } }

    /// Every subcommand, built (help, completions and the manual page list them all).
    var subcommands: [Command] { subcommandTypes.map(Self.declaration) }

    /// `type`'s declaration, whose name is the one its parent selects it by (a debug build
    /// stops at a declaration that names itself otherwise; every help test builds them all).
    static func declaration(_ type: any Subcommand.Type) -> Command {
        let command = type.command
        assert(command.name == type.name, "\(type) declares \(command.name), listed as \(type.name)")
        return command
    }
}

// MARK: - Help

enum Help {
    /// The help of the last command of `path` (whose first element is the root).
    static func text(for path: [Command], version: String? = nil) -> String {
        let command = path[path.count - 1]
        var out = wrap("OVERVIEW: \(command.abstract)", indent: 0) + "\n"
        if !command.discussion.isEmpty { out += "\n" + wrap(command.discussion, indent: 0) + "\n" }
        out += "\nUSAGE: \(usage(for: path))\n"
        let arguments = command.parameters.filter(\.isPositional)
        if !arguments.isEmpty {
            out += "\nARGUMENTS:\n"
            for argument in arguments { out += row(argument.synopsis, argument.help) }
        }
        out += "\nOPTIONS:\n"
        for option in command.parameters where !option.isPositional {
            var name = option.synopsis
            if let short = option.short { name = "-\(short), " + name }
            var help = option.help
            if let value = option.defaultValue { help += " (default: \(value))" }
            if option.kind == .repeatedOption && !help.contains("repeatable") { help += " (repeatable)" }
            out += row(name, help)
        }
        if version != nil { out += row("--version", "Show the version.") }
        out += row("-h, --help", "Show help information.")
        if !command.subcommands.isEmpty {
            out += "\nSUBCOMMANDS:\n"
            for (index, subcommand) in command.subcommands.enumerated() {
                let name = path.count == 1 && index == 0 ? "\(subcommand.name) (default)" : subcommand.name
                out += row(name, subcommand.abstract)
            }
            // `help` is a word of the root only: `render-keyboard help rules <subcommand>`.
            let prefix = ([path[0].name, "help"] + path.dropFirst().map(\.name)).joined(separator: " ")
            out += "\n  See '\(prefix) <subcommand>' for detailed help.\n"
        }
        return out
    }

    /// `render-keyboard batch <manifest> [<options>]`.
    static func usage(for path: [Command]) -> String {
        let command = path[path.count - 1]
        var words = path.map(\.name)
        if !command.subcommandTypes.isEmpty { words.append(command.run == nil && path.count == 1 ? "[<subcommand>] [<options>]" : "<subcommand>") }
        words += command.parameters.filter(\.isPositional).map(\.synopsis)
        if command.parameters.contains(where: { !$0.isPositional }) { words.append("[<options>]") }
        return words.joined(separator: " ")
    }

    private static let width = 80
    private static let column = 28

    private static func row(_ name: String, _ help: String) -> String {
        let lead = "  " + name
        let text = wrap(help, indent: column)
        if lead.count + 2 <= column {
            return lead + String(repeating: " ", count: column - lead.count) + text.dropFirst(column) + "\n"
        }
        return lead + "\n" + text + "\n"
    }

    /// `text` in lines of at most `width` characters, each indented by `indent` spaces.
    private static func wrap(_ text: String, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && indent + line.count + 1 + word.count > width {
                lines.append(pad + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(pad + line)
        return lines.joined(separator: "\n")
    }
}
