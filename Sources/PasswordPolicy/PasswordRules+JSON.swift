extension PasswordRules {
    /// The JSON of SPEC §10: `{"applied", "required", "allowed", "maxConsecutive",
    /// "minLength", "maxLength", "diagnostics"}`, classes as their characters in code-point
    /// order or `"unicode"`. Ends at the closing brace; keys in that fixed order.
    public func json() -> String {
        func string(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                default:
                    if scalar.value < 0x20 || scalar.value == 0x7F || !DisplayText.isShowable(scalar) {
                        // Escaped as UTF-16 units so every code point survives any terminal.
                        for unit in String(scalar).utf16 {
                            let hex = String(unit, radix: 16)
                            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                        }
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            return out + "\""
        }
        func number(_ value: Int?) -> String { value.map(String.init) ?? "null" }
        let required = required.map { string($0.jsonValue) }.joined(separator: ", ")
        let diagnostics = diagnostics.map { "{\"column\": \($0.column), \"message\": \(string($0.message))}" }.joined(separator: ", ")
        return "{\"applied\": \(applied), \"required\": [\(required)], \"allowed\": \(string(allowed.jsonValue)), "
            + "\"maxConsecutive\": \(number(maxConsecutive)), \"minLength\": \(number(minLength)), \"maxLength\": \(number(maxLength)), "
            + "\"diagnostics\": [\(diagnostics)]}"
    }
}
