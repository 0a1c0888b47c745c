import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import RenderKeyboardKit

extension Parameter {
    /// The command-line parameter of a request field's declaration.
    init(_ option: RequestFieldDeclaration.Option) {
        switch option.form {
        case .option: self = .option(option.name, short: option.short, default: option.shownDefault, choices: option.choices, option.help)
        case .repeated: self = .repeated(option.name, option.help)
        case .flag: self = .flag(option.name, option.help)
        }
    }
}

extension RenderRequest {
    /// The options of `fields`, in the declarations' order.
    static func parameters(_ fields: Set<Field>) -> [Parameter] {
        declarations.filter { fields.contains($0.field) }.compactMap(\.option).map(Parameter.init)
    }

    /// The option of `field`, with the help a command words for its own use of it (a pad's
    /// width rather than a keyboard's, a report rather than an image) and, when given, the
    /// name its value shows in the help (`report.png`): one declaration of `--output`,
    /// `--seed`, `--orientation` for every command.
    /// `showsDefault: false` leaves out the default, for a command where the option has none
    /// of its own (preview's `--orientation` stands for `--orientations`).
    static func parameter(_ field: Field, help: String, value: String? = nil, showsDefault: Bool = true) -> Parameter {
        guard var option = declarations.first(where: { $0.field == field })?.option else {
            preconditionFailure("\(field) has no option")
        }
        option.help = help
        if !showsDefault { option.shownDefault = nil }
        var parameter = Parameter(option)
        if let value { parameter.valueName = value }
        return parameter
    }

    /// `self` with every option of `fields` that `arguments` gives applied.
    ///
    /// - Throws: `UsageError` naming the option when a value is not of the field's type.
    func applying(_ fields: Set<Field>, from arguments: ParsedArguments) throws -> RenderRequest {
        var request = self
        for case let option? in Self.declarations.filter({ fields.contains($0.field) }).map(\.option) {
            let given = arguments.given(option)
            guard !given.isEmpty else { continue }
            switch option.set(given) {
            case .success(let set): set(&request)
            case .failure(let invalid): throw UsageError("--\(option.name): \(Diagnostic.quote(invalid.text)) is not \(invalid.expectation)")
            }
        }
        return request
    }
}

/// Where a keyboard is drawn: a device, or a bare width (docs/rendering.md), for every drawing command.
struct CanvasArguments {
    static let fields = Set(RenderRequest.canvasFields)
    static let parameters = RenderRequest.parameters(fields)

    /// The canvas options given (the orientation is the command's own).
    let options: CanvasOptions

    /// Reads the options, whose problems (`CanvasOptions.problems()`) are usage errors.
    init(_ arguments: ParsedArguments) throws {
        options = try RenderRequest().applying(Self.fields, from: arguments).canvasOptions
        if let problem = options.problems().first { throw UsageError(problem.commandLineDescription) }
    }
}

/// `--values`, `--no-sibling-values` and `--keyboard-mode`: how Android keyboard files are
/// read, declared once (`RenderRequest.declarations`) for every command that draws, one
/// keyboard or several.
struct AndroidArguments {
    static let parameters = RenderRequest.parameters(AndroidFileOptions.fields)

    /// The options given.
    let options: AndroidFileOptions

    /// Reads the options, whose problems are usage errors.
    init(_ arguments: ParsedArguments) throws {
        let request = try RenderRequest().applying(AndroidFileOptions.fields, from: arguments)
        if let problem = request.problems().first(where: { AndroidFileOptions.fields.contains($0.field) }) {
            throw UsageError(problem.commandLineDescription)
        }
        options = AndroidFileOptions(of: request)
    }
}

/// The options every subcommand that draws one keyboard shares (docs/rendering.md): every request
/// field but those naming what is written.
struct CommonOptions {
    static let fields = Set(RenderRequest.Field.allCases).subtracting(RenderRequest.outputFields)
    static let parameters = RenderRequest.parameters(fields)
    /// The options of `render`, which writes the request's own output.
    static let outputParameters = RenderRequest.parameters(RenderRequest.outputFields)

    /// The request the options describe.
    var request: RenderRequest

    /// Reads the options; problems of the options on their own are usage errors (exit 2).
    init(_ arguments: ParsedArguments, fields: Set<RenderRequest.Field> = Self.fields) throws {
        _ = try CanvasArguments(arguments)
        let request = try RenderRequest().applying(fields, from: arguments)
        if let problem = request.problems().first { throw UsageError(problem.commandLineDescription) }
        if arguments.flag("shuffle") && arguments.flag("no-shuffle") {
            throw UsageError("Give either --shuffle or --no-shuffle, not both.")
        }
        self.request = request
    }
}

// The command line alone names its options: a library's message about a request field
// (`InputOrigin.requestField`) is shown here as the option that set it.

extension Diagnostic {
    /// The message as the command line shows it: a request field as its option
    /// (`--png-compression: …`), the program's own failure after the program's name.
    var commandLineDescription: String {
        switch origin {
        case .requestField(let name, _): return described(file: "--" + RenderRequest.optionName(ofFieldNamed: name))
        case .program: return "render-keyboard: " + description
        case .file, .manifestJob: return description
        }
    }
}

extension DiagnosticList {
    /// Each message as the command line shows it, one a line.
    var commandLineDescription: String {
        diagnostics.map(\.commandLineDescription).joined(separator: "\n")
    }
}

extension RequestError {
    /// `--OPTION: reason`.
    var commandLineDescription: String { diagnostic.commandLineDescription }
}

extension RenderRequest {
    /// The option of the field called `name`: a request field's own option
    /// (`optionName(of:)`), else the name itself (`columns`, `layouts`).
    static func optionName(ofFieldNamed name: String) -> String {
        Field(rawValue: name).map(optionName(of:)) ?? name
    }
}

/// Prints warnings to standard error, one form everywhere: `FILE: field.path: warning: reason`.
func printWarnings(_ warnings: [Diagnostic]) {
    for warning in warnings {
        var marked = warning
        marked.reason = "warning: " + warning.reason
        complain("\(marked)")
    }
}

/// `-o`/`--output` of a command that writes only a PNG (`what` names the picture: `contact
/// sheet`, `picture`, `report`), or nil when it is not given: one rule for `preview`, `diff`
/// and `compare`.
///
/// - Throws: `UsageError` for a name no output may have, or one whose extension names
///   another format (or none this tool writes).
func pngOutput(_ arguments: ParsedArguments, what: String) throws -> String? {
    guard let output = arguments.string("output") else { return nil }
    if let problem = RenderRequest.outputNameProblem(output)
        ?? (OutputFormat.resolved(nil, output: output) == .png && OutputFormat.outputProblem(nil, output: output) == nil ? nil
            : "the \(what) is a PNG; name it .png rather than \(Diagnostic.quote(output))") {
        throw UsageError(Diagnostic(file: "--output", path: "", reason: problem).description)
    }
    return output
}
