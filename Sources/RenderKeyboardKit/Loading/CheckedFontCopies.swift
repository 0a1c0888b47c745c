import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// Private copies of the theme font files that were checked, which fontconfig, FreeType and
/// cairo open instead of the theme's own path.
///
/// Those libraries open a font by path, and more than once; a copy written from the checked
/// bytes into a folder only this process's user can enter (mode 0700, made with `mkdtemp`)
/// means a file changed, or a symlink flipped to a font outside the theme's folder or to a
/// FIFO, after the check changes nothing drawn. Equal bytes share one copy, so a batch that
/// uses one font in every job adds it once; copies are found by size and an FNV-1a hash and
/// compared byte for byte, so the process keeps no font in memory. The folder is removed when
/// the process exits, and when it is interrupted (`Interruption`).
package enum CheckedFontCopies {
    private struct Key: Hashable {
        var count: Int
        var hash: UInt64
    }

    private static let state = Locked<(folder: String?, copies: [Key: [String]], made: Int, origins: [String: String])>((nil, [:], 0, [:]))

    /// The 64-bit FNV-1a hash of `bytes`.
    private static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The path of a private copy of `bytes`, read from the font file `origin`.
    ///
    /// - Throws: the reason as text when the copy cannot be written (no temporary folder, a
    ///   full disk).
    static func copy(of bytes: [UInt8], from origin: String) throws -> String {
        let key = Key(count: bytes.count, hash: fnv1a(bytes))
        return try state.withLock { state in
            for path in state.copies[key] ?? [] where FileManager.default.contents(atPath: path).map([UInt8].init) == bytes {
                return path
            }
            let folder: String
            if let existing = state.folder {
                folder = existing
            } else {
                folder = try makeFolder()
                state.folder = folder
            }
            let path = "\(folder)/\(state.made).font"
            state.made += 1
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
            state.copies[key, default: []].append(path)
            state.origins[path] = origin
            return path
        }
    }

    /// The font file the private copy at `path` was first made from, as its theme named it
    /// (joined to the theme's folder); nil for any other path.
    package static func origin(ofCopy path: String) -> String? {
        state.withLock { $0.origins[path] }
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
