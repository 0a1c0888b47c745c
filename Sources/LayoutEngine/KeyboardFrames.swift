/// A rectangle on the pixel grid, in whole pixels.
public struct PixelRect: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// SPEC §3.6: each edge of `frame` (points) snapped on its own, `round(t) = floor(t + 0.5)`.
    public init(snapping frame: Rect, scale: Double) {
        func round(_ t: Double) -> Int { Int((t * scale + 0.5).rounded(.down)) }
        let left = round(frame.x), right = round(frame.maxX)
        let top = round(frame.y), bottom = round(frame.maxY)
        self.init(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// This rectangle in points at `scale` pixels per point.
    public func points(scale: Double) -> Rect {
        Rect(x: Double(x) / scale, y: Double(y) / scale, width: Double(width) / scale, height: Double(height) / scale)
    }
}

/// One key placed by the solver.
public struct KeyFrame: Sendable, Hashable {
    /// Position in the (shuffled) key list.
    public var index: Int
    public var key: Key
    /// The row the key starts in.
    public var row: Int
    /// Index in its row's slot list, obstacles counted (SPEC §3 step 2).
    public var slot: Int
    /// Exact frame in points.
    public var frame: Rect
    /// The frame snapped to the pixel grid, in pixels (SPEC §3.6).
    public var pixelFrame: PixelRect

    public init(index: Int, key: Key, row: Int, slot: Int, frame: Rect, pixelFrame: PixelRect) {
        self.index = index
        self.key = key
        self.row = row
        self.slot = slot
        self.frame = frame
        self.pixelFrame = pixelFrame
    }
}

/// Which placement produced a set of frames (frames JSON `source`).
public enum FrameSource: String, Sendable, Hashable, CaseIterable {
    /// The weight solver of SPEC §3.
    case weights
    /// Android's keyboard placement of SPEC §8.
    case androidXML = "android-xml"
}

/// The solved geometry of one layout on one canvas: everything the frames JSON reports.
public struct KeyboardFrames: Sendable, Hashable {
    public var layoutName: String
    public var canvas: Canvas
    /// Keyboard width in points (the canvas width).
    public var width: Double
    /// Keyboard height in points, without the safe-area band.
    public var height: Double
    /// Height of the empty band below the keyboard, points.
    public var safeAreaBottom: Double
    /// Image size in pixels, safe-area band included.
    public var imageWidth: Int
    public var imageHeight: Int
    /// The toolbar's bar across the full width, points; nil without a toolbar.
    public var toolbarFrame: Rect?
    public var toolbarTitle: String?
    /// In key-list order (after shuffle).
    public var keys: [KeyFrame]
    /// Which placement produced the frames.
    public var source: FrameSource = .weights

    public init(layoutName: String, canvas: Canvas, width: Double, height: Double, safeAreaBottom: Double, imageWidth: Int, imageHeight: Int, toolbarFrame: Rect?, toolbarTitle: String?, keys: [KeyFrame]) {
        self.layoutName = layoutName
        self.canvas = canvas
        self.width = width
        self.height = height
        self.safeAreaBottom = safeAreaBottom
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
        self.toolbarFrame = toolbarFrame
        self.toolbarTitle = toolbarTitle
        self.keys = keys
    }
}
