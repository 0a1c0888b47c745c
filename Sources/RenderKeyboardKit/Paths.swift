import SystemPackage

/// Lexical operations on `/`-separated paths held as strings, done by swift-system's
/// `FilePath` (`lastComponent`, `extension`, `stem`, `pushing`, `lexicallyNormalized`,
/// `removingLastComponent`); no symbolic link is followed and no file is looked at.
///
/// They give the results `URL(fileURLWithPath:)` gives for file paths (`lastPathComponent`,
/// `pathExtension`, `deletingLastPathComponent`, `standardized`) without its costs: a `URL`
/// made from a path asks the file system whether the path is a folder and reads the working
/// folder, on every call, and a render makes dozens of them before its first pixel.
///
/// Where `FilePath` answers otherwise, the functions here keep the earlier results, which
/// messages and output names are made of:
/// - A NUL byte: `FilePath("a\0b")` holds `"a"` only (it keeps a C string), so a file name
///   read from a layout or a manifest would silently name another file. Here a NUL is a
///   character like any other, as before, and `FileAccess` refuses a path holding one with a
///   message that shows it.
/// - The root: `FilePath("/").lastComponent` is nil; `lastComponent("/")` is `"/"`, as
///   Foundation's `lastPathComponent` gives.
/// - A name ending in a dot: `FilePath("x.").extension` is `""` and its `stem` `"x"`; here the
///   stem is `"x."`, as Foundation's `deletingPathExtension` leaves it.
/// - A relative path that normalises to nothing: `FilePath("a/..").lexicallyNormalized()` is
///   `""`; here it is `"."`.
/// - An empty folder: `FilePath("").pushing("a")` is `"a"`; `joined("", "a")` is `"/a"`, the
///   folder read as the root.
///
/// `FilePath` removes repeated and trailing `/` when it is made, so a path ending in two or more
/// `/` has the last component, extension and stem of the name before them (`"a//"` → `"a"`),
/// as Foundation has it; the string code before `FilePath` gave `""` there. Every output name
/// ending in `/` is refused before its extension is read, so no message or file name changes.
/// `..` at the root stays at the root (`"/.."` is `"/"`), as before.
enum Paths {
    /// The last component of `path`, trailing `/` ignored (`"a/b.yaml"` → `"b.yaml"`); `"/"`
    /// for the root and `""` for an empty path.
    static func lastComponent(_ path: String) -> String {
        let path = filePath(path)
        guard let last = path.lastComponent else { return path.root == nil ? "" : "/" }
        return text(last.string)
    }

    /// The extension of the last component without its dot, or "" when there is none
    /// (`"x.tar.gz"` → `"gz"`; `".hidden"`, `"x."`, `".."` and `"x"` → `""`).
    static func pathExtension(_ path: String) -> String {
        filePath(path).extension.map(text) ?? ""
    }

    /// The last component without its extension (`"themes/dark@2x.png"` → `"dark@2x"`); the
    /// whole last component when its extension is empty (`"x."` → `"x."`).
    static func stem(_ path: String) -> String {
        let file = filePath(path)
        guard let last = file.lastComponent, let ext = last.extension, !ext.isEmpty else {
            return lastComponent(path)
        }
        return text(last.stem)
    }

    /// `path` made absolute against the working folder, then normalised.
    static func absolute(_ path: String) -> String {
        text(absolutePath(path).string)
    }

    /// The absolute folder holding `path` (`"/a/b.yaml"` → `"/a"`, `"/b.yaml"` → `"/"`), after
    /// `..` and `.` in it are resolved lexically (`"/a/b/.."` → `"/"`).
    static func folder(of path: String) -> String {
        text(absolutePath(path).removingLastComponent().string)
    }

    /// `relative` inside `folder`, normalised; an absolute `relative` is taken as it is, and
    /// an empty `folder` is the root.
    static func joined(_ folder: String, _ relative: String) -> String {
        normalized(filePath(folder.isEmpty ? "/" : folder).pushing(filePath(relative)))
    }

    /// `path` with empty and `.` components removed and each `..` taking away the component
    /// before it (at the root it stays at the root); `"."` for a relative path that comes to
    /// nothing.
    private static func normalized(_ path: FilePath) -> String {
        let result = path.lexicallyNormalized()
        return result.isEmpty ? "." : text(result.string)
    }

    private static func absolutePath(_ path: String) -> FilePath {
        let file = filePath(path)
        let full = file.isAbsolute ? file : filePath(FileSystemQueries.workingDirectory()).pushing(file)
        return full.lexicallyNormalized()
    }

    // MARK: - NUL bytes

    // `FilePath` keeps a path as a C string, so the characters of a `String` after a NUL byte
    // are lost when one is made. Paths go in with byte 0 written as 1 2, and byte 1 as 1 1, and
    // come out with the pairs read back: neither byte is `/` or `.`, so the components, dots
    // and extensions `FilePath` finds are the same. A path without either byte is unchanged.

    private static func filePath(_ path: String) -> FilePath {
        guard path.utf8.contains(where: { $0 < 2 }) else { return FilePath(path) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count + 8)
        for byte in path.utf8 {
            if byte < 2 { bytes += [1, byte == 0 ? 2 : 1] } else { bytes.append(byte) }
        }
        return FilePath(String(decoding: bytes, as: UTF8.self))
    }

    private static func text(_ string: String) -> String {
        guard string.utf8.contains(1) else { return string }
        var bytes: [UInt8] = []
        var escaped = false
        for byte in string.utf8 {
            if escaped {
                bytes.append(byte == 2 ? 0 : byte)
                escaped = false
            } else if byte == 1 {
                escaped = true
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
