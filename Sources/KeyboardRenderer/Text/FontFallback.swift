import CCairo
import KeyboardModel

/// The fonts a character comes from when neither the theme's fonts nor the default face
/// (DejaVu Sans, then WenQuanYi Micro Hei) have it: Debian's `fonts-noto-core`, one Noto Sans
/// face per script (`fileNames`, in the order they are tried), pinned by file like the rest.
///
/// A chain (`FontChain`) loads a family the first time one of its labels has a character
/// that the theme's fonts and the default face lack and that family is the first of `table`
/// to have. Which family that is comes from `catalog`, every file scanned once per process
/// the first time any label needs it, so a keyboard whose labels the default face draws
/// (every Latin one) never reads them.
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
    static let fileNames: [String] = table.indices.flatMap(fileNames(ofRow:))

    /// The files of `table[row]` by name in `folder`: regular, then bold when there is one.
    static func fileNames(ofRow row: Int) -> [String] {
        [table[row].stem + "-Regular.ttf"] + (table[row].bold ? [table[row].stem + "-Bold.ttf"] : [])
    }

    /// The files of `table[row]` with their package.
    static func files(ofRow row: Int) -> [(path: String, package: String)] {
        fileNames(ofRow: row).map { (folder + $0, package) }
    }

    /// Every file of `files` loaded into one configuration, in order: scanned once per
    /// process, the first time a label has a character its chain's fonts before these lack,
    /// and only read to tell which family has a character (no label is drawn from it).
    private static let catalog = Locked<FontConfiguration?>(nil)

    /// The row of `table` by the path of each of its files.
    private static let rowOfFile = Dictionary(uniqueKeysWithValues: table.indices.flatMap { row in
        fileNames(ofRow: row).map { (folder + $0, row) }
    })

    /// The first row of `table` with a file that maps `scalar` to a glyph; nil when none
    /// does. Thread-safe.
    ///
    /// - Throws: `RenderError.fontMissing` for a fallback file that is missing (the first
    ///   call scans them all).
    static func firstRow(covering scalar: Unicode.Scalar) throws -> Int? {
        try catalog.withLock { catalog in
            if catalog == nil {
                let fonts = try FontConfiguration(pinned: false)
                try fonts.addPinned(files)
                catalog = fonts
            }
            return catalog?.firstFile(covering: scalar).flatMap { rowOfFile[$0] }
        }
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
    /// Whether one of the first `count` faces loaded into this configuration (all of them
    /// by default) maps `scalar` to a glyph.
    func covers(_ scalar: Unicode.Scalar, inFirst count: Int = .max) -> Bool {
        guard let set = FcConfigGetFonts(pointer, FcSetApplication) else { return false }
        for index in 0..<min(count, Int(set.pointee.nfont)) {
            guard let pattern = set.pointee.fonts[index] else { continue }
            var charset: OpaquePointer?
            if FcPatternGetCharSet(pattern, "charset", 0, &charset) == FcResultMatch, let charset,
               FcCharSetHasChar(charset, scalar.value) != 0 {
                return true
            }
        }
        return false
    }

    /// The file of the first face loaded into this configuration, in loading order, that
    /// maps `scalar` to a glyph; nil when none does.
    func firstFile(covering scalar: Unicode.Scalar) -> String? {
        guard let set = FcConfigGetFonts(pointer, FcSetApplication) else { return nil }
        for index in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[index] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            var charset: OpaquePointer?
            if FcPatternGetString(pattern, "file", 0, &file) == FcResultMatch, let file,
               FcPatternGetCharSet(pattern, "charset", 0, &charset) == FcResultMatch, let charset,
               FcCharSetHasChar(charset, scalar.value) != 0 {
                return String(cString: file)
            }
        }
        return nil
    }
}
