import KeyboardModel

/// The `id` of each key's group (docs/rendering.md): `key-NAME`, NAME the key's label, else
/// its code name, made a valid XML id that a CSS selector can name without escapes.
///
/// Letters, digits, `-` and the characters XML allows in names from U+00C0 on are kept;
/// every other character, `_` included, is written `_HEX_` (its code point in lower-case
/// hexadecimal: `,` is `_2c_`), so two names never become one. The n-th key with the same
/// name (n ≥ 2, in row order) is `key-NAME-n`, or the next free number: the ids depend only
/// on the keys, so they are the same on every run.
enum SVGKeyNames {
    /// The id of each key of `keys`, in the order given (row order).
    static func ids(of keys: [KeyFrame]) -> [String] {
        var taken = Set<String>()
        var repeats: [String: Int] = [:]
        return keys.map { frame in
            let base = "key-" + name(frame.key.label.isEmpty ? frame.key.codeName : frame.key.label)
            var id = base
            if taken.contains(id) {
                var n = repeats[base, default: 1] + 1
                while taken.contains("\(base)-\(n)") { n += 1 }
                repeats[base] = n
                id = "\(base)-\(n)"
            }
            taken.insert(id)
            return id
        }
    }

    /// `text` as the NAME part of an id.
    static func name(_ text: String) -> String {
        var name = ""
        for scalar in text.unicodeScalars {
            if isKept(scalar) {
                name.unicodeScalars.append(scalar)
            } else {
                name += "_" + String(scalar.value, radix: 16) + "_"
            }
        }
        return name
    }

    /// Whether XML allows `scalar` in a name and CSS in an identifier, with no escape: ASCII
    /// letters, digits and `-`, and XML's name characters from U+00C0 on (less the joiners
    /// U+200C and U+200D, which no one can see).
    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        switch v {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D: return true
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x37D, 0x37F...0x1FFF: return true
        case 0x203F...0x2040, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF: return true
        case 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF: return true
        default: return false
        }
    }

    /// The kind of a key, its first class after `key`: its code as the frames JSON names it
    /// (`input`, `space`, `shift`, `delete`, `done`, `mode-number`, an Android key's
    /// `return` or `mode-change`, `function` for a code with no name).
    static func kind(of key: Key) -> String {
        key.codeName
    }
}
