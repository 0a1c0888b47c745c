import Foundation

/// Reading input files with a size limit, and writing outputs atomically.
public enum FileAccess {
    /// Reads a whole file of at most `limit` bytes.
    ///
    /// - Throws: `Diagnostic` naming the file when it is missing, not a regular file, too
    ///   large or unreadable.
    public static func read(_ path: String, limit: Int = DocumentLimits.maxFileSize, displayName: String? = nil) throws -> [UInt8] {
        let name = displayName ?? path
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw Diagnostic(file: name, path: "", reason: "cannot read file: \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw Diagnostic(file: name, path: "", reason: "not a regular file")
        }
        guard Int(info.st_size) <= limit else {
            throw Diagnostic(file: name, path: "", reason: "file is \(info.st_size) bytes; the limit is \(limit) bytes")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw Diagnostic(file: name, path: "", reason: "cannot open file")
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: limit + 1)) ?? Data()
        guard data.count <= limit else {
            throw Diagnostic(file: name, path: "", reason: "file is larger than the limit of \(limit) bytes")
        }
        return [UInt8](data)
    }

    /// `relative` joined to `folder`, refusing a missing file and symlinks that lead out of
    /// `folder`: the rule for every file a theme or layout names beside itself.
    ///
    /// - Parameter kind: "image", "font": names the file in messages.
    /// - Returns: the joined path (for messages) and the path with symlinks resolved.
    /// - Throws: `Diagnostic` naming the joined path.
    public static func confined(_ relative: String, in folder: String, kind: String) throws -> (joined: String, resolved: String) {
        let base = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        let joined = URL(fileURLWithPath: folder).appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: joined.path) else {
            throw Diagnostic(file: joined.path, path: "", reason: "\(kind) file not found")
        }
        let resolved = joined.resolvingSymlinksInPath().path
        guard resolved.hasPrefix(base + "/") else {
            throw Diagnostic(file: joined.path, path: "", reason: "\(kind) leaves the folder of the file that names it (\(base))")
        }
        return (joined.path, resolved)
    }

    /// Writes `bytes` to `path` through a temporary file in the same folder and a rename, so a
    /// reader sees the old file or the whole new one, never a partial one. Creates missing
    /// parent folders.
    ///
    /// - Throws: `Diagnostic` naming the output file.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw Diagnostic(file: path, path: "", reason: "cannot create folder \(folder)")
        }
        var template = Array("\(folder)/.\(url.lastPathComponent).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw Diagnostic(file: path, path: "", reason: "cannot write: \(String(cString: strerror(errno)))")
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var written = 0
        var failure: String?
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                written += n
            }
        }
        if failure == nil, fchmod(fd, 0o644) != 0 { failure = String(cString: strerror(errno)) }
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw Diagnostic(file: path, path: "", reason: "cannot write: \(failure)")
        }
    }
}
