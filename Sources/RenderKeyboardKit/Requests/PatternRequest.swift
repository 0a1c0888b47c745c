import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine

/// One pattern pad to solve or draw (docs/pattern-pads.md, `render-keyboard pattern`).
public struct PatternRequest: Sendable, Hashable, CanvasRequest {
    /// Dots per side, 2…`Limits.maxPatternSize`.
    public var size = PatternPad.defaultSize
    /// Dot indices, row-major from 0.
    public var path: [Int] = []
    /// The state drawn; by default `selected`, the pad while the user draws.
    public var state: PatternState = .selected
    /// A built-in theme name or a path.
    public var theme = "default"
    /// Where the pad is drawn: a device or a width, and an orientation (a height is checked
    /// as a keyboard's is, but the pad stays square).
    public var canvasOptions = CanvasOptions()
    /// The orientation: picks the device's width and safe areas (`canvasOptions.orientation`).
    public var orientation: Orientation {
        get { canvasOptions.orientation }
        set { canvasOptions.orientation = newValue }
    }
    /// nil: from `output`'s extension, else PNG.
    public var format: OutputFormat?
    /// The file the command line writes (default `pattern.<format>`); its extension picks the
    /// format when `format` is nil. The library itself never writes it.
    public var output: String?

    /// A 3 × 3 pad with an empty path, `selected`, in the `default` theme on `iphone-15`
    /// portrait.
    public init() {}

    /// The format to write: `format`, else `output`'s extension, else PNG
    /// (`OutputFormat.resolved`).
    package var resolvedFormat: OutputFormat {
        OutputFormat.resolved(format, output: output)
    }

    /// The file the command line writes: `output`, else `pattern.<format>`.
    package var resolvedOutput: String {
        output ?? OutputFormat.defaultOutput("pattern", format: resolvedFormat)
    }

    /// Reads `--path` text: dot indices separated by commas (spaces allowed), or empty.
    ///
    /// - Throws: `Diagnostic` of the request field `path` for anything else.
    package static func parsePath(_ text: String) throws -> [Int] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return [] }
        let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= Limits.maxPatternSize * Limits.maxPatternSize else {
            throw Diagnostic(origin: .requestField("path"), reason: "a pattern has at most \(Limits.maxPatternSize * Limits.maxPatternSize) dots (found \(parts.count))")
        }
        return try parts.enumerated().map { n, part in
            let item = part.trimmingCharacters(in: .whitespaces)
            guard !item.isEmpty, item.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(item) else {
                throw Diagnostic(origin: .requestField("path", path: "[\(n)]"), reason: "\(Diagnostic.quote(item)) is not a dot index (a whole number from 0)")
            }
            return value
        }
    }

    /// The request of a keyboard on the pad's canvas: the device, width, scale and
    /// orientation follow the keyboard's rules.
    private var canvasRequest: RenderRequest {
        var keyboard = RenderRequest()
        keyboard.canvasOptions = canvasOptions
        keyboard.theme = theme
        keyboard.output = output
        keyboard.format = format
        return keyboard
    }

    /// Problems of the fields on their own (a device and a width together, a scale without a
    /// width, an empty theme or output name, an output extension that names no format),
    /// worded as `RenderRequest.problems()` words
    /// them; empty when the request can be tried.
    public func problems() -> [RequestError] {
        canvasRequest.problems()
    }

    /// Solves the pad.
    public func frames() throws -> PatternFrames {
        try PatternPad.solve(size: size, path: path, on: try canvasRequest.checked().canvas(), maxImageSide: Limits.maxImageSide)
    }

    /// The resolved pad: frames and the theme's `pattern` block for `state`.
    public func scene() throws -> PatternScene {
        let frames = try self.frames()
        return try KeyboardPipeline().patternScene(frames, theme: theme, state: state)
    }

    /// Draws the pad in `resolvedFormat`.
    public func render(with renderer: Renderer) throws -> [UInt8] {
        try renderer.render(try scene(), as: resolvedFormat)
    }
}
