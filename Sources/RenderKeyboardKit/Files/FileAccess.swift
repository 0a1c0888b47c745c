import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// Reading input files with a size limit, and writing outputs atomically.
///
/// Inputs are opened once and checked through the open descriptor (regular file, size, and
/// for confined files the folder it really lies in), so swapping a file or a symlink between
/// a check and the read changes nothing. Outputs go to a regular file or a new name only,
/// through a temporary file and a rename; temporary files still open when the process is
/// interrupted are removed (`Interruption`).
public enum FileAccess {
    /// Reads a whole regular file of at most `limit` bytes.
    ///
    /// - Parameters:
    ///   - path: the file to read.
    ///   - limit: the largest accepted size, bytes.
    ///   - displayName: the file's name in messages; default `path` as `FilePath.shown` names it.
    ///   - folder: when set, the file actually opened (symlinks followed) must lie inside this
    ///     folder (also resolved), or the read is refused.
    ///   - followingLinks: false refuses a symbolic link at `path` itself (`O_NOFOLLOW`), for
    ///     files the tool keeps for itself.
    /// - Throws: `Diagnostic` naming the file when it is missing, not a regular file, too
    ///   large, unreadable, outside `confinedTo`, or a link not to be followed.
    public static func read(_ path: String, limit: Int = Limits.maxFileSize, displayName: String? = nil, confinedTo folder: String? = nil,
                            followingLinks: Bool = true) throws -> [UInt8] {
        let name = displayName ?? FilePath.shown(path)
        func fail(_ reason: String) -> Diagnostic { Diagnostic(file: name, path: "", reason: reason) }
        guard !path.isEmpty else { throw fail("the file name is empty") }
        guard !path.utf8.contains(0) else { throw fail(nulReason) }
        if BuiltinFiles.isEmbedded(path) { return try readEmbedded(path, limit: limit, confinedTo: folder, fail: fail) }
        ReadLog.current?.paths.append(path)
        // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else {
            throw fail(!followingLinks && errno == ELOOP ? "is a symbolic link, which is not followed here" : "cannot read file: \(errorText())")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw fail("cannot read file: \(errorText())") }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw fail((info.st_mode & S_IFMT) == S_IFDIR ? "is a folder, not a file" : "not a regular file")
        }
        if let folder {
            guard let opened = openedPath(fd), let base = realPath(folder), opened.hasPrefix(base == "/" ? "/" : base + "/") else {
                throw fail("leaves the folder of the file that names it (\(folder))")
            }
        }
        guard Int(info.st_size) <= limit else {
            throw fail("file is \(info.st_size) bytes; the limit is \(limit) bytes")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw fail("cannot read file: \(errorText())")
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > limit { throw fail("file is larger than the limit of \(limit) bytes") }
        }
        return bytes
    }

    /// A built-in compiled into the binary, held to the rules of a file on disk: it must
    /// exist, lie in `folder` when given, and fit `limit`. Built-ins never change, so no
    /// `ReadLog` records them.
    private static func readEmbedded(_ path: String, limit: Int, confinedTo folder: String?, fail: (String) -> Diagnostic) throws -> [UInt8] {
        guard let bytes = BuiltinFiles.bytes(atPath: path) else { throw fail("cannot read file: No such file or directory") }
        if let folder, !path.hasPrefix(folder + "/") {
            throw fail("leaves the folder of the file that names it (\(folder))")
        }
        guard bytes.count <= limit else { throw fail("file is \(bytes.count) bytes; the limit is \(limit) bytes") }
        return bytes
    }

    /// Writes `bytes` to `path` through a temporary file in the same folder and a rename, so a
    /// reader sees the old file or the whole new one, never a partial one. Creates missing
    /// parent folders. An existing target must be a regular file (a symlink to one is written
    /// through, keeping the link); devices, folders, FIFOs and sockets are refused, and so is a
    /// path ending in `/`. A file that is replaced keeps its permission bits (`rwx` for owner,
    /// group and others, as `cp` keeps them, read-only included); a new file is `rw-r--r--`.
    ///
    /// - Parameters:
    ///   - bytes: the file's content.
    ///   - path: the file to write.
    ///   - followingLinks: false refuses a symbolic link at `path` instead of writing through
    ///     it; and since the new file is renamed onto `path` itself, a link put there after
    ///     the check is replaced, never written through. For files the tool keeps for itself
    ///     (a report folder's).
    /// - Throws: `Diagnostic` naming the output file.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, followingLinks: Bool = true) throws {
        let (target, mode) = try outputTarget(path, followingLinks: followingLinks)
        let folder = FilePath.folder(of: target)
        let created = try createFolders(folder, for: path)
        guard let temporary = Interruption.createTemporary(in: folder, for: FilePath.lastComponent(target)) else {
            let reason = errorText()
            removeFolders(created)
            throw Diagnostic(file: path, path: "", reason: "cannot write: \(reason)")
        }
        var failure: String?
        var written = 0
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let n = Foundation.write(temporary.fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errorText()
                    return
                }
                written += n
            }
        }
        // A file that is replaced keeps its permissions, as `cp` keeps them; a new one is 644.
        if failure == nil, fchmod(temporary.fd, mode ?? 0o644) != 0 { failure = errorText() }
        if close(temporary.fd) != 0, failure == nil { failure = errorText() }
        if failure == nil, !Interruption.commit(temporary.path, to: target) { failure = errorText() }
        if let failure {
            Interruption.discard(temporary.path)
            removeFolders(created)
            throw Diagnostic(file: path, path: "", reason: "cannot write: \(failure)")
        }
    }

    /// Creates `folder` and its missing parents.
    ///
    /// - Returns: the folders created, outermost first, for `removeFolders` to undo a failed
    ///   run; empty when `folder` existed.
    /// - Throws: `Diagnostic` naming `output` (the file the folder is for) when a folder cannot
    ///   be created; what was created before is removed.
    package static func createFolders(_ folder: String, for output: String) throws -> [String] {
        var missing: [String] = []
        var next = folder
        while !FileSystemQueries.isDirectory(next) {
            missing.append(next)
            let parent = FilePath.folder(of: next)
            if parent == next { break }
            next = parent
        }
        var created: [String] = []
        for folder in missing.reversed() {
            if mkdir(folder, 0o777) != 0 && !(errno == EEXIST && FileSystemQueries.isDirectory(folder)) {
                removeFolders(created)
                throw Diagnostic(file: output, path: "", reason: "cannot create folder \(folder)")
            }
            created.append(folder)
        }
        return created
    }

    /// Removes `folders` (as `createFolders` returned them), innermost first, each only when
    /// empty: what a failed run created goes, and nothing else.
    package static func removeFolders(_ folders: [String]) {
        for folder in folders.reversed() { rmdir(folder) }
    }

    /// Writes an output: `-` is standard output, any other path a file written with
    /// `writeAtomically`.
    ///
    /// - Throws: `Diagnostic` naming the output when it cannot be written.
    package static func writeOutput(_ bytes: [UInt8], to path: String) throws {
        guard isStandardOutput(path) else { return try writeAtomically(bytes, to: path) }
        guard StandardStream.output.write(bytes) else {
            throw Diagnostic(file: path, path: "", reason: "cannot write to standard output: \(errorText())")
        }
    }

    /// Whether `path` means standard output (`-`).
    package static func isStandardOutput(_ path: String) -> Bool { path == "-" }

    /// Whether `a` and `b` name one existing file, through whatever spelling, symbolic link
    /// or hard link (the same device and inode once links are followed).
    package static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        guard !a.isEmpty, !b.isEmpty, stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// The file a write to `path` replaces: `path`, or the regular file a symlink at `path`
    /// leads to; and that file's permission bits when it exists (nil for a new name).
    ///
    /// - Throws: `Diagnostic` when `path` is empty, ends in `/`, or names something other than
    ///   a regular file.
    static func outputTarget(_ path: String, followingLinks: Bool = true) throws -> (path: String, mode: mode_t?) {
        func fail(_ reason: String) -> Diagnostic { Diagnostic(file: path, path: "", reason: reason) }
        guard !path.isEmpty else { throw fail("the output file name is empty") }
        guard !path.utf8.contains(0) else { throw fail(nulReason) }
        guard !path.hasSuffix("/") else { throw fail("names a folder; give a file name") }
        var info = stat()
        guard lstat(path, &info) == 0 else { return (path, nil) }   // a new name
        var kind = info.st_mode & S_IFMT
        var target = path
        if kind == S_IFLNK && !followingLinks {
            throw fail("is a symbolic link, which is never written through here")
        }
        if kind == S_IFLNK {
            guard stat(path, &info) == 0 else { return (path, nil) }   // a dangling link is replaced
            // What the link reaches must be a regular file too (`/proc/self/fd/1` reaches a
            // pipe), and one with a path of its own to write beside.
            kind = info.st_mode & S_IFMT
            if kind == S_IFREG {
                guard let resolved = realPath(path), FileSystemQueries.isDirectory(FilePath.folder(of: resolved)) else {
                    throw fail("leads to a file with no folder to write beside; outputs are written only to regular files or new names")
                }
                target = resolved
            }
        }
        guard kind == S_IFREG else {
            let what = kind == S_IFDIR ? "a folder" : kind == S_IFCHR || kind == S_IFBLK ? "a device" : kind == S_IFIFO ? "a FIFO" : "not a regular file"
            throw fail("is \(what); outputs are written only to regular files or new names")
        }
        return (target, info.st_mode & 0o777)
    }

    /// The real path of `path` (symlinks resolved), or nil when it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The path of the file open on `fd`, as the kernel knows it.
    static func openedPath(_ fd: Int32) -> String? {
        #if os(Linux)
        return FileSystemQueries.linkTarget("/proc/self/fd/\(fd)")
        #else
        var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN))
        guard fcntl(fd, F_GETPATH, &buffer) != -1 else { return nil }
        return String(cString: buffer)
        #endif
    }

    static func errorText() -> String { String(cString: strerror(errno)) }

    /// Why a path holding a NUL byte is refused: the system would read it only up to the NUL,
    /// which names another file.
    static let nulReason = "the file name holds a NUL byte, which no file name can"
}

/// The files one thread reads through `FileAccess.read` while a log is in place, found or
/// not: what a live preview watches to know which drawings a saved file affects.
package final class ReadLog {
    /// Every path given to `FileAccess.read`, in order, as given (relative or absolute).
    package var paths: [String] = []

    package init() {}

    private static let key = "render-keyboard.read-log"

    /// The log of the calling thread, if any.
    static var current: ReadLog? { Thread.current.threadDictionary[key] as? ReadLog }

    /// Runs `body` with this log recording the calling thread's reads, then puts back the
    /// log that was in place before.
    package func recording<T>(_ body: () throws -> T) rethrows -> T {
        let dictionary = Thread.current.threadDictionary
        let earlier = dictionary[Self.key]
        dictionary[Self.key] = self
        defer { dictionary[Self.key] = earlier }
        return try body()
    }
}
