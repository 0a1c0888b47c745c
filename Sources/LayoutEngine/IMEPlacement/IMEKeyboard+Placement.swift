import KeyboardModel

extension IMEKeyboard {
    /// Places the keyboard on `canvas` as its app does with its default settings (docs/android-imes.md,
    /// appendix A): HeliBoard in whole pixels with float32 arithmetic, FlorisBoard in
    /// unrounded float pixels.
    ///
    /// - Parameters:
    ///   - canvas: a phone in portrait: a device canvas (its screen height is needed), less
    ///     than `maxPhoneWidth` points wide.
    ///   - file: the file name for messages.
    /// - Returns: frames whose `source` is the app; `frame` is pixels / density (FlorisBoard:
    ///   the drawn key, with the touch `cell`); `pixelFrame` HeliBoard's integer rectangle,
    ///   FlorisBoard's drawn key snapped to the pixel grid. Spacers and hidden keys are not
    ///   keys. The image is the display's width × the keyboard's height.
    /// - Throws: `Diagnostic` for a canvas that is no phone in portrait, or a keyboard over the
    ///   image limits.
    package func place(on canvas: Canvas, file: String) throws -> KeyboardFrames {
        let display = try IMEDisplay(canvas, source: source, file: file)
        switch source {
        case .heliboard: return try placeHeliBoard(on: display, canvas: canvas, file: file)
        case .florisboard: return try placeFlorisBoard(on: display, canvas: canvas, file: file)
        }
    }

    /// The device an app's layout is placed on unless another is named: the apps' phone.
    package static let defaultDevice = "pixel-8"

    /// Devices this wide (points, = dp) or wider are tablets, which are not placed.
    package static let maxPhoneWidth = 600.0

    /// A key as an app placed it: its pixel rectangle, its frame in points, the touch cell
    /// (FlorisBoard), its row and slot, and where the file writes it (`rows[2][3]`).
    typealias PlacedKey = (key: Key, pixels: PixelRect, frame: Rect, cell: Rect?, row: Int, slot: Int, path: String)

    /// The frames of placed keys on `display`: the keyboard `height` pixels tall.
    ///
    /// - Throws: `Diagnostic` for a keyboard over the image limits, or naming the first key
    ///   that comes out with no width or height (a HeliBoard width narrower than the gap
    ///   between keys): a frame is never negative or empty.
    func frames(_ keys: [PlacedKey], height: Int, display: IMEDisplay, canvas: Canvas, file: String) throws -> KeyboardFrames {
        if let problem = Limits.imageSizeProblem(width: display.width, height: height) {
            throw Diagnostic(file: file, path: "", reason: problem)
        }
        if let empty = keys.first(where: { $0.pixels.width < 1 || $0.pixels.height < 1 }) {
            let name = Diagnostic.quote(empty.key.label.isEmpty ? empty.key.codeName : empty.key.label)
            let gap = source == .heliboard ? "HeliBoard takes the gap between keys (1.739 % of the display's width)" : "FlorisBoard takes its margins"
            throw Diagnostic(file: file, path: empty.path, reason: "the key \(name) comes out with no width or height: its width leaves no room once \(gap); give it a larger width")
        }
        let frames = keys.enumerated().map { n, placed in
            var frame = KeyFrame(index: n, key: placed.key, row: placed.row, slot: placed.slot, frame: placed.frame, pixelFrame: placed.pixels)
            frame.cell = placed.cell
            return frame
        }
        let width = Double(display.width) / display.density
        var placedCanvas = Canvas(deviceName: canvas.deviceName, orientation: .portrait, width: width, scale: display.density)
        placedCanvas.screenHeight = Double(display.height) / display.density
        var result = KeyboardFrames(
            layoutName: name, canvas: placedCanvas, width: width, height: Double(height) / display.density, safeAreaBottom: 0,
            imageWidth: display.width, imageHeight: height, toolbarFrame: nil, toolbarTitle: nil, keys: frames,
            layoutKind: mode.layoutKind
        )
        result.source = source == .heliboard ? .heliboard : .florisboard
        result.imeMode = mode
        return result
    }
}

/// The phone a layout of an app is placed on, in pixels.
struct IMEDisplay {
    /// Display width and screen height, pixels.
    var width: Int, height: Int
    /// Pixels per dp.
    var density: Double

    /// - Throws: a `Diagnostic` for a canvas without a screen (a bare width), in landscape, at
    ///   least `IMEKeyboard.maxPhoneWidth` wide, or over the image limits.
    init(_ canvas: Canvas, source: IMESource, file: String) throws {
        let app = source == .heliboard ? "HeliBoard" : "FlorisBoard"
        guard let screenHeight = canvas.screenHeight, canvas.heightOverride == nil else {
            throw Diagnostic(file: file, path: "", reason: "a \(app) layout is placed on a phone's screen in pixels; give a device (a preset or WxH@D such as 1080x2400@2.625), not a width or height")
        }
        guard canvas.orientation == .portrait else {
            throw Diagnostic(file: file, path: "", reason: "a \(app) layout is placed on a phone in portrait only; landscape is not supported")
        }
        guard canvas.width < IMEKeyboard.maxPhoneWidth else {
            throw Diagnostic(file: file, path: "", reason: "a \(app) layout is placed on phones only; the device is \(Limits.format(canvas.width)) dp wide, and tablets (\(Limits.format(IMEKeyboard.maxPhoneWidth)) dp and wider) are not supported")
        }
        density = canvas.scale
        width = Int((canvas.width * density).rounded())
        height = Int((screenHeight * density).rounded())
        guard density.isFinite, density > 0, width >= 1, height >= 1, width <= Limits.maxImageSide, height <= Limits.maxImageSide * 4 else {
            throw Diagnostic(file: file, path: "", reason: "the display of \(width) × \(height) px cannot hold a keyboard")
        }
    }
}
