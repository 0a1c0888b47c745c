import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine

/// Finds and decodes themes by built-in name or by path, following `extends`.
public enum ThemeLoader {
    /// Loads `reference` (a built-in name or a path) and every theme it extends, merged so
    /// that each file's fields win over those it extends.
    ///
    /// - Throws: `Reference.NotFound` when `reference` itself names nothing (the caller knows
    ///   where it was written); `DiagnosticList` with the problems of the first bad file; a
    ///   `Diagnostic` for an `extends` that names nothing, naming the theme that asked
    ///   (`brand-dark.yaml: extends: no theme "brand-base.yaml" (did you mean
    ///   brand-light.yaml?)`), a cycle or a chain longer than `Limits.maxThemeChain`.
    public static func load(_ reference: String) throws -> Theme {
        try load(reference, metrics: nil)
    }

    /// `load(_:)` for a theme drawn over a layout that reads a metrics table: numbers written
    /// `"$COLUMN|DEFAULT"` read `metrics`, the layout's row for the device and orientation
    /// drawn (docs/ios-keyboard.md), else DEFAULT.
    package static func load(_ reference: String, metrics: MetricsRow?) throws -> Theme {
        var chain: [Theme] = []
        var seen: [String] = []
        var next: (reference: String, relativeTo: String?, extendedBy: String?)? = (reference, nil, nil)
        while let (name, folder, extendedBy) = next {
            let path: String, display: String
            do {
                (path, display) = try Reference.locate(name, kind: .theme, relativeTo: folder)
            } catch let notFound as Reference.NotFound {
                guard let extendedBy else { throw notFound }
                throw notFound.located(in: extendedBy, at: "extends")
            }
            let prefixed = try Reference.formatPrefix(of: name).format.map { try ThemeFormat.named($0, display: display) }
            let canonical = FileAccess.realPath(path) ?? FilePath.absolute(path)
            if seen.contains(canonical) {
                throw Diagnostic(file: display, path: "extends", reason: "themes extend each other in a cycle: \((seen + [canonical]).map(FilePath.lastComponent).joined(separator: " → "))")
            }
            guard seen.count < Limits.maxThemeChain else {
                throw Diagnostic(file: display, path: "extends", reason: "more than \(Limits.maxThemeChain) themes extend each other")
            }
            seen.append(canonical)
            let bytes: [UInt8]
            do {
                bytes = try FileAccess.read(path, displayName: display)
            } catch let problem as Diagnostic where extendedBy != nil && !Resources.exists(path) {
                throw missingTheme(name, at: path, extendedBy: extendedBy ?? problem.file)
            }
            let base = FilePath.folder(of: path)
            let format = prefixed ?? ThemeFormat.of(path: path, bytes: bytes)
            let theme = try format.decode(bytes, display, base, metrics)
            chain.append(try FontFileLoader.load(theme))
            next = theme.extends.map { ($0, base, display) }
        }
        return chain.reversed().reduce(Theme()) { $0.overlaid(by: $1) }
    }

    /// The problem of an `extends` whose file does not exist, on the theme that asked, with
    /// the nearest theme file in the folder named (written as `extends` would name it), or
    /// else the built-in theme nearest its stem, when one is close enough to be a typo.
    static func missingTheme(_ name: String, at path: String, extendedBy asker: String) -> Diagnostic {
        let folder = FilePath.folder(of: path)
        let written = name.lastIndex(of: "/").map { String(name[...$0]) } ?? ""
        let asking = FilePath.lastComponent(asker)
        // A folder of any size is looked at only so far: the hint is a courtesy.
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).prefix(1000)
            .filter { Reference.fileExtensions.contains(FilePath.pathExtension($0).lowercased()) && !(FilePath.folder(of: asker) == folder && $0 == asking) }
            .sorted()
        let nearest = FieldReader.nearest(name, in: files.map { written + $0 }) ?? FieldReader.nearest(FilePath.stem(name), in: Resources.themeNames)
        return Diagnostic(file: asker, path: "extends", reason: "no theme \(Diagnostic.quote(name))" + (nearest.map { " (did you mean \($0)?)" } ?? ""))
    }
}

/// Reads the PNGs that themes and layouts reference, confined to the referring file's folder,
/// and checks that each decodes within the limits before any drawing starts.
///
/// One loader serves one scene (or one `validate` of a file): it reads each image once and
/// keeps the total of decoded pixels within `Limits.maxSceneImagePixels`.
public final class ImageLoader: Sendable {
    /// Images read so far by the path they were named with, and their decoded pixels in all.
    private let loaded = Locked<(images: [String: SceneImage], pixels: Int)>(([:], 0))

    /// A loader that has read nothing yet.
    public init() {}

    /// Reads and checks `reference`: the file actually opened must lie inside the folder of
    /// the file that named it (absolute paths, `..` and symlinks that lead out are refused,
    /// whatever happens to the path while it is read), be a PNG that decodes, and fit the
    /// pixel limits.
    ///
    /// - Throws: `Diagnostic` naming the referring file and field, e.g.
    ///   `theme.yaml: keys.content.normal.image: "face.png": reason`.
    public func load(_ reference: FileReference) throws -> SceneImage {
        let joined = FilePath.joined(reference.baseDirectory, reference.path)
        if let image = loaded.withLock({ $0.images[joined] }) { return image }
        func fail(_ reason: String) -> Diagnostic {
            let file = reference.file.isEmpty ? FilePath.shown(joined) : reference.file
            let prefix = reference.file.isEmpty ? "" : Diagnostic.quote(reference.path) + ": "
            return Diagnostic(file: file, path: reference.field, reason: prefix + reason)
        }
        let bytes: [UInt8]
        do {
            bytes = try FileAccess.read(joined, limit: Limits.maxImageFileSize, confinedTo: reference.baseDirectory)
        } catch let diagnostic as Diagnostic {
            throw fail(diagnostic.reason == "cannot read file: No such file or directory" ? "image file not found" : diagnostic.reason)
        }
        do {
            _ = try PNGCodec.decode(bytes)
        } catch let error as RenderError {
            if case let .imageDecoding(_, reason) = error { throw fail("cannot read PNG: \(reason)") }
            throw fail("\(error)")
        }
        let size = PNGCodec.declaredSize(bytes) ?? (0, 0)
        let stem = FilePath.stem(reference.path)
        let scale: Double = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
        let image = SceneImage(id: joined, png: bytes, scale: scale)
        return try loaded.withLock { state in
            if let image = state.images[joined] { return image }
            guard state.pixels + size.width * size.height <= Limits.maxSceneImagePixels else {
                throw fail("the images of one keyboard may decode to at most \(Limits.maxSceneImagePixels) px together; with this one they take \(state.pixels + size.width * size.height) px")
            }
            state.pixels += size.width * size.height
            state.images[joined] = image
            return image
        }
    }
}

/// Checks and loads the font files themes name: confined to the theme's folder like images, a
/// regular readable file of at most `Limits.maxFontFileSize` bytes, starting like a TrueType,
/// OpenType or TrueType-collection file, and holding a face that loads as drawing loads it.
///
/// The file is read once, through the descriptor that was checked; drawing reads a private copy
/// of those bytes (`FontFileReference.checkedCopy`), never the theme's path again.
public enum FontFileLoader {
    /// `theme` with each font file checked and its `checkedCopy` set.
    ///
    /// - Throws: `Diagnostic` naming the theme file and the field (`font.file`, `font.bold`)
    ///   its `FileReference` records.
    public static func load(_ theme: Theme) throws -> Theme {
        var theme = theme
        if let reference = theme.font?.file { theme.font?.file = try load(reference) }
        if let reference = theme.font?.bold { theme.font?.bold = try load(reference) }
        theme.fallbackFonts = try theme.fallbackFonts?.map { fallback in
            guard case .file(let reference) = fallback else { return fallback }
            return .file(try load(reference))
        }
        return theme
    }

    private static func load(_ reference: FontFileReference) throws -> FontFileReference {
        let source = reference.source, file = source.file, field = source.field
        do {
            let joined = FilePath.joined(source.baseDirectory, source.path)
            let bytes: [UInt8]
            do {
                bytes = try FileAccess.read(joined, limit: Limits.maxFontFileSize, confinedTo: source.baseDirectory)
            } catch let problem as Diagnostic where problem.reason == "cannot read file: No such file or directory" {
                throw Diagnostic(file: FilePath.shown(joined), path: "", reason: "font file not found")
            }
            let magic = Array(bytes.prefix(4))
            let known: [[UInt8]] = [[0, 1, 0, 0], Array("true".utf8), Array("OTTO".utf8), Array("ttcf".utf8)]
            guard known.contains(magic) else {
                throw Diagnostic(file: file, path: field, reason: "\(Diagnostic.quote(source.path)) is not a TrueType or OpenType font")
            }
            let copy: String
            do {
                copy = try CheckedFontCopies.copy(of: bytes, from: joined)
            } catch let error as CheckedFontCopies.CopyError {
                throw Diagnostic(file: file, path: field, reason: "\(Diagnostic.quote(source.path)): cannot keep a private copy: \(error.reason)")
            }
            guard FontConfiguration.family(ofFontAt: copy) != nil else {
                throw Diagnostic(file: file, path: field, reason: "\(Diagnostic.quote(source.path)) holds no font that can be loaded")
            }
            var checked = reference
            checked.checkedCopy = copy
            return checked
        } catch let problem as Diagnostic where problem.file != file {
            throw Diagnostic(file: file, path: field, reason: "\(Diagnostic.quote(source.path)): \(problem.reason)")
        }
    }
}
