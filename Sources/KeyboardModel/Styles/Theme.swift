/// A theme (docs/layouts-and-themes.md) as decoded from one file, before `extends` is applied: every field optional.
public struct Theme: Sendable, Hashable {
    /// The keyboard background: a colour or an image stretched over the whole image.
    public enum Background: Sendable, Hashable {
        /// A solid colour (`background: "#D1D3D9"`).
        case color(Color)
        /// A PNG (`background: {image: bg.png}`), stretched over the whole image, safe-area
        /// band included.
        case image(FileReference)
    }

    /// The font labels and the toolbar title are set in (`font: {family, weight}`).
    public struct Font: Sendable, Hashable {
        /// A fontconfig family name, e.g. `DejaVu Sans`; nil leaves it to the theme this one
        /// extends, and finally to `SceneFont.default`.
        package var family: String?
        /// The weight of every label; nil leaves it to the theme this one extends, and finally
        /// to `regular`.
        package var weight: FontWeight?
        /// A font file beside the theme (`.ttf`, `.otf`, `.ttc`); labels are set in the family
        /// it holds, and `family` is not used.
        package var file: FontFileReference?
        /// The bold face of that family, for `weight: bold` (or semibold).
        package var bold: FontFileReference?

        /// A font block; every field left nil is taken from the theme this one extends.
        package init(family: String? = nil, weight: FontWeight? = nil, file: FontFileReference? = nil, bold: FontFileReference? = nil) {
            self.family = family
            self.weight = weight
            self.file = file
            self.bold = bold
        }
    }

    /// The look of the toolbar above the keys (`toolbar: {fill, text, textSize}`); it is drawn
    /// only when the layout has a `toolbar`.
    public struct ToolbarStyle: Sendable, Hashable {
        /// The bar's colour; `#F7F7F7` when no theme in the chain sets it.
        package var fill: Color?
        /// The title's colour; `#333333` when no theme in the chain sets it.
        package var text: Color?
        /// Points.
        package var textSize: Double?

        /// A toolbar style; every field left nil is taken from the theme this one extends.
        package init(fill: Color? = nil, text: Color? = nil, textSize: Double? = nil) {
            self.fill = fill
            self.text = text
            self.textSize = textSize
        }
    }

    /// The theme's display name (`name: Classic Light`). It is carried into the scene
    /// (`KeyboardScene.themeName`), where snapshot labels use it; themes are found by file or
    /// built-in name, never by this.
    package var name: String?
    /// A built-in theme name or a path relative to this theme's file.
    package var extends: String?
    /// What fills the image behind the keys; `#D1D3D9` when no theme in the chain sets it.
    package var background: Background?
    /// The label font; see `Font`.
    package var font: Font?
    /// Fonts tried in order, per character, after `font` and before the default face
    /// (`fallbackFonts: [{file: …} | {family: …}]`); nil leaves them to the theme this one
    /// extends.
    package var fallbackFonts: [FallbackFont]?

    /// One entry of `fallbackFonts`.
    public enum FallbackFont: Sendable, Hashable {
        /// A fontconfig family of the pinned set (`{family: Noto Sans Tamil}`).
        case family(String)
        /// A font file beside the theme (`{file: fonts/Lohit-Tamil.ttf}`).
        case file(FontFileReference)
    }
    /// Whether pressed keys are drawn in their pressed style; `false` draws a pressed key
    /// exactly like a normal one (no callout either). `true` when no theme in the chain sets
    /// it.
    package var highlightOnPress: Bool?
    /// The toolbar's look; see `ToolbarStyle`.
    package var toolbar: ToolbarStyle?
    /// `keys.base`: the styles under every key, the first layer of the cascade (docs/layouts-and-themes.md).
    package var base: StateStyles?
    /// `keys.content`: the styles of `content` keys, over `base`.
    package var content: StateStyles?
    /// `keys.function`: the styles of `function` keys, over `base`.
    package var function: StateStyles?
    /// `keys.enter`: the styles of `enter` keys, over `base`.
    package var enter: StateStyles?
    /// The pattern pad's look (docs/pattern-pads.md).
    package var pattern: PatternStyle?
    /// Rules styling keys by code, mode and shift state, laid over the class styles in this
    /// order (`KeyRule`; a Snygg stylesheet's `key` rules, docs/android-imes.md).
    package var keyRules: [KeyRule] = []
    /// Icons drawn on the keys of Android keyboard files and app layouts, by the key's code
    /// (`icons: {"-35": delete}`), in place of what the code would draw.
    package var icons: [Int: KeyIcon]?
    /// What reading the theme warned of (a version 1 stylesheet, wallpaper colours), each
    /// `FILE: field.path: reason`; drawing goes ahead.
    package var warnings: [Diagnostic] = []
    /// What a stylesheet holds that is not drawn, each `FILE: rule: ignored: …`, for `validate`.
    package var ignored: [Diagnostic] = []
    /// Findings of `lint` the theme keeps on purpose (`lint.ignore`, docs/lint.md); a theme that
    /// extends another keeps that one's too.
    package var lintIgnores: [LintIgnore] = []

    /// A theme; every field left nil is taken from the theme it extends, and finally from the
    /// engine's defaults (`SceneComposer.defaultStyle`).
    package init(
        name: String? = nil, extends: String? = nil, background: Background? = nil, font: Font? = nil,
        highlightOnPress: Bool? = nil, toolbar: ToolbarStyle? = nil, base: StateStyles? = nil,
        content: StateStyles? = nil, function: StateStyles? = nil, enter: StateStyles? = nil
    ) {
        self.name = name
        self.extends = extends
        self.background = background
        self.font = font
        self.highlightOnPress = highlightOnPress
        self.toolbar = toolbar
        self.base = base
        self.content = content
        self.function = function
        self.enter = enter
    }

    /// The key styles of one theme class.
    package func styles(for keyClass: KeyClass) -> StateStyles? {
        switch keyClass {
        case .content: return content
        case .function: return function
        case .enter: return enter
        }
    }
}

/// Font weights a theme may name.
public enum FontWeight: String, Sendable, Hashable, CaseIterable {
    /// Light (Pango weight 300).
    case light
    /// Regular (Pango weight 400): the weight of labels when no theme in the chain names one.
    case regular
    /// Medium (Pango weight 500).
    case medium
    /// Semibold (Pango weight 600).
    case semibold
    /// Bold (Pango weight 700).
    case bold
}

/// The theme class that draws a key (the key's `style` field).
public enum KeyClass: String, Sendable, Hashable, CaseIterable {
    /// Keys that type something: `input` and `space` keys unless their `style` says otherwise.
    case content
    /// Keys that act rather than type: shift, delete, cancel, collapse and the mode keys,
    /// unless their `style` says otherwise.
    case function
    /// The key that finishes input: `done` keys unless their `style` says otherwise.
    case enter
}
