/// A device (SPEC §3 table, §8): screen size, scale and safe areas per orientation.
///
/// A device is a preset (`Device.all`) or a custom pixel device written `WxH@D`
/// (`1080x2340@2.625`): a portrait screen W × H pixels at D pixels per point, no safe areas.
public struct Device: Sendable, Hashable {
    /// What a device gives in one orientation: the keyboard width, the screen height and the
    /// safe areas, in points.
    public struct Metrics: Sendable, Hashable {
        /// Keyboard width in points (the screen width).
        public var width: Double
        /// The screen's height in points in this orientation (Android's `%p` heights use it).
        public var screenHeight: Double
        /// Safe-area insets in points; `top` is unused.
        public var safeArea: EdgeInsets

        /// Metrics in points; no safe areas unless given.
        package init(width: Double, screenHeight: Double, safeArea: EdgeInsets = .zero) {
            self.width = width
            self.screenHeight = screenHeight
            self.safeArea = safeArea
        }
    }

    /// The name the device is chosen by (`iphone-15`), or the `WxH@D` text of a custom pixel
    /// device; the frames JSON reports it as `device`.
    public var name: String
    /// Pixels per point (an Android display's density).
    public var scale: Double
    /// Width, screen height and safe areas when held upright.
    public var portrait: Metrics
    /// Width, screen height and safe areas when held on its side.
    public var landscape: Metrics

    /// A device; `scale` is pixels per point, > 0.
    package init(name: String, scale: Double, portrait: Metrics, landscape: Metrics) {
        self.name = name
        self.scale = scale
        self.portrait = portrait
        self.landscape = landscape
    }

    /// The metrics of `orientation`.
    public func metrics(for orientation: Orientation) -> Metrics {
        orientation == .portrait ? portrait : landscape
    }

    /// The presets. Android phones are given by their real pixel sizes and densities, so a
    /// point is a dp: `pixel-8` 1080 × 2400 px at 2.625, `pixel-7-pro` 1440 × 3120 px at
    /// 3.5, `galaxy-s23` 1080 × 2340 px at 3.
    public static let all: [Device] = [
        .preset("iphone-se", 375, 2, 667, portraitBottom: 0, side: 0, landscapeBottom: 0),
        .preset("iphone-15", 393, 3, 852, portraitBottom: 34, side: 59, landscapeBottom: 21),
        .preset("iphone-15-pro-max", 430, 3, 932, portraitBottom: 34, side: 59, landscapeBottom: 21),
        .preset("ipad-10", 820, 2, 1180, portraitBottom: 20, side: 0, landscapeBottom: 20),
        .preset("android-phone", 412, 2.625, 915, portraitBottom: 0, side: 0, landscapeBottom: 0),
        .pixels("pixel-8", 1080, 2400, 2.625),
        .pixels("pixel-7-pro", 1440, 3120, 3.5),
        .pixels("galaxy-s23", 1080, 2340, 3),
    ]

    /// The preset a request without a device or a width is drawn on.
    package static let defaultName = "iphone-15"

    /// Largest side of a custom pixel device, pixels: the image limit of SPEC §7.
    package static var maxPixels: Int { Limits.maxImageSide }
    /// Densities a custom pixel device may have.
    package static var densityRange: ClosedRange<Double> { Limits.scale }

    /// The preset called `name`, or the custom pixel device `name` describes (`WxH@D`), or nil.
    public static func named(_ name: String) -> Device? {
        if let preset = all.first(where: { $0.name == name }) { return preset }
        if case .success(let device) = custom(name) { return device }
        return nil
    }

    /// Whether `name` has the shape of a custom pixel device (`WxH@D`), valid or not.
    package static func looksCustom(_ name: String) -> Bool {
        name.contains("@") && name.contains("x")
    }

    /// Reads `WxH@D`: W and H whole pixels 1…`maxPixels`, D a density in `densityRange`.
    ///
    /// - Returns: the device, or the reason it is not one (for messages).
    package static func custom(_ name: String) -> Result<Device, CustomDeviceProblem> {
        let parts = name.split(separator: "@", omittingEmptySubsequences: false)
        let size = parts.first?.split(separator: "x", omittingEmptySubsequences: false) ?? []
        guard parts.count == 2, size.count == 2, let w = Int(size[0]), let h = Int(size[1]),
              let d = FieldReader.parseNumber(String(parts[1])), d.isFinite else {
            return .failure(.init(reason: "\(Diagnostic.quote(name)) is not a device preset or a pixel device WIDTHxHEIGHT@DENSITY (such as 1080x2340@2.625)"))
        }
        guard (1...maxPixels).contains(w), (1...maxPixels).contains(h) else {
            return .failure(.init(reason: "\(Diagnostic.quote(name)): width and height must be 1…\(maxPixels) px"))
        }
        guard densityRange.contains(d) else {
            return .failure(.init(reason: "\(Diagnostic.quote(name)): density \(Limits.format(d)) is out of range \(Limits.format(densityRange.lowerBound))…\(Limits.format(densityRange.upperBound))"))
        }
        return .success(.pixels(name, w, h, d))
    }

    /// Why a `WxH@D` name is not a device.
    package struct CustomDeviceProblem: Error, Sendable, Hashable {
        /// Why, e.g. `"1080x2340@20": density 20 is out of range 0.1…10`, for messages.
        package var reason: String
    }

    private static func preset(_ name: String, _ width: Double, _ scale: Double, _ landscapeWidth: Double, portraitBottom: Double, side: Double, landscapeBottom: Double) -> Device {
        Device(
            name: name, scale: scale,
            portrait: Metrics(width: width, screenHeight: landscapeWidth, safeArea: EdgeInsets(bottom: portraitBottom)),
            landscape: Metrics(width: landscapeWidth, screenHeight: width, safeArea: EdgeInsets(left: side, bottom: landscapeBottom, right: side))
        )
    }

    /// A device of `width` × `height` portrait pixels at `density`, without safe areas.
    private static func pixels(_ name: String, _ width: Int, _ height: Int, _ density: Double) -> Device {
        let w = Double(width) / density, h = Double(height) / density
        return Device(name: name, scale: density, portrait: Metrics(width: w, screenHeight: h), landscape: Metrics(width: h, screenHeight: w))
    }
}

/// Where a keyboard is drawn: a device in an orientation, or a bare width.
public struct Canvas: Sendable, Hashable {
    /// The device's name, or nil for a custom width.
    public var deviceName: String?
    /// The orientation the keyboard is drawn in; the solver picks the layout's geometry for it.
    public var orientation: Orientation
    /// Keyboard width `W` in points.
    public var width: Double
    /// Pixels per point, > 0.
    public var scale: Double
    /// Safe-area insets in points: left/right add to the geometry's insets, bottom adds a band.
    public var safeArea: EdgeInsets
    /// When set, replaces the layout's height (a custom canvas's `--height`), points.
    public var heightOverride: Double?
    /// The screen's height in points, known for devices (not for a bare width); Android
    /// keyboard files need it (SPEC §8).
    public var screenHeight: Double?

    /// A canvas with every value given (no screen height: an Android keyboard file cannot be
    /// placed on it); lengths are points, `scale` pixels per point.
    public init(deviceName: String?, orientation: Orientation, width: Double, scale: Double, safeArea: EdgeInsets = .zero, heightOverride: Double? = nil) {
        self.deviceName = deviceName
        self.orientation = orientation
        self.width = width
        self.scale = scale
        self.safeArea = safeArea
        self.heightOverride = heightOverride
    }

    /// The canvas of a device.
    public init(device: Device, orientation: Orientation) {
        let metrics = device.metrics(for: orientation)
        self.init(deviceName: device.name, orientation: orientation, width: metrics.width, scale: device.scale, safeArea: metrics.safeArea)
        self.screenHeight = metrics.screenHeight
    }
}
