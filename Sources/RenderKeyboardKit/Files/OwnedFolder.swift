import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// A folder whose files are the tool's own, such as the report folder of `batch --compare`:
/// what it writes there, and what it removes again.
///
/// The rules, so that no file the tool did not write is ever changed or removed:
/// - The folder holds a list of the names the tool wrote there (`listName`, one a line). A
///   name is written only when nothing is there yet, or when that list names it: a file the
///   user put under a name the tool writes is refused, as is a folder or any other kind.
/// - A symbolic link under a name the tool writes (the list included) is refused, never
///   written through; each file is written to a temporary file and renamed onto its name, so
///   a link put there after the check is replaced, not followed.
/// - The list is written before each file, so an interrupted run still lists what it wrote.
/// - `finish` removes the files the earlier list named that this run did not write, only
///   when they are regular files with names of the tool's own shape (`isOwnName`), and
///   leaves the list naming exactly what this run wrote.
///
/// The folder itself may be reached through a symbolic link the user names. Thread-safe.
package final class OwnedFolder: Sendable {
    /// The folder, as given.
    package let path: String
    /// The name of the list of written files inside the folder.
    package let listName: String
    private let isOwnName: @Sendable (String) -> Bool
    private let state: Locked<(previous: Set<String>, written: [String], created: Bool)>

    /// The folder at `path`; reads the list an earlier run left (nothing is written yet).
    ///
    /// - Parameters:
    ///   - listName: the list's file name (a leading dot keeps it out of the way).
    ///   - isOwnName: whether a plain file name has the shape of the files the tool writes;
    ///     only such names are written or removed.
    package init(_ path: String, listName: String, isOwnName: @escaping @Sendable (String) -> Bool) {
        self.path = path
        self.listName = listName
        self.isOwnName = isOwnName
        var previous = Set<String>()
        if let bytes = try? FileAccess.read(FilePath.joined(path, listName), limit: 1 << 20, followingLinks: false) {
            previous = Set(String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init).filter { Self.isPlainName($0) && isOwnName($0) })
        }
        state = Locked((previous, [], false))
    }

    /// Whether `name` names a file directly in a folder: not empty, no `/`, no NUL, no line
    /// break, no leading dot (so never `.` or `..`).
    package static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.contains(where: { $0 == "/" || $0 == "\0" || $0.isNewline })
    }

    /// The path of `name` in the folder.
    package func file(_ name: String) -> String { FilePath.joined(path, name) }

    /// Writes `bytes` as `name` (a plain name of the tool's own shape), by the type's rules.
    ///
    /// - Throws: `Diagnostic` naming the file: a symbolic link, a folder or a special file
    ///   there, a file the list does not name, or a write that failed.
    package func write(_ bytes: [UInt8], named name: String) throws {
        precondition(Self.isPlainName(name) && isOwnName(name), "\(name) is no name of the folder's own files")
        try state.withLock { state in
            if !state.created {
                _ = try FileAccess.createFolders(path, for: file(name))
                state.created = true
            }
            try checkWritable(name, owned: state.previous.contains(name) || state.written.contains(name))
            if !state.written.contains(name) { state.written.append(name) }
            try writeList(Array(state.previous.union(state.written)).sorted())
            try FileAccess.writeAtomically(bytes, to: file(name), followingLinks: false)
        }
    }

    /// Removes what the earlier list named and this run did not write, and leaves the list
    /// naming what this run wrote. Does nothing when nothing was written.
    ///
    /// - Returns: the names removed.
    /// - Throws: `Diagnostic` when the list cannot be written.
    @discardableResult
    package func finish() throws -> [String] {
        try state.withLock { state in
            guard state.created else { return [] }
            var removed: [String] = []
            for name in state.previous.subtracting(state.written).sorted() {
                var info = stat()
                if lstat(file(name), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, unlink(file(name)) == 0 { removed.append(name) }
            }
            try writeList(state.written.sorted())
            state.previous = Set(state.written)
            return removed
        }
    }

    /// Refuses to write `name` over anything but nothing or a regular file the tool wrote.
    private func checkWritable(_ name: String, owned: Bool) throws {
        var info = stat()
        guard lstat(file(name), &info) == 0 else { return }
        let kind = info.st_mode & S_IFMT
        let what = kind == S_IFLNK ? "is a symbolic link" : kind == S_IFDIR ? "is a folder" : kind != S_IFREG ? "is not a regular file"
            : owned ? nil : "was not written by render-keyboard (\(listName) in the folder does not name it)"
        if let what {
            throw Diagnostic(file: file(name), path: "", reason: "\(what); the files of \(path) are render-keyboard's own, so it is left alone (remove it, or choose another folder)")
        }
    }

    private func writeList(_ names: [String]) throws {
        try checkWritable(listName, owned: true)
        try FileAccess.writeAtomically(Array(names.map { $0 + "\n" }.joined().utf8), to: file(listName), followingLinks: false)
    }
}
