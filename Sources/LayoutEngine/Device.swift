/// A device preset (SPEC §3 table): screen width, scale and safe areas per orientation.
public struct Device: Sendable, Hashable {
    public struct Metrics: Sendable, Hashable {
        /// Keyboard width in points (the screen width).
        public var width: Double
        /// Safe-area insets in points; `top` is unused.
        public var safeArea: EdgeInsets
    }

    public var name: String
    /// Pixels per point.
    public var scale: Double
    public var portrait: Metrics
    public var landscape: Metrics

    public func metrics(for orientation: Orientation) -> Metrics {
        orientation == .portrait ? portrait : landscape
    }

    public static let all: [Device] = [
        .preset("iphone-se", 375, 2, 667, portraitBottom: 0, side: 0, landscapeBottom: 0),
        .preset("iphone-15", 393, 3, 852, portraitBottom: 34, side: 59, landscapeBottom: 21),
        .preset("iphone-15-pro-max", 430, 3, 932, portraitBottom: 34, side: 59, landscapeBottom: 21),
        .preset("ipad-10", 820, 2, 1180, portraitBottom: 20, side: 0, landscapeBottom: 20),
        .preset("android-phone", 412, 2.625, 915, portraitBottom: 0, side: 0, landscapeBottom: 0),
    ]

    /// The preset called `name`, or nil.
    public static func named(_ name: String) -> Device? {
        all.first { $0.name == name }
    }

    private static func preset(_ name: String, _ width: Double, _ scale: Double, _ landscapeWidth: Double, portraitBottom: Double, side: Double, landscapeBottom: Double) -> Device {
        Device(
            name: name, scale: scale,
            portrait: Metrics(width: width, safeArea: EdgeInsets(bottom: portraitBottom)),
            landscape: Metrics(width: landscapeWidth, safeArea: EdgeInsets(left: side, bottom: landscapeBottom, right: side))
        )
    }
}

/// Where a keyboard is drawn: a device preset in an orientation, or a bare width.
public struct Canvas: Sendable, Hashable {
    /// The preset's name, or nil for a custom width.
    public var deviceName: String?
    public var orientation: Orientation
    /// Keyboard width `W` in points.
    public var width: Double
    /// Pixels per point, > 0.
    public var scale: Double
    /// Safe-area insets in points: left/right add to the geometry's insets, bottom adds a band.
    public var safeArea: EdgeInsets
    /// When set, replaces the layout's height (a custom canvas's `--height`), points.
    public var heightOverride: Double?

    public init(deviceName: String?, orientation: Orientation, width: Double, scale: Double, safeArea: EdgeInsets = .zero, heightOverride: Double? = nil) {
        self.deviceName = deviceName
        self.orientation = orientation
        self.width = width
        self.scale = scale
        self.safeArea = safeArea
        self.heightOverride = heightOverride
    }

    /// The canvas of a device preset.
    public init(device: Device, orientation: Orientation) {
        let metrics = device.metrics(for: orientation)
        self.init(deviceName: device.name, orientation: orientation, width: metrics.width, scale: device.scale, safeArea: metrics.safeArea)
    }
}
