import Foundation
import RenderKeyboardKit
#if canImport(Glibc)
import Glibc
#endif

/// Watches folders with inotify and reports the paths that changed in them, a burst of
/// events at a time: after the first event it waits until `quiet` passes without another
/// and no file written in the burst is still open for writing (at most `settle` in all), so
/// an editor's truncate, write, rename and attribute change are one change, even when the
/// editor is slow between truncating a file and writing it.
///
/// Folders rather than files are watched, so a save by rename (a new file under the old
/// name) and a file that appears later are seen like an in-place write.
package final class FolderWatcher: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var folders: [Int32: String] = [:]
    private var watched: Set<String> = []
    /// Longest wait after the first event of a burst, milliseconds.
    package let settle: Int32
    /// Quiet time that ends a burst early, milliseconds.
    package let quiet: Int32

    /// - Throws: a `Diagnostic` when inotify cannot be set up.
    package init(settle: Int32 = 50, quiet: Int32 = 20) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw Diagnostic(file: "render-keyboard serve", path: "", reason: "cannot watch files: \(String(cString: strerror(errno)))")
        }
        self.settle = settle
        self.quiet = quiet
    }

    /// Starts watching `folders` not watched yet; a folder that does not exist is skipped.
    package func watch(_ folders: Set<String>) {
        lock.lock()
        defer { lock.unlock() }
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MODIFY) | UInt32(IN_ATTRIB)
        for folder in folders.subtracting(watched) {
            let watch = inotify_add_watch(descriptor, folder, mask)
            guard watch >= 0 else { continue }
            self.folders[watch] = folder
            watched.insert(folder)
        }
    }

    /// Waits for the next burst of changes and returns the paths (folder + name) it touched.
    package func next() -> Set<String> {
        var changed = Set<String>()
        var writing = Set<String>()
        var started: UInt64?
        while true {
            var timeout: Int32 = -1
            if let started {
                let elapsed = Int32((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
                if elapsed >= settle { return changed }
                timeout = writing.isEmpty ? min(quiet, settle - elapsed) : settle - elapsed
            }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, timeout)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { if started != nil { return changed } else { continue } }
            let found = readEvents()
            if !found.paths.isEmpty {
                changed.formUnion(found.paths)
                writing.formUnion(found.opened)
                writing.subtract(found.closed)
                if started == nil { started = DispatchTime.now().uptimeNanoseconds }
            }
        }
    }

    /// The paths the waiting events name; of those, the files modified and the files closed
    /// after writing, in the order read (a file both modified and closed is closed).
    private func readEvents() -> (paths: Set<String>, opened: Set<String>, closed: Set<String>) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return ([], [], []) }
        var paths = Set<String>(), opened = Set<String>(), closed = Set<String>()
        lock.lock()
        defer { lock.unlock() }
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let (watch, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                return (event.wd, event.mask, Int(event.len))
            }
            // A folder removed (or moved away) is no longer watched: forget it, so that
            // `watch` adds it again once it exists anew.
            if mask & UInt32(IN_IGNORED) != 0, let folder = folders.removeValue(forKey: watch) {
                watched.remove(folder)
                paths.insert(folder)
            }
            let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
            if let folder = folders[watch], !nameBytes.isEmpty {
                let path = (folder == "/" ? "" : folder) + "/" + String(decoding: nameBytes, as: UTF8.self)
                paths.insert(path)
                if mask & UInt32(IN_MODIFY) != 0 { opened.insert(path); closed.remove(path) }
                if mask & UInt32(IN_CLOSE_WRITE) != 0 { closed.insert(path); opened.remove(path) }
            }
            offset += header + length
        }
        return (paths, opened, closed)
    }
}
