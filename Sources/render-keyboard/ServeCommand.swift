import KeyboardPreview
import Foundation
import RenderKeyboardKit

/// `serve`: checks the options here, then hands over to `render-keyboard-serve` (installed
/// beside this program), so that drawing one image never loads the HTTP server.
struct Serve: Subcommand {
    static let name = "serve"
    static let command = Command(
        name: name,
        abstract: "Serve a live preview page that redraws each keyboard as soon as a file it reads is saved.",
        discussion: "The grid is that of `preview` (layouts × themes × orientations, × states), once per device. The first line printed is `Serving http://HOST:PORT/`; open it in a browser and edit the theme or layout files: each save is drawn again within a moment, and a broken file shows its problem on the keyboards it affects. Ctrl-C stops the server.",
        // The options of `preview` that describe the grid of cells, declared there.
        parameters: [Preview.themes.parameter, Preview.layouts.parameter, Preview.orientations.parameter, Preview.states.parameter]
            + CanvasArguments.parameters + AndroidArguments.parameters + [Preview.orientation.parameter, Preview.seed.parameter]
            + [devices.parameter, port.parameter, host.parameter],
        run: { try Serve($0).run() }
    )
    static let devices = SweepLists.option(.devices).worded("Several device presets, comma-separated, instead of --device.")
    static let port = Option<Int>("port", default: 0, "The TCP port; 0 takes a free one.")
    static let host = Option<String>("host", default: "127.0.0.1", "The address to listen on; only this machine can connect unless another address is given.")

    let request: ServeRequest

    init(_ arguments: ParsedArguments) throws {
        let canvas = try CanvasArguments(arguments).options
        var request = ServeRequest()
        request.themes = try arguments.value(Preview.themes).map { try SweepLists.names($0, option: "themes") }
        request.layouts = try SweepLists.names(arguments.required(Preview.layouts), option: "layouts")
        let orientations = try arguments.value(Preview.orientations)
        let orientation = try arguments.value(Preview.orientation)
        if orientation != nil && orientations != nil { throw UsageError("Give either --orientation or --orientations, not both.") }
        request.orientations = try orientation.map { [$0.rawValue] } ?? SweepLists.orientations(orientations ?? "portrait").map(\.rawValue)
        request.states = arguments.isGiven(Preview.states)
        if let devices = try arguments.value(Self.devices) {
            if canvas.device != nil || canvas.width != nil { throw UsageError("Give either --devices, --device or --width, not two of them.") }
            request.devices = try SweepLists.names(devices, option: "devices")
        } else if let device = canvas.device {
            request.devices = [device]
        }
        request.width = canvas.width
        request.height = canvas.height
        request.scale = canvas.scale
        request.seed = try arguments.value(Preview.seed)
        request.android = try AndroidArguments(arguments).options
        request.port = try arguments.required(Self.port)
        request.host = try arguments.required(Self.host)
        if request.host.isEmpty { throw UsageError("--host needs an address, such as 127.0.0.1.") }
        self.request = request
    }

    func run() throws {
        try request.check()
        let executable = realpath("/proc/self/exe", nil).map { pointer in defer { free(pointer) }; return String(cString: pointer) } ?? CommandLine.arguments[0]
        let server = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("render-keyboard-serve").path
        let arguments = ["render-keyboard-serve", "--request", try request.encoded()]
        var pointers = arguments.map { strdup($0) } + [nil]
        execv(server, &pointers)
        throw Diagnostic(file: server, path: "", reason: "cannot start the preview server: \(String(cString: strerror(errno))) (install it beside render-keyboard with `make install`)")
    }
}
