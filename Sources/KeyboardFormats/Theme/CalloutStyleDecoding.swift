import KeyboardModel

extension FieldReader {
    /// The fields of a `callout` block: `enabled` and the key style fields a callout sets.
    static let calloutFields = ["enabled"] + KeyStyleField.calloutFields.map(\.name)

    /// Reads a `callout` block of a key class or a key's `appearance`.
    package func calloutStyle(_ document: Document, _ path: String) -> CalloutStyle? {
        if document.isNull { return CalloutStyle() }
        guard let fields = fields(document, path, known: Self.calloutFields) else { return nil }
        var callout = CalloutStyle()
        for (name, value) in fields {
            if name == "enabled" {
                callout.enabled = bool(value, join(path, name))
            } else if let field = KeyStyleField.named[name] {
                read(field, value, join(path, name), baseDirectory: ".", into: &callout.style)
            }
        }
        return callout
    }
}
