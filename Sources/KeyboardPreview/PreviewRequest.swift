import RenderKeyboardKit
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine

/// The state a preview cell shows (`preview --states`).
public enum PreviewState: String, Sendable, Hashable, CaseIterable {
    /// Nothing pressed, shift off.
    case normal
    /// The first content input key (in key-list order, after shuffle) drawn pressed.
    case pressed
    /// Shift on.
    case shift

    /// How a caption names the state.
    package var captionText: String {
        switch self {
        case .normal: return "normal"
        case .pressed: return "pressed"
        case .shift: return "shift on"
        }
    }
}

/// One keyboard of a preview: a theme, a layout, an orientation and a state.
public struct PreviewItem: Sendable, Hashable {
    /// References as given (built-in names or paths).
    public var theme: String
    /// A built-in layout name or a layout file.
    public var layout: String
    /// The orientation drawn.
    public var orientation: Orientation
    /// Normal, pressed or shift on.
    public var state: PreviewState

    /// A short name for a built-in name or a path: the name itself, or the file's stem
    /// (`themes/ocean.yaml` → `ocean`).
    package static func displayName(_ reference: String) -> String {
        guard Reference.isPath(reference) else { return reference }
        let stem = FilePath.stem(reference)
        return stem.isEmpty ? reference : stem
    }

    /// The theme's short name for captions.
    package var themeName: String { Self.displayName(theme) }
    /// The layout's short name for captions.
    package var layoutName: String { Self.displayName(layout) }
}

/// What `preview` draws: every combination of themes × layouts × orientations (× states).
public struct PreviewRequest: Sendable, Hashable, CanvasRequest {

    /// Built-in names or paths; default every built-in theme.
    public var themes: [String] = Resources.themeNames
    /// Built-in names or paths; default `letters`.
    public var layouts: [String] = ["letters"]
    /// Orientations drawn; default portrait.
    public var orientations: [Orientation] = [.portrait]
    /// When true every combination is drawn normal, pressed and with shift on.
    public var states = false
    /// Cells per row of the contact sheet; nil means one per theme.
    public var columns: Int?
    /// The device or width of every cell; its orientation is ignored (`orientations` rule).
    public var canvasOptions = CanvasOptions()
    /// The shuffle seed of every cell; nil means one random seed shared by all cells, so
    /// shuffled pads look the same in every cell of one preview.
    public var seed: UInt64?
    /// When true the sheet ends with one cell per theme: its pattern pad (`selected`, the path
    /// `patternPreviewPath`), as tall as the tallest keyboard.
    public var patterns = false
    /// How the Android keyboard files among `layouts` are read (docs/android-xml.md).
    public var android = AndroidFileOptions()

    /// The path every pattern cell shows: a "Z" through all but two dots.
    package static let patternPreviewPath = [0, 1, 2, 4, 6, 7, 8]

    /// Every built-in theme with `letters` in portrait on `iphone-15`.
    public init() {}

    /// The keyboards in sheet order: themes vary fastest (one column per theme by default),
    /// then states, orientations and layouts.
    public var items: [PreviewItem] {
        var items: [PreviewItem] = []
        let states: [PreviewState] = self.states ? PreviewState.allCases : [.normal]
        for layout in layouts {
            for orientation in orientations {
                for state in states {
                    for theme in themes {
                        items.append(PreviewItem(theme: theme, layout: layout, orientation: orientation, state: state))
                    }
                }
            }
        }
        return items
    }

    /// The caption of a cell: theme · layout · orientation (· state with `states`).
    public func caption(of item: PreviewItem) -> String {
        var parts = [item.themeName, item.layoutName, item.orientation.rawValue]
        if states { parts.append(item.state.captionText) }
        return parts.joined(separator: " · ")
    }

    /// The canvas as a caption names it: the device preset, or `WIDTHpt@SCALEx` for a width.
    package var canvasName: String { canvasOptions.name }

    /// The canvas of `orientation` that `canvasOptions` describes.
    ///
    /// - Throws: `RequestError` for an unknown device, a device with a width, or an
    ///   out-of-range width, height or scale.
    package func canvas(_ orientation: Orientation) throws -> Canvas {
        var options = canvasOptions
        options.orientation = orientation
        return try options.canvas()
    }

    /// Checks the lists before anything is drawn.
    ///
    /// - Throws: `Diagnostic` for an empty list, more than `Limits.maxPreviewCells` keyboards or columns < 1;
    ///   `RequestError` for a bad canvas (see `canvas(_:)`).
    public func check() throws {
        for (name, list) in [("themes", themes), ("layouts", layouts)] where list.isEmpty || list.contains(where: \.isEmpty) {
            throw Diagnostic(origin: .requestField(name), reason: "give one or more names or files, separated by commas")
        }
        if orientations.isEmpty {
            throw Diagnostic(origin: .requestField("orientations"), reason: "give portrait, landscape or both")
        }
        if let columns, columns < 1 {
            throw Diagnostic(origin: .requestField("columns"), reason: "must be at least 1 (found \(columns))")
        }
        let count = items.count
        if count > Limits.maxPreviewCells {
            throw Diagnostic(origin: .requestField("themes"), reason: "the preview would hold \(count) keyboards; the limit is \(Limits.maxPreviewCells)")
        }
        _ = try canvas(.portrait)
    }
}

/// Builds the scenes of a preview through the one pipeline (`KeyboardPipeline`), loading
/// each layout and theme file once.
///
/// Not thread-safe (it caches); use one per thread.
package final class PreviewSceneBuilder {
    private let request: PreviewRequest
    private let portrait: Canvas
    private let landscape: Canvas
    /// The seed every shuffled layout uses.
    package let seed: UInt64
    private let pipeline = KeyboardPipeline(caching: true)
    /// Whether a cell with a label no font draws fails (unless the request allows missing
    /// glyphs); true.
    package var checksGlyphs = true
    /// Decoding warnings, each once.
    package private(set) var warnings: [Diagnostic] = []

    /// - Throws: as `PreviewRequest.check()`.
    package init(_ request: PreviewRequest, seed: UInt64? = nil) throws {
        try request.check()
        self.request = request
        self.portrait = try request.canvas(.portrait)
        self.landscape = try request.canvas(.landscape)
        self.seed = seed ?? request.seed ?? UInt64.random(in: 0...UInt64.max)
    }

    /// The request's canvas of `orientation`, at `scale` pixels per point when given (the
    /// contact sheet draws smaller when it would exceed 16384 px a side).
    package func canvas(_ orientation: Orientation, scale: Double? = nil) -> Canvas {
        var canvas = orientation == .portrait ? portrait : landscape
        if let scale { canvas.scale = scale }
        return canvas
    }

    /// The keyboard of one cell as a request of its own: its layout, theme, orientation and
    /// shift state, the preview's canvas, seed and Android options.
    package func renderRequest(_ item: PreviewItem) -> RenderRequest {
        var keyboard = RenderRequest()
        keyboard.layout = item.layout
        keyboard.theme = item.theme
        keyboard.canvasOptions = request.canvasOptions
        keyboard.orientation = item.orientation
        keyboard.seed = seed
        keyboard.shift = item.state == .shift ? .on : .off
        return request.android.applied(to: keyboard)
    }

    /// The request's keyboards in sheet order (`PreviewRequest.items`) without the "shift on"
    /// cells of layouts that shift nothing (no shift key and no key whose shift label differs):
    /// such a cell would repeat the normal one.
    ///
    /// - Throws: `Diagnostic`/`DiagnosticList` for a bad layout file.
    package func items() throws -> [PreviewItem] {
        var shifts: [String: Bool] = [:]
        var items: [PreviewItem] = []
        for item in request.items {
            if item.state == .shift {
                if shifts[item.layout] == nil {
                    let keys = try listed { try pipeline.layout(of: renderRequest(item)).keys() }
                    shifts[item.layout] = keys.contains { $0.code == .shift || $0.shiftLabel != $0.label }
                }
                if shifts[item.layout] == false { continue }
            }
            items.append(item)
        }
        return items
    }

    /// The resolved scene of `item`: the first content key pressed in a `pressed` cell.
    ///
    /// - Throws: `Diagnostic`/`DiagnosticList` for bad files; `Diagnostic` when the image
    ///   would exceed `Limits.maxImageSide`.
    package func scene(_ item: PreviewItem, scale: Double? = nil) throws -> KeyboardScene {
        let canvas = try layoutCanvas(item, scale: scale)
        let glyphs: ((KeyboardScene) throws -> [MissingGlyph])? = checksGlyphs ? { try LabelMeasuring.missingGlyphs(in: $0) } : nil
        let (scene, found) = try listed {
            try pipeline.scene(of: renderRequest(item).checked(), pressing: item.state == .pressed ? .firstContentKey : .requested,
                               on: canvas, measure: LabelMeasuring.measure(atScale:), glyphs: glyphs)
        }
        for warning in found where !warnings.contains(warning) { warnings.append(warning) }
        return scene
    }

    /// The canvas `item` is drawn on: the request's, except that a layout placed as an Android
    /// app places it (an Android keyboard file, HeliBoard, FlorisBoard) is drawn on its
    /// phone (`LayoutSource.defaultDevice`) when the request names no device or width.
    private func layoutCanvas(_ item: PreviewItem, scale: Double?) throws -> Canvas {
        let canvas = canvas(item.orientation, scale: scale)
        guard request.canvasOptions.device == nil, request.canvasOptions.width == nil else { return canvas }
        let device = try listed { try pipeline.layout(of: renderRequest(item)) }.source.defaultDevice
        guard device != Device.defaultName else { return canvas }
        var options = request.canvasOptions
        options.device = device
        options.orientation = item.orientation
        var phone = try options.canvas()
        if let scale { phone.scale = scale }
        return phone
    }

    /// Runs `body`, reporting a layout or theme name that names nothing as a problem of the
    /// preview's list (`layouts`, `themes`) rather than of one keyboard's field.
    private func listed<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as RequestError where error.field == .layout || error.field == .theme {
            throw Diagnostic(origin: .requestField(error.field == .layout ? "layouts" : "themes"), reason: error.reason)
        }
    }

    /// The pattern pad of the theme `reference` names on `frames`, in `state`.
    ///
    /// - Throws: a bad theme, reported as a problem of the preview's `themes`.
    package func patternScene(_ frames: PatternFrames, theme reference: String, state: PatternState) throws -> PatternScene {
        try listed { try pipeline.patternScene(frames, theme: reference, state: state) }
    }
}
