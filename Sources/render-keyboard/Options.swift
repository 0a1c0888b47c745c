import Foundation
import LayoutEngine
import RenderKeyboardKit

/// Where a keyboard is drawn: a device, or a bare width (SPEC §7), for every drawing command.
struct CanvasOptions {
    static let parameters: [Parameter] = [
        .option("device", "A device preset (see `list`) or a pixel device WxH@D such as 1080x2340@2.625; default \(Device.defaultName)."),
        .option("width", "Keyboard width in points, instead of a device (no safe areas)."),
        .option("height", "Keyboard height in points, replacing the layout's (with --width)."),
        .option("scale", "Pixels per point (with --width); default 1."),
    ]

    var device: String?
    var width: Double?
    var height: Double?
    var scale: Double?

    /// Reads the options, whose problems (`RenderRequest.problems()`) are usage errors.
    init(_ arguments: ParsedArguments) throws {
        device = arguments.string("device")
        width = try arguments.value("width")
        height = try arguments.value("height")
        scale = try arguments.value("scale")
        let canvasFields: Set<RenderRequest.Field> = [.device, .width, .height, .scale]
        if let problem = applied(to: RenderRequest()).problems().first(where: { canvasFields.contains($0.field) }) {
            throw UsageError(problem.description)
        }
    }

    /// `request` with these fields set.
    func applied(to request: RenderRequest) -> RenderRequest {
        var request = request
        request.device = device
        request.width = width
        request.height = height
        request.scale = scale
        return request
    }
}

/// The options every subcommand that draws one keyboard shares (SPEC §7).
struct CommonOptions {
    static let parameters: [Parameter] = [
        .option("layout", default: "letters", "A built-in layout name or a layout file."),
        .option("theme", default: "default", "A built-in theme name or a theme file."),
    ] + CanvasOptions.parameters + [
        .option("orientation", default: "portrait", "portrait or landscape."),
        .option("seed", "Seed for a reproducible shuffle."),
        .flag("no-shuffle", "Keep keys in file order even for layouts that shuffle."),
        .repeated("pressed", "Draw the key with this label (or code) pressed; repeatable."),
        .option("shift", default: "off", "off, on or locked."),
        .repeated("values", "An Android values file for @dimen/@integer/@string references of an XML layout; repeatable."),
        .flag("no-sibling-values", "Read only the --values files, not the res/values folder beside an XML layout's res/xml folder."),
        .option("keyboard-mode", "The keyboardMode rows of an Android XML layout to keep (an id name such as mode_url)."),
        .flag("shuffle", "Shuffle the input keys of an Android XML layout."),
    ]

    /// The request the options describe.
    var request: RenderRequest

    /// Reads the options; problems of the options on their own are usage errors (exit 2).
    init(_ arguments: ParsedArguments) throws {
        var request = try CanvasOptions(arguments).applied(to: RenderRequest())
        request.layout = arguments.string("layout")!
        request.theme = arguments.string("theme")!
        request.orientation = try arguments.required("orientation")
        request.seed = try arguments.value("seed")
        request.shuffle = !arguments.flag("no-shuffle")
        request.pressed = arguments.strings("pressed")
        request.shift = try arguments.required("shift")
        request.values = arguments.strings("values")
        request.siblingValues = !arguments.flag("no-sibling-values")
        request.keyboardMode = arguments.string("keyboard-mode")
        request.forceShuffle = arguments.flag("shuffle")
        if let problem = request.problems().first { throw UsageError(problem.description) }
        if arguments.flag("shuffle") && arguments.flag("no-shuffle") {
            throw UsageError("Give either --shuffle or --no-shuffle, not both.")
        }
        self.request = request
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
