import KeyboardModel

extension FieldReader {
    /// The fields a key style may have (docs/layouts-and-themes.md): those of `KeyStyleField.all`.
    static var keyStyleFields: [String] { KeyStyleField.names }

    /// Reads a `{normal: <style>, pressed: <style>}` block (a theme class or a key's
    /// `appearance`). Image paths are kept relative to `baseDirectory`.
    package func stateStyles(_ document: Document, _ path: String, baseDirectory: String) -> StateStyles? {
        guard let fields = fields(document, path, known: KeyState.allCases.map(\.rawValue) + ["callout"]) else { return nil }
        var styles = StateStyles()
        if let callout = fields["callout"] {
            styles.callout = calloutStyle(callout, join(path, "callout"))
        }
        if let normal = fields["normal"] {
            styles.normal = keyStyle(normal, join(path, "normal"), baseDirectory: baseDirectory)
        }
        if let pressed = fields["pressed"] {
            styles.pressed = keyStyle(pressed, join(path, "pressed"), baseDirectory: baseDirectory)
        }
        return styles
    }

    /// Reads one key style; every field is optional.
    package func keyStyle(_ document: Document, _ path: String, baseDirectory: String) -> KeyStyle? {
        if document.isNull { return KeyStyle() }
        guard let fields = fields(document, path, known: Self.keyStyleFields) else { return nil }
        var style = KeyStyle()
        for (name, value) in fields {
            KeyStyleField.named[name].map { read($0, value, join(path, name), baseDirectory: baseDirectory, into: &style) }
        }
        return style
    }

    /// Reads `value`, a file's value of `field`, into `style`; records a problem when it is
    /// not a value of the field's kind.
    func read(_ field: KeyStyleField, _ value: Document, _ path: String, baseDirectory: String, into style: inout KeyStyle) {
        switch field.value {
        case .color(let kept): style[keyPath: kept] = color(value, path)
        case .length(let kept): style[keyPath: kept] = length(value, path)
        case .textSize(let kept): style[keyPath: kept] = textSize(value, path)
        case .insets(let kept): style[keyPath: kept] = insets(value, path)
        case .image(let kept): style[keyPath: kept] = imageReference(value, path, baseDirectory: baseDirectory)
        case .corners(let kept):
            guard let items = list(value, path) else { style[keyPath: kept] = nil; return }
            var corners = Set<Corner>()
            for (i, item) in items.enumerated() {
                if let corner = choice(item, join(path, i), as: Corner.self) { corners.insert(corner) }
            }
            style[keyPath: kept] = corners
        }
    }

    /// A text size in points: > 0 and at most `Limits.maxTextSize`.
    package func textSize(_ document: Document, _ path: String) -> Double? {
        guard let value = length(document, path) else { return nil }
        guard value > 0, value <= Limits.maxTextSize else {
            error(path, "text size must be greater than 0 and at most \(Int(Limits.maxTextSize)) pt (found \(Limits.format(value)))")
            return nil
        }
        return value
    }

    /// `{top, left, bottom, right}` in points, each default 0 and ≥ 0.
    package func insets(_ document: Document, _ path: String) -> EdgeInsets? {
        guard let fields = fields(document, path, known: ["top", "left", "bottom", "right"]) else { return nil }
        var insets = EdgeInsets()
        if let v = fields["top"] { insets.top = length(v, join(path, "top")) ?? 0 }
        if let v = fields["left"] { insets.left = length(v, join(path, "left")) ?? 0 }
        if let v = fields["bottom"] { insets.bottom = length(v, join(path, "bottom")) ?? 0 }
        if let v = fields["right"] { insets.right = length(v, join(path, "right")) ?? 0 }
        return insets
    }

    /// An image path: relative, `/`-separated, no `..` component, ending in `.png`.
    /// Whether it stays inside `baseDirectory` once symlinks are followed is checked when read.
    package func imageReference(_ document: Document, _ path: String, baseDirectory: String) -> FileReference? {
        guard let text = relativePath(document, path, kind: "image") else { return nil }
        if !text.lowercased().hasSuffix(".png") {
            error(path, "image \(Diagnostic.quote(text)) is not a PNG file (.png)")
            return nil
        }
        return FileReference(path: text, baseDirectory: baseDirectory, file: file, field: path)
    }

    /// A font file path: relative, no `..` component, ending in `.ttf`, `.otf` or `.ttc`.
    package func fontFileReference(_ document: Document, _ path: String, baseDirectory: String) -> FontFileReference? {
        guard let text = relativePath(document, path, kind: "font") else { return nil }
        guard [".ttf", ".otf", ".ttc"].contains(where: text.lowercased().hasSuffix) else {
            error(path, "font \(Diagnostic.quote(text)) is not a font file (.ttf, .otf or .ttc)")
            return nil
        }
        return FontFileReference(source: FileReference(path: text, baseDirectory: baseDirectory, file: file, field: path))
    }

    /// A path a theme or layout names beside itself (`kind` is "image" or "font" in
    /// messages): not empty, not absolute, no `\\`, no `..` component.
    func relativePath(_ document: Document, _ path: String, kind: String) -> String? {
        guard let text = string(document, path) else { return nil }
        if text.isEmpty {
            error(path, "\(kind) path is empty")
            return nil
        }
        if text.hasPrefix("/") || text.hasPrefix("~") || text.contains("\\") || (text.count > 1 && text.dropFirst().first == ":") {
            error(path, "\(kind) path \(Diagnostic.quote(text)) must be relative to the file's folder, not absolute")
            return nil
        }
        if text.split(separator: "/").contains("..") {
            error(path, "\(kind) path \(Diagnostic.quote(text)) leaves the file's folder (\"..\" is not allowed)")
            return nil
        }
        if text.hasSuffix("/") || text.hasSuffix("/.") || text == "." {
            error(path, "\(kind) path \(Diagnostic.quote(text)) names a folder; give the \(kind) file itself")
            return nil
        }
        return text
    }
}
