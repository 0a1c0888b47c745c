/// HTML character references (`&quot;`, `&#34;`, `&#x22;`) in a `passwordrules` value.
///
/// A rule copied from a page's HTML source keeps them as written, while a browser decodes the
/// attribute before Safari reads the rule: `[&quot;]` is the class `["]` in the page, but the
/// characters `& q u o t ;` when the source text is parsed as it stands. `find` flags them;
/// `decode` reads them as a browser reads an attribute value.
///
/// Decoded: numeric references, decimal or hexadecimal, with or without the closing `;`
/// (0, surrogates and values past U+10FFFF become U+FFFD, 0x80–0x9F are read as
/// windows-1252, as HTML says), and the named references `amp`, `lt`, `gt`, `quot`, `apos`,
/// `nbsp` and HTML's names for the ASCII punctuation (`&num;`, `&excl;`, `&lsqb;`, …), each
/// with its `;`. Any other `&` is left as it is, as a browser leaves an unknown name.
public enum HTMLCharacterReferences {
    /// One character reference in a text.
    public struct Reference: Hashable, Sendable {
        /// Where it starts: 1-based, counted in Unicode scalars (as rule diagnostics count).
        public var column: Int
        /// As written, `&quot;`.
        public var written: String
        /// What a browser reads, `"`.
        public var decoded: String
    }

    /// Every reference in `text`, in order. Linear in its length.
    public static func find(in text: String) -> [Reference] {
        let scalars = Array(text.unicodeScalars)
        var found: [Reference] = []
        var position = 0
        while position < scalars.count {
            if let (decoded, end) = reference(in: scalars, at: position) {
                var written = ""
                written.unicodeScalars.append(contentsOf: scalars[position..<end])
                found.append(Reference(column: position + 1, written: written, decoded: decoded))
                position = end
            } else {
                position += 1
            }
        }
        return found
    }

    /// `text` with every reference `find` reports replaced by what it stands for.
    public static func decode(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = ""
        var position = 0
        while position < scalars.count {
            if let (decoded, end) = reference(in: scalars, at: position) {
                result += decoded
                position = end
            } else {
                result.unicodeScalars.append(scalars[position])
                position += 1
            }
        }
        return result
    }

    /// The reference starting at `start` (an `&`): what it stands for and where it ends.
    static func reference(in scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        guard scalars[start] == "&", start + 1 < scalars.count else { return nil }
        var position = start + 1
        if scalars[position] == "#" {
            position += 1
            let hex = position < scalars.count && (scalars[position] == "x" || scalars[position] == "X")
            if hex { position += 1 }
            let digitsStart = position
            var value: UInt32 = 0
            while position < scalars.count, let digit = digitValue(scalars[position], hex: hex) {
                value = min(value &* (hex ? 16 : 10) &+ digit, 0x110000)   // saturates past U+10FFFF
                position += 1
            }
            guard position > digitsStart else { return nil }
            if position < scalars.count && scalars[position] == ";" { position += 1 }
            return (String(numeric(value)), position)
        }
        let nameStart = position
        while position < scalars.count, position - nameStart <= longestName, isAlphanumeric(scalars[position]) { position += 1 }
        guard position > nameStart, position < scalars.count, scalars[position] == ";" else { return nil }
        var name = ""
        name.unicodeScalars.append(contentsOf: scalars[nameStart..<position])
        guard let decoded = named[name] else { return nil }
        return (decoded, position + 1)
    }

    static func digitValue(_ scalar: Unicode.Scalar, hex: Bool) -> UInt32? {
        switch scalar.value {
        case 0x30...0x39: return scalar.value - 0x30
        case 0x41...0x46 where hex: return scalar.value - 0x41 + 10
        case 0x61...0x66 where hex: return scalar.value - 0x61 + 10
        default: return nil
        }
    }

    static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        (0x30...0x39).contains(scalar.value) || (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value)
    }

    /// A numeric reference's character, as HTML's tokenizer maps it.
    static func numeric(_ value: UInt32) -> Character {
        if let mapped = windows1252[value] { return Character(Unicode.Scalar(mapped)!) }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return Character(scalar)
    }

    /// HTML's replacements for numeric references 0x80–0x9F (those windows-1252 defines).
    static let windows1252: [UInt32: UInt32] = [
        0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021,
        0x88: 0x02C6, 0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152, 0x8E: 0x017D, 0x91: 0x2018,
        0x92: 0x2019, 0x93: 0x201C, 0x94: 0x201D, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02DC,
        0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A, 0x9C: 0x0153, 0x9E: 0x017E, 0x9F: 0x0178,
    ]

    /// The named references decoded: the five of XML, `nbsp`, and HTML's names for ASCII
    /// punctuation, the characters a password rule's `[…]` classes hold.
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "excl": "!", "num": "#", "dollar": "$", "percnt": "%", "lpar": "(", "rpar": ")", "ast": "*",
        "midast": "*", "plus": "+", "comma": ",", "period": ".", "sol": "/", "colon": ":", "semi": ";",
        "equals": "=", "quest": "?", "commat": "@", "lsqb": "[", "lbrack": "[", "bsol": "\\", "rsqb": "]",
        "rbrack": "]", "Hat": "^", "lowbar": "_", "UnderBar": "_", "grave": "`", "DiacriticalGrave": "`",
        "lcub": "{", "lbrace": "{", "verbar": "|", "vert": "|", "VerticalLine": "|", "rcub": "}", "rbrace": "}",
        "QUOT": "\"", "AMP": "&", "LT": "<", "GT": ">",
    ]

    static let longestName = named.keys.map(\.count).max() ?? 0
}
