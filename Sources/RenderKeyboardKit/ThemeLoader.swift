import Foundation

/// Finds and decodes themes by built-in name or by path, following `extends`.
public enum ThemeLoader {
    /// Longest `extends` chain accepted.
    public static let maxChain = 16

    /// Loads `reference` (a built-in name or a path) and every theme it extends, merged so
    /// that each file's fields win over those it extends.
    ///
    /// - Throws: `DiagnosticList` with the problems of the first bad file, or a `Diagnostic`
    ///   for an unknown name, a cycle or a chain longer than `maxChain`.
    public static func load(_ reference: String) throws -> Theme {
        var chain: [Theme] = []
        var seen: [String] = []
        var next: (reference: String, relativeTo: String?)? = (reference, nil)
        while let (name, folder) = next {
            let (path, display) = try locate(name, relativeTo: folder)
            let canonical = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            if seen.contains(canonical) {
                throw Diagnostic(file: display, path: "extends", reason: "themes extend each other in a cycle: \((seen + [canonical]).map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: " → "))")
            }
            guard seen.count < maxChain else {
                throw Diagnostic(file: display, path: "extends", reason: "more than \(maxChain) themes extend each other")
            }
            seen.append(canonical)
            let bytes = try FileAccess.read(path, displayName: display)
            let base = URL(fileURLWithPath: path).deletingLastPathComponent().path
            let theme = try ThemeDecoder.decode(bytes, file: display, baseDirectory: base)
            try FontFileLoader.check(theme, file: display)
            chain.append(theme)
            next = theme.extends.map { ($0, base) }
        }
        return chain.reversed().reduce(Theme()) { $0.overlaid(by: $1) }
    }

    /// A bare name (no `/`, no file extension) is a built-in theme; anything else is a path,
    /// relative to the extending theme's folder when there is one.
    static func locate(_ reference: String, relativeTo folder: String?) throws -> (path: String, display: String) {
        let isName = !reference.contains("/") && !["yaml", "yml", "json"].contains(URL(fileURLWithPath: reference).pathExtension)
        if isName, let file = Resources.builtinFile(reference, in: Resources.themesDirectory) {
            return (file, String(file.dropFirst(Resources.directory.count + 1)))
        }
        if let folder, !reference.hasPrefix("/") {
            let path = URL(fileURLWithPath: folder).appendingPathComponent(reference).standardized.path
            return (path, path)
        }
        if !isName || FileManager.default.fileExists(atPath: reference) { return (reference, reference) }
        throw LayoutLoader.unknownName(reference, kind: "theme", names: Resources.themeNames)
    }
}

/// Reads the PNGs that themes and layouts reference, confined to the referring file's folder.
public enum ImageLoader {
    /// Largest accepted image file, bytes.
    public static let maxImageFileSize = 32 << 20

    /// Reads `reference`, refusing absolute paths, `..` escapes and symlinks that lead out of
    /// the folder of the file that named it.
    ///
    /// - Throws: `Diagnostic` naming the image.
    public static func load(_ reference: ImageReference) throws -> SceneImage {
        let (joined, resolved) = try FileAccess.confined(reference.path, in: reference.baseDirectory, kind: "image")
        let bytes = try FileAccess.read(resolved, limit: maxImageFileSize, displayName: joined)
        let stem = URL(fileURLWithPath: reference.path).deletingPathExtension().lastPathComponent
        let scale: Double = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
        return SceneImage(id: resolved, png: bytes, scale: scale)
    }
}

/// Checks the font files themes name: confined to the theme's folder like images, a regular
/// readable file of at most `maxFontFileSize` bytes, starting like a TrueType, OpenType or
/// TrueType-collection file.
public enum FontFileLoader {
    /// Largest accepted font file, bytes.
    public static let maxFontFileSize = 64 << 20

    /// - Throws: `Diagnostic` naming the theme file and the field (`font.file`, `font.bold`).
    public static func check(_ theme: Theme, file: String) throws {
        for (field, reference) in [("font.file", theme.font?.file), ("font.bold", theme.font?.bold)] {
            guard let reference else { continue }
            do {
                let (joined, resolved) = try FileAccess.confined(reference.path, in: reference.baseDirectory, kind: "font")
                let bytes = try FileAccess.read(resolved, limit: maxFontFileSize, displayName: joined)
                let magic = Array(bytes.prefix(4))
                let known: [[UInt8]] = [[0, 1, 0, 0], Array("true".utf8), Array("OTTO".utf8), Array("ttcf".utf8)]
                guard known.contains(magic) else {
                    throw Diagnostic(file: file, path: field, reason: "\(reference.path) is not a TrueType or OpenType font")
                }
            } catch let problem as Diagnostic where problem.file != file {
                throw Diagnostic(file: file, path: field, reason: "\(reference.path): \(problem.reason)")
            }
        }
    }
}
