/// A theme (SPEC §5) as decoded from one file, before `extends` is applied: every field optional.
public struct Theme: Sendable, Hashable {
    /// The keyboard background: a colour or an image stretched over the whole image.
    public enum Background: Sendable, Hashable {
        case color(Color)
        case image(ImageReference)
    }

    public struct Font: Sendable, Hashable {
        public var family: String?
        public var weight: FontWeight?
        /// A font file beside the theme (`.ttf`, `.otf`, `.ttc`); labels are set in the family
        /// it holds, and `family` is not used.
        public var file: FontFileReference?
        /// The bold face of that family, for `weight: bold` (or semibold).
        public var bold: FontFileReference?

        public init(family: String? = nil, weight: FontWeight? = nil, file: FontFileReference? = nil, bold: FontFileReference? = nil) {
            self.family = family
            self.weight = weight
            self.file = file
            self.bold = bold
        }
    }

    public struct ToolbarStyle: Sendable, Hashable {
        public var fill: Color?
        public var text: Color?
        /// Points.
        public var textSize: Double?

        public init(fill: Color? = nil, text: Color? = nil, textSize: Double? = nil) {
            self.fill = fill
            self.text = text
            self.textSize = textSize
        }
    }

    public var name: String?
    /// A built-in theme name or a path relative to this theme's file.
    public var extends: String?
    public var background: Background?
    public var font: Font?
    public var highlightOnPress: Bool?
    public var toolbar: ToolbarStyle?
    public var base: StateStyles?
    public var content: StateStyles?
    public var function: StateStyles?
    public var enter: StateStyles?
    /// The pattern pad's look (SPEC §9).
    public var pattern: PatternStyle?

    public init(
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
    public func styles(for keyClass: KeyClass) -> StateStyles? {
        switch keyClass {
        case .content: return content
        case .function: return function
        case .enter: return enter
        }
    }
}

/// Font weights a theme may name.
public enum FontWeight: String, Sendable, Hashable, CaseIterable {
    case light, regular, medium, semibold, bold
}

/// The theme class that draws a key (the key's `style` field).
public enum KeyClass: String, Sendable, Hashable, CaseIterable {
    case content, function, enter
}

/// A font file a theme names, before it is read: `path` as written (relative,
/// `/`-separated), `baseDirectory` the theme file's folder. Whoever reads files confines it to
/// that folder and checks that it holds a font.
public struct FontFileReference: Sendable, Hashable {
    public var path: String
    public var baseDirectory: String

    public init(path: String, baseDirectory: String) {
        self.path = path
        self.baseDirectory = baseDirectory
    }

    /// The path joined to its folder.
    public var joinedPath: String {
        baseDirectory.hasSuffix("/") ? baseDirectory + path : baseDirectory + "/" + path
    }
}
