/// A colour in the sRGB colour space (IEC 61966-2-1), gamma-encoded as stored in files and on
/// screen: each component 0…1 (`#FF8000` is `SRGB(red: 1, green: 0.502, blue: 0)`).
///
/// Components outside 0…1 are not rejected; every function here clamps them first.
public struct SRGB: Sendable, Hashable {
    /// Red, 0…1, gamma-encoded.
    public var red: Double
    /// Green, 0…1, gamma-encoded.
    public var green: Double
    /// Blue, 0…1, gamma-encoded.
    public var blue: Double

    /// A colour from gamma-encoded components, 0…1.
    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A colour from 8-bit channels, 0…255 (`#RRGGBB`).
    public init(red8: UInt8, green8: UInt8, blue8: UInt8) {
        self.init(red: Double(red8) / 255, green: Double(green8) / 255, blue: Double(blue8) / 255)
    }

    /// Opaque white.
    public static let white = SRGB(red: 1, green: 1, blue: 1)
    /// Opaque black.
    public static let black = SRGB(red: 0, green: 0, blue: 0)

    /// The colour as linear-light RGB (the sRGB transfer function undone, per component).
    public var linear: LinearRGB {
        LinearRGB(red: ColorMetrics.linearize(red), green: ColorMetrics.linearize(green), blue: ColorMetrics.linearize(blue))
    }

    /// The nearest 8-bit channels, each rounded and clamped to 0…255.
    public var channels8: (red: UInt8, green: UInt8, blue: UInt8) {
        func byte(_ value: Double) -> UInt8 { UInt8((ColorMetrics.clamped(value) * 255).rounded()) }
        return (byte(red), byte(green), byte(blue))
    }

    /// `#RRGGBB`, upper-case, from the nearest 8-bit channels.
    public var hex: String {
        let (r, g, b) = channels8
        let digits = Array("0123456789ABCDEF")
        return "#" + String([r >> 4, r & 15, g >> 4, g & 15, b >> 4, b & 15].map { digits[Int($0)] })
    }

    /// This colour drawn with opacity `alpha` (0…1) over the opaque `background`, blended per
    /// component in gamma-encoded sRGB, as Cairo and browsers blend by default:
    /// `alpha × self + (1 − alpha) × background`.
    public func composited(alpha: Double, over background: SRGB) -> SRGB {
        let a = ColorMetrics.clamped(alpha)
        func mix(_ top: Double, _ bottom: Double) -> Double { a * ColorMetrics.clamped(top) + (1 - a) * ColorMetrics.clamped(bottom) }
        return SRGB(red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
    }
}

/// Linear-light sRGB: the sRGB primaries and D65 white, without the transfer function;
/// components 0…1, proportional to light.
public struct LinearRGB: Sendable, Hashable {
    /// Red, 0…1, linear.
    public var red: Double
    /// Green, 0…1, linear.
    public var green: Double
    /// Blue, 0…1, linear.
    public var blue: Double

    /// A colour from linear components, 0…1.
    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The colour gamma-encoded again (the sRGB transfer function), each component clamped
    /// to 0…1 first.
    public var encoded: SRGB {
        SRGB(red: ColorMetrics.encode(red), green: ColorMetrics.encode(green), blue: ColorMetrics.encode(blue))
    }
}
