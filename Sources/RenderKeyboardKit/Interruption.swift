import Foundation

/// Temporary output files, and what happens to them when the process is interrupted.
///
/// Every temporary file `FileAccess.writeAtomically` creates is registered here until it is
/// renamed into place or removed. After `install()`, SIGINT, SIGTERM and SIGHUP remove every
/// registered temporary file and end the process with status 128 + the signal's number
/// (130 for SIGINT, 143 for SIGTERM), so an interrupted run leaves no `.NAME.XXXXXX` files.
public enum Interruption {
    private static let pending = Locked<Set<String>>([])
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    private static let installOnce: Void = {
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            Foundation.signal(signal, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
            source.setEventHandler { removeTemporariesAndExit(status: 128 + signal) }
            source.resume()
            sources.append(source)
        }
    }()

    /// Handles SIGINT, SIGTERM and SIGHUP from now on; calling it again does nothing.
    public static func install() {
        _ = installOnce
    }

    /// Creates `.NAME.XXXXXX` in `folder` and registers it.
    ///
    /// - Returns: the open descriptor and the path, or nil with `errno` set.
    static func createTemporary(in folder: String, for name: String) -> (fd: Int32, path: String)? {
        var template = Array("\(folder)/.\(name).XXXXXX".utf8CString)
        return pending.withLock { set -> (fd: Int32, path: String)? in
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { return nil }
            let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            set.insert(path)
            return (fd, path)
        }
    }

    /// Renames the temporary file onto `target` and forgets it.
    ///
    /// - Returns: false with `errno` set when the rename failed (the file stays registered).
    static func commit(_ temporary: String, to target: String) -> Bool {
        pending.withLock { set in
            guard rename(temporary, target) == 0 else { return false }
            set.remove(temporary)
            return true
        }
    }

    /// Removes the temporary file and forgets it.
    static func discard(_ temporary: String) {
        pending.withLock { set in
            unlink(temporary)
            set.remove(temporary)
        }
    }

    private static func removeTemporariesAndExit(status: Int32) -> Never {
        // Holding the lock until exit: no worker can create or rename a file after this.
        pending.lockForever { set in
            for path in set { unlink(path) }
        }
        _exit(status)
    }
}
