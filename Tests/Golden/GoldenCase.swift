import KeyboardSnapshotTesting

/// One golden keyboard: the request to draw and the reference's file name (without
/// extension), `layout.theme.orientation.device[.variant]`, e.g.
/// `letters.default.portrait.iphone-15.shift-on`.
struct GoldenCase: CustomStringConvertible {
    var request: RenderRequest
    /// Distinguishes states of the same keyboard: `pressed-g`, `pressed-done`, `shift-on`…
    var variant: String?

    init(layout: String, theme: String = "default", orientation: Orientation = .portrait, device: String = "iphone-15",
         pressed: [String] = [], shift: ShiftState = .off, variant: String? = nil) {
        var request = RenderRequest()
        request.layout = layout
        request.theme = theme
        request.orientation = orientation
        request.device = device
        request.seed = Golden.seed
        request.pressed = pressed
        request.shift = shift
        self.request = request
        self.variant = variant
    }

    var name: String {
        let base = "\(request.layout).\(request.theme).\(request.orientation.rawValue).\(request.device ?? "iphone-15")"
        return variant.map { "\(base).\($0)" } ?? base
    }

    var description: String { name }

    /// The resolved keyboard.
    func scene() throws -> KeyboardScene {
        try request.scene()
    }
}
