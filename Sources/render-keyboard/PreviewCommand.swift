import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import RenderKeyboardKit

struct Preview {
    static let command = Command(
        name: "preview",
        abstract: "Draw a contact sheet of layouts × themes × orientations in one PNG, or an HTML gallery.",
        discussion: "Each cell is captioned with theme, layout and orientation; by default there is one column per theme. Keyboards are drawn at the device's scale, or smaller when the sheet would exceed 16384 px a side (the command says so). Theme and layout files work as well as built-in names.",
        parameters: [
            SweepLists.parameter(.themes, otherwise: "every built-in theme"),
            SweepLists.parameter(.layouts, default: "letters"),
            SweepLists.parameter(.orientations, otherwise: "portrait"),
            .flag("states", "Draw each keyboard normal, with a content key pressed, and with shift on."),
            .flag("patterns", "End the sheet with each theme's gesture pattern pad."),
            .option("columns", "Cells per row; default one per theme."),
        ] + CanvasArguments.parameters + AndroidArguments.parameters + [
            RenderRequest.parameter(.orientation, help: "portrait or landscape: the same as --orientations with one value.", showsDefault: false),
            RenderRequest.parameter(.seed, help: "Seed for shuffled layouts; default one random seed shared by every cell."),
            RenderRequest.parameter(.output, help: "The contact sheet PNG (- for standard output); default preview.png (not written with --html unless given)."),
            .option("html", value: "DIR", "Write a gallery instead: DIR/index.html, each image as PNG and its frames JSON."),
        ],
        run: { try Preview($0).run() }
    )

    var themes: String?
    var layouts: String
    var orientations: String?
    var states: Bool
    var patterns: Bool
    var columns: Int?
    var canvas: CanvasArguments
    var android: AndroidArguments
    var orientation: Orientation?
    var seed: UInt64?
    var output: String?
    var html: String?

    init(_ arguments: ParsedArguments) throws {
        themes = arguments.string("themes")
        layouts = arguments.string("layouts")!
        orientations = arguments.string("orientations")
        states = arguments.flag("states")
        patterns = arguments.flag("patterns")
        columns = try arguments.value("columns")
        canvas = try CanvasArguments(arguments)
        android = try AndroidArguments(arguments)
        orientation = try arguments.value("orientation")
        seed = try arguments.value("seed")
        output = try pngOutput(arguments, what: "contact sheet")
        html = arguments.string("html")
        if let columns, columns < 1 { throw UsageError("--columns must be at least 1.") }
        if orientation != nil && orientations != nil { throw UsageError("Give either --orientation or --orientations, not both.") }
        _ = try SweepLists.orientations(orientations ?? "portrait")
    }

    func run() throws {
        var request = PreviewRequest()
        if let themes { request.themes = ParsedArguments.commaList(themes) }
        request.layouts = ParsedArguments.commaList(layouts)
        request.orientations = try orientation.map { [$0] } ?? SweepLists.orientations(orientations ?? "portrait")
        request.states = states
        request.columns = columns
        request.canvasOptions = canvas.options
        request.android = android.options
        request.seed = seed
        request.patterns = patterns
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
