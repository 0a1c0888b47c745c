import KeyboardFormats
import KeyboardModel
import RenderKeyboardKit

/// `render-keyboard compose`: store screenshots (docs/store-screenshots.md).
struct Compose: Subcommand {
    static let name = "compose"
    static let command = Command(
        name: name,
        abstract: "Draw store screenshots: the keyboard on a device's screen over your app, framed and captioned.",
        discussion: "The keyboard is drawn exactly as `render` draws it, at the bottom of the device's screen, over --app (scaled to cover the screen, top aligned) or a fill; the screen is clipped to its rounded corners in a frame drawn from the device table (or your own frame PNG), under a caption wrapped to at most 3 lines, on a store's canvas: a PNG without alpha (8-bit RGB) or a JPEG, exactly the store's size. With --captions FILE each locale's caption is drawn into fastlane's folders under -o: deliver's LOCALE/NN_NAME_STORE.png, or with --layout-kind play supply's LOCALE/images/phoneScreenshots/NN.png; every file written is printed. A bad input (an app image over the limits, a canvas over 10000 px a side, a caption that does not fit, a frame whose screen lies outside its image, --width or --height) exits 1 and writes nothing.",
        parameters: keyboardParameters + ComposeRequest.declarations.map(Parameter.init),
        run: { try Compose($0).run() }
    )

    /// The options of the keyboard drawn, `render`'s; a bare width is taken only to be refused.
    static let keyboardParameters = CommonOptions.parameters.map { parameter in
        let refused = RequestOption.parameters([.width, .height, .scale]).map(\.name)
        guard refused.contains(parameter.name) else { return parameter }
        var shown = parameter
        shown.help = "Refused (exit 1): a screenshot needs a device's screen; give --device."
        return shown
    }

    let request: ComposeRequest

    /// Reads the options; a value that is not one, and the request's problems, are usage
    /// errors (exit 2).
    init(_ arguments: ParsedArguments) throws {
        // A bare width has no screen: a bad input (exit 1), whatever else the options say.
        for option in RequestOption.options([.width, .height, .scale]) where !arguments.given(option.parameter).isEmpty {
            throw Diagnostic(origin: .requestField(option.field.rawValue), reason: ComposeRequest.bareWidthReason)
        }
        var request = ComposeRequest()
        request.keyboard = try CommonOptions(arguments).request.request
        for declaration in ComposeRequest.declarations {
            guard let text = arguments.given(Parameter(declaration)).last else { continue }
            switch declaration.read(text) {
            case .success(let set): set(&request)
            case .failure(let problem): throw UsageError("--\(declaration.field.optionName): \(problem.reason)")
            }
        }
        if let problem = request.problems().first { throw UsageError(problem.commandLineDescription) }
        self.request = request
    }

    func run() throws {
        let composed = try request.write()
        printWarnings(composed.warnings)
        if request.isSet {
            for file in composed.files { say(file.path, besides: request.framesOut) }
        }
    }
}

extension Parameter {
    /// The command-line option of a compose field's declaration (`-o` for the output).
    init(_ declaration: ComposeFieldDeclaration) {
        let name = declaration.field.optionName
        self = .option(name, short: declaration.field == .output ? "o" : nil, value: declaration.valueName,
                       default: declaration.shownDefault, choices: declaration.choices, declaration.help)
    }
}
