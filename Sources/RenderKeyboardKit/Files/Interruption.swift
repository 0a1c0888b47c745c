import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// Temporary output files, and what happens to them when the process is interrupted.
///
/// Every temporary file `FileAccess.writeAtomically` creates is registered here until it is
/// renamed into place or removed. After `install()`, SIGINT, SIGTERM and SIGHUP remove every
/// registered temporary file and end the process with status 128 + the signal's number
/// (130 for SIGINT, 143 for SIGTERM), so an interrupted run leaves no `.NAME.XXXXXX` files.
/// A command may first have a line printed on standard error (`setReport`), such as how many
/// of a batch's outputs were written.
package enum Interruption {
    /// The temporary files not yet renamed or removed, how many were renamed into place, and
    /// the report to print on a signal.
    private struct State {
        var temporaries = Set<String>()
        var committed = 0
        var report: (@Sendable (Int) -> String)?
    }

    private static let pending = Locked(State())
    private static let handled = [SIGINT, SIGTERM, SIGHUP]
    private static let installOnce: Void = {
        // The signals are blocked in this thread, and so in every thread started after it,
        // and one small thread takes them with sigwait: a plain thread, because a dispatch
        // signal source would start the dispatch runtime's workers in every run.
        var signals = signalSet()
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 64 * 1024)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        #if os(Linux)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let status = pthread_create(&thread, &attributes, { _ in
            var signals = Interruption.signalSet()
            var received: Int32 = 0
            while sigwait(&signals, &received) != 0 {}
            Interruption.removeTemporariesAndExit(status: 128 + received)
        }, nil)
        if status != 0 {
            // Without the waiting thread the signals keep their default action.
            pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        }
    }()

    private static func signalSet() -> sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in handled { sigaddset(&signals, signal) }
        return signals
    }

    /// Handles SIGINT, SIGTERM and SIGHUP from now on; calling it again does nothing.
    ///
    /// Call it first thing in `main`, before any other thread starts: a thread started
    /// earlier does not block the signals, and one delivered to it ends the process without
    /// the clean-up.
    package static func install() {
        _ = installOnce
    }

    /// Has `report` called when a signal ends the process, after the temporary files are
    /// removed, with the number of outputs written (renamed into place) since the process
    /// started; its text is printed on standard error before the process exits. Nil prints
    /// nothing.
    package static func setReport(_ report: (@Sendable (_ written: Int) -> String)?) {
        pending.withLock { $0.report = report }
    }


    /// Creates `.NAME.XXXXXX` in `folder` and registers it; NAME is cut (at a character) so
    /// the temporary name fits in `Limits.maxFileNameBytes` whenever `name` itself does.
    ///
    /// - Returns: the open descriptor and the path, or nil with `errno` set.
    static func createTemporary(in folder: String, for name: String) -> (fd: Int32, path: String)? {
        var stem = name
        while stem.utf8.count > Limits.maxFileNameBytes - ".".utf8.count - ".XXXXXX".utf8.count {
            stem.unicodeScalars.removeLast()
        }
        var template = Array("\(folder)/.\(stem).XXXXXX".utf8CString)
        return pending.withLock { state -> (fd: Int32, path: String)? in
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { return nil }
            let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            state.temporaries.insert(path)
            return (fd, path)
        }
    }

    /// Renames the temporary file onto `target` and forgets it.
    ///
    /// - Returns: false with `errno` set when the rename failed (the file stays registered).
    static func commit(_ temporary: String, to target: String) -> Bool {
        pending.withLock { state in
            guard rename(temporary, target) == 0 else { return false }
            state.temporaries.remove(temporary)
            state.committed += 1
            return true
        }
    }

    /// Removes the temporary file and forgets it.
    static func discard(_ temporary: String) {
        pending.withLock { state in
            unlink(temporary)
            state.temporaries.remove(temporary)
        }
    }

    /// Private folders removed, with everything in them, when the process exits or is
    /// interrupted.
    private static let privateFolders = Locked<[String]>([])
    private static let removeAtExitOnce: Void = {
        atexit { Interruption.removePrivateFolders() }
    }()

    /// Removes `folder` and what it holds when the process exits (`exit`, or a return from
    /// `main`) or is interrupted by SIGINT, SIGTERM or SIGHUP.
    static func removeOnExit(_ folder: String) {
        _ = removeAtExitOnce
        privateFolders.withLock { $0.append(folder) }
    }

    private static func removePrivateFolders() {
        privateFolders.withLock { folders in
            for folder in folders {
                if let names = try? FileManager.default.contentsOfDirectory(atPath: folder) {
                    for name in names { unlink(folder + "/" + name) }
                }
                rmdir(folder)
            }
            folders.removeAll()
        }
    }

    private static func removeTemporariesAndExit(status: Int32) -> Never {
        // Holding the lock until exit: no worker can create or rename a file after this.
        pending.lockForever { state in
            for path in state.temporaries { unlink(path) }
            if let report = state.report {
                let line = Array((report(state.committed) + "\n").utf8)
                line.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
            }
        }
        removePrivateFolders()
        _exit(status)
    }
}
