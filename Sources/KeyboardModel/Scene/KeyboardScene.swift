/// A PNG with the facts needed to draw it; the bytes are read by whoever built the scene.
public struct SceneImage: Sendable, Hashable {
    /// Stable identity (the resolved path), for caching decoded images.
    package var id: String
    /// The PNG file's bytes.
    package var png: [UInt8]
    /// 9-slice cap insets in points on the key; zero insets stretch the whole image.
    package var capInsets: EdgeInsets
    /// Image pixels per point of `capInsets` (2 for `name@2x.png`, 3 for `@3x`, else 1).
    package var scale: Double

    /// An image with its stretch insets (points) and its pixels per point.
    package init(id: String, png: [UInt8], capInsets: EdgeInsets = .zero, scale: Double = 1) {
        self.id = id
        self.png = png
        self.capInsets = capInsets
        self.scale = scale
    }
}

extension ResolvedKeyStyle {
    /// How far below the key its shadow is drawn at `scale`, pixels: whole pixels when at
    /// least one, so it stays crisp; 0 when no shadow shows (no height, a clear colour, or a
    /// height that is not a finite number).
    package func shadowDrop(scale: Double) -> Double {
        let drop = shadowHeight * scale
        guard drop.isFinite, drop > 0, shadowColor.alpha > 0 else { return 0 }
        return drop >= 1 ? drop.rounded() : drop
    }
}

/// The icon drawn on a key: the key's `KeyIcon` with the shift state already applied.
public struct SceneIcon: Sendable, Hashable, CaseIterable {
    /// Which icon; `.none` draws the label instead.
    package let kind: KeyIcon
    /// How a shift arrow is drawn: outlined (`off`), filled (`on`), or filled with a bar under
    /// it (`locked`). Always `off` for every other icon.
    package let shift: ShiftState

    /// `kind` as drawn while shift is in `shift`; only the shift arrow shows the state.
    package init(_ kind: KeyIcon, shift: ShiftState = .off) {
        self.kind = kind
        self.shift = kind == .shift ? shift : .off
    }

    /// No icon: the label is drawn.
    package static let none = SceneIcon(.none)

    /// Every icon a scene can hold: each `KeyIcon`, the shift arrow in each shift state.
    public static var allCases: [SceneIcon] {
        KeyIcon.allCases.flatMap { kind in
            kind == .shift ? ShiftState.allCases.map { SceneIcon(kind, shift: $0) } : [SceneIcon(kind)]
        }
    }
}

/// Shift state of a rendered keyboard.
public enum ShiftState: String, Sendable, Hashable, CaseIterable {
    /// Lower-case labels; shift labels with the shift key pressed; and a bar under its arrow.
    case off, on, locked
}

/// One key ready to paint.
public struct SceneKey: Sendable, Hashable {
    /// The key's solved frame, in points and pixels.
    package var frame: KeyFrame
    /// The text to draw (shift applied); empty when `icon` is not `.none`.
    package var label: String
    /// The icon drawn instead of the label, or `.none`.
    package var icon: SceneIcon
    /// Normal or pressed.
    package var state: KeyState
    /// The style after the theme cascade for `state`.
    package var style: ResolvedKeyStyle

    /// A value with every stored property given; those with a default may be left out.
    package init(frame: KeyFrame, label: String, icon: SceneIcon, state: KeyState, style: ResolvedKeyStyle) {
        self.frame = frame
        self.label = label
        self.icon = icon
        self.state = state
        self.style = style
    }
}

/// The toolbar ready to paint.
public struct SceneToolbar: Sendable, Hashable {
    /// Points, and snapped to the pixel grid in pixels.
    package var frame: Rect
    /// The bar's frame in whole pixels.
    package var pixelFrame: PixelRect
    /// The title, centred; may be empty.
    package var title: String
    /// The bar's colour.
    package var fill: Color
    /// The title's colour.
    package var text: Color
    /// The title's size in points: the theme's, and, in a scene composed with a measure,
    /// already fitted to the bar. The renderer draws the title at this size.
    package var textSize: Double

    /// A value with every stored property given; those with a default may be left out.
    package init(frame: Rect, pixelFrame: PixelRect, title: String, fill: Color, text: Color, textSize: Double) {
        self.frame = frame
        self.pixelFrame = pixelFrame
        self.title = title
        self.fill = fill
        self.text = text
        self.textSize = textSize
    }
}

/// The keyboard background: a colour, or an image stretched over the whole image.
public enum SceneBackground: Sendable, Hashable {
    /// A solid colour over the whole image.
    case color(Color)
    /// A decoded PNG stretched over the whole image, safe-area band included.
    case image(SceneImage)
}

/// The font labels are set in.
public struct SceneFont: Sendable, Hashable {
    /// Font family; an unknown family falls back to DejaVu Sans.
    package var family: String
    /// Font weight.
    package var weight: FontWeight
    /// Font files from the theme's folder (regular first, then bold), already checked by
    /// whoever read the theme. When present, labels use the family the first file holds and
    /// `family` is not used; the files join the renderer's private font set, never the system's.
    package var files: [String] = []
    /// The theme's `fallbackFonts`, tried in order after the face above for each character it
    /// lacks, before the default face and the pinned per-script fallbacks.
    package var fallbacks: [SceneFontFallback] = []

    /// The font when the theme chain gives none: DejaVu Sans, regular.
    package static let `default` = SceneFont(family: "DejaVu Sans", weight: .regular)

    /// A value with every stored property given; those with a default may be left out.
    package init(family: String, weight: FontWeight, files: [String] = [], fallbacks: [SceneFontFallback] = []) {
        self.family = family
        self.weight = weight
        self.files = files
        self.fallbacks = fallbacks
    }
}

/// One of a theme's fallback fonts, as the renderer loads it.
public enum SceneFontFallback: Sendable, Hashable {
    /// A family of the pinned set, by fontconfig name.
    case family(String)
    /// A checked private copy of a font file beside the theme.
    case file(String)
}

/// Everything the renderer needs, fully resolved: frames, labels, icons, styles per key and
/// state. The renderer only paints it (no layout math, no theme cascade).
public struct KeyboardScene: Sendable, Hashable {
    /// The solved geometry.
    public var frames: KeyboardFrames
    /// Covers the whole image, the safe-area band included.
    package var background: SceneBackground
    /// The font of every label.
    package var font: SceneFont
    /// The title bar, or nil when the layout has none.
    package var toolbar: SceneToolbar?
    /// In key-list order; painted in this order.
    package var keys: [SceneKey]
    /// Input callouts, painted after every key, each instead of its key.
    package var callouts: [SceneCallout] = []
    /// The `name` of the theme the scene was styled with, when it has one; names snapshots
    /// and reports, never drawn.
    public var themeName: String?

    /// Pixels per point.
    public var scale: Double { frames.canvas.scale }
    /// Image size in pixels.
    public var imageWidth: Int { frames.imageWidth }
    /// Image height in pixels, the safe-area band included.
    public var imageHeight: Int { frames.imageHeight }

    /// A value with every stored property given; those with a default may be left out.
    package init(frames: KeyboardFrames, background: SceneBackground, font: SceneFont, toolbar: SceneToolbar? = nil, keys: [SceneKey], callouts: [SceneCallout] = [], themeName: String? = nil) {
        self.frames = frames
        self.background = background
        self.font = font
        self.toolbar = toolbar
        self.keys = keys
        self.callouts = callouts
        self.themeName = themeName
    }
}
