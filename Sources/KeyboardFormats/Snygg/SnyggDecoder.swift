import KeyboardModel

/// Reads a FlorisBoard Snygg stylesheet into the ordinary `Theme` (docs/format.md "Snygg stylesheets"),
/// so a stylesheet styles every layout, the engine's own included.
///
/// Drawn: `window`'s background; `key` rules matched by code, mode and shift state, with
/// `:pressed`: background → fill, foreground → text, font-size → textSize, shape →
/// cornerRadius, border-width/-color, shadow-elevation (> 0: a 1 pt shadow in shadow-color,
/// default #00000040), margin → inset; the plain `key` rule's font-family and -weight → the
/// font. Everything else is ignored and listed (`Theme.ignored`). A sheet without `$schema`
/// is version 1 (FlorisBoard < 0.5): `keyboard` is `window`, `key-popup` is `key-popup-box`,
/// shift states are 0–3; it is read with a warning, as are wallpaper colours and cut corners.
package enum SnyggDecoder {
    /// Whether a theme file's document is a Snygg stylesheet: its `$schema` names snygg, or it
    /// has a `key` rule (`key`, `key[…]`, `key:…`).
    package static func isStylesheet(_ document: Document) -> Bool {
        guard case let .mapping(pairs) = document else { return false }
        if case let .scalar(schema, _)? = document["$schema"], schema.lowercased().contains("snygg") { return true }
        return pairs.contains { $0.key == "key" || $0.key.hasPrefix("key[") || $0.key.hasPrefix("key:") }
    }

    /// The schema of version 2.
    static let schemaV2 = "https://schemas.florisboard.org/snygg/v2/stylesheet"

    /// The key style field (`KeyStyleField.name`) each property of a `key` rule sets, as
    /// `SnyggSheet.apply` reads it: what `lint` follows back from a field to the property
    /// that set it.
    package static let styleFields = ["background": "fill", "foreground": "text", "font-size": "textSize", "shape": "cornerRadius",
                                      "border-width": "borderWidth", "border-color": "borderColor", "shadow-elevation": "shadowHeight",
                                      "shadow-color": "shadowColor", "margin": "inset"]

    /// Decodes a stylesheet.
    ///
    /// - Throws: `DiagnosticList` naming the file and the rule (and property) of every problem:
    ///   an unparsable rule or value, an undefined `var()`, an unknown wallpaper colour.
    package static func decode(_ bytes: [UInt8], file: String) throws -> Theme {
        let (theme, reader) = try FieldReader.decode(bytes, file: file) { document, reader in
            SnyggSheet(reader: reader).read(document)
        }
        var result = theme
        result.warnings = reader.warnings
        return result
    }
}

/// One stylesheet being read.
final class SnyggSheet {
    let reader: FieldReader
    var version2 = true
    var defines: [String: Document] = [:]
    var rules: [KeyRule] = []
    var theme = Theme()
    var ignored: [Diagnostic] = []
    var otherElements: [String] = []
    var usedDynamicColor = false

    init(reader: FieldReader) {
        self.reader = reader
    }

    /// The properties `key` rules draw, and `window`'s.
    static let keyProperties = ["background", "foreground", "font-size", "font-family", "font-weight", "shape", "border-width",
                                "border-color", "shadow-elevation", "shadow-color", "margin"]

    func read(_ document: Document) -> Theme {
        // A file with none of a stylesheet's entries is not one (it may be any file the user can
        // read): one error, quoting nothing of it.
        guard case let .mapping(pairs) = document, pairs.contains(where: { Self.isStylesheetEntry($0.key) }) else {
            reader.error("", "not a Snygg stylesheet: it holds none of $schema, @defines, or a key or window rule")
            return theme
        }
        if let schema = document["$schema"] {
            let text = reader.string(schema, "$schema") ?? ""
            if text != SnyggDecoder.schemaV2 {
                reader.error("$schema", "\(Diagnostic.quote(text)) is not Snygg version 2 (\(SnyggDecoder.schemaV2)); a stylesheet without $schema is read as version 1")
            }
        } else {
            version2 = false
            reader.warn("", "no $schema: read as a Snygg version 1 stylesheet (keyboard is window, key-popup is key-popup-box, shift states 0–3); FlorisBoard 0.5 and later ignore version 1 stylesheets")
        }
        if let value = document["@defines"], let pairs = fields(value, "@defines") {
            for (name, definition) in pairs {
                guard name.hasPrefix("--"), name.count > 2 else {
                    reader.error(reader.join("@defines", Diagnostic.truncated(name, to: Limits.maxQuotedLength)), "a variable's name starts with --")
                    continue
                }
                defines[name] = definition
            }
        }
        for (key, value) in pairs where key != "$schema" && key != "@defines" {
            rule(key, value)
        }
        if usedDynamicColor {
            reader.warn("", "dynamic-light-color() and dynamic-dark-color() take the wallpaper's colours on the phone; they are drawn as the Material 3 baseline scheme")
        }
        if !otherElements.isEmpty {
            let shown = otherElements.prefix(12).joined(separator: ", ") + (otherElements.count > 12 ? " and \(otherElements.count - 12) more" : "")
            ignored.append(Diagnostic(file: reader.file, path: "", reason: "ignored: the rules of elements that are not drawn (only key and window are): \(shown)"))
        }
        if theme.font == nil { theme.font = Theme.Font(family: "Roboto") }
        theme.keyRules = KeyRule.ordered(rules)
        theme.ignored = ignored
        return theme
    }

    /// Whether a top-level name is one only a stylesheet has: `$schema`, `@defines`, or a rule
    /// of `key`, `window` or (version 1) `keyboard`.
    static func isStylesheetEntry(_ name: String) -> Bool {
        if name == "$schema" || name == "@defines" { return true }
        return ["key", "window", "keyboard"].contains { name == $0 || name.hasPrefix($0 + "[") || name.hasPrefix($0 + ":") }
    }

    /// A mapping's pairs, or nil after recording that it is none.
    func fields(_ document: Document, _ path: String) -> [(key: String, value: Document)]? {
        guard case let .mapping(pairs) = document else {
            reader.error(path, "expected a mapping")
            return nil
        }
        return pairs
    }

    /// Notes an ignored part of the sheet for `validate`.
    func ignore(_ path: String, _ reason: String) {
        guard ignored.count < Limits.maxDiagnostics else { return }
        ignored.append(Diagnostic(file: reader.file, path: path, reason: "ignored: " + reason))
    }
}
