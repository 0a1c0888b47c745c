import KeyboardModel

extension FieldReader {
    /// The fields of a `callout` block.
    static let calloutFields = ["enabled", "fill", "text", "textSize", "borderColor", "borderWidth", "shadowColor"]

    /// Reads a `callout` block of a key class or a key's `appearance`.
    package func calloutStyle(_ document: Document, _ path: String) -> CalloutStyle? {
        if document.isNull { return CalloutStyle() }
        guard let fields = fields(document, path, known: Self.calloutFields) else { return nil }
        var style = CalloutStyle()
        for (name, value) in fields {
            let fieldPath = join(path, name)
            switch name {
            case "enabled": style.enabled = bool(value, fieldPath)
            case "fill": style.fill = color(value, fieldPath)
            case "text": style.text = color(value, fieldPath)
            case "textSize": style.textSize = textSize(value, fieldPath)
            case "borderColor": style.borderColor = color(value, fieldPath)
            case "borderWidth": style.borderWidth = length(value, fieldPath)
            case "shadowColor": style.shadowColor = color(value, fieldPath)
            default: break
            }
        }
        return style
    }
}
