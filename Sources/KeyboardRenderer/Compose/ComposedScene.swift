import KeyboardModel


/// A store screenshot ready to paint: the canvas, its background, and the framed device with
/// the keyboard on its screen. Every position is resolved (canvas or screen pixels, as each
/// field says); the renderer does no layout. The caption, which differs per locale, is given
/// to the painter beside it (`ComposedCaption`), so one scene serves a whole localised set.
public struct ComposedScene: Sendable {
    /// The canvas's width, pixels; the image written is exactly this wide.
    public var width: Int
    /// The canvas's height, pixels.
    public var height: Int
    /// What the canvas shows under everything.
    public var background: ComposedBackground
    /// The device: its screen, where the screen lies on the canvas, and its frame.
    public var device: ComposedDevice

    /// A scene; sizes are checked when it is painted (`Limits.imageSizeProblem`).
    public init(width: Int, height: Int, background: ComposedBackground, device: ComposedDevice) {
        self.width = width
        self.height = height
        self.background = background
        self.device = device
    }
}

/// The canvas's background.
public enum ComposedBackground: Sendable {
    /// One colour; painted over white, so a translucent colour still gives opaque pixels.
    case color(Color)
    /// A decoded image scaled to cover the whole canvas, centred (its excess cut evenly).
    case image(RasterImage)
}

/// An image placed on a surface: drawn stretched over `rect` (pixels of that surface).
public struct PlacedImage: Sendable {
    /// The decoded pixels.
    public var image: RasterImage
    /// Where the whole image lands, pixels; it may reach beyond the surface (then it is cut).
    public var rect: Rect

    /// An image and the rectangle it is drawn over.
    public init(image: RasterImage, rect: Rect) {
        self.image = image
        self.rect = rect
    }
}

/// What a device's screen shows, in the screen's own pixels (points × the device's scale).
public struct ComposedScreen: Sendable {
    /// The screen's width, pixels.
    public var width: Int
    /// The screen's height, pixels.
    public var height: Int
    /// The colour under the app image (the whole screen when there is none).
    public var fill: Color
    /// The app's screenshot, when one is given.
    public var app: PlacedImage?
    /// The keyboard, painted exactly as `render` paints it into its own image, which is then
    /// laid over the screen with its top-left corner at (`keyboardX`, `keyboardY`).
    public var keyboard: KeyboardScene
    /// The keyboard image's left edge on the screen, pixels.
    public var keyboardX: Int
    /// The keyboard image's top edge on the screen, pixels.
    public var keyboardY: Int
    /// The status bar over the top of the screen, or nil for none.
    public var statusBar: ComposedStatusBar?

    /// A screen; the keyboard's place is whole pixels so its pixels are copied, not resampled.
    public init(width: Int, height: Int, fill: Color, app: PlacedImage?, keyboard: KeyboardScene, keyboardX: Int, keyboardY: Int, statusBar: ComposedStatusBar?) {
        self.width = width
        self.height = height
        self.fill = fill
        self.app = app
        self.keyboard = keyboard
        self.keyboardX = keyboardX
        self.keyboardY = keyboardY
        self.statusBar = statusBar
    }
}

/// A status bar as iOS and Android draw it with every indicator full: the time, signal bars,
/// Wi-Fi and a full battery, in one colour. Positions are screen pixels.
public struct ComposedStatusBar: Sendable {
    /// The time shown (`9:41`).
    public var time: String
    /// The font of the time.
    public var font: SceneFont
    /// The time's size, pixels.
    public var timeSize: Double
    /// Where the centre of the time's text box lies, pixels.
    public var timeCenterX: Double
    /// Where the centre of the time's text box lies, pixels.
    public var timeCenterY: Double
    /// The box of the four signal bars, pixels.
    public var signal: Rect
    /// The box of the Wi-Fi fan, pixels.
    public var wifi: Rect
    /// The box of the battery, its nub included, pixels.
    public var battery: Rect
    /// The colour of everything drawn: black on a light app, white on a dark one.
    public var color: Color

    /// A status bar with every position given.
    public init(time: String, font: SceneFont, timeSize: Double, timeCenterX: Double, timeCenterY: Double, signal: Rect, wifi: Rect, battery: Rect, color: Color) {
        self.time = time
        self.font = font
        self.timeSize = timeSize
        self.timeCenterX = timeCenterX
        self.timeCenterY = timeCenterY
        self.signal = signal
        self.wifi = wifi
        self.battery = battery
        self.color = color
    }
}

/// The device on the canvas: the screen's place and scale, and the frame around it.
public struct ComposedDevice: Sendable {
    /// What the screen shows.
    public var screen: ComposedScreen
    /// The screen's left edge on the canvas, whole pixels.
    public var screenX: Int
    /// The screen's top edge on the canvas, whole pixels.
    public var screenY: Int
    /// Canvas pixels per screen pixel, > 0; at 1 the screen's pixels are copied unchanged.
    public var scale: Double
    /// The radius the screen is clipped to, canvas pixels; 0 for square corners.
    public var cornerRadius: Double
    /// What surrounds the screen.
    public var frame: ComposedFrame

    /// A device; the screen is clipped to `cornerRadius` on the canvas.
    public init(screen: ComposedScreen, screenX: Int, screenY: Int, scale: Double, cornerRadius: Double, frame: ComposedFrame) {
        self.screen = screen
        self.screenX = screenX
        self.screenY = screenY
        self.scale = scale
        self.cornerRadius = cornerRadius
        self.frame = frame
    }
}

/// The device's frame.
public enum ComposedFrame: Sendable {
    /// None: the bare screen.
    case none
    /// A device drawn as vectors from the device table.
    case vector(VectorFrame)
    /// A picture of a frame laid over the screen; its screen area is transparent.
    case image(PlacedImage)
}

/// A device body drawn as vectors, in canvas pixels: a rounded body in one colour with a
/// lighter rim, the screen's cut-out over the screen, and the home button.
public struct VectorFrame: Sendable {
    /// The body's outline.
    public var body: Rect
    /// The body's corner radius.
    public var bodyRadius: Double
    /// The body's colour.
    public var color: Color
    /// The thin rim along the body's edge (the metal band).
    public var rim: Color
    /// The rim's width.
    public var rimWidth: Double
    /// The cut-out over the screen, or nil.
    public var cutout: CutoutShape?
    /// The home button, or nil.
    public var homeButton: HomeButtonShape?

    /// A frame with every part given.
    public init(body: Rect, bodyRadius: Double, color: Color, rim: Color, rimWidth: Double, cutout: CutoutShape?, homeButton: HomeButtonShape?) {
        self.body = body
        self.bodyRadius = bodyRadius
        self.color = color
        self.rim = rim
        self.rimWidth = rimWidth
        self.cutout = cutout
        self.homeButton = homeButton
    }
}

/// A cut-out in canvas pixels, filled black.
public struct CutoutShape: Sendable {
    /// Its bounding box.
    public var rect: Rect
    /// Which shape fills the box: a pill (`island`), a circle (`hole`), or a notch hanging
    /// from the screen edge the box touches.
    public var kind: DeviceOutline.CutoutKind
    /// For a notch: true when it hangs from the left edge (the device held on its side),
    /// false when from the top.
    public var fromLeftEdge: Bool

    /// A cut-out.
    public init(rect: Rect, kind: DeviceOutline.CutoutKind, fromLeftEdge: Bool) {
        self.rect = rect
        self.kind = kind
        self.fromLeftEdge = fromLeftEdge
    }
}

/// A round home button in canvas pixels.
public struct HomeButtonShape: Sendable {
    /// Its centre.
    public var centerX: Double
    /// Its centre.
    public var centerY: Double
    /// Its radius.
    public var radius: Double
    /// Its face.
    public var fill: Color
    /// The ring around it.
    public var ring: Color

    /// A button.
    public init(centerX: Double, centerY: Double, radius: Double, fill: Color, ring: Color) {
        self.centerX = centerX
        self.centerY = centerY
        self.radius = radius
        self.fill = fill
        self.ring = ring
    }
}

/// A caption set on the canvas: the text wrapped to `box.width` and centred in it, its first
/// line's top at `box.y`. Canvas pixels.
public struct ComposedCaption: Sendable {
    /// The text; a newline starts a new line.
    public var text: String
    /// Its font.
    public var font: SceneFont
    /// Its size, pixels.
    public var size: Double
    /// Its colour.
    public var color: Color
    /// Where the wrapped text lies; its width is the wrapping width.
    public var box: Rect

    /// A caption.
    public init(text: String, font: SceneFont, size: Double, color: Color, box: Rect) {
        self.text = text
        self.font = font
        self.size = size
        self.color = color
        self.box = box
    }
}

/// The files a composed canvas is written as: a PNG without alpha, or a JPEG.
public enum StillImageFormat: String, Sendable, Hashable, CaseIterable {
    /// 8-bit RGB PNG (colour type 2): no alpha channel, which the App Store refuses.
    case png
    /// Baseline JPEG at quality `StillImageFormat.jpegQuality`.
    case jpeg

    /// The quality JPEG files are written at.
    public static let jpegQuality = 92

    /// The format an output name's extension names (`.png`; `.jpg`, `.jpeg`), or nil.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        default: return nil
        }
    }
}
