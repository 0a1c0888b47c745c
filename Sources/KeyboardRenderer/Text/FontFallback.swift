import CCairo

/// The fonts a character comes from when neither the theme's fonts nor the default face
/// (DejaVu Sans, then WenQuanYi Micro Hei) have it: Debian's `fonts-noto-core`, one Noto Sans
/// face per script (`fileNames`, in the order they are tried), pinned by file like the rest.
///
/// They are loaded into a renderer's private font configuration the first time a label has
/// a character that the fonts loaded so far lack, so a keyboard whose labels the default face
/// draws (every Latin one) never reads them.
enum FontFallback {
    /// The folder `fileNames` are in.
    static let folder = "/usr/share/fonts/truetype/noto/"
    /// The Debian package that installs them.
    static let package = "fonts-noto-core"

    /// The fallback files with their package, in the order they are tried.
    static var files: [(path: String, package: String)] {
        fileNames.map { (folder + $0, package) }
    }

    /// The fallback files by name in `folder`, in the order they are tried (regular, then
    /// bold, of each family of `table`).
    static let fileNames: [String] = table.flatMap { row in
        [row.stem + "-Regular.ttf"] + (row.bold ? [row.stem + "-Bold.ttf"] : [])
    }

    /// The fallback families, in the order fontconfig tries them after the default face.
    static let families: [String] = table.map(\.family)

    /// Whether `scalar` needs no font to be seen: white space, controls and default-ignorable
    /// characters (joiners, variation selectors), which Pango draws as nothing.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isDefaultIgnorableCodePoint || properties.isWhitespace { return true }
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}

extension FontConfiguration {
    /// Whether a face loaded into this configuration maps `scalar` to a glyph.
    func covers(_ scalar: Unicode.Scalar) -> Bool {
        guard let set = FcConfigGetFonts(pointer, FcSetApplication) else { return false }
        for index in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[index] else { continue }
            var charset: OpaquePointer?
            if FcPatternGetCharSet(pattern, "charset", 0, &charset) == FcResultMatch, let charset,
               FcCharSetHasChar(charset, scalar.value) != 0 {
                return true
            }
        }
        return false
    }

    /// Whether a face loaded into this configuration that is no per-script fallback (the
    /// default face, a theme's font) maps `scalar` to a glyph.
    func coversOutsideFallback(_ scalar: Unicode.Scalar) -> Bool {
        firstFile(covering: scalar, where: { !$0.hasPrefix(FontFallback.folder) }) != nil
    }

    /// The file of the first per-script fallback face of `family` that maps `scalar` to a
    /// glyph; nil when none does.
    func firstFile(covering scalar: Unicode.Scalar, family: String) -> String? {
        guard let set = FcConfigGetFonts(pointer, FcSetApplication) else { return nil }
        for index in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[index] else { continue }
            var name: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, "family", 0, &name) == FcResultMatch, let name, String(cString: name) == family else { continue }
            if let file = firstFile(covering: scalar, where: { _ in true }, in: pattern) { return file }
        }
        return nil
    }

    /// The file of the first face loaded into this configuration, in loading order, that
    /// maps `scalar` to a glyph and whose path `accept` takes; nil when none does.
    func firstFile(covering scalar: Unicode.Scalar, where accept: (String) -> Bool) -> String? {
        guard let set = FcConfigGetFonts(pointer, FcSetApplication) else { return nil }
        for index in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[index] else { continue }
            if let file = firstFile(covering: scalar, where: accept, in: pattern) { return file }
        }
        return nil
    }

    /// The file of the face `pattern` when it maps `scalar` to a glyph and `accept` takes it.
    private func firstFile(covering scalar: Unicode.Scalar, where accept: (String) -> Bool, in pattern: OpaquePointer) -> String? {
        var file: UnsafeMutablePointer<FcChar8>?
        var charset: OpaquePointer?
        guard FcPatternGetString(pattern, "file", 0, &file) == FcResultMatch, let file,
              FcPatternGetCharSet(pattern, "charset", 0, &charset) == FcResultMatch, let charset,
              FcCharSetHasChar(charset, scalar.value) != 0 else { return nil }
        let path = String(cString: file)
        return accept(path) ? path : nil
    }
}

extension String {
    /// A `…-Regular.ttf` file name with `-Bold` in place of `-Regular`.
    func replacingRegularWithBold() -> String {
        guard hasSuffix("-Regular.ttf") else { return self }
        return String(dropLast("-Regular.ttf".count)) + "-Bold.ttf"
    }
}
