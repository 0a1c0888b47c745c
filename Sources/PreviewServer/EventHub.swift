import KeyboardModel
import Foundation

/// The open `/events` streams: each gets every `cell` event, and a comment line every
/// `keepAlive` seconds so proxies and browsers keep it open. At most `limit` are open at once.
package final class EventHub: @unchecked Sendable {

    private let lock = NSLock()
    private var streams: [Int: AsyncStream<String>.Continuation] = [:]
    private var nextID = 0
    private var closed = false
    private let keepAlive: TimeInterval

    package init(keepAlive: TimeInterval = 10) {
        self.keepAlive = keepAlive
    }

    /// How many streams are open.
    package var count: Int { lock.lock(); defer { lock.unlock() }; return streams.count }

    /// One open stream: its event text, and `end` to close it from the server's side (the
    /// client went away); its place is free again once it ends either way.
    package struct Subscription: Sendable {
        package let stream: AsyncStream<String>
        private let continuation: AsyncStream<String>.Continuation

        init(_ stream: AsyncStream<String>, _ continuation: AsyncStream<String>.Continuation) {
            self.stream = stream
            self.continuation = continuation
        }

        /// Ends the stream and frees its place.
        package func end() { continuation.finish() }
    }

    /// A new stream of event text, or nil when `limit` are open (or the server is stopping).
    package func open() -> Subscription? {
        lock.lock()
        defer { lock.unlock() }
        guard !closed, streams.count < Limits.maxEventStreams else { return nil }
        let id = nextID
        nextID += 1
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(1024))
        streams[id] = continuation
        let keepAlive = self.keepAlive
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: UInt64(keepAlive * 1_000_000_000))
                if case .terminated = continuation.yield(": keep-alive\n\n") { return }
            }
        }
        continuation.onTermination = { [weak self] _ in
            ticker.cancel()
            self?.remove(id)
        }
        return Subscription(stream, continuation)
    }

    private func remove(_ id: Int) {
        lock.lock()
        streams[id] = nil
        lock.unlock()
    }

    /// Sends one `cell` event for each snapshot to every open stream.
    package func send(_ cells: [CellSnapshot]) {
        guard !cells.isEmpty else { return }
        let text = cells.map { "event: cell\ndata: \($0.json)\n\n" }.joined()
        lock.lock()
        let open = Array(streams.values)
        lock.unlock()
        for stream in open { stream.yield(text) }
    }

    /// Ends every stream and refuses new ones: the server is stopping.
    package func close() {
        lock.lock()
        closed = true
        let open = Array(streams.values)
        lock.unlock()
        for stream in open { stream.finish() }
    }
}
