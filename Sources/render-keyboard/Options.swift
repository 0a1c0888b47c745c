import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine
import RenderKeyboardKit

/// The command line's option for a request field: its spelling and help, over the field's
/// declaration (`RenderRequest.declarations`), which reads its texts. The table `all` is the
/// one place a request field's option is named; commands take its parameters and
/// `applying(_:from:)` sets the request from what was given.
struct RequestOption: Sendable {
    /// The field the option sets.
    let field: RenderRequest.Field
    /// What the table, the parser and the help read.
    var parameter: Parameter
    /// For a flag of a yes-or-no field, the value it sets.
    let flagValue: Bool?

    /// The option of a field of one value or a list, named after the field unless `name`.
    init(_ field: RenderRequest.Field, named name: String? = nil, short: Character? = nil, _ help: String) {
        self.field = field
        flagValue = nil
        switch RenderRequest.declaration(of: field).texts {
        case .single(let defaultText, let choices, _):
            parameter = .option(name ?? field.rawValue, short: short, default: defaultText, choices: choices, help)
        case .list:
            parameter = .repeated(name ?? field.rawValue, help)
        case .boolean:
            preconditionFailure("\(field) is a yes or no: give it as a flag")
        }
    }

    /// A flag that sets the yes-or-no `field` to `value`.
    init(_ field: RenderRequest.Field, flag name: String, sets value: Bool, _ help: String) {
        self.field = field
        flagValue = value
        parameter = .flag(name, help)
    }

    /// Every request field's option, in the order of the help.
    static let all: [RequestOption] = [
        RequestOption(.layout, "A built-in layout name or a layout file."),
        RequestOption(.theme, "A built-in theme name or a theme file."),
        RequestOption(.device, "A device preset (see `list`) or a pixel device WxH@D such as 1080x2340@2.625; default \(Device.defaultName)."),
        RequestOption(.width, "Keyboard width in points, instead of a device (no safe areas)."),
        RequestOption(.height, "Keyboard height in points, replacing the layout's (with --width)."),
        RequestOption(.scale, "Pixels per point (with --width); default \(CanvasOptions.defaultScale.text)."),
        RequestOption(.orientation, "portrait or landscape."),
        RequestOption(.seed, "Seed for a reproducible shuffle."),
        RequestOption(.shuffle, flag: "no-shuffle", sets: false, "Keep keys in file order even for layouts that shuffle."),
        RequestOption(.pressed, "Draw the key with this label (or code) pressed; repeatable."),
        RequestOption(.shift, "off, on or locked."),
        RequestOption(.values, "An Android values file for @dimen/@integer/@string references of an XML layout; repeatable."),
        RequestOption(.siblingValues, flag: "no-sibling-values", sets: false, "Read only the --values files, not the res/values folder beside an XML layout's res/xml folder."),
        RequestOption(.keyboardMode, named: "keyboard-mode", "The keyboardMode rows of an Android XML layout to keep (an id name such as mode_url)."),
        RequestOption(.shuffle, flag: "shuffle", sets: true, "Shuffle the input keys of an Android XML layout."),
        RequestOption(.imeMode, named: "ime-mode", "The mode of a HeliBoard or FlorisBoard layout (such as symbols or numeric), instead of its folder's."),
        RequestOption(.locale, "The language tag whose key texts a HeliBoard or FlorisBoard layout takes (such as ar or hi); default: the one the app pairs with the layout."),
        RequestOption(.localeTexts, named: "locale-texts", "A key texts file in HeliBoard's format ([labels], [number_row], [popup_keys]) for a HeliBoard layout."),
        RequestOption(.numberRow, flag: "number-row", sets: true, "Add the app's number row above a HeliBoard or FlorisBoard layout's letters."),
        RequestOption(.allowMissingGlyphs, flag: "allow-missing-glyphs", sets: true, "Draw labels with characters no font has (as boxes) and warn, instead of failing."),
        RequestOption(.format, "\(OutputFormat.listed()); default from -o's extension, else \(OutputFormat.resolved(nil, output: nil).rawValue)."),
        RequestOption(.output, short: "o", "Output file (- for standard output); default \(OutputFormat.defaultOutput(RenderRequest.outputStem, format: nil))."),
        RequestOption(.pngCompression, named: "png-compression", "PNG compression level \(PNGCodec.compressionLevels.lowerBound)-\(PNGCodec.compressionLevels.upperBound)."),
        RequestOption(.darkTheme, named: "dark-theme", "SVG: a second theme (name or file) whose colours show in dark mode; it must draw the same geometry."),
        RequestOption(.svgText, named: "svg-text", "SVG: labels as text or outlines."),
        RequestOption(.svgEmbedFonts, flag: "svg-embed-fonts", sets: true, "SVG: embed the glyphs the labels use, as font subsets."),
    ]

    /// The options of `fields`, in the table's order.
    static func options(_ fields: Set<RenderRequest.Field>) -> [RequestOption] {
        all.filter { fields.contains($0.field) }
    }

    /// The parameters of `fields`' options, in the table's order.
    static func parameters(_ fields: Set<RenderRequest.Field>) -> [Parameter] {
        options(fields).map(\.parameter)
    }

    /// The option of `field` (its first, for a field with two flags).
    static func of(_ field: RenderRequest.Field) -> RequestOption {
        guard let option = all.first(where: { $0.field == field }) else { preconditionFailure("\(field) has no option") }
        return option
    }

    /// The option of `field` as a plain option a command reads itself, with the help the
    /// command words for its own use of it (a pad's width rather than a keyboard's, a report
    /// rather than an image) and, when given, the name its value shows in the help
    /// (`report.png`); `showsDefault: false` leaves out the default, for a command where the
    /// option has none of its own (preview's `--orientation` stands for `--orientations`).
    static func worded<Value>(_ field: RenderRequest.Field, as type: Value.Type, _ help: String, value: String? = nil, showsDefault: Bool = true) -> Option<Value> {
        let shared = of(field).parameter
        var option = Option<Value>(shared.name, short: shared.short, value: value, help)
        option.parameter.defaultValue = showsDefault ? shared.defaultValue : nil
        return option
    }

    /// This option with the help a command words for its own use of it; the request is set
    /// from it as from the shared one.
    func worded(_ help: String) -> RequestOption {
        var option = self
        option.parameter.help = help
        return option
    }

    /// The command-line name of the request field called `name` (`png-compression` for
    /// `pngCompression`, `no-shuffle` for `shuffle`), else `name` itself (`columns`, `layouts`).
    static func optionName(ofFieldNamed name: String) -> String {
        RenderRequest.Field(rawValue: name).map { of($0).parameter.name } ?? name
    }

    /// Sets the field from the texts given (never empty).
    ///
    /// - Throws: `UsageError` naming the option when a text is not a value of the field's type.
    func apply(_ given: [String], to request: inout RenderRequest) throws {
        switch RenderRequest.declaration(of: field).texts {
        case .single(_, _, let set):
            switch set(given[given.count - 1]) {
            case .success(let setter): setter(&request)
            case .failure(let invalid): throw UsageError("--\(parameter.name): \(Diagnostic.quote(invalid.text)) is not \(invalid.expectation)")
            }
        case .list(let set):
            set(given)(&request)
        case .boolean(let set):
            set(flagValue ?? true)(&request)
        }
    }
}

extension RenderRequest {
    /// `self` with every option of `fields` that `arguments` gives applied.
    ///
    /// - Throws: `UsageError` naming the option when a value is not of the field's type.
    func applying(_ fields: Set<Field>, from arguments: ParsedArguments) throws -> RenderRequest {
        var request = self
        for option in RequestOption.options(fields) {
            let given = arguments.given(option.parameter)
            if !given.isEmpty { try option.apply(given, to: &request) }
        }
        return request
    }
}

/// Where a keyboard is drawn: a device, or a bare width (docs/rendering.md), for every drawing command.
struct CanvasArguments {
    static let fields = Set(RenderRequest.canvasFields)
    static let parameters = RequestOption.parameters(fields)

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
    static let parameters = RequestOption.parameters(AndroidFileOptions.fields)

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
    static let parameters = RequestOption.parameters(fields)
    /// The options of `render`, which writes the request's own output.
    static let outputParameters = RequestOption.parameters(RenderRequest.outputFields)

    /// The request the options describe, checked: the one check of its fields.
    let request: CheckedRequest

    /// Reads the options of `fields` and checks the request they make; its problems are usage
    /// errors (exit 2).
    init(_ arguments: ParsedArguments, fields: Set<RenderRequest.Field> = Self.fields) throws {
        if RequestOption.options([.shuffle]).allSatisfy({ !arguments.given($0.parameter).isEmpty }) {
            throw UsageError("Give either --shuffle or --no-shuffle, not both.")
        }
        let request = try RenderRequest().applying(fields, from: arguments)
        do {
            self.request = try request.checked()
        } catch let problem as RequestError {
            throw UsageError(problem.commandLineDescription)
        }
    }
}

// The command line alone names its options: a library's message about a request field
// (`InputOrigin.requestField`) is shown here as the option that set it.

extension Diagnostic {
    /// The message as the command line shows it: a request field as its option
    /// (`--png-compression: …`), the program's own failure after the program's name.
    var commandLineDescription: String {
        switch origin {
        case .requestField(let name, _): return described(file: "--" + RequestOption.optionName(ofFieldNamed: name))
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
func pngOutput(_ arguments: ParsedArguments, _ option: Option<String>, what: String) throws -> String? {
    guard let output = try arguments.value(option) else { return nil }
    if let problem = RenderRequest.outputNameProblem(output)
        ?? (OutputFormat.resolved(nil, output: output) == .png && OutputFormat.outputProblem(nil, output: output) == nil ? nil
            : "the \(what) is a PNG; name it .png rather than \(Diagnostic.quote(output))") {
        throw UsageError(Diagnostic(file: "--output", path: "", reason: problem).description)
    }
    return output
}
