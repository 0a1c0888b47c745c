import ArgumentParser
import Foundation
import RenderKeyboardKit

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Draw a contact sheet of layouts × themes × orientations in one PNG, or an HTML gallery.",
        discussion: """
            Each cell is captioned with theme, layout and orientation; by default there is one column \
            per theme. Keyboards are drawn at the device's scale, or smaller when the sheet would \
            exceed 16384 px a side (the command says so). Theme and layout files work as well as \
            built-in names.
            """
    )

    @Option(help: ArgumentHelp("Themes: built-in names or files, comma-separated; default every built-in theme.", valueName: "a,b,…"))
    var themes: String?
    @Option(help: ArgumentHelp("Layouts: built-in names or files, comma-separated.", valueName: "a,b,…"))
    var layouts = "letters"
    @Option(help: ArgumentHelp("portrait, landscape or portrait,landscape; default portrait.", valueName: "a,b"))
    var orientations: String?
    @Flag(help: "Draw each keyboard normal, with a content key pressed, and with shift on.")
    var states = false
    @Option(help: "Cells per row; default one per theme.")
    var columns: Int?
    @Option(help: "A device preset (see `list`) or a pixel device WxH@D; default iphone-15.")
    var device: String?
    @Option(help: "portrait or landscape: the same as --orientations with one value.")
    var orientation: Orientation?
    @Option(help: "Keyboard width in points, instead of a device (no safe areas).")
    var width: Double?
    @Option(help: "Keyboard height in points, replacing the layout's (with --width).")
    var height: Double?
    @Option(help: "Pixels per point (with --width); default 1.")
    var scale: Double?
    @Option(help: "Seed for shuffled layouts; default one random seed shared by every cell.")
    var seed: UInt64?
    @Option(name: .shortAndLong, help: "The contact sheet PNG; default preview.png (not written with --html unless given).")
    var output: String?
    @Option(help: ArgumentHelp("Write a gallery instead: DIR/index.html, each image as PNG and its frames JSON.", valueName: "DIR"))
    var html: String?

    func validate() throws {
        if let columns, columns < 1 { throw ValidationError("--columns must be at least 1.") }
        if width != nil && device != nil { throw ValidationError("Give either --device or --width, not both.") }
        if width == nil && (height != nil || scale != nil) { throw ValidationError("--height and --scale go with --width.") }
        if orientation != nil && orientations != nil { throw ValidationError("Give either --orientation or --orientations, not both.") }
        for orientation in list(orientations ?? "portrait") where Orientation(rawValue: orientation) == nil {
            throw ValidationError("--orientations takes portrait, landscape or both (found \"\(orientation)\").")
        }
    }

    func run() throws {
        var request = PreviewRequest()
        if let themes { request.themes = list(themes) }
        request.layouts = list(layouts)
        request.orientations = orientation.map { [$0] } ?? list(orientations ?? "portrait").compactMap(Orientation.init(rawValue:))
        request.states = states
        request.columns = columns
        request.device = device
        request.width = width
        request.height = height
        request.scale = scale
        request.seed = seed
        if let html {
            let gallery = try Gallery.write(request, to: html)
            printWarnings(gallery.warnings)
            print("\(html)/index.html: \(gallery.entries.count) images")
            if output == nil { return }
        }
        let sheet = try ContactSheet.render(request, with: try Renderer())
        printWarnings(sheet.warnings)
        let path = output ?? "preview.png"
        try FileAccess.writeAtomically(try sheet.png(), to: path)
        var note = "\(path): \(sheet.items.count) keyboards, \(sheet.image.width) × \(sheet.image.height) px"
        if sheet.isScaledDown {
            note += "; drawn at scale \(FieldReader.format(sheet.scale)) instead of \(FieldReader.format(sheet.deviceScale)) to stay within \(Limits.maxImageSide) px a side and \(Limits.maxImagePixels) px in all"
        }
        print(note)
    }

    private func list(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
