/// Rules for text the engine draws (labels, shift labels, titles, names in captions).
///
/// Every output format must be able to draw the same text, so what one format refuses is
/// refused for all of them when the file is decoded: control characters (C0, DEL, C1) and
/// Unicode noncharacters (U+FDD0…U+FDEF and U+xFFFE/U+xFFFF, which cairo's PDF and SVG
/// writers reject) are errors.
package enum Text {
    /// Whether `scalar` is a Unicode noncharacter.
    package static func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (0xFDD0...0xFDEF).contains(v) || (v & 0xFFFE) == 0xFFFE
    }

    /// Whether `scalar` shows as a visible character: not a control, format, separator,
    /// private-use or unassigned code point (noncharacters are unassigned).
    package static func isVisibleCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return false
        default:
            return true
        }
    }

    /// Why `text` cannot be drawn, or nil when it can.
    package static func drawingProblem(_ text: String) -> String? {
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x20 || (0x7F...0x9F).contains(v) {
                return "holds the control character U+\(hex(v)), which cannot be drawn"
            }
            if isNoncharacter(scalar) {
                return "holds U+\(hex(v)), a Unicode noncharacter, which cannot be drawn"
            }
        }
        return nil
    }

    /// Parses decimal numbers as JSON and YAML write them; rejects hex, `.inf` and words.
    package static func parseNumber(_ text: String) -> Double? {
        let lowered = text.lowercased()
        if lowered == "nan" || lowered == ".nan" { return .nan }
        if ["inf", "+inf", ".inf", "+.inf", "infinity"].contains(lowered) { return .infinity }
        if ["-inf", "-.inf", "-infinity"].contains(lowered) { return -.infinity }
        guard text.utf8.allSatisfy({ b in
            (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: ".") || b == UInt8(ascii: "-")
                || b == UInt8(ascii: "+") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
        }) else { return nil }
        return Double(text)
    }

    private static func hex(_ v: UInt32) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
