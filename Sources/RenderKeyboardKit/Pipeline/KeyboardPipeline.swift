import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine

/// The keys a scene draws pressed.
package enum PressedKeys: Sendable, Hashable {
    /// The keys the request's `pressed` names (label, shift label, value, else code); a name
    /// no key has is a problem of the request's `pressed` field.
    case requested
    /// The first content input key in key-list order, after shuffle: a preview's pressed cell.
    case firstContentKey
    /// Every key: how `lint` sees each key's pressed face.
    case every
}

/// The one path from a request to what is drawn: **load** the layout and theme files,
/// **solve** the frames (shuffled as the layout and the request say; an Android keyboard file
/// placed as Android places it), **compose** the scene, and check the image against the
/// **limits**.
///
/// `render`, `frames`, `batch`, `preview`, `serve`, `lint`, `diff`, `validate`, pattern pads
/// and the snapshot library all draw through it, so a check added to one step applies to
/// every command, and no other file calls the scene composer.
///
/// A pipeline made with `caching: true` keeps every layout and theme it loaded, keyed by how
/// it was named (a preview loads each file once for all its cells), and the unshuffled frames
/// of each layout on each canvas it solved (a lint sweep solves a layout once per device and
/// orientation, not once per theme and scene); it is then not thread-safe: use one per
/// thread. Without caching every call reads the files again.
package final class KeyboardPipeline {
    private struct LayoutReference: Hashable {
        var reference: String, options: LayoutReadingOptions
    }

    private let caching: Bool
    private var layouts: [LayoutReference: LoadedLayout] = [:]
    /// Themes by how they were named and the metrics row they read (docs/ios-keyboard.md).
    private var themes: [ThemeSource: Theme] = [:]
    private struct ThemeSource: Hashable {
        var reference: String, metrics: MetricsRow?
    }
    /// Unshuffled frames by the layout and everything else the solver reads: a caching
    /// pipeline solves a layout once per canvas.
    private var solved: [SolvedFrames: KeyboardFrames] = [:]
    private struct SolvedFrames: Hashable {
        var layout: LayoutReference, canvas: Canvas, forceShuffle: Bool, keyboardMode: String?
    }

    /// A pipeline; `caching` keeps loaded files (see the type's documentation).
    package init(caching: Bool = false) {
        self.caching = caching
    }

    // MARK: - Load

    /// The request's layout file: a built-in name or a path (`Reference`), read with its
    /// Android values files.
    ///
    /// - Throws: `RequestError` of the `layout` field for a name that names nothing;
    ///   `DiagnosticList`/`Diagnostic` for a file that cannot be read.
    package func layout(of request: RenderRequest) throws -> LoadedLayout {
        let source = Self.reference(of: request)
        if let cached = layouts[source] { return cached }
        let loaded = try Self.named { try LayoutLoader.load(source.reference, options: source.options) }
        if caching { layouts[source] = loaded }
        return loaded
    }

    /// The layout file a request names and everything it is read with.
    private static func reference(of request: RenderRequest) -> LayoutReference {
        let options = LayoutReadingOptions(values: request.values, siblingValues: request.siblingValues, imeMode: request.imeMode,
                                           locale: request.locale, localeTexts: request.localeTexts, numberRow: request.numberRow)
        return LayoutReference(reference: request.layout, options: options)
    }

    /// The theme `reference` names, with every theme it extends merged in; its numbers
    /// written `"$COLUMN|DEFAULT"` read `metrics`, the metrics row of the layout it is drawn
    /// with (nil: their defaults).
    ///
    /// - Throws: `RequestError` of the `theme` field for a name that names nothing; the
    ///   theme files' diagnostics.
    package func theme(_ reference: String, metrics: MetricsRow? = nil) throws -> Theme {
        let source = ThemeSource(reference: reference, metrics: metrics)
        if let cached = themes[source] { return cached }
        let theme = try Self.named { try ThemeLoader.load(reference, metrics: metrics) }
        if caching { themes[source] = theme }
        return theme
    }

    // MARK: - Solve

    /// The request's frames before anything the theme draws, and the layout file's warnings.
    ///
    /// - Parameter canvas: draws on this canvas instead of the request's (a preview sheet
    ///   draws smaller when it would exceed the limits).
    /// - Throws: `RequestError` for a field the layout's kind refuses (an app's layout on a
    ///   tablet); the files' and the solver's diagnostics.
    package func frames(of checked: CheckedRequest, on canvas: Canvas? = nil) throws -> (frames: KeyboardFrames, warnings: [Diagnostic]) {
        let request = checked.request
        let loaded = try layout(of: request)
        let shuffle = request.shuffle ? request.seed.map(ShuffleSource.seeded) ?? .system : nil
        let canvas = try canvas ?? checked.canvas(for: loaded)
        // A shuffled order is drawn afresh on every call; only unshuffled frames are kept.
        let key = SolvedFrames(
            layout: Self.reference(of: request),
            canvas: canvas, forceShuffle: request.forceShuffle, keyboardMode: request.keyboardMode
        )
        if shuffle == nil, let frames = solved[key] { return (frames, loaded.warnings) }
        let frames = try loaded.source.frames(on: canvas, shuffle: shuffle, forceShuffle: request.forceShuffle, keyboardMode: request.keyboardMode, file: loaded.file)
        if caching && shuffle == nil { solved[key] = frames }
        return (frames, loaded.warnings)
    }

    // MARK: - Compose and limits

    /// The fully resolved scene the renderer paints, and the layout's and theme's warnings: frames,
    /// theme cascade, pressed keys, shift, label sizes (with `measure`) and callouts; the image
    /// grown by what the theme draws beyond the keys, and held to `Limits.imageSizeProblem`.
    ///
    /// - Parameters:
    ///   - pressing: which keys are drawn pressed.
    ///   - canvas: as for `frames(of:on:)`.
    ///   - measure: the measure for the canvas's scale (pixels per point) that fits every
    ///     label; nil keeps the theme's text sizes.
    ///   - glyphs: finds the texts of the scene no font draws (`Renderer.missingGlyphs(in:)`
    ///     of the renderer that will draw it); nil checks nothing (frames, diff). Each is a
    ///     problem with its place (`MissingGlyphPlaces`), thrown unless the request's
    ///     `allowMissingGlyphs`, which makes them warnings.
    /// - Throws: as `frames(of:on:)`; the theme's diagnostics; `RequestError` of `pressed`
    ///   for a name no key has, and of `theme` or `pressed` for an image the shadows or a
    ///   callout would grow beyond the limits; `DiagnosticList` of the missing glyphs.
    package func scene(of checked: CheckedRequest, pressing: PressedKeys = .requested, on canvas: Canvas? = nil, measure: ((Double) -> LabelMeasure)?,
                       glyphs: ((KeyboardScene) throws -> [MissingGlyph])? = nil) throws -> (scene: KeyboardScene, warnings: [Diagnostic]) {
        let request = checked.request
        let (frames, layoutWarnings) = try self.frames(of: checked, on: canvas)
        let theme = try self.theme(request.theme, metrics: frames.metricsRow)
        let pressed = try Self.pressedIndices(pressing, request: request, frames: frames)
        let scene = try SceneComposer.compose(frames: frames, theme: theme, pressed: pressed, shift: request.shift, image: ImageLoader().load, measure: measure?(frames.canvas.scale))
        var warnings = layoutWarnings + theme.warnings.filter { !layoutWarnings.contains($0) }
        if let problem = Limits.imageSizeProblem(width: scene.imageWidth, height: scene.imageHeight) {
            if scene.callouts.isEmpty {
                throw RequestError(field: .theme, reason: "the key shadows would grow the image: " + problem)
            }
            throw RequestError(field: .pressed, reason: "the input callout would grow the image: " + problem)
        }
        if let glyphs {
            let problems = try missingGlyphProblems(try glyphs(scene), scene: scene, request: request)
            if !problems.isEmpty {
                guard request.allowMissingGlyphs else { throw DiagnosticList(problems) }
                warnings += problems
            }
        }
        return (scene, warnings)
    }

    /// The request's keyboard drawn with its `darkTheme` instead of its theme, for an SVG that
    /// shows both (docs/rendering.md "SVG"); nil without a dark theme.
    ///
    /// - Throws: as `scene(of:pressing:on:measure:)`, a problem of the theme reported as one of
    ///   `darkTheme`; `RequestError` of `darkTheme` when it draws other geometry than `light`.
    package func darkScene(of checked: CheckedRequest, light: KeyboardScene, measure: ((Double) -> LabelMeasure)?) throws -> KeyboardScene? {
        let request = checked.request
        guard let name = request.darkTheme else { return nil }
        var dark = request
        dark.theme = name
        let scene: KeyboardScene
        do {
            scene = try self.scene(of: dark.checked(), measure: measure).scene
        } catch let error as RequestError where error.field == .theme {
            throw RequestError(field: .darkTheme, reason: error.reason)
        }
        if let difference = Renderer.darkThemeProblem(light: light, dark: scene) {
            throw RequestError(field: .darkTheme, reason: "\(Diagnostic.quote(name)) draws other geometry than \(Diagnostic.quote(request.theme)), so one SVG cannot hold both: \(difference)")
        }
        return scene
    }

    /// `glyphs` of `scene` as problems with their places in the request's layout file.
    ///
    /// - Throws: the layout's diagnostics (it is read again without caching).
    package func missingGlyphProblems(_ glyphs: [MissingGlyph], scene: KeyboardScene, request: RenderRequest) throws -> [Diagnostic] {
        guard !glyphs.isEmpty else { return [] }
        return MissingGlyphPlaces.problems(glyphs, scene: scene, layout: try layout(of: request))
    }

    /// Each key's resolved style in `state`, as drawn (a theme that turns highlighting off
    /// draws pressed keys in their normal style), before labels are fitted and without
    /// callouts: what `diff` compares and `validate` measures labels at.
    ///
    /// - Parameter image: reads a referenced PNG; default: read and checked as for drawing.
    /// - Throws: the image reader's diagnostics.
    package func styles(of frames: KeyboardFrames, theme: Theme, state: KeyState, image: ((FileReference) throws -> SceneImage)? = nil) throws -> [ResolvedKeyStyle] {
        let drawn: KeyState = (theme.highlightOnPress ?? true) ? state : .normal
        let read = image ?? ImageLoader().load
        let context = KeyStyleContext(mode: frames.styleMode)
        return try frames.keys.map { frame in
            try SceneComposer.resolveStyle(for: frame.key, state: drawn, theme: theme, frame: frame.pixelFrame.points(scale: frames.canvas.scale), context: context, image: read)
        }
    }

    /// A pattern pad's scene: the solved pad and the `pattern` block of the theme `reference`
    /// names, for `state`.
    ///
    /// - Throws: as `theme(_:)`.
    package func patternScene(_ frames: PatternFrames, theme reference: String, state: PatternState) throws -> PatternScene {
        PatternComposer.compose(frames: frames, theme: try theme(reference), state: state)
    }

    /// The indices of the keys `pressing` picks.
    private static func pressedIndices(_ pressing: PressedKeys, request: RenderRequest, frames: KeyboardFrames) throws -> Set<Int> {
        switch pressing {
        case .every:
            return Set(frames.keys.map(\.index))
        case .firstContentKey:
            let first = frames.keys.first { $0.key.keyClass == .content && $0.key.code == .input }
            return Set(first.map { [$0.index] } ?? [])
        case .requested:
            var indices = Set<Int>()
            for name in request.pressed {
                let found = frames.keyIndices(named: name)
                if found.isEmpty {
                    throw RequestError(field: .pressed, reason: "no key of layout \(Diagnostic.quote(frames.layoutName)) has the label or code \(Diagnostic.quote(name))")
                }
                indices.formUnion(found)
            }
            return indices
        }
    }

    /// Runs `load`, reporting a layout or theme name that names nothing as a problem of the
    /// request's `layout` or `theme` field.
    package static func named<T>(_ load: () throws -> T) throws -> T {
        do {
            return try load()
        } catch let notFound as Reference.NotFound {
            throw notFound.requestError
        }
    }
}
