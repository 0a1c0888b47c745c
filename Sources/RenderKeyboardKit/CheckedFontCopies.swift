import Foundation

/// Private copies of the theme font files that were checked, which fontconfig, FreeType and
/// cairo open instead of the theme's own path.
///
/// Those libraries open a font by path, and more than once; a copy written from the checked
/// bytes into a folder only this process's user can enter (mode 0700, made with `mkdtemp`)
/// means a file changed, or a symlink flipped to a font outside the theme's folder or to a
/// FIFO, after the check changes nothing drawn. Equal bytes share one copy, so a batch that
/// uses one font in every job adds it once. The folder is removed when the process exits,
/// and when it is interrupted (`Interruption`).
enum CheckedFontCopies {
    private static let state = Locked<(folder: String?, copies: [[UInt8]: String])>((nil, [:]))

    /// The path of a private copy of `bytes`.
    ///
    /// - Throws: the reason as text when the copy cannot be written (no temporary folder, a
    ///   full disk).
    static func copy(of bytes: [UInt8]) throws -> String {
        try state.withLock { state in
            if let path = state.copies[bytes] { return path }
            let folder: String
            if let existing = state.folder {
                folder = existing
            } else {
                folder = try makeFolder()
                state.folder = folder
            }
            let path = "\(folder)/\(state.copies.count).font"
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard fd >= 0 else { throw CopyError(reason: FileAccess.errorText()) }
            var failure: String?
            var written = 0
            bytes.withUnsafeBytes { buffer in
                while written < buffer.count {
                    let n = write(fd, buffer.baseAddress! + written, buffer.count - written)
                    if n < 0 {
                        if errno == EINTR { continue }
                        failure = FileAccess.errorText()
                        return
                    }
                    written += n
                }
            }
            if close(fd) != 0, failure == nil { failure = FileAccess.errorText() }
            if let failure {
                unlink(path)
                throw CopyError(reason: failure)
            }
            state.copies[bytes] = path
            return path
        }
    }

    /// Why a copy could not be written.
    struct CopyError: Error {
        var reason: String
    }

    private static func makeFolder() throws -> String {
        var base = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        if base.isEmpty { base = "/tmp" }
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        var template = Array("\(base)/render-keyboard-fonts.XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw CopyError(reason: "cannot make a private folder in \(base): \(FileAccess.errorText())")
        }
        let folder = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        Interruption.removeOnExit(folder)
        return folder
    }
}
