/// A PNG with the facts needed to draw it; the bytes are read by whoever built the scene.
public struct SceneImage: Sendable, Hashable {
    /// Stable identity (the resolved path), for caching decoded images.
    public var id: String
    public var png: [UInt8]
    /// 9-slice cap insets in points on the key; zero insets stretch the whole image.
    public var capInsets: EdgeInsets
    /// Image pixels per point of `capInsets` (2 for `name@2x.png`, 3 for `@3x`, else 1).
    public var scale: Double

    public init(id: String, png: [UInt8], capInsets: EdgeInsets = .zero, scale: Double = 1) {
        self.id = id
        self.png = png
        self.capInsets = capInsets
        self.scale = scale
    }
}

/// A key style with every field decided: what the renderer paints. Lengths in points.
public struct ResolvedKeyStyle: Sendable, Hashable {
    public var fill: Color
    /// Drawn over `fill`, clipped to the key's shape.
    public var image: SceneImage?
    public var text: Color
    public var textSize: Double
    /// Already clamped to half the key's shorter side.
    public var cornerRadius: Double
    public var hiddenCorners: Set<Corner>
    public var borderWidth: Double
    public var borderColor: Color
    public var shadowHeight: Double
    public var shadowColor: Color

    public init(fill: Color, image: SceneImage? = nil, text: Color, textSize: Double, cornerRadius: Double, hiddenCorners: Set<Corner> = [], borderWidth: Double = 0, borderColor: Color = .clear, shadowHeight: Double = 0, shadowColor: Color = .clear) {
        self.fill = fill
        self.image = image
        self.text = text
        self.textSize = textSize
        self.cornerRadius = cornerRadius
        self.hiddenCorners = hiddenCorners
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        self.shadowHeight = shadowHeight
        self.shadowColor = shadowColor
    }
}

/// The icon drawn on a key, with the shift state already applied.
public enum SceneIcon: String, Sendable, Hashable, CaseIterable {
    case none
    /// Shift off: an outlined arrow.
    case shift
    /// Shift on: a filled arrow.
    case shiftOn
    /// Shift locked: a filled arrow with a bar under it.
    case shiftLocked
    case delete
    case `return`
    case collapse
    case globe
}

/// Shift state of a rendered keyboard.
public enum ShiftState: String, Sendable, Hashable, CaseIterable {
    case off, on, locked
}

/// One key ready to paint.
public struct SceneKey: Sendable, Hashable {
    public var frame: KeyFrame
    /// The text to draw (shift applied); empty when `icon` is not `.none`.
    public var label: String
    public var icon: SceneIcon
    public var state: KeyState
    public var style: ResolvedKeyStyle

    public init(frame: KeyFrame, label: String, icon: SceneIcon, state: KeyState, style: ResolvedKeyStyle) {
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
    public var frame: Rect
    public var pixelFrame: PixelRect
    public var title: String
    public var fill: Color
    public var text: Color
    /// Points.
    public var textSize: Double

    public init(frame: Rect, pixelFrame: PixelRect, title: String, fill: Color, text: Color, textSize: Double) {
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
    case color(Color)
    case image(SceneImage)
}

/// The font labels are set in.
public struct SceneFont: Sendable, Hashable {
    public var family: String
    public var weight: FontWeight

    public init(family: String, weight: FontWeight) {
        self.family = family
        self.weight = weight
    }
}

/// Everything the renderer needs, fully resolved: frames, labels, icons, styles per key and
/// state. The renderer only paints it (no layout math, no theme cascade).
public struct KeyboardScene: Sendable, Hashable {
    public var frames: KeyboardFrames
    /// Covers the whole image, the safe-area band included.
    public var background: SceneBackground
    public var font: SceneFont
    public var toolbar: SceneToolbar?
    /// In key-list order; painted in this order.
    public var keys: [SceneKey]
    /// The `name` of the theme the scene was styled with, when it has one; names snapshots
    /// and reports, never drawn.
    public var themeName: String?

    public init(frames: KeyboardFrames, background: SceneBackground, font: SceneFont, toolbar: SceneToolbar?, keys: [SceneKey], themeName: String? = nil) {
        self.frames = frames
        self.background = background
        self.font = font
        self.toolbar = toolbar
        self.keys = keys
        self.themeName = themeName
    }

    /// Pixels per point.
    public var scale: Double { frames.canvas.scale }
    /// Image size in pixels.
    public var imageWidth: Int { frames.imageWidth }
    public var imageHeight: Int { frames.imageHeight }
}
