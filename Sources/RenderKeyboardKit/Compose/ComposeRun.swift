import JSONText
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer

/// The images a `ComposeRequest` drew, in memory, with where everything lies.
public struct ComposedScreenshots: Sendable {
    /// One image.
    public struct File: Sendable {
        /// Where it is written.
        public var path: String
        /// Its locale in a set; nil for a single screenshot.
        public var locale: String?
        /// The PNG (8-bit RGB) or JPEG file.
        public var bytes: [UInt8]
    }

    /// Every image, in the order they are written.
    public var files: [File]
    /// The frames JSON (docs/store-screenshots.md): the canvas, the screen, the keyboard and
    /// each image's caption box, in canvas pixels.
    public var framesJSON: String
    /// The keyboard's files' warnings and notes about the images read.
    public var warnings: [Diagnostic]
}

extension ComposeRequest {
    /// Every problem of the fields on their own, before any file is read: the keyboard's
    /// (`RenderRequest.problems()`), a caption given both ways, set options without a
    /// captions file, an output whose extension is no image format or disagrees with `format`.
    package func problems() -> [Diagnostic] {
        var found = keyboard.problems().map(\.diagnostic)
        func add(_ field: Field, _ reason: String) { found.append(Diagnostic(origin: .requestField(field.optionName), reason: reason)) }
        if caption != nil && captions != nil { add(.caption, "give either one caption or a captions file, not both") }
        if captions == nil && locales != nil { add(.locales, "only applies with a captions file") }
        if let output, !isSet {
            if let problem = RenderRequest.outputNameProblem(output) { add(.output, problem) }
            let ext = FilePath.pathExtension(output)
            if !ext.isEmpty, !FileAccess.isStandardOutput(output) {
                if let named = StillImageFormat(fileExtension: ext) {
                    if let format, format != named { add(.output, "\(Diagnostic.quote(output)) names a \(named.rawValue) file, but the format is \(format.rawValue)") }
                } else {
                    add(.output, "the extension of \(Diagnostic.quote(output)) names no format a screenshot is written in; name the file .png or .jpg")
                }
            }
        }
        if let output, isSet, output.isEmpty || FileAccess.isStandardOutput(output) { add(.output, "a set of screenshots is written into a folder; name one") }
        return found
    }

    /// Draws every image in memory: the plan laid out and checked in full (every caption
    /// measured) before the first pixel is painted.
    ///
    /// - Parameter renderer: reuse one renderer for many requests on a thread; nil makes one.
    /// - Throws: the first of `problems()`; `Diagnostic`/`DiagnosticList` naming the file and
    ///   field of a bad input (an app image over the limits or unreadable, a canvas over the
    ///   limits, a caption that does not fit, a frame whose screen lies outside its image);
    ///   `RenderError` when drawing fails.
    public func compose(with renderer: Renderer? = nil) throws -> ComposedScreenshots {
        if let first = problems().first { throw first }
        let renderer = try renderer ?? Renderer()
        var layout = try ComposeLayout(request: self, renderer: renderer)
        let plan = try layout.plan()
        let images = try renderer.compose(plan.scene, captions: plan.shots.map(\.caption), as: plan.format)
        let files = zip(plan.shots, images).map { ComposedScreenshots.File(path: $0.path, locale: $0.locale, bytes: $1) }
        return ComposedScreenshots(files: files, framesJSON: framesJSON(plan), warnings: plan.warnings)
    }

    /// Draws every image (`compose(with:)`) and only then writes them, each atomically, and
    /// the frames JSON when `framesOut` names a file: a bad input writes nothing.
    ///
    /// - Throws: as `compose(with:)`, and `Diagnostic` naming a file that cannot be written.
    @discardableResult
    public func write(with renderer: Renderer? = nil) throws -> ComposedScreenshots {
        let composed = try compose(with: renderer)
        for file in composed.files { try FileAccess.writeOutput(file.bytes, to: file.path) }
        if let framesOut { try FileAccess.writeOutput(Array((composed.framesJSON + "\n").utf8), to: framesOut) }
        return composed
    }

    /// The frames JSON of `plan`; lengths in canvas pixels to 1/100 px.
    private func framesJSON(_ plan: ComposePlan) -> String {
        let g = plan.geometry
        func number(_ value: Double) -> String { JSONText.number((value * 100).rounded() / 100) }
        func rect(_ r: Rect, _ extra: [(name: String, value: String)] = []) -> String {
            JSONText.object([("x", number(r.x)), ("y", number(r.y)), ("width", number(r.width)), ("height", number(r.height))] + extra)
        }
        let canvas = plan.scene.device.screen.keyboard.frames.canvas
        let members: [(name: String, value: String)] = [
            ("canvas", JSONText.object([("width", String(g.canvasWidth)), ("height", String(g.canvasHeight))])),
            ("store", JSONText.string(g.store)),
            ("device", canvas.deviceName.map(JSONText.string) ?? "null"),
            ("orientation", JSONText.string(canvas.orientation.rawValue)),
            ("deviceScale", JSONText.number((g.scale * 10000).rounded() / 10000)),
            ("screen", rect(g.screen, [("cornerRadius", number(g.screenRadius))])),
            ("keyboard", rect(g.keyboard)),
        ]
        let items = plan.shots.map { shot in
            JSONText.object([
                ("file", JSONText.string(shot.path)),
                ("locale", shot.locale.map(JSONText.string) ?? "null"),
                ("caption", shot.caption.map { rect($0.box, [("lines", String(shot.captionLines))]) } ?? "null"),
            ])
        }
        return JSONText.document(members, list: "images", items: items)
    }
}
