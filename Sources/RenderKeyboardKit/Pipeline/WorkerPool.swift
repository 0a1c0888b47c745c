import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine

/// A fixed set of worker threads, each owning one `Renderer` (renderers are not
/// thread-safe), taking work items in index order until none are left.
package enum WorkerPool {
    /// Stack of each worker thread, bytes.
    static let stackSize = 8 << 20

    /// Calls `body(renderer, i)` once for every `i` in `0..<count`, on up to
    /// `min(workers, count, Limits.maxWorkers)` threads, and returns when all calls have
    /// returned. `body` must catch its own errors. When the system refuses a thread, the run
    /// goes on with the threads it has; only when it refuses the first is that an error.
    ///
    /// - Throws: `RenderError` when a renderer cannot be set up (missing fonts), `Diagnostic`
    ///   when no worker thread can be started.
    package static func run(count: Int, workers: Int, _ body: @escaping @Sendable (Renderer, Int) -> Void) throws {
        guard count > 0 else { return }
        let wanted = min(max(workers, 1), count, Limits.maxWorkers)
        let next = Locked(0)
        let setupError = Locked<RenderError?>(nil)
        let finished = DispatchGroup()
        var started = 0
        var failure: Int32 = 0
        for _ in 0..<wanted {
            // Each worker makes its own renderer: a renderer never crosses threads.
            let work = Work {
                defer { finished.leave() }
                let renderer: Renderer
                do {
                    renderer = try Renderer()
                } catch {
                    setupError.withLock { $0 = $0 ?? (error as? RenderError) ?? .fontSetup("\(error)") }
                    return
                }
                while let i = next.withLock({ n -> Int? in
                    guard n < count, setupError.withLock({ $0 == nil }) else { return nil }
                    defer { n += 1 }
                    return n
                }) {
                    body(renderer, i)
                }
            }
            finished.enter()
            let status = work.start(stackSize: stackSize)
            if status != 0 {
                finished.leave()
                failure = status
                break
            }
            started += 1
        }
        guard started > 0 else {
            throw Diagnostic(origin: .program, reason: "cannot start a worker thread: \(String(cString: strerror(failure)))")
        }
        finished.wait()
        if let error = setupError.withLock({ $0 }) { throw error }
    }

    /// One detached POSIX thread running a closure; `pthread_create`'s failure is returned,
    /// not trapped on.
    private final class Work: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }

        /// Starts the thread; 0, or the error number of `pthread_create`.
        func start(stackSize: Int) -> Int32 {
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setstacksize(&attributes, stackSize)
            pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
            let context = Unmanaged.passRetained(self).toOpaque()
            #if os(Linux)
            var thread = pthread_t()
            #else
            var thread: pthread_t?
            #endif
            let status = pthread_create(&thread, &attributes, { context in
                let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
                work.body()
                return nil
            }, context)
            if status != 0 { Unmanaged<Work>.fromOpaque(context).release() }
            return status
        }
    }
}
