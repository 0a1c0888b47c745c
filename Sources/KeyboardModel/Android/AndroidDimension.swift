/// A `dimension|fraction` attribute value as Android's build tools store it (docs/android-xml.md
/// "Numbers"): a number quantised to a 24-bit-mantissa "complex", with its unit.
///
/// The stored value is exact in `Float`; converting it to pixels follows `TypedValue` and
/// `Keyboard.getDimensionOrFraction`: dimensions are truncated toward zero, fractions are
/// rounded half up against a base (the display width or height, pixels).

package struct AndroidDimension: Sendable, Hashable {
    /// The unit written after the number; the raw value is its spelling in the file (`dip` is
    /// read as `dp`).
    package enum Unit: String, Sendable, Hashable, CaseIterable {
        /// Pixels: the number as is, truncated toward zero.
        case px
        /// Density-independent pixels (`dp` or `dip`): × density `d`, truncated.
        case dp
        /// Scale-independent pixels: the same as `dp` here (no font scaling).
        case sp
        /// Points, 1/72 inch: × `xdpi / 72` with `xdpi = 160·d`, truncated.
        case pt
        /// Inches: × `xdpi` with `xdpi = 160·d`, truncated.
        case `in`
        /// Millimetres: × `xdpi / 25.4` with `xdpi = 160·d`, truncated.
        case mm
        /// `n%`: a fraction of the base.
        case percent = "%"
        /// `n%p`: a fraction of the parent's base; the same base here.
        case percentOfParent = "%p"

        /// True for `%` and `%p`: the value is a fraction of a base in pixels, rounded half up;
        /// false for the dimensions, converted to pixels and truncated.
        package var isFraction: Bool { self == .percent || self == .percentOfParent }
    }

    /// The quantised value: for fractions already × 0.01 (`10%p` → 0.1000000238).
    package var value: Float
    /// The unit the value is in; decides how it becomes pixels.
    package var unit: Unit

    /// A stored value as is: `value` must already be quantised (and × 0.01 for fractions); use
    /// `init?(_:)` to read text.
    package init(value: Float, unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// The dimension a file writes as `number` followed by `unit` (`46%p` is 46 and
    /// `.percentOfParent`), read as the build tools store it: fractions in hundredths, every
    /// value through `quantised(_:)`.
    package init(written number: Double, unit: Unit) {
        let value = Float(number)
        self.init(value: Self.quantised(unit.isFraction ? value * Float(0.01) : value), unit: unit)
    }

    /// Largest magnitude of the number as written; larger numbers do not fit the complex.
    package static let maxMagnitude: Float = 1_000_000

    /// The build tools' float-to-complex step, read back as Android reads it:
    /// `bits = trunc(|f|·2²³ + 0.5)` in float32; radix 23p0 when the low 23 bits are zero,
    /// else 0p23 / 8p15 / 16p7 / 23p0 by magnitude; a 24-bit two's-complement mantissa.
    package static func quantised(_ f: Float) -> Float {
        let negative = f < 0
        let magnitude = negative ? -f : f
        let product = magnitude * Float(1 << 23) + Float(0.5)
        guard product < Float(UInt64.max / 2) else { return f }
        let bits = UInt64(product)
        let shift: UInt64
        let exponent: Int
        if bits & 0x7F_FFFF == 0 {
            shift = 23; exponent = 0
        } else if bits & 0xFFFF_FFFF_FF80_0000 == 0 {
            shift = 0; exponent = 23
        } else if bits & 0xFFFF_FFFF_8000_0000 == 0 {
            shift = 8; exponent = 15
        } else if bits & 0xFFFF_FF80_0000_0000 == 0 {
            shift = 16; exponent = 7
        } else {
            shift = 23; exponent = 0
        }
        var mantissa = Int32(truncatingIfNeeded: (bits >> shift) & 0xFF_FFFF)
        if negative { mantissa = (-mantissa) & 0xFF_FFFF }
        // Android reads the mantissa from the top 24 bits of a signed int.
        let signed = (mantissa << 8) >> 8
        return Float(signed) * Float(sign: .plus, exponent: -exponent, significand: 1)
    }

    /// Pixels on a display of `density` (pixels per dp), following Android.
    ///
    /// Dimensions: `px` as is, `dp`/`sp` × density, `pt` × xdpi / 72, `in` × xdpi, `mm` ×
    /// xdpi / 25.4 with xdpi = 160 × density, in float32, truncated toward zero.
    /// Fractions: value × `base` in float32, rounded half up (`Math.round`).
    /// The result is a Java `int` conversion: NaN → 0, out-of-range values clamp.
    package func pixels(base: Int, density: Double) -> Int {
        let d = Float(density)
        let xdpi = d * 160
        switch unit {
        case .px: return Self.javaInt(value)
        case .dp, .sp: return Self.javaInt(value * d)
        case .pt: return Self.javaInt(value * xdpi * (Float(1) / 72))
        case .in: return Self.javaInt(value * xdpi)
        case .mm: return Self.javaInt(value * xdpi * (Float(1) / Float(25.4)))
        case .percent, .percentOfParent:
            let product = value * Float(base)
            return Self.javaInt((Double(product) + 0.5).rounded(.down))
        }
    }

    /// Java's `(int) f`: truncation toward zero, NaN → 0, clamped to the `Int32` range.
    package static func javaInt(_ f: Float) -> Int {
        if f.isNaN { return 0 }
        if f >= Float(Int32.max) { return Int(Int32.max) }
        if f <= Float(Int32.min) { return Int(Int32.min) }
        return Int(f.rounded(.towardZero))
    }

    /// Java's `Math.round` result already floored: clamped to the `Int32` range.
    static func javaInt(_ d: Double) -> Int {
        if d.isNaN { return 0 }
        return Int(min(max(d, Double(Int32.min)), Double(Int32.max)))
    }

    /// The value as written in messages (`10%p`, `3dp`).
    package var description: String {
        let shown = unit.isFraction ? Double(value) * 100 : Double(value)
        return "\(Limits.format(shown))\(unit.rawValue)"
    }
}
