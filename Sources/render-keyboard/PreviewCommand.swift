import KeyboardPreview
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import RenderKeyboardKit

struct Preview: Subcommand {
    static let name = "preview"
    static let command = Command(
        name: name,
        abstract: "Draw a contact sheet of layouts × themes × orientations in one PNG, or an HTML gallery.",
        discussion: "Each cell is captioned with theme, layout and orientation; by default there is one column per theme. Keyboards are drawn at the device's scale, or smaller when the sheet would exceed 16384 px a side (the command says so). Theme and layout files work as well as built-in names.",
        parameters: [themes.parameter, layouts.parameter, orientations.parameter, states.parameter, patterns.parameter, columns.parameter]
            + CanvasArguments.parameters + AndroidArguments.parameters + [orientation.parameter, seed.parameter, output.parameter, html.parameter],
        run: { try Preview($0).run() }
    )
    static let themes = SweepLists.option(.themes, otherwise: "every built-in theme")
    static let layouts = SweepLists.option(.layouts, default: "letters")
    static let orientations = SweepLists.option(.orientations, otherwise: "portrait")
    static let states = Flag("states", "Draw each keyboard normal, with a content key pressed, and with shift on.")
    static let patterns = Flag("patterns", "End the sheet with each theme's gesture pattern pad.")
    static let columns = Option<Int>("columns", "Cells per row; default one per theme.")
    static let orientation = RequestOption.worded(.orientation, as: Orientation.self, "portrait or landscape: the same as --orientations with one value.", showsDefault: false)
    static let seed = RequestOption.worded(.seed, as: UInt64.self, "Seed for shuffled layouts; default one random seed shared by every cell.")
    static let output = RequestOption.worded(.output, as: String.self, "The contact sheet PNG (- for standard output); default preview.png (not written with --html unless given).")
    static let html = Option<String>("html", value: "DIR", "Write a gallery instead: DIR/index.html, each image as PNG and its frames JSON.")

    /// The preview the options describe, checked (`PreviewRequest.check()`).
    let request: PreviewRequest
    let output: String?
    let html: String?

    init(_ arguments: ParsedArguments) throws {
        var request = PreviewRequest()
        if let themes = try arguments.value(Self.themes) { request.themes = ParsedArguments.commaList(themes) }
        request.layouts = ParsedArguments.commaList(try arguments.required(Self.layouts))
        let orientations = try arguments.value(Self.orientations)
        let orientation = try arguments.value(Self.orientation)
        if orientation != nil && orientations != nil { throw UsageError("Give either --orientation or --orientations, not both.") }
        request.orientations = try orientation.map { [$0] } ?? SweepLists.orientations(orientations ?? "portrait")
        request.states = arguments.isGiven(Self.states)
        request.patterns = arguments.isGiven(Self.patterns)
        request.columns = try arguments.value(Self.columns)
        request.canvasOptions = try CanvasArguments(arguments).options
        request.android = try AndroidArguments(arguments).options
        request.seed = try arguments.value(Self.seed)
        output = try pngOutput(arguments, Self.output, what: "contact sheet")
        html = try arguments.value(Self.html)
        // The preview's own rules (lists, columns, the number of cells, the canvas) are the
        // request's; what they refuse here is a usage error.
        do {
            try request.check()
        } catch let problem as Diagnostic {
            throw UsageError(problem.commandLineDescription)
        } catch let problem as RequestError {
            throw UsageError(problem.commandLineDescription)
        }
        self.request = request
    }

    func run() throws {
        if let html {
            let gallery = try Gallery.write(request, to: html)
            printWarnings(gallery.warnings)
            say(Diagnostic(file: html + "/index.html", path: "", reason: counted(gallery.entries.count, "image")).description)
            if output == nil { return }
        }
        let sheet = try ContactSheet.render(request, with: try Renderer())
        printWarnings(sheet.warnings)
        let path = output ?? "preview.png"
        try FileAccess.writeOutput(try sheet.png(), to: path)
        var note = "\(counted(sheet.items.count, "keyboard")), \(sheet.image.width) × \(sheet.image.height) px"
        if sheet.isScaledDown {
            note += "; drawn at scale \(Limits.format(sheet.scale)) instead of \(Limits.format(sheet.deviceScale)) to stay within \(Limits.maxImageSide) px a side and \(Limits.maxImagePixels) px in all"
        }
        say(Diagnostic(file: path, path: "", reason: note).description, besides: path)
    }
}
