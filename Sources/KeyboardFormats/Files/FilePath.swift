/// Lexical operations on `/`-separated paths (the questions to the file system are
/// `FileSystemQueries`).
///
/// They give the results `URL(fileURLWithPath:)` gives for file paths (`pathExtension`,
/// `deletingLastPathComponent`, `standardized`) without its costs: a `URL` made from a path
/// asks the file system whether the path is a folder and reads the working folder, on
/// every call, and a render makes dozens of them before its first pixel.
package enum FilePath {
    /// The last component of `path`, trailing `/` ignored (`"a/b.yaml"` → `"b.yaml"`, `"a//"` →
    /// `"a"`); `"/"` for the root and `""` for an empty path.
    package static func lastComponent(_ path: String) -> String {
        guard let end = path.lastIndex(where: { $0 != "/" }) else { return path.isEmpty ? "" : "/" }
        let trimmed = path[...end]
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The extension of the last component without its dot, or "" when there is none
    /// (`"x.tar.gz"` → `"gz"`; `".hidden"`, `"x."` and `"x"` → `""`).
    package static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// The last component without its extension (`"themes/dark@2x.png"` → `"dark@2x"`).
    package static func stem(_ path: String) -> String {
        let name = lastComponent(path)
        let ext = pathExtension(name)
        return ext.isEmpty ? name : String(name.dropLast(ext.count + 1))
    }

    /// How every message names a file: relative to the working folder when the file lies
    /// inside it (`brand/dark.yaml`, `.` for the folder itself), absolute otherwise
    /// (`/srv/shared/base.yaml`), standardised either way (no `.`, `..` or doubled `/`), so
    /// one file reads the same in every message of every command, however it was reached
    /// (an option, an `extends`, a manifest's job). A path that is no file name (empty, or
    /// holding a NUL byte) is left as it is. The working folder is taken as the system gives
    /// it, and as `PWD` names it when that is the same folder through symbolic links.
    package static func shown(_ path: String) -> String {
        guard !path.isEmpty, !path.utf8.contains(0) else { return path }
        return relative(absolute(path), toAnyOf: FileSystemQueries.workingDirectoryNames()) ?? absolute(path)
    }

    /// The absolute, standardised `full` relative to the first of `folders` (absolute,
    /// standardised names of one folder) that holds it (`.` for the folder itself), or nil when
    /// none does: the rule of `shown`, for any root.
    package static func relative(_ full: String, toAnyOf folders: [String]) -> String? {
        for folder in folders {
            if full == folder { return "." }
            let prefix = folder == "/" ? "/" : folder + "/"
            if full.hasPrefix(prefix) { return String(full.dropFirst(prefix.count)) }
        }
        return nil
    }

    /// `path` made absolute against the working folder, then standardised.
    package static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return standardized(path) }
        return joined(FileSystemQueries.workingDirectory(), path)
    }

    /// The absolute folder holding `path` (`"/a/b.yaml"` → `"/a"`, `"/b.yaml"` → `"/"`).
    package static func folder(of path: String) -> String {
        let full = absolute(path)
        guard let slash = full.lastIndex(of: "/"), slash != full.startIndex else { return "/" }
        return String(full[..<slash])
    }

    /// `relative` inside `folder`, standardised; an absolute `relative` is taken as it is.
    package static func joined(_ folder: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return standardized(relative) }
        return standardized(folder + "/" + relative)
    }

    /// `path` with empty and `.` components removed and each `..` taking away the component
    /// before it (at the root it stays at the root). An absolute path stays absolute; no
    /// symbolic link is followed.
    package static func standardized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == ".." && absolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let body = parts.joined(separator: "/")
        return absolute ? "/" + body : (body.isEmpty ? "." : body)
    }

    /// The folder part of `path` ("" for a bare file name, "/" for a file at the root).
    package static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
