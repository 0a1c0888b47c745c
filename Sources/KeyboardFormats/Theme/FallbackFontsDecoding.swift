import KeyboardModel

extension FieldReader {
    /// A theme's `fallbackFonts`: a list of `{file: PATH}` (a font file beside the theme) and
    /// `{family: NAME}` (a family of the pinned fonts), each with exactly one of the two.
    package func fallbackFonts(_ document: Document, _ path: String, baseDirectory: String) -> [Theme.FallbackFont]? {
        guard let items = list(document, path) else { return nil }
        guard items.count <= Self.maxFallbackFonts else {
            error(path, "\(items.count) fallback fonts; the limit is \(Self.maxFallbackFonts)")
            return nil
        }
        var fonts: [Theme.FallbackFont] = []
        for (index, item) in items.enumerated() {
            let itemPath = join(path, index)
            guard let entry = fields(item, itemPath, known: ["file", "family"]) else { continue }
            switch (entry["file"], entry["family"]) {
            case let (file?, nil):
                if let reference = fontFileReference(file, join(itemPath, "file"), baseDirectory: baseDirectory) {
                    fonts.append(.file(reference))
                }
            case let (nil, family?):
                guard let name = string(family, join(itemPath, "family")) else { continue }
                if name.isEmpty || name.contains(",") {
                    error(join(itemPath, "family"), "\(Diagnostic.quote(name)) is not a family name (not empty, no comma)")
                } else {
                    fonts.append(.family(name))
                }
            default:
                error(itemPath, "give exactly one of file (a font file beside the theme) or family (a pinned family)")
            }
        }
        return fonts
    }

    /// The most fallback fonts a theme may name.
    package static let maxFallbackFonts = 16
}
