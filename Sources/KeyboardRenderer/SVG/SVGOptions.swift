import KeyboardModel

/// How an SVG's labels are written (docs/rendering.md "SVG").
public enum SVGTextMode: String, Sendable, Hashable, CaseIterable {
    /// `<text>` elements, editable, in the pinned font families the comment names; a reader
    /// without those fonts draws them in its own.
    case text
    /// The glyphs' outlines as paths, at the PNG's glyph positions: the file draws as the PNG
    /// without any font.
    case outlines
}

/// What an SVG holds beyond the scene: how labels are written, whether their fonts are
/// embedded, and a second scene whose colours the file shows in dark mode.
public struct SVGOptions: Sendable, Hashable {
    /// Labels as text (the default) or as outlines.
    public var text: SVGTextMode
    /// With `text`: each face the labels use, subset to the glyphs they use, as an
    /// `@font-face` data URI (the fonts' licences must allow it).
    public var embedsFonts: Bool
    /// The same keyboard drawn with a dark theme: its colours are the file's
    /// `@media (prefers-color-scheme: dark)` values. It must draw the same geometry
    /// (`Renderer.darkThemeProblem(light:dark:)`).
    public var darkScene: KeyboardScene?

    /// Text labels, no embedded fonts, no dark theme unless given.
    public init(text: SVGTextMode = .text, embedsFonts: Bool = false, darkScene: KeyboardScene? = nil) {
        self.text = text
        self.embedsFonts = embedsFonts
        self.darkScene = darkScene
    }
}
