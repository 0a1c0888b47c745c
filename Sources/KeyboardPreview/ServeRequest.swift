import RenderKeyboardKit
import Foundation
import KeyboardModel

/// What `render-keyboard serve` asks of the live-preview server: the grid of cells (the
/// options of `preview`, with several devices) and where to listen.
///
/// `render-keyboard` checks the options and hands this over to `render-keyboard-serve`
/// as one JSON argument, so that the drawing command never links the HTTP server.
package struct ServeRequest: Codable, Sendable, Hashable {
    /// Built-in names or paths; nil means every built-in theme.
    package var themes: [String]?
    /// Built-in names or paths.
    package var layouts: [String] = ["letters"]
    /// `portrait` and/or `landscape`.
    package var orientations: [String] = ["portrait"]
    /// Each keyboard normal, with a content key pressed and with shift on.
    package var states = false
    /// Device presets; empty means the one `preview` would use (`device` or `width`).
    package var devices: [String] = []
    /// Keyboard width in points instead of a device, as `PreviewRequest.width`.
    package var width: Double?
    /// Replaces the layouts' height, points (with `width`).
    package var height: Double?
    /// Pixels per point with `width`.
    package var scale: Double?
    /// The shuffle seed of every cell; nil means one random seed for all.
    package var seed: UInt64?
    /// How the Android keyboard files among `layouts` are read.
    package var android = AndroidFileOptions()
    /// The TCP port; 0 takes a free one.
    package var port = 0
    /// The address to listen on.
    package var host = "127.0.0.1"

    package init() {}

    /// The `preview` request of one device (nil: the width canvas or the default device).
    package func preview(device: String?) -> PreviewRequest {
        var request = PreviewRequest()
        if let themes { request.themes = themes }
        request.layouts = layouts
        request.orientations = orientations.compactMap(Orientation.init(rawValue:))
        request.states = states
        request.device = device
        request.width = width
        request.height = height
        request.scale = scale
        request.seed = seed
        request.android = android
        return request
    }

    /// The devices of the grid in order: nil stands for the width canvas or the default device.
    package var deviceList: [String?] { devices.isEmpty ? [nil] : devices.map { $0 } }

    /// Checks every device's request (`PreviewRequest.check()`), the port, and that each
    /// theme and layout is a built-in or an existing file (a broken one passes: its cells show
    /// its problem).
    ///
    /// - Throws: `Diagnostic` or `RequestError` as `PreviewRequest.check()`; a `Diagnostic`
    ///   of the field `port` outside 0–65535 or too many cells in all; for a name that is neither a
    ///   built-in nor a file, what `preview` says of it (`themes: no built-in theme or file
    ///   named …`, or the read error of a path).
    package func check() throws {
        guard (0...65535).contains(port) else {
            throw Diagnostic(origin: .requestField("port"), reason: "must be 0-65535 (found \(port))")
        }
        for device in deviceList { try preview(device: device).check() }
        let count = deviceList.count * preview(device: nil).items.count
        if count > Limits.maxPreviewCells {
            throw Diagnostic(origin: .requestField("devices"), reason: "the preview would hold \(count) keyboards; the limit is \(Limits.maxPreviewCells)")
        }
        try checkNames()
    }

    private func checkNames() throws {
        for (field, kind, names) in [("themes", Reference.Kind.theme, themes ?? []), ("layouts", .layout, layouts)] {
            for name in names {
                let path: String, display: String
                do {
                    (path, display) = try Reference.locate(name, kind: kind)
                } catch let notFound as Reference.NotFound {
                    throw Diagnostic(origin: .requestField(field), reason: notFound.reason)
                }
                // A path that names nothing fails as reading it does.
                if !Resources.exists(path) { _ = try FileAccess.read(path, displayName: display) }
            }
        }
    }

    /// The one argument that carries this request.
    package func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// Reads what `encoded()` wrote.
    package init(encoded text: String) throws {
        self = try JSONDecoder().decode(ServeRequest.self, from: Data(text.utf8))
    }
}
