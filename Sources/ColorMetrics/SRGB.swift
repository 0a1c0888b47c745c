/// How the components of an ``RGB`` colour relate to light: ``GammaEncoded`` or
/// ``LinearLight``. The encoding is part of the type, so a gamma-encoded colour is never
/// used where linear light is meant.
public protocol RGBEncoding: Sendable {}

/// Components gamma-encoded with the sRGB transfer function, as stored in files and on screen.
public enum GammaEncoded: RGBEncoding {}

/// Components proportional to light: the sRGB transfer function undone.
public enum LinearLight: RGBEncoding {}

/// A colour with the sRGB primaries and D65 white (IEC 61966-2-1): red, green and blue,
/// each 0…1, encoded as `Encoding` says.
///
/// Components outside 0…1 are not rejected; every function here clamps them first.
public struct RGB<Encoding: RGBEncoding>: Sendable, Hashable {
    /// Red, 0…1.
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double

    /// A colour from its components, 0…1, in `Encoding`.
    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}

/// A colour in the sRGB colour space, gamma-encoded as stored in files and on screen: each
/// component 0…1 (`#FF8000` is `SRGB(red: 1, green: 0.502, blue: 0)`).
public typealias SRGB = RGB<GammaEncoded>

/// Linear-light sRGB: the sRGB primaries and D65 white, without the transfer function;
/// components 0…1, proportional to light.
public typealias LinearRGB = RGB<LinearLight>

extension RGB where Encoding == GammaEncoded {
    /// A colour from 8-bit channels, 0…255 (`#RRGGBB`).
    public init(red8: UInt8, green8: UInt8, blue8: UInt8) {
        self.init(red: Double(red8) / 255, green: Double(green8) / 255, blue: Double(blue8) / 255)
    }

    /// Opaque white.
    public static var white: SRGB { SRGB(red: 1, green: 1, blue: 1) }
    /// Opaque black.
    public static var black: SRGB { SRGB(red: 0, green: 0, blue: 0) }

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
        // ASCII: `0`…`9` from 48, `A`…`F` from 65.
        func digit(_ n: UInt8) -> UInt8 { n < 10 ? 48 + n : 55 + n }
        return String(decoding: [35, digit(r >> 4), digit(r & 15), digit(g >> 4), digit(g & 15), digit(b >> 4), digit(b & 15)], as: UTF8.self)
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

extension RGB where Encoding == LinearLight {
    /// The colour gamma-encoded again (the sRGB transfer function), each component clamped
    /// to 0…1 first.
    public var encoded: SRGB {
        SRGB(red: ColorMetrics.encode(red), green: ColorMetrics.encode(green), blue: ColorMetrics.encode(blue))
    }
}
