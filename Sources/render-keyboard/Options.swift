import ArgumentParser
import Foundation
import RenderKeyboardKit

extension Orientation: ExpressibleByArgument {}
extension ShiftState: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}

/// The options every subcommand shares (SPEC §7).
struct CommonOptions: ParsableArguments {
    @Option(help: "A built-in layout name or a layout file.")
    var layout = "letters"
    @Option(help: "A built-in theme name or a theme file.")
    var theme = "default"
    @Option(help: "A device preset (see `list`) or a pixel device WxH@D such as 1080x2340@2.625; default iphone-15.")
    var device: String?
    @Option(help: "portrait or landscape.")
    var orientation: Orientation = .portrait
    @Option(help: "Keyboard width in points, instead of a device (no safe areas).")
    var width: Double?
    @Option(help: "Keyboard height in points, replacing the layout's (with --width).")
    var height: Double?
    @Option(help: "Pixels per point (with --width); default 1.")
    var scale: Double?
    @Option(help: "Seed for a reproducible shuffle.")
    var seed: UInt64?
    @Flag(help: "Keep keys in file order even for layouts that shuffle.")
    var noShuffle = false
    @Option(help: "Draw the key with this label (or code) pressed; repeatable.")
    var pressed: [String] = []
    @Option(help: "off, on or locked.")
    var shift: ShiftState = .off
    @Option(help: "An Android values file for @dimen/@integer/@string references of an XML layout; repeatable.")
    var values: [String] = []
    @Option(help: "The keyboardMode rows of an Android XML layout to keep (an id name such as mode_url).")
    var keyboardMode: String?
    @Flag(help: "Shuffle the input keys of an Android XML layout.")
    var shuffle = false


    /// Problems of the options on their own are usage errors (exit 2).
    func validate() throws {
        if let problem = request.problems().first { throw ValidationError(problem.description) }
        if shuffle && noShuffle { throw ValidationError("Give either --shuffle or --no-shuffle, not both.") }
    }

    var request: RenderRequest {
        var request = RenderRequest()
        request.layout = layout
        request.theme = theme
        request.device = device
        request.width = width
        request.height = height
        request.scale = scale
        request.orientation = orientation
        request.seed = seed
        request.shuffle = !noShuffle
        request.pressed = pressed
        request.shift = shift
        request.values = values
        request.keyboardMode = keyboardMode
        request.forceShuffle = shuffle
        return request
    }
}

/// Prints warnings to standard error, one form everywhere: `FILE: field.path: warning: reason`.
func printWarnings(_ warnings: [Diagnostic]) {
    for warning in warnings {
        var marked = warning
        marked.reason = "warning: " + warning.reason
        FileHandle.standardError.write(Data("\(marked)\n".utf8))
    }
}

/// Writes an output: `-` is standard output, anything else a file written atomically.
func writeOutput(_ bytes: [UInt8], to path: String) throws {
    if FileAccess.isStandardOutput(path) {
        FileHandle.standardOutput.write(Data(bytes))
    } else {
        try FileAccess.writeAtomically(bytes, to: path)
    }
}
