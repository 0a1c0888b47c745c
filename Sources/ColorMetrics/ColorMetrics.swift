#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The colour maths of the accessibility check and of image comparison, in one place:
/// the sRGB transfer function, WCAG 2.x relative luminance and contrast ratio, CIE L*a*b*
/// and CIEDE2000, and colour-vision-deficiency simulation.
public enum ColorMetrics {
    /// `value` limited to 0…1; NaN becomes 0.
    public static func clamped(_ value: Double) -> Double {
        guard value == value else { return 0 }
        return min(1, max(0, value))
    }

    /// The sRGB transfer function undone: a gamma-encoded component (0…1, clamped) as linear
    /// light. IEC 61966-2-1's threshold 0.04045 is used; WCAG 2.x writes 0.03928, which gives
    /// the same result for every 8-bit value.
    public static func linearize(_ encoded: Double) -> Double {
        let c = clamped(encoded)
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// The sRGB transfer function: a linear component (0…1, clamped) gamma-encoded.
    public static func encode(_ linear: Double) -> Double {
        let c = clamped(linear)
        return c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
    }

    /// WCAG 2.x relative luminance, 0 (black) … 1 (white):
    /// `0.2126 R + 0.7152 G + 0.0722 B` of the linear components.
    public static func relativeLuminance(_ color: SRGB) -> Double {
        let l = color.linear
        return 0.2126 * l.red + 0.7152 * l.green + 0.0722 * l.blue
    }

    /// WCAG 2.x contrast ratio `(L1 + 0.05) / (L2 + 0.05)`, L1 the lighter: 1 (equal
    /// luminance) … 21 (black on white). Symmetric; not rounded (WCAG compares unrounded
    /// values, so 4.499 fails 4.5).
    public static func contrastRatio(_ a: SRGB, _ b: SRGB) -> Double {
        let la = relativeLuminance(a), lb = relativeLuminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// CIEDE2000 colour difference ΔE₀₀ (CIE 142-2001) between two L*a*b* colours, with the
    /// parametric factors k_L = k_C = k_H = 1, following Sharma, Wu & Dalal (2005). 0 for equal
    /// colours; about 1 is a just-noticeable difference; symmetric.
    public static func deltaE2000(_ first: Lab, _ second: Lab) -> Double {
        let (l1, a1, b1) = (first.l, first.a, first.b)
        let (l2, a2, b2) = (second.l, second.a, second.b)
        let c1 = (a1 * a1 + b1 * b1).squareRoot(), c2 = (a2 * a2 + b2 * b2).squareRoot()
        let cMean = (c1 + c2) / 2
        let cMean7 = pow(cMean, 7)
        let g = 0.5 * (1 - (cMean7 / (cMean7 + pow(25, 7))).squareRoot())
        let a1p = (1 + g) * a1, a2p = (1 + g) * a2
        let c1p = (a1p * a1p + b1 * b1).squareRoot(), c2p = (a2p * a2p + b2 * b2).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = degrees(atan2(b, a))
            return h < 0 ? h + 360 : h
        }
        let h1p = hue(b1, a1p), h2p = hue(b2, a2p)
        let dLp = l2 - l1
        let dCp = c2p - c1p
        var dhp = 0.0
        if c1p * c2p != 0 {
            dhp = h2p - h1p
            if dhp > 180 { dhp -= 360 } else if dhp < -180 { dhp += 360 }
        }
        let dHp = 2 * (c1p * c2p).squareRoot() * sin(radians(dhp / 2))
        let lMeanP = (l1 + l2) / 2
        let cMeanP = (c1p + c2p) / 2
        var hMeanP = h1p + h2p
        if c1p * c2p != 0 {
            if abs(h1p - h2p) <= 180 {
                hMeanP = (h1p + h2p) / 2
            } else if h1p + h2p < 360 {
                hMeanP = (h1p + h2p + 360) / 2
            } else {
                hMeanP = (h1p + h2p - 360) / 2
            }
        }
        let t = 1 - 0.17 * cos(radians(hMeanP - 30)) + 0.24 * cos(radians(2 * hMeanP))
            + 0.32 * cos(radians(3 * hMeanP + 6)) - 0.20 * cos(radians(4 * hMeanP - 63))
        let dTheta = 30 * exp(-pow((hMeanP - 275) / 25, 2))
        let cMeanP7 = pow(cMeanP, 7)
        let rC = 2 * (cMeanP7 / (cMeanP7 + pow(25, 7))).squareRoot()
        let lShift = (lMeanP - 50) * (lMeanP - 50)
        let sL = 1 + 0.015 * lShift / (20 + lShift).squareRoot()
        let sC = 1 + 0.045 * cMeanP
        let sH = 1 + 0.015 * cMeanP * t
        let rT = -sin(radians(2 * dTheta)) * rC
        let termL = dLp / sL, termC = dCp / sC, termH = dHp / sH
        return (termL * termL + termC * termC + termH * termH + rT * termC * termH).squareRoot()
    }

    /// CIEDE2000 between two sRGB colours, each taken to L*a*b* (D65) first.
    public static func deltaE2000(_ first: SRGB, _ second: SRGB) -> Double {
        deltaE2000(Lab(first), Lab(second))
    }

    static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
}
