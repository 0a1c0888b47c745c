/// A rectangle in points (or pixels, where a name says so), origin at the top left, y down.
public struct Rect: Sendable, Hashable {
    /// Left edge (distance from the left of the image or keyboard).
    public var x: Double
    /// Top edge (distance from the top; y grows downward).
    public var y: Double
    /// Horizontal extent, ≥ 0 for a solved frame.
    public var width: Double
    /// Vertical extent, ≥ 0 for a solved frame.
    public var height: Double

    /// A rectangle with its top-left corner at (`x`, `y`); nothing is checked.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The right edge, `x + width`.
    public var maxX: Double { x + width }
    /// The bottom edge, `y + height`.
    public var maxY: Double { y + height }
}

/// Insets in points on each side of a rectangle; each is ≥ 0 once validated.
public struct EdgeInsets: Sendable, Hashable {
    /// Space along the top edge, points.
    public var top: Double
    /// Space along the left edge, points.
    public var left: Double
    /// Space along the bottom edge, points.
    public var bottom: Double
    /// Space along the right edge, points.
    public var right: Double

    /// Insets in points; sides left out are 0.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset on any side.
    public static let zero = EdgeInsets()
}

/// A colour with straight (not premultiplied) alpha; each channel is 0…255.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    /// Red channel, 0…255.
    public var red: UInt8
    /// Green channel, 0…255.
    public var green: UInt8
    /// Blue channel, 0…255.
    public var blue: UInt8
    /// Opacity, 0 (transparent) … 255 (opaque); the other channels are not multiplied by it.
    public var alpha: UInt8

    /// A colour from its channels; opaque unless `alpha` says otherwise.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Transparent black, `#00000000`: draws nothing.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black, `#000000FF`.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white, `#FFFFFFFF`.
    public static let white = Color(red: 255, green: 255, blue: 255)

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA`; returns nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = Array(hex.utf8.dropFirst())
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        let nibbles = digits.compactMap(nibble)
        guard nibbles.count == digits.count else { return nil }
        switch nibbles.count {
        case 3:
            self.init(red: nibbles[0] * 17, green: nibbles[1] * 17, blue: nibbles[2] * 17)
        case 6, 8:
            let bytes = stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] }
            self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 255)
        default:
            return nil
        }
    }

    /// `#RRGGBBAA`, upper case.
    public var description: String {
        let hex = [red, green, blue, alpha].map { byte -> String in
            let s = String(byte, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + hex.joined()
    }
}

/// Cubic Bézier curves as the scene's outlines and the painter's rounded rectangles draw them.
package enum Bezier {
    /// Distance of a quarter circle's control points from its ends, as a fraction of the
    /// radius: 4(√2 − 1)/3, the usual cubic approximation of a circular arc.
    package static let quarterCircleKappa = 0.5522847498307936
}
