#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A colour in CIE 1976 L*a*b* relative to the D65 white point (the white of sRGB):
/// `l` 0 (black) … 100 (white), `a` green (−) to red (+), `b` blue (−) to yellow (+).
public struct Lab: Sendable, Hashable {
    /// Lightness L*, 0…100.
    public var l: Double
    /// a*: green (negative) to red (positive).
    public var a: Double
    /// b*: blue (negative) to yellow (positive).
    public var b: Double

    /// A colour from its L*, a* and b*.
    public init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// The sRGB colour in L*a*b*: linearised, to CIE XYZ with the sRGB matrix
    /// (IEC 61966-2-1), then to L*a*b* with the D65 white X = 0.95047, Y = 1, Z = 1.08883 and
    /// the CIE's exact constants ε = 216/24389, κ = 24389/27.
    public init(_ color: SRGB) {
        let c = color.linear
        let x = 0.4124564 * c.red + 0.3575761 * c.green + 0.1804375 * c.blue
        let y = 0.2126729 * c.red + 0.7151522 * c.green + 0.0721750 * c.blue
        let z = 0.0193339 * c.red + 0.1191920 * c.green + 0.9503041 * c.blue
        let epsilon = 216.0 / 24389, kappa = 24389.0 / 27
        func f(_ t: Double) -> Double { t > epsilon ? cbrt(t) : (kappa * t + 16) / 116 }
        let fx = f(x / 0.95047), fy = f(y / 1.0), fz = f(z / 1.08883)
        self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }
}
