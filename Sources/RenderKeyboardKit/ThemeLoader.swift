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
        let base = URL(fileURLWithPath: reference.baseDirectory).resolvingSymlinksInPath().path
        let joined = URL(fileURLWithPath: reference.baseDirectory).appendingPathComponent(reference.path)
        guard FileManager.default.fileExists(atPath: joined.path) else {
            throw Diagnostic(file: joined.path, path: "", reason: "image file not found")
        }
        let resolved = joined.resolvingSymlinksInPath().path
        guard resolved.hasPrefix(base + "/") else {
            throw Diagnostic(file: joined.path, path: "", reason: "image leaves the folder of the file that names it (\(base))")
        }
        let bytes = try FileAccess.read(resolved, limit: maxImageFileSize, displayName: joined.path)
        let stem = URL(fileURLWithPath: reference.path).deletingPathExtension().lastPathComponent
        let scale: Double = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
        return SceneImage(id: resolved, png: bytes, scale: scale)
    }
}
