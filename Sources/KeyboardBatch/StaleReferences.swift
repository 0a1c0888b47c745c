import KeyboardCompare
import RenderKeyboardKit
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// The references no job names any more, and their removal (`batch --compare DIR`: listed as
/// `stale: NAME`; `--record --prune` removes them).
///
/// A reference file is a regular file under the folder whose name ends in an output format's
/// extension (`.png`, `.svg`, `.pdf`, any case). Names starting with `.` (files and folders)
/// are skipped, and so are symbolic links: a link is neither listed nor removed, and a linked
/// folder is not entered, so nothing outside the folder is ever looked at or removed. Each
/// folder is opened relative to its parent with `O_NOFOLLOW`, so a folder swapped for a link
/// while the walk runs is not entered either. `RENDERING-STACK.txt` and any other file that is
/// no image are never stale. The walk stops at `Limits.maxReferenceFolderDepth` folders deep and `Limits.maxReferenceFiles` files.
enum StaleReferences {

    /// The reference files under `folder` that `named` (paths relative to `folder`) does not
    /// hold, relative to `folder`, sorted; empty when the folder does not exist.
    static func find(in folder: String, named: Set<String>) -> [String] {
        var found: [String] = []
        var budget = Limits.maxReferenceFiles
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        walk(fd, prefix: "", depth: 0, budget: &budget) { name in
            if !named.contains(name) { found.append(name) }
        }
        return found.sorted()
    }

    /// Removes the reference file `name` (relative to `folder`, as `find` gives it): every
    /// folder on the way is opened without following links, and only a regular file is
    /// unlinked.
    ///
    /// - Returns: whether it was removed.
    static func remove(_ name: String, in folder: String) -> Bool {
        let parts = name.split(separator: "/").map(String.init)
        guard let last = parts.last, !parts.contains(where: { $0 == "." || $0 == ".." }) else { return false }
        var fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        for part in parts.dropLast() where fd >= 0 {
            let next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            close(fd)
            fd = next
        }
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstatat(fd, last, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return unlinkat(fd, last, 0) == 0
    }

    /// Whether a file name is a reference's: an output format's extension.
    static func isReference(_ name: String) -> Bool {
        OutputFormat(path: name) != nil
    }

    /// Calls `body` with the relative name of every reference file under the open folder
    /// `fd` (which it closes).
    private static func walk(_ fd: Int32, prefix: String, depth: Int, budget: inout Int, _ body: (String) -> Void) {
        guard let directory = fdopendir(fd) else { close(fd); return }
        defer { closedir(directory) }
        while budget > 0, let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            budget -= 1
            var info = stat()
            guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG where isReference(name):
                body(prefix + name)
            case S_IFDIR where depth < Limits.maxReferenceFolderDepth:
                let child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if child >= 0 { walk(child, prefix: prefix + name + "/", depth: depth + 1, budget: &budget, body) }
            default:
                continue
            }
        }
    }
}
