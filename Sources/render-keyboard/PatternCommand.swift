import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import RenderKeyboardKit

struct Pattern: Subcommand {
    static let name = "pattern"
    static let command = Command(
        name: name,
        abstract: "Draw a gesture pattern pad (an N × N grid of dots and a path) as PNG, SVG or PDF, or print its frames.",
        discussion: "A step that passes straight over an unvisited dot visits it too (0,2 becomes 0,1,2); a path that visits a dot twice is an error. The pad is as wide as the device (less its safe areas) or --width, and square.",
        parameters: [size.parameter, path.parameter, state.parameter] + RequestOption.parameters([.theme]) + [
            RequestOption.of(.device).worded("A device preset (see `list`); default \(Device.defaultName).").parameter,
        ] + RequestOption.parameters([.orientation]) + [
            RequestOption.of(.width).worded("Pad width in points, instead of a device.").parameter,
        ] + RequestOption.parameters([.scale, .format]) + [frames.parameter, output.parameter],
        run: { try Pattern($0).run() }
    )
    static let size = Option<Int>("size", default: PatternPad.defaultSize, "Dots per side, 2…12.")
    static let path = Option<String>("path", value: "i,j,…", default: "", "Dot indices, row-major from 0, comma-separated.")
    static let state = Option<PatternState>("state", default: .selected, "normal, selected, error or success.")
    static let frames = Flag("frames", "Print the pad's frames JSON (dot centres, which are on the path) instead of drawing it.")
    static let output = RequestOption.worded(.output, as: String.self, "Output file (- for standard output); default pattern.png (frames: standard output).")

    let request: PatternRequest
    let frames: Bool
    /// Where `--frames` writes its JSON (`-` for standard output).
    let framesOutput: String

    init(_ arguments: ParsedArguments) throws {
        var request = PatternRequest()
        request.size = try arguments.required(Self.size)
        request.state = try arguments.required(Self.state)
        // The request fields a pad shares with a keyboard, read as a keyboard's, in this order.
        var shared = RenderRequest()
        for field: RenderRequest.Field in [.theme, .device, .orientation, .width, .scale, .format] {
            shared = try shared.applying([field], from: arguments)
        }
        request.theme = shared.theme
        request.canvasOptions = shared.canvasOptions
        request.format = shared.format
        frames = arguments.isGiven(Self.frames)
        // With --frames the output is the JSON, not an image, so its extension picks nothing.
        let output = try arguments.value(Self.output)
        if frames {
            framesOutput = output ?? "-"
            if let problem = RenderRequest.outputNameProblem(framesOutput) {
                throw UsageError(RequestError(field: .output, reason: problem).commandLineDescription)
            }
        } else {
            request.output = output
            framesOutput = "-"
        }
        if let problem = request.problems().first { throw UsageError(problem.commandLineDescription) }
        request.path = try PatternRequest.parsePath(arguments.required(Self.path))
        self.request = request
    }

    func run() throws {
        if frames {
            let json = try request.frames().json(state: request.state) + "\n"
            try FileAccess.writeOutput(Array(json.utf8), to: framesOutput)
            return
        }
        let bytes = try request.render(with: try Renderer())
        try FileAccess.writeOutput(bytes, to: request.resolvedOutput)
    }
}
