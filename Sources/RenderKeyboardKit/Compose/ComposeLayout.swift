import KeyboardFormats
import KeyboardModel
import KeyboardRenderer

/// Lays a store screenshot out on its canvas (docs/store-screenshots.md), in this order:
///
/// 1. **Keyboard.** The keyboard's scene, through the pipeline `render` draws with.
/// 2. **Canvas.** The store's size (or `size`, or the device's store), swapped in landscape;
///    at most `Limits.maxComposeSide` a side and `Limits.maxImagePixels` in all.
/// 3. **Screen.** The device's screen in its pixels (points × scale); the keyboard image at
///    its bottom, centred across; the app image covering the screen from the top, or the
///    fill; the status bar, dark or light by the luma under it.
/// 4. **Body.** The frame around the screen (`DeviceBody`).
/// 5. **Caption.** Margin `m` (5 % of the shorter side), size 6.5 % of it; each caption of the
///    set wrapped to the canvas width less `2m`, at most `Limits.maxCaptionLines` lines. The
///    band at the top is as tall as the set's tallest caption, so the device stands at the
///    same place in every locale; each caption is centred in it.
/// 6. **Device.** Scaled by `deviceScale`, else by the largest factor that fits the body in
///    the canvas less the margins and the caption band, centred across and in the height
///    left; the screen's corner is rounded to a whole pixel, so at scale 1 the screen's pixels
///    are the canvas's.
struct ComposeLayout {
    let request: ComposeRequest
    let renderer: Renderer
    /// The keyboard's scene and the files' warnings.
    let keyboard: KeyboardScene
    var warnings: [Diagnostic]

    /// Where one shot's canvas lies; what the frames JSON reports.
    struct Geometry {
        var canvasWidth: Int, canvasHeight: Int
        var store: String
        var screen: Rect
        var screenRadius: Double
        var keyboard: Rect
        var scale: Double
    }

    /// Steps 1 and 2's first part: the keyboard drawn through the pipeline.
    ///
    /// - Throws: `Diagnostic` of `width`/`height` for a bare width (no device, so no screen);
    ///   whatever the pipeline throws for the keyboard's files.
    init(request: ComposeRequest, renderer: Renderer) throws {
        let options = request.keyboard.canvasOptions
        if options.width != nil || options.height != nil {
            throw Diagnostic(origin: .requestField(options.width != nil ? "width" : "height"), reason: ComposeRequest.bareWidthReason)
        }
        self.request = request
        self.renderer = renderer
        (keyboard, warnings) = try request.keyboard.sceneAndWarnings(measuringAtScale: renderer.labelMeasure(atScale:))
    }

    /// Step 2: the canvas in pixels, its name in file names, and its store preset.
    func canvas() throws -> (width: Int, height: Int, name: String, preset: StorePreset?) {
        let preset = request.store ?? (request.size == nil ? StorePreset.defaultPreset(forDevice: keyboard.frames.canvas.deviceName) : nil)
        var width = preset?.width ?? request.size?.width ?? 1, height = preset?.height ?? request.size?.height ?? 1
        var name = preset?.name ?? "\(width)x\(height)"
        if request.keyboard.orientation == .landscape {
            swap(&width, &height)
            name += "-landscape"
        }
        let field = ComposeRequest.Field.size.optionName
        let origin = InputOrigin.requestField(request.size != nil && request.store == nil ? field : ComposeRequest.Field.store.optionName)
        guard width <= Limits.maxComposeSide, height <= Limits.maxComposeSide else {
            throw Diagnostic(origin: origin, reason: "the canvas would be \(width) × \(height) px; each side must be 1…\(Limits.maxComposeSide) px")
        }
        if let problem = Limits.imageSizeProblem(width: width, height: height) { throw Diagnostic(origin: origin, reason: problem) }
        return (width, height, name, preset)
    }

    /// Step 3: the screen with the keyboard at its bottom, and any note about the app image.
    mutating func screen(outline: DeviceOutline?) throws -> ComposedScreen {
        let canvas = keyboard.frames.canvas, p = canvas.scale
        guard let screenHeight = canvas.screenHeight else {
            throw Diagnostic(origin: .requestField("device"), reason: "the device has no screen height to put the keyboard on")
        }
        let width = Int((canvas.width * p).rounded()), height = Int((screenHeight * p).rounded())
        try checkScreen(width: width, height: height)
        var fill = request.screenFill ?? Color.white
        if request.screenFill == nil, case .color(let themed) = keyboard.background { fill = themed.opaque }
        var app: PlacedImage?
        if let file = request.app {
            let cover = ScreenLayout.cover(try ComposeFiles.image(file), width: width, height: height, file: file)
            app = cover.placed
            if let note = cover.note { warnings.append(note) }
        }
        let statusBar = try request.statusBar.map { time in
            try StatusBarLayout.bar(time: time, outline: outline, widthPoints: canvas.width, pixelsPerPoint: p, orientation: canvas.orientation, color: { band in
                ScreenLayout.statusBarColor(over: app.map { ScreenLayout.topColor($0, height: band) } ?? fill)
            }, measure: { text, font, size in try renderer.measureCaption(text, font: font, size: size, width: Double(Limits.maxImageSide)).width })
        }
        return ComposedScreen(width: width, height: height, fill: fill, app: app, keyboard: keyboard,
                              keyboardX: (width - keyboard.imageWidth) / 2, keyboardY: height - keyboard.imageHeight, statusBar: statusBar)
    }

    private func checkScreen(width: Int, height: Int) throws {
        if let problem = Limits.imageSizeProblem(width: width, height: height) {
            throw Diagnostic(origin: .requestField("device"), reason: "the device's screen: " + problem)
        }
    }

    /// Step 5's margin and caption size, canvas pixels.
    func captionMetrics(width: Int, height: Int) -> (margin: Double, size: Double) {
        let shorter = Double(min(width, height))
        return (request.margin ?? (shorter * 0.05).rounded(), request.captionSize ?? (shorter * 0.065).rounded())
    }

    /// Step 5: each caption measured at `size` on a line `lineWidth` pixels wide.
    ///
    /// - Throws: `Diagnostic` naming the caption (the `caption` field, or the captions file at
    ///   the locale) when it needs more than `Limits.maxCaptionLines` lines or holds a
    ///   character no font draws.
    func measure(_ captions: [(text: String, origin: InputOrigin)], font: SceneFont, size: Double, lineWidth: Double) throws -> [CaptionMeasure] {
        try captions.map { caption in
            let measure = try renderer.measureCaption(caption.text, font: font, size: size, width: lineWidth)
            if measure.unknownGlyphs > 0 {
                let named = measure.missing.prefix(3).map { scalar in
                    "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + (scalar.properties.name.map { " " + $0 } ?? "")
                }
                let characters = named.isEmpty ? "\(counted(measure.unknownGlyphs, "character"))" : named.joined(separator: ", ")
                throw Diagnostic(origin: caption.origin, reason: "\(Diagnostic.quote(caption.text)): no font draws \(characters); name a caption font that does")
            }
            if measure.lines > Limits.maxCaptionLines {
                throw Diagnostic(origin: caption.origin, reason: "\(Diagnostic.quote(caption.text)) needs \(measure.lines) lines at \(Limits.format(size)) px on a \(Limits.format(lineWidth.rounded())) px line; at most \(Limits.maxCaptionLines) fit: shorten it or make the caption size smaller")
            }
            return measure
        }
    }
}

extension String {
    /// The text with `0`s before it up to `count` characters.
    func leftPadded(to count: Int) -> String {
        String(repeating: "0", count: max(0, count - self.count)) + self
    }
}
