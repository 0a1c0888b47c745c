#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few questions the loaders ask the file system, in plain system calls (the lexical work
/// on paths is `FilePath`).
package enum FileSystemQueries {
    /// The working folder, or `/` when it cannot be read.
    package static func workingDirectory() -> String {
        guard let cwd = getcwd(nil, 0) else { return "/" }
        defer { free(cwd) }
        return String(cString: cwd)
    }

    /// The names of the working folder: as the system gives it, then as the `PWD` environment
    /// variable names it when that is the same folder reached through symbolic links.
    package static func workingDirectoryNames() -> [String] {
        let physical = workingDirectory()
        guard let logical = getenv("PWD").map({ String(cString: $0) }), logical.hasPrefix("/"), logical != physical else { return [physical] }
        var a = stat(), b = stat()
        guard stat(logical, &a) == 0, stat(physical, &b) == 0, a.st_dev == b.st_dev, a.st_ino == b.st_ino else { return [physical] }
        return [physical, FilePath.standardized(logical)]
    }

    /// Whether something exists at `path` (following symbolic links).
    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Whether `path` is a folder (following symbolic links).
    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Where the symbolic link at `path` points, or nil when `path` is not a readable link.
    package static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
