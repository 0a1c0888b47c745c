import KeyboardModel

/// Decodes theme files (docs/layouts-and-themes.md, JSON or YAML) into a `Theme` whose fields are all optional;
/// `extends` is resolved by whoever reads files (it needs the file system).
public enum ThemeDecoder {
    /// The top-level fields of a theme file.
    package static let fields = ["name", "extends", "background", "font", "fallbackFonts", "highlightOnPress", "toolbar", "keys", "pattern", "lint", "icons"]

    /// Decodes one theme file.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents, JSON or YAML.
    ///   - file: the name used in messages.
    ///   - baseDirectory: the file's folder; image paths stay relative to it.
    /// - Throws: `DiagnosticList` with every problem in the file.
    public static func decode(_ bytes: [UInt8], file: String, baseDirectory: String) throws -> Theme {
        try decode(bytes, file: file, baseDirectory: baseDirectory, metrics: nil)
    }

    /// Decodes one theme file drawn over a layout that reads a metrics table (docs/ios-keyboard.md): a
    /// number written `"$COLUMN|DEFAULT"` takes the COLUMN of `metrics`, the layout's row for
    /// the device and orientation drawn, else DEFAULT (and DEFAULT when `metrics` is nil).
    ///
    /// - Throws: `DiagnosticList` with every problem in the file.
    package static func decode(_ bytes: [UInt8], file: String, baseDirectory: String, metrics: MetricsRow?) throws -> Theme {
        try FieldReader.decode(bytes, file: file) { document, reader in
            reader.metrics = MetricLookup(row: metrics, needsDefault: true)
            return decode(document, reader: reader, baseDirectory: baseDirectory)
        }.value
    }

    static func decode(_ document: Document, reader r: FieldReader, baseDirectory: String) -> Theme {
        var theme = Theme()
        guard let fields = r.topLevelFields(document, kind: "theme", known: Self.fields) else { return theme }
        if let v = fields["name"] { theme.name = r.drawableString(v, "name") }
        if let v = fields["extends"] {
            theme.extends = r.string(v, "extends")
            if theme.extends?.isEmpty == true { r.error("extends", "must name a built-in theme or a file") }
        }
        if let v = fields["background"] {
            if case .mapping = v {
                if let bg = r.fields(v, "background", known: ["image"]) {
                    if let image = bg["image"] {
                        if let reference = r.imageReference(image, "background.image", baseDirectory: baseDirectory) {
                            theme.background = .image(reference)
                        }
                    } else {
                        r.error("background", "expected a colour or {image: file.png}")
                    }
                }
            } else if let color = r.color(v, "background") {
                theme.background = .color(color)
            }
        }
        if let v = fields["font"], let font = r.fields(v, "font", known: ["family", "weight", "file", "bold"]) {
            var decoded = Theme.Font()
            if let f = font["family"] {
                decoded.family = r.string(f, "font.family")
                if decoded.family?.isEmpty == true { r.error("font.family", "must not be empty") }
            }
            if let w = font["weight"] { decoded.weight = r.choice(w, "font.weight", as: FontWeight.self) }
            decoded.file = font["file"].flatMap { r.fontFileReference($0, "font.file", baseDirectory: baseDirectory) }
            decoded.bold = font["bold"].flatMap { r.fontFileReference($0, "font.bold", baseDirectory: baseDirectory) }
            if decoded.bold != nil && decoded.file == nil && font["file"] == nil {
                r.error("font.bold", "a bold face needs the regular one in font.file")
            }
            theme.font = decoded
        }
        if let v = fields["fallbackFonts"] { theme.fallbackFonts = r.fallbackFonts(v, "fallbackFonts", baseDirectory: baseDirectory) }
        if let v = fields["highlightOnPress"] { theme.highlightOnPress = r.bool(v, "highlightOnPress") }
        if let v = fields["toolbar"], let bar = r.fields(v, "toolbar", known: ["fill", "text", "textSize"]) {
            var toolbar = Theme.ToolbarStyle()
            if let f = bar["fill"] { toolbar.fill = r.color(f, "toolbar.fill") }
            if let t = bar["text"] { toolbar.text = r.color(t, "toolbar.text") }
            if let s = bar["textSize"] { toolbar.textSize = r.textSize(s, "toolbar.textSize") }
            theme.toolbar = toolbar
        }
        if let v = fields["pattern"] { theme.pattern = r.patternStyle(v, "pattern") }
        if let v = fields["lint"] { theme.lintIgnores = r.lintIgnores(v, "lint", fields: .theme) }
        if let v = fields["icons"] { theme.icons = r.codeIcons(v, "icons") }
        if let v = fields["keys"], let keys = r.fields(v, "keys", known: ["base"] + KeyClass.allCases.map(\.rawValue)) {
            func styles(_ name: String) -> StateStyles? {
                keys[name].flatMap { r.stateStyles($0, "keys." + name, baseDirectory: baseDirectory) }
            }
            theme.base = styles("base")
            theme.content = styles("content")
            theme.function = styles("function")
            theme.enter = styles("enter")
        }
        return theme
    }
}

extension Theme {
    /// This theme with `child`'s fields over it, merged deeply (the `extends` rule).
    /// The result's `extends` is the child's.
    public func overlaid(by child: Theme) -> Theme {
        func merge(_ a: StateStyles?, _ b: StateStyles?) -> StateStyles? {
            guard let a else { return b }
            return a.overlaid(by: b)
        }
        var merged = self
        merged.name = child.name ?? name
        merged.extends = child.extends
        merged.background = child.background ?? background
        if let font = child.font {
            // A child that names a family or a file replaces the parent's face entirely.
            let replacesFace = font.family != nil || font.file != nil
            merged.font = Font(
                family: font.family ?? (font.file == nil ? self.font?.family : nil),
                weight: font.weight ?? self.font?.weight,
                file: replacesFace ? font.file : self.font?.file,
                bold: replacesFace ? font.bold : (font.bold ?? self.font?.bold)
            )
        }
        merged.fallbackFonts = child.fallbackFonts ?? fallbackFonts
        merged.highlightOnPress = child.highlightOnPress ?? highlightOnPress
        if let bar = child.toolbar {
            merged.toolbar = ToolbarStyle(fill: bar.fill ?? toolbar?.fill, text: bar.text ?? toolbar?.text, textSize: bar.textSize ?? toolbar?.textSize)
        }
        merged.base = merge(base, child.base)
        merged.content = merge(content, child.content)
        merged.function = merge(function, child.function)
        merged.enter = merge(enter, child.enter)
        merged.pattern = child.pattern.map { (pattern ?? PatternStyle()).overlaid(by: $0) } ?? pattern
        merged.lintIgnores = lintIgnores + child.lintIgnores
        merged.keyRules = keyRules + child.keyRules
        if let childIcons = child.icons { merged.icons = (icons ?? [:]).merging(childIcons) { _, later in later } }
        merged.warnings = warnings + child.warnings
        merged.ignored = ignored + child.ignored
        return merged
    }
}

extension FieldReader {
    /// A theme's `icons`: a mapping from key codes (whole numbers, written as keys:
    /// `"-35": delete`) to the icon the keys of that code draw.
    func codeIcons(_ document: Document, _ path: String) -> [Int: KeyIcon]? {
        guard case let .mapping(pairs) = document else {
            error(path, "expected a mapping from key codes to icons, such as {\"-35\": delete}")
            return nil
        }
        var icons: [Int: KeyIcon] = [:]
        for (key, value) in pairs {
            let keyPath = join(path, Diagnostic.truncated(key, to: Limits.maxQuotedLength))
            guard let code = Int(key), (-0x10_FFFF...0x10_FFFF).contains(code) else {
                error(keyPath, "\(Diagnostic.quote(key)) is not a key code (a whole number)")
                continue
            }
            if icons[code] != nil { error(keyPath, "the code appears twice") }
            icons[code] = choice(value, keyPath, as: KeyIcon.self)
        }
        return icons
    }
}
