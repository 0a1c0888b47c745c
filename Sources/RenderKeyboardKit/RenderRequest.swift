import Foundation
import KeyboardRenderer

/// The image formats `render` writes.
public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
    case png, svg, pdf

    /// The format named by a file's extension, or nil.
    public init?(path: String) {
        self.init(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased())
    }
}

/// One keyboard to solve or draw: the options every subcommand and every batch job share
/// (SPEC §7).
public struct RenderRequest: Sendable, Hashable {
    /// Largest accepted image side, pixels.
    public static let maxImageSide = 16384

    /// A built-in layout name or a path.
    public var layout = "letters"
    /// A built-in theme name or a path.
    public var theme = "default"
    /// A device preset; nil means `iphone-15` unless `width` is set.
    public var device: String?
    /// Keyboard width in points, instead of a device (no safe areas).
    public var width: Double?
    /// Replaces the layout's height, points (only with `width`).
    public var height: Double?
    /// Pixels per point with `width`; default 1.
    public var scale: Double?
    public var orientation: Orientation = .portrait
    public var seed: UInt64?
    /// False turns shuffling off even for layouts that shuffle.
    public var shuffle = true
    /// Labels (or codes) of keys drawn pressed.
    public var pressed: [String] = []
    public var shift: ShiftState = .off
    /// nil: from `output`'s extension, else PNG.
    public var format: OutputFormat?
    public var output: String?
    /// zlib level 0–9 for PNG.
    public var pngCompression = 1

    public init() {}

    /// The format to write: `format`, else `output`'s extension, else PNG.
    public var resolvedFormat: OutputFormat {
        format ?? output.flatMap(OutputFormat.init(path:)) ?? .png
    }

    /// The canvas the options describe.
    ///
    /// - Throws: `Diagnostic` for an unknown device or an out-of-range width, height or scale.
    public func canvas() throws -> Canvas {
        if let width {
            if device != nil {
                throw Diagnostic(file: "options", path: "device", reason: "give either a device or a width, not both")
            }
            try check(width, "width", in: 1...FieldReader.maxLength)
            if let height { try check(height, "height", in: 1...FieldReader.maxLength) }
            let scale = scale ?? 1
            try check(scale, "scale", in: 0.1...10)
            return Canvas(deviceName: nil, orientation: orientation, width: width, scale: scale, heightOverride: height)
        }
        if height != nil || scale != nil {
            throw Diagnostic(file: "options", path: height != nil ? "height" : "scale", reason: "only applies with a width (a device sets its own)")
        }
        let name = device ?? "iphone-15"
        guard let preset = Device.named(name) else {
            throw LayoutLoader.unknownName(name, kind: "device", names: Device.all.map(\.name))
        }
        return Canvas(device: preset, orientation: orientation)
    }

    /// Loads, shuffles and solves the layout.
    ///
    /// - Returns: the frames and any decoding warnings.
    /// - Throws: `Diagnostic`/`DiagnosticList` for bad files or options, an image over
    ///   `maxImageSide` pixels a side.
    public func frames() throws -> (frames: KeyboardFrames, warnings: [Diagnostic]) {
        let loaded = try LayoutLoader.load(layout)
        let source = shuffle ? seed.map(ShuffleSource.seeded) ?? .system : nil
        return (try Self.solve(loaded, on: try canvas(), shuffle: source), loaded.warnings)
    }

    /// Shuffles the layout's keys (when the layout shuffles and `shuffle` is not nil), solves
    /// it on `canvas` and checks the image size: the one path from a layout file to frames.
    ///
    /// - Throws: the solver's `Diagnostic`, or one for an image over `maxImageSide` px a side.
    public static func solve(_ loaded: LoadedLayout, on canvas: Canvas, shuffle: ShuffleSource?) throws -> KeyboardFrames {
        var layout = loaded.layout
        if layout.shuffle, let shuffle {
            layout.keys = Shuffle.apply(layout.keys, source: shuffle)
        }
        let frames = try Solver.solve(layout, on: canvas, file: loaded.file)
        if frames.imageWidth > maxImageSide || frames.imageHeight > maxImageSide || frames.imageWidth < 1 || frames.imageHeight < 1 {
            throw Diagnostic(file: loaded.file, path: "", reason: "the image would be \(frames.imageWidth) × \(frames.imageHeight) px; each side must be 1…\(maxImageSide) px")
        }
        return frames
    }

    /// The fully resolved scene: frames, theme cascade, pressed keys and shift.
    public func scene() throws -> (scene: KeyboardScene, warnings: [Diagnostic]) {
        let (frames, warnings) = try self.frames()
        let theme = try ThemeLoader.load(self.theme)
        var pressedIndices = Set<Int>()
        for name in pressed {
            let indices = frames.keyIndices(named: name)
            if indices.isEmpty {
                throw Diagnostic(file: "options", path: "pressed", reason: "no key of layout \(frames.layoutName) has the label or code \"\(name)\"")
            }
            pressedIndices.formUnion(indices)
        }
        let scene = try SceneComposer.compose(frames: frames, theme: theme, pressed: pressedIndices, shift: shift, image: ImageLoader.load, measure: LabelMeasuring.measure)
        if scene.imageHeight > Self.maxImageSide {
            throw Diagnostic(file: "options", path: "pressed", reason: "the input callout would make the image \(scene.imageWidth) × \(scene.imageHeight) px; each side must be 1…\(Self.maxImageSide) px")
        }
        return (scene, warnings)
    }

    /// The frames as drawn: with pressed keys the theme's input callouts may grow the image
    /// upward and move every frame down (`keyboardOrigin`), so the scene decides them.
    public func drawnFrames() throws -> (frames: KeyboardFrames, warnings: [Diagnostic]) {
        if pressed.isEmpty { return try frames() }
        let (scene, warnings) = try scene()
        return (scene.frames, warnings)
    }

    /// Draws the keyboard in `resolvedFormat`.
    public func render(with renderer: Renderer) throws -> (bytes: [UInt8], warnings: [Diagnostic]) {
        let (scene, warnings) = try self.scene()
        switch resolvedFormat {
        case .png: return (try renderer.png(scene, compression: pngCompression), warnings)
        case .svg: return (try renderer.svg(scene), warnings)
        case .pdf: return (try renderer.pdf(scene), warnings)
        }
    }

    private func check(_ value: Double, _ name: String, in range: ClosedRange<Double>) throws {
        guard value.isFinite, range.contains(value) else {
            throw Diagnostic(file: "options", path: name, reason: "\(value) is out of range \(FieldReader.format(range.lowerBound))…\(FieldReader.format(range.upperBound))")
        }
    }
}
