/// A file a theme or a layout names (a PNG, or a theme's font file), before it is read.
///
/// `path` is as written in the file (relative, `/`-separated); `baseDirectory` is the folder of
/// the file that named it. Whoever reads the file confines it to that folder. `file` and
/// `field` say where the reference was written, for messages about the file.
public struct FileReference: Sendable, Hashable {
    /// The path as written (relative, `/`-separated); absolute paths and paths that leave
    /// `baseDirectory` are refused when the file is decoded and again when it is read.
    package var path: String
    /// The folder of the file that names this one; `path` is relative to it.
    package var baseDirectory: String
    /// The referring file as named in messages.
    package var file: String = ""
    /// The field path of the reference in that file, e.g. `keys.content.normal.image`.
    package var field: String = ""

    /// A value with every stored property given; those with a default may be left out.
    package init(path: String, baseDirectory: String, file: String = "", field: String = "") {
        self.path = path
        self.baseDirectory = baseDirectory
        self.file = file
        self.field = field
    }
}

/// A font file a theme names and, once it is read, the copy drawing reads. Whoever reads files
/// confines it to the theme file's folder and checks that it holds a font.
public struct FontFileReference: Sendable, Hashable {
    /// Where the theme names the font: the path as written, the theme's folder, the theme
    /// file and the field (`font.file`, `font.bold`).
    package var source: FileReference

    /// The private copy of the bytes that were checked, the only file drawing reads (set by
    /// whoever reads files, `FontFileLoader`); nil until then. A file changed or a symlink
    /// flipped after the check therefore changes nothing drawn, and a reference no loader has
    /// checked (a theme from `ThemeDecoder` alone) is not drawn at all: its labels use the
    /// theme's family.
    package var checkedCopy: String?

    /// A value with every stored property given; those with a default may be left out.
    package init(source: FileReference, checkedCopy: String? = nil) {
        self.source = source
        self.checkedCopy = checkedCopy
    }
}
