import Foundation
import RenderKeyboardKit

/// `serve`: checks the options here, then hands over to `render-keyboard-serve` (installed
/// beside this program), so that drawing one image never loads the HTTP server.
struct Serve {
    /// The options of `preview` that describe the grid of cells.
    static let sharedOptions: Set<String> = Set(["themes", "layouts", "orientations", "states", "device", "width", "height", "scale", "orientation", "seed"] + AndroidArguments.parameters.map(\.name))

    static let command = Command(
        name: "serve",
        abstract: "Serve a live preview page that redraws each keyboard as soon as a file it reads is saved.",
        discussion: "The grid is that of `preview` (layouts × themes × orientations, × states), once per device. The first line printed is `Serving http://HOST:PORT/`; open it in a browser and edit the theme or layout files: each save is drawn again within a moment, and a broken file shows its problem on the keyboards it affects. Ctrl-C stops the server.",
        parameters: Preview.command.parameters.filter { sharedOptions.contains($0.name) } + [
            .option("devices", value: "a,b,…", "Several device presets, comma-separated, instead of --device."),
            .option("port", default: "0", "The TCP port; 0 takes a free one."),
            .option("host", default: "127.0.0.1", "The address to listen on; only this machine can connect unless another address is given."),
        ],
        run: { try Serve($0).run() }
    )

    let request: ServeRequest

    init(_ arguments: ParsedArguments) throws {
        let canvas = try CanvasArguments(arguments).options
        var request = ServeRequest()
        request.themes = try arguments.string("themes").map { try SweepLists.names($0, option: "themes") }
        request.layouts = try SweepLists.names(arguments.string("layouts")!, option: "layouts")
        let orientations = arguments.string("orientations")
        let orientation: Orientation? = try arguments.value("orientation")
        if orientation != nil && orientations != nil { throw UsageError("Give either --orientation or --orientations, not both.") }
        request.orientations = try orientation.map { [$0.rawValue] } ?? SweepLists.orientations(orientations ?? "portrait").map(\.rawValue)
        request.states = arguments.flag("states")
        if let devices = arguments.string("devices") {
            if canvas.device != nil || canvas.width != nil { throw UsageError("Give either --devices, --device or --width, not two of them.") }
            request.devices = try SweepLists.names(devices, option: "devices")
        } else if let device = canvas.device {
            request.devices = [device]
        }
        request.width = canvas.width
        request.height = canvas.height
        request.scale = canvas.scale
        request.seed = try arguments.value("seed")
        request.android = try AndroidArguments(arguments).options
        request.port = try arguments.required("port")
        request.host = arguments.string("host")!
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
