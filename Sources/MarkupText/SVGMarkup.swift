import Foundation

/// The bytes of an SVG document as it is written: UTF-8 text, with the one rule for numbers
/// and the one rule for escaping names and labels.
///
/// Numbers in user units are written with at most three decimals, trailing zeros dropped and
/// `-0` written `0`, so equal scenes give equal bytes on every machine. Text from files
/// (labels, names, font families) is escaped for where it goes: `&`, `<`, `>` and `"` in
/// attributes and text, tab, line feed and carriage return in attributes as character
/// references, and every character XML 1.0 cannot hold (other C0 controls, U+FFFE, U+FFFF)
/// as U+FFFD.
public struct SVGMarkup {
    /// The document so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty document with room for `capacity` bytes.
    public init(capacity: Int = 1 << 16) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends `text` as it is (markup the writer made).
    public mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends bytes another markup wrote.
    public mutating func raw(_ more: [UInt8]) {
        bytes.append(contentsOf: more)
    }

    /// Appends `data` in base64 (RFC 4648, with padding), as a data URI holds it.
    public mutating func base64(_ data: [UInt8]) {
        let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        bytes.reserveCapacity(bytes.count + (data.count + 2) / 3 * 4)
        var i = 0
        while i + 2 < data.count {
            let n = Int(data[i]) << 16 | Int(data[i + 1]) << 8 | Int(data[i + 2])
            bytes.append(alphabet[n >> 18])
            bytes.append(alphabet[(n >> 12) & 63])
            bytes.append(alphabet[(n >> 6) & 63])
            bytes.append(alphabet[n & 63])
            i += 3
        }
        let rest = data.count - i
        guard rest > 0 else { return }
        let n = Int(data[i]) << 16 | (rest == 2 ? Int(data[i + 1]) << 8 : 0)
        bytes.append(alphabet[n >> 18])
        bytes.append(alphabet[(n >> 12) & 63])
        bytes.append(rest == 2 ? alphabet[(n >> 6) & 63] : UInt8(ascii: "="))
        bytes.append(UInt8(ascii: "="))
    }

    /// Appends `value` in user units: at most three decimals.
    public mutating func number(_ value: Double) {
        let scaled = (value * 1000).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15 else {
            raw("0")
            return
        }
        var thousandths = Int(scaled)
        if thousandths < 0 {
            bytes.append(UInt8(ascii: "-"))
            thousandths = -thousandths
        }
        integer(thousandths / 1000)
        var fraction = thousandths % 1000
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var divisor = 100
        while fraction != 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }

    /// Appends a whole number.
    public mutating func integer(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            integer(value == Int.min ? Int.max : -value)
            return
        }
        if value >= 10 { integer(value / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// Appends ` name="value"` with `value` escaped for an attribute.
    public mutating func attribute(_ name: String, _ value: String) {
        bytes.append(UInt8(ascii: " "))
        raw(name)
        raw("=\"")
        escaped(value, inAttribute: true)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends ` name="NUMBER"` (`number(_:)`).
    public mutating func attribute(_ name: String, number value: Double) {
        bytes.append(UInt8(ascii: " "))
        raw(name)
        raw("=\"")
        number(value)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends ` x="…" y="…" width="…" height="…"`.
    public mutating func rectangle(x: Double, y: Double, width: Double, height: Double) {
        attribute("x", number: x)
        attribute("y", number: y)
        attribute("width", number: width)
        attribute("height", number: height)
    }

    /// Appends `text` escaped for element content (or, with `inAttribute`, for an attribute).
    public mutating func escaped(_ text: String, inAttribute: Bool = false) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": raw("&amp;")
            case "<": raw("&lt;")
            case ">": raw("&gt;")
            case "\"" where inAttribute: raw("&quot;")
            case "\t" where inAttribute: raw("&#9;")
            case "\n" where inAttribute: raw("&#10;")
            case "\r" where inAttribute: raw("&#13;")
            case "\t", "\n", "\r": bytes.append(UInt8(scalar.value))
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    raw("\u{FFFD}")
                } else if scalar.isASCII {
                    bytes.append(UInt8(scalar.value))
                } else {
                    bytes.append(contentsOf: String(scalar).utf8)
                }
            }
        }
    }

    /// Appends `text` inside a comment: `--` (which would end it early) becomes `- -`.
    public mutating func comment(_ text: String) {
        var safe = text
        while safe.contains("--") { safe = safe.replacingOccurrences(of: "--", with: "- -") }
        raw("<!-- ")
        escaped(safe.hasSuffix("-") ? safe + " " : safe)
        raw(" -->\n")
    }

    /// Appends a byte as two upper-case hexadecimal digits.
    public mutating func hexByte(_ value: UInt8) {
        let digits: [UInt8] = Array("0123456789ABCDEF".utf8)
        bytes.append(digits[Int(value >> 4)])
        bytes.append(digits[Int(value & 15)])
    }
}
