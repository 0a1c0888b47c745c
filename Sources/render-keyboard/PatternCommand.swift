import ArgumentParser
import Foundation
import RenderKeyboardKit

extension PatternState: ExpressibleByArgument {}

struct Pattern: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a gesture pattern pad (an N × N grid of dots and a path) as PNG, SVG or PDF, or print its frames.",
        discussion: """
            A step that passes straight over an unvisited dot visits it too (0,2 becomes 0,1,2); \
            a path that visits a dot twice is an error. The pad is as wide as the device (less its \
            safe areas) or --width, and square.
            """
    )

    @Option(help: "Dots per side, 2…12.")
    var size = PatternPad.defaultSize
    @Option(help: ArgumentHelp("Dot indices, row-major from 0, comma-separated.", valueName: "i,j,…"))
    var path = ""
    @Option(help: "normal, selected, error or success.")
    var state: PatternState = .selected
    @Option(help: "A built-in theme name or a theme file.")
    var theme = "default"
    @Option(help: "A device preset (see `list`); default iphone-15.")
    var device: String?
    @Option(help: "portrait or landscape.")
    var orientation: Orientation = .portrait
    @Option(help: "Pad width in points, instead of a device.")
    var width: Double?
    @Option(help: "Pixels per point (with --width); default 1.")
    var scale: Double?
    @Option(help: "png, svg or pdf; default from -o's extension, else png.")
    var format: OutputFormat?
    @Flag(help: "Print the pad's frames JSON (dot centres, which are on the path) instead of drawing it.")
    var frames = false
    @Option(name: .shortAndLong, help: "Output file; default pattern.png (frames: standard output).")
    var output: String?

    func validate() throws {
        if width != nil && device != nil { throw ValidationError("Give either --device or --width, not both.") }
        if width == nil && scale != nil { throw ValidationError("--scale goes with --width.") }
    }

    func run() throws {
        var request = PatternRequest()
        request.size = size
        request.path = try PatternRequest.parsePath(path)
        request.state = state
        request.theme = theme
        request.device = device
        request.width = width
        request.scale = scale
        request.orientation = orientation
        request.format = format
        request.output = output
        if frames {
            let json = try request.frames().json(state: state) + "\n"
            if let output {
                try FileAccess.writeAtomically(Array(json.utf8), to: output)
            } else {
                FileHandle.standardOutput.write(Data(json.utf8))
            }
            return
        }
        let bytes = try request.render(with: try Renderer())
        try FileAccess.writeAtomically(bytes, to: output ?? "pattern.\(request.resolvedFormat.rawValue)")
    }
}
