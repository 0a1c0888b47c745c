import Foundation
import RenderKeyboardKit

struct Pattern {
    static let command = Command(
        name: "pattern",
        abstract: "Draw a gesture pattern pad (an N × N grid of dots and a path) as PNG, SVG or PDF, or print its frames.",
        discussion: "A step that passes straight over an unvisited dot visits it too (0,2 becomes 0,1,2); a path that visits a dot twice is an error. The pad is as wide as the device (less its safe areas) or --width, and square.",
        parameters: [
            .option("size", default: "\(PatternPad.defaultSize)", "Dots per side, 2…12."),
            .option("path", value: "i,j,…", default: "", "Dot indices, row-major from 0, comma-separated."),
            .option("state", default: "selected", "normal, selected, error or success."),
            .option("theme", default: "default", "A built-in theme name or a theme file."),
            .option("device", "A device preset (see `list`); default iphone-15."),
            .option("orientation", default: "portrait", "portrait or landscape."),
            .option("width", "Pad width in points, instead of a device."),
            .option("scale", "Pixels per point (with --width); default 1."),
            .option("format", "png, svg or pdf; default from -o's extension, else png."),
            .flag("frames", "Print the pad's frames JSON (dot centres, which are on the path) instead of drawing it."),
            .option("output", short: "o", "Output file (- for standard output); default pattern.png (frames: standard output)."),
        ],
        run: { try Pattern($0).run() }
    )

    var size: Int
    var path: String
    var state: PatternState
    var theme: String
    var device: String?
    var orientation: Orientation
    var width: Double?
    var scale: Double?
    var format: OutputFormat?
    var frames: Bool
    var output: String?

    init(_ arguments: ParsedArguments) throws {
        size = try arguments.required("size")
        path = arguments.string("path")!
        state = try arguments.required("state")
        theme = arguments.string("theme")!
        device = arguments.string("device")
        orientation = try arguments.required("orientation")
        width = try arguments.value("width")
        scale = try arguments.value("scale")
        format = try arguments.value("format")
        frames = arguments.flag("frames")
        output = arguments.string("output")
        if width != nil && device != nil { throw UsageError("Give either --device or --width, not both.") }
        if width == nil && scale != nil { throw UsageError("--scale goes with --width.") }
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
            try FileAccess.writeOutput(Array(json.utf8), to: output ?? "-")
            return
        }
        let bytes = try request.render(with: try Renderer())
        try FileAccess.writeOutput(bytes, to: output ?? "pattern.\(request.resolvedFormat.rawValue)")
    }
}
