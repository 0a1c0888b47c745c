import JSONText

extension PasswordRules {
    /// The JSON of docs/password-rules.md: `{"applied", "required", "allowed", "maxConsecutive",
    /// "maxRepeating", "maxSequential", "minLength", "maxLength", "diagnostics"}`, classes as
    /// their characters in code-point order or `"unicode"`, absent numbers `null`
    /// (`maxConsecutive` is the value given as such). Ends at the closing brace; keys in that
    /// fixed order.
    public func json() -> String {
        // Characters a terminal would not show are escaped too, so every code point survives.
        func string(_ text: String) -> String { JSONText.string(text, escaping: { !DisplayText.isShowable($0) }) }
        func number(_ value: Int?) -> String { value.map(String.init) ?? "null" }
        let required = required.map { string($0.jsonValue) }.joined(separator: ", ")
        let diagnostics = diagnostics.map { "{\"column\": \($0.column), \"message\": \(string($0.message))}" }.joined(separator: ", ")
        return "{\"applied\": \(applied), \"required\": [\(required)], \"allowed\": \(string(allowed.jsonValue)), "
            + "\"maxConsecutive\": \(number(maxConsecutive)), \"maxRepeating\": \(number(maxRepeating)), \"maxSequential\": \(number(maxSequential)), "
            + "\"minLength\": \(number(minLength)), \"maxLength\": \(number(maxLength)), "
            + "\"diagnostics\": [\(diagnostics)]}"
    }
}
