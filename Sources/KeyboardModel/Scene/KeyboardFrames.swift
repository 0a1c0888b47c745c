/// A rectangle on the pixel grid, in whole pixels.
public struct PixelRect: Sendable, Hashable {
    /// Left edge, pixels from the image's left edge.
    public var x: Int
    /// Top edge, pixels from the image's top edge.
    public var y: Int
    /// Width in pixels: the snapped right edge less the snapped left edge.
    public var width: Int
    /// Height in pixels: the snapped bottom edge less the snapped top edge.
    public var height: Int

    /// A value with every stored property given; those with a default may be left out.
    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

extension PixelRect {
    /// solver step 6 (Solver.swift): each edge of `frame` (points) snapped on its own, `round(t) = floor(t + 0.5)`.
    public init(snapping frame: Rect, scale: Double) {
        func round(_ t: Double) -> Int { Int(Self.snap(t, scale: scale)) }
        let left = round(frame.x), right = round(frame.maxX)
        let top = round(frame.y), bottom = round(frame.maxY)
        self.init(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The pixel grid's one rounding (solver step 6, Solver.swift): `t` points at `scale` pixels per point is
    /// `floor(t · scale + 0.5)` pixels. A `Double`, so callers can check its range before
    /// making it an `Int`.
    package static func snap(_ t: Double, scale: Double) -> Double {
        (t * scale + 0.5).rounded(.down)
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
    /// The key placed, after shuffling.
    public var key: Key
    /// The row the key starts in.
    public var row: Int
    /// Index in its row's slot list, obstacles counted (solver step 2).
    public var slot: Int
    /// Exact frame in points.
    public var frame: Rect
    /// The frame snapped to the pixel grid, in pixels (solver step 6, Solver.swift).
    public var pixelFrame: PixelRect
    /// FlorisBoard's touch cell around the drawn key, points; nil for every other placement
    /// (docs/format.md "HeliBoard and FlorisBoard layouts").
    package var cell: Rect? = nil

    /// A value with every stored property given; those with a default may be left out.
    package init(index: Int, key: Key, row: Int, slot: Int, frame: Rect, pixelFrame: PixelRect, cell: Rect? = nil) {
        self.index = index
        self.key = key
        self.row = row
        self.slot = slot
        self.frame = frame
        self.pixelFrame = pixelFrame
        self.cell = cell
    }
}

/// Which placement produced a set of frames (frames JSON `source`).
public enum FrameSource: String, Sendable, Hashable, CaseIterable {
    /// The weight solver of docs/layouts-and-themes.md.
    case weights
    /// Android's keyboard placement of docs/android-xml.md.
    case androidXML = "android-xml"
    /// HeliBoard's placement of docs/android-imes.md, in whole pixels.
    case heliboard
    /// FlorisBoard's placement of docs/android-imes.md, in float pixels.
    case florisboard
}

/// The solved geometry of one layout on one canvas: everything the frames JSON reports.
public struct KeyboardFrames: Sendable, Hashable {
    /// The layout's `name` (an Android file's stem), reported as `layout`.
    public var layoutName: String
    /// The canvas the layout was solved on: device, orientation, width, scale and safe areas.
    public var canvas: Canvas
    /// Keyboard width in points (the canvas width).
    public var width: Double
    /// Keyboard height in points, without the safe-area band.
    public var height: Double
    /// Height of the empty band below the keyboard, points: the device's safe bottom, or the
    /// geometry's `bottomBand` in its place (docs/ios-keyboard.md).
    public var safeAreaBottom: Double
    /// Image size in pixels, safe-area band included.
    public var imageWidth: Int
    /// Image height in pixels: keyboard and safe-area band, plus any callout overhang.
    public var imageHeight: Int
    /// The toolbar's bar across the full width, points; nil without a toolbar.
    public var toolbarFrame: Rect?
    /// The toolbar's title, nil without a toolbar.
    public var toolbarTitle: String?
    /// In key-list order (after shuffle).
    public var keys: [KeyFrame]
    /// Points between the toolbar and the first row (the layout's `toolbar.gap`); 0 without a toolbar.
    public var toolbarGap: Double = 0
    /// How far the keyboard sits below the image's top edge, points: an input callout over
    /// the top row grows the image upward by its overhang and moves every frame down by it.
    /// 0 when nothing overhangs. Frames, the toolbar and `height` are already moved.
    public var keyboardOrigin: Double = 0
    /// Which placement produced the frames.
    public var source: FrameSource = .weights
    /// What the layout is for (number and ID-card pads never show input callouts).
    public var layoutKind: LayoutKind = .custom
    /// The mode of an app's layout (docs/android-imes.md); nil for every other layout.
    package var imeMode: IMEMode? = nil
    /// The metrics row the layout read its numbers from (docs/ios-keyboard.md), nil for a layout without a
    /// table; the theme drawn over the frames reads its `"$COLUMN|DEFAULT"` numbers from it.
    package var metricsRow: MetricsRow?

    /// A value with every stored property given; those with a default may be left out.
    package init(layoutName: String, canvas: Canvas, width: Double, height: Double, safeAreaBottom: Double, imageWidth: Int, imageHeight: Int, toolbarFrame: Rect? = nil, toolbarTitle: String? = nil, keys: [KeyFrame], toolbarGap: Double = 0, keyboardOrigin: Double = 0, source: FrameSource = .weights, layoutKind: LayoutKind = .custom, imeMode: IMEMode? = nil, metricsRow: MetricsRow? = nil) {
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
        self.toolbarGap = toolbarGap
        self.keyboardOrigin = keyboardOrigin
        self.source = source
        self.layoutKind = layoutKind
        self.imeMode = imeMode
        self.metricsRow = metricsRow
    }
}

extension KeyboardFrames {
    /// These frames with the keyboard moved `points` down in a taller image: every frame
    /// and the toolbar move by `points`, pixel frames by `pixels`, and the image grows by
    /// `pixels`. `keyboardOrigin` grows by `points`.
    ///
    /// - Parameters:
    ///   - points: `pixels / scale`, so the pixel grid stays aligned.
    ///   - pixels: whole pixels the image grows by at the top.
    package func movedDown(points: Double, pixels: Int) -> KeyboardFrames {
        var moved = self
        moved.keyboardOrigin += points
        moved.imageHeight += pixels
        moved.toolbarFrame?.y += points
        for n in moved.keys.indices {
            moved.keys[n].frame.y += points
            moved.keys[n].pixelFrame.y += pixels
        }
        return moved
    }
}
