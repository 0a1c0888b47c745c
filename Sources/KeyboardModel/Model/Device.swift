/// A device (the presets `render-keyboard list` prints, and pixel devices): screen size, scale and safe areas per orientation.
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
        public var safeArea: EdgeInsets = .zero
    }

    /// The name the device is chosen by (`iphone-15`), or the `WxH@D` text of a custom pixel
    /// device; the frames JSON reports it as `device`.
    public var name: String
    /// The other name of an iPhone or iPad preset, `iphone-WxH` or `ipad-WxH` from its
    /// portrait screen size in points (`iphone-390x844` is `iphone-14`); nil for others.
    public var alias: String?
    /// Pixels per point (an Android display's density), > 0.
    public var scale: Double
    /// Width, screen height and safe areas when held upright.
    public var portrait: Metrics
    /// Width, screen height and safe areas when held on its side.
    public var landscape: Metrics

    /// The metrics of `orientation`.
    public func metrics(for orientation: Orientation) -> Metrics {
        orientation == .portrait ? portrait : landscape
    }

    /// The presets: the iPhone and iPad screen sizes of docs/ios-keyboard.md, each also named by its
    /// `alias` (`iphone-390x844`), and Android phones. Safe areas are those of the system
    /// keyboard: Face ID iPhones keep 34 pt below the keyboard in portrait and 21 pt in
    /// landscape, with their sensor housing's side inset in landscape; iPads with a home
    /// indicator keep 20 pt. Android phones are given by their real pixel sizes and densities,
    /// so a point is a dp: `pixel-8` 1080 × 2400 px at 2.625, `pixel-7-pro` 1440 × 3120 px at
    /// 3.5, `galaxy-s23` 1080 × 2340 px at 3.
    public static let all: [Device] = [
        .apple("iphone-se-1", 320, 568, 2),
        .apple("iphone-se", 375, 667, 2),
        .apple("iphone-13-mini", 375, 812, 3, faceIDSide: 50),
        .apple("iphone-14", 390, 844, 3, faceIDSide: 47),
        .apple("iphone-15", 393, 852, 3, faceIDSide: 59),
        .apple("iphone-16-pro", 402, 874, 3, faceIDSide: 62),
        .apple("iphone-8-plus", 414, 736, 3),
        .apple("iphone-11", 414, 896, 2, faceIDSide: 48),
        .apple("iphone-14-plus", 428, 926, 3, faceIDSide: 47),
        .apple("iphone-15-pro-max", 430, 932, 3, faceIDSide: 59),
        .apple("iphone-16-pro-max", 440, 956, 3, faceIDSide: 62),
        .apple("ipad-6", 768, 1024, 2),
        .apple("ipad-9", 810, 1080, 2),
        .apple("ipad-10", 820, 1180, 2, homeIndicator: 20),
        .preset("android-phone", 412, 2.625, 915, portraitBottom: 0, side: 0, landscapeBottom: 0),
        .pixels("pixel-8", 1080, 2400, 2.625),
        .pixels("pixel-7-pro", 1440, 3120, 3.5),
        .pixels("galaxy-s23", 1080, 2340, 3),
    ]

    /// The preset a request without a device or a width is drawn on.
    package static let defaultName = "iphone-15"

    /// Largest side of a custom pixel device, pixels: the image limit of docs/rendering.md.
    package static var maxPixels: Int { Limits.maxImageSide }
    /// Densities a custom pixel device may have.
    package static var densityRange: ClosedRange<Double> { Limits.scale }

    /// The preset called `name` (or whose `alias` it is), or the custom pixel device `name`
    /// describes (`WxH@D`), or nil. A preset found by its alias keeps its own `name`.
    public static func named(_ name: String) -> Device? {
        if let preset = all.first(where: { $0.name == name || $0.alias == name }) { return preset }
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
              let d = Text.parseNumber(String(parts[1])), d.isFinite else {
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

    /// An iPhone or iPad of `width` × `height` portrait points at `scale`, named also
    /// `FAMILY-WxH`. A Face ID iPhone (`faceIDSide`, its landscape side inset) keeps 34 pt
    /// below the keyboard in portrait and 21 pt in landscape; an iPad with a home indicator
    /// keeps `homeIndicator` in both.
    private static func apple(_ name: String, _ width: Int, _ height: Int, _ scale: Double, faceIDSide: Double? = nil, homeIndicator: Double = 0) -> Device {
        var device = preset(
            name, Double(width), scale, Double(height), portraitBottom: faceIDSide == nil ? homeIndicator : 34,
            side: faceIDSide ?? 0, landscapeBottom: faceIDSide == nil ? homeIndicator : 21
        )
        let family = name.hasPrefix("ipad") ? "ipad" : "iphone"
        device.alias = "\(family)-\(width)x\(height)"
        return device
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
    /// keyboard files need it (docs/android-xml.md).
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
