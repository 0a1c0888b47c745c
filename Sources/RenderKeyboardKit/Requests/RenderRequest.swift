import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine

/// The rules of output names, on the renderer's table of formats (`OutputFormat`).
extension OutputFormat {
    /// The format named by a file's extension, or nil.
    package init?(path: String) {
        self.init(fileExtension: FilePath.pathExtension(path))
    }

    // The one rule for an image output's format and default name, for keyboards and pattern
    // pads, on the command line and in manifests.

    /// The format an image is written in: `format` when given, else the one `output`'s
    /// extension names, else PNG (no output, standard output `-`, or a name without an
    /// extension). An output whose extension names no format is refused by `outputProblem`.
    package static func resolved(_ format: OutputFormat?, output: String?) -> OutputFormat {
        format ?? output.flatMap(OutputFormat.init(path:)) ?? .png
    }

    /// Why `output` cannot be written when no `format` is given: its extension names no
    /// format this tool writes (`out.jpg`), and writing a PNG under that name would mislead.
    /// Nil when a format is given, or the output has no extension or a known one.
    package static func outputProblem(_ format: OutputFormat?, output: String?) -> String? {
        guard format == nil, let output, !FileAccess.isStandardOutput(output) else { return nil }
        let ext = FilePath.pathExtension(output)
        guard !ext.isEmpty, OutputFormat(path: output) == nil else { return nil }
        return "the extension of \(Diagnostic.quote(output)) names no format this tool writes; name the file \(listed(dotted: true)), or give the format"
    }

    /// The file written when no output is given: `STEM.FORMAT` in the working folder
    /// (`STEM.<format>` for no format, as the help writes it).
    package static func defaultOutput(_ stem: String, format: OutputFormat?) -> String {
        "\(stem).\(format?.fileExtension ?? "<format>")"
    }
}

extension RenderRequest {
    /// The format to write: `format`, else `output`'s extension, else PNG
    /// (`OutputFormat.resolved`).
    package var resolvedFormat: OutputFormat {
        OutputFormat.resolved(format, output: output)
    }

    /// The name of the file written when no output is given, without its extension.
    package static let outputStem = "keyboard"

    /// The file written: `output`, else `keyboard.<format>` in the working folder.
    package var resolvedOutput: String {
        output ?? OutputFormat.defaultOutput(Self.outputStem, format: resolvedFormat)
    }

    /// Why `output` cannot name a file to write, whatever is written to it: it is empty or
    /// ends in `/`. Nil for a file name or `-` (standard output).
    package static func outputNameProblem(_ output: String) -> String? {
        if output.isEmpty { return "must not be empty" }
        if output.hasSuffix("/") && !FileAccess.isStandardOutput(output) { return "\(Diagnostic.quote(output)) names a folder; give a file name" }
        return nil
    }

    // MARK: - One call for each job

    /// The keyboard's frames as the image shows them (docs/rendering.md): the layout loaded, its keys
    /// shuffled as the layout says (seeded with `seed`, else from the system's secure random
    /// source; never when `shuffle` is false), solved on the canvas, and — with `pressed`
    /// keys — moved down by any input callout that grows the image upward. The image size
    /// includes what the theme draws beyond the keys (shadows grow it at the bottom).
    ///
    /// - Throws: `RequestError` for a bad field; `Diagnostic`/`DiagnosticList` for a bad file,
    ///   each `FILE: field.path: reason`.
    public func frames() throws -> KeyboardFrames {
        try drawnFramesAndWarnings().frames
    }

    /// The fully resolved scene the renderer paints: frames, theme cascade, pressed keys,
    /// shift, label sizes and callouts.
    ///
    /// - Throws: as `frames()`, and for a bad theme or image.
    public func scene() throws -> KeyboardScene {
        try sceneAndWarnings().scene
    }

    /// Draws the keyboard in `resolvedFormat`, in memory.
    ///
    /// - Parameter renderer: reuse one renderer for many images on a thread; nil makes one.
    /// - Throws: as `scene()`, and `RenderError` when drawing fails.
    public func render(with renderer: Renderer? = nil) throws -> RenderedKeyboard {
        // A dark theme draws the same shuffle: both scenes take one seed.
        var request = self
        if darkTheme != nil, seed == nil { request.seed = UInt64.random(in: 0...UInt64.max) }
        return try request.checked().render(with: renderer)
    }

    /// Draws the keyboard and writes it to `resolvedOutput` (`-` is standard output) atomically: a reader sees the old file or the whole new one, and only
    /// a regular file or a new name is ever written.
    ///
    /// - Throws: as `render(with:)`, and `Diagnostic` naming the output when it cannot be written.
    @discardableResult
    public func write(with renderer: Renderer? = nil) throws -> RenderedKeyboard {
        let rendered = try render(with: renderer)
        try rendered.write(to: resolvedOutput)
        return rendered
    }

    /// The frames as drawn and the layout file's warnings (`CheckedRequest.drawnFramesAndWarnings()`).
    package func drawnFramesAndWarnings() throws -> (frames: KeyboardFrames, warnings: [Diagnostic]) {
        try checked().drawnFramesAndWarnings()
    }

    /// The scene with the check drawing makes (`CheckedRequest.drawableScene()`).
    package func drawableScene() throws -> KeyboardScene {
        try checked().drawableScene()
    }

    /// The scene and the layout file's warnings (`CheckedRequest.sceneAndWarnings(measuringAtScale:)`).
    package func sceneAndWarnings(measuringAtScale measurer: @escaping (Double) -> LabelMeasure = LabelMeasuring.measure(atScale:)) throws -> (scene: KeyboardScene, warnings: [Diagnostic]) {
        try checked().sceneAndWarnings(measuringAtScale: measurer)
    }
}

// MARK: - What a checked request draws

extension CheckedRequest {
    /// Draws the keyboard in the request's format, in memory (`RenderRequest.render(with:)`).
    ///
    /// - Throws: as `RenderRequest.scene()`, and `RenderError` when drawing fails.
    package func render(with renderer: Renderer? = nil) throws -> RenderedKeyboard {
        let renderer = try renderer ?? Renderer()
        let (scene, warnings) = try KeyboardPipeline().scene(of: self, measure: renderer.labelMeasure(atScale:), glyphs: renderer.missingGlyphs(in:))
        let bytes: [UInt8]
        if request.resolvedFormat == .svg {
            let dark = try KeyboardPipeline().darkScene(of: self, light: scene, measure: renderer.labelMeasure(atScale:))
            bytes = try renderer.svg(scene, options: SVGOptions(text: request.svgText, embedsFonts: request.svgEmbedFonts, darkScene: dark))
        } else {
            bytes = try renderer.render(scene, as: request.resolvedFormat, pngCompression: request.pngCompression)
        }
        var rendered = RenderedKeyboard(format: request.resolvedFormat, bytes: bytes, scene: scene, warnings: warnings)
        rendered.fontFiles = try renderer.fontFiles(drawing: scene)
        return rendered
    }

    /// The solved frames (before callouts) and the layout file's warnings
    /// (`KeyboardPipeline.frames(of:on:)`).
    package func framesAndWarnings() throws -> (frames: KeyboardFrames, warnings: [Diagnostic]) {
        try KeyboardPipeline().frames(of: self)
    }

    /// The frames as drawn (see `RenderRequest.frames()`) and the layout file's warnings: the
    /// image size is the scene's, grown by what the theme draws beyond the keys.
    package func drawnFramesAndWarnings() throws -> (frames: KeyboardFrames, warnings: [Diagnostic]) {
        // Label sizes never change the frames: measure them only when callouts are drawn.
        let measure: ((Double) -> LabelMeasure)? = request.pressed.isEmpty ? nil : { LabelMeasuring.measure(atScale: $0) }
        let (scene, warnings) = try KeyboardPipeline().scene(of: self, measure: measure)
        return (scene.frames, warnings)
    }

    /// The scene as `scene()` gives it, with the check drawing makes: a label no pinned font
    /// draws is a `DiagnosticList` naming its place, unless `allowMissingGlyphs`.
    ///
    /// - Throws: as `scene()`, and the missing glyphs.
    package func drawableScene() throws -> KeyboardScene {
        try KeyboardPipeline().scene(of: self, measure: LabelMeasuring.measure(atScale:), glyphs: { try LabelMeasuring.missingGlyphs(in: $0) }).scene
    }

    /// The scene and the layout file's warnings (`KeyboardPipeline.scene(of:pressing:on:measure:)`);
    /// labels are measured with the measure `measurer` gives for the canvas's scale (a
    /// renderer's own, when one will draw the scene, so no second font set-up is made).
    package func sceneAndWarnings(measuringAtScale measurer: @escaping (Double) -> LabelMeasure = LabelMeasuring.measure(atScale:)) throws -> (scene: KeyboardScene, warnings: [Diagnostic]) {
        try KeyboardPipeline().scene(of: self, measure: measurer)
    }

    /// The canvas `loaded` is drawn on: the one the options describe, except that a layout
    /// with no device or width named is drawn on its kind's device
    /// (`LayoutSource.defaultDevice`: `pixel-8` for Android keyboard files, HeliBoard and
    /// FlorisBoard), and a HeliBoard or FlorisBoard layout is placed on a phone in portrait
    /// (docs/android-imes.md).
    ///
    /// - Throws: as `canvas()`; `RequestError` of `width`, `height` or `orientation` for an
    ///   app's layout on a bare width or in landscape, of `device` for a tablet.
    package func canvas(for loaded: LoadedLayout) throws -> Canvas {
        let canvasOptions = request.canvasOptions, orientation = request.orientation
        guard case .ime(let ime) = loaded.source else {
            guard canvasOptions.device == nil, canvasOptions.width == nil else { return try canvas() }
            var options = canvasOptions
            options.device = loaded.source.defaultDevice
            return try options.uncheckedCanvas()
        }
        let app = ime.source == .heliboard ? "HeliBoard" : "FlorisBoard"
        if canvasOptions.width != nil || canvasOptions.height != nil {
            throw RequestError(field: canvasOptions.width != nil ? .width : .height, reason: "a \(app) layout is placed on a phone's pixels: give a device (a preset or WxH@D), not a width or height")
        }
        if orientation != .portrait {
            throw RequestError(field: .orientation, reason: "a \(app) layout is placed on a phone in portrait only")
        }
        var options = canvasOptions
        options.device = options.device ?? IMEKeyboard.defaultDevice
        let canvas = try options.uncheckedCanvas()
        if canvas.width >= IMEKeyboard.maxPhoneWidth {
            throw RequestError(field: .device, reason: "a \(app) layout is placed on phones only; \(Diagnostic.quote(options.device ?? "")) is \(Limits.format(canvas.width)) dp wide (tablets, \(Limits.format(IMEKeyboard.maxPhoneWidth)) dp and wider, are not supported)")
        }
        return canvas
    }
}

/// A keyboard drawn in memory: the file's bytes, the scene they were drawn from, and the
/// warnings found while reading the layout.
public struct RenderedKeyboard: Sendable {
    /// The format of `bytes`.
    public var format: OutputFormat
    /// The PNG, SVG or PDF file.
    public var bytes: [UInt8]
    /// The resolved scene that was drawn; its `frames` are the frames the image shows.
    public var scene: KeyboardScene
    /// Each `FILE: field.path: reason`; drawing went ahead.
    public var warnings: [Diagnostic]
    /// Every font file drawing read (`Renderer.fontFiles(drawing:)`): the pinned faces, the
    /// theme's files and each per-script fallback a label took a character from.
    package var fontFiles: [String] = []

    /// Writes the bytes to `path` atomically, only onto a regular file or a new name; `-` is
    /// standard output.
    ///
    /// - Throws: `Diagnostic` naming `path` when it cannot be written.
    public func write(to path: String) throws {
        try FileAccess.writeOutput(bytes, to: path)
    }
}

/// A problem with one field of a `RenderRequest`, wherever the request came from.
///
/// Its origin is the request field (`InputOrigin.requestField`): the command line reports it
/// as `--OPTION: reason`; a batch manifest locates it at the job's field
/// (`manifest.yaml: jobs[3].pressed: reason`) with `located(in:at:)`.
public struct RequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field at fault.
    public var field: RenderRequest.Field
    /// What is wrong with it and, where it helps, what is allowed.
    public var reason: String

    /// A problem with `field`.
    public init(field: RenderRequest.Field, reason: String) {
        self.field = field
        self.reason = reason
    }

    /// The problem as a diagnostic whose origin is the request field.
    package var diagnostic: Diagnostic {
        Diagnostic(origin: .requestField(field.rawValue), reason: reason)
    }

    /// `FIELD: reason` (`pngCompression: …`).
    public var description: String { diagnostic.description }

    /// The problem as a diagnostic of the file that set the field, at `path` (the object
    /// holding the fields, e.g. `jobs[3]`).
    package func located(in file: String, at path: String) -> Diagnostic {
        Diagnostic(file: file, path: path.isEmpty ? field.rawValue : path + "." + field.rawValue, reason: reason)
    }
}
