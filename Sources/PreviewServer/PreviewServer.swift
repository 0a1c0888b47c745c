import KeyboardPreview
import Foundation
import Hummingbird
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import Logging
import NIOCore
import RenderKeyboardKit

/// The live preview server (`render-keyboard serve`, docs/preview-and-serve.md): draws the cells, watches the
/// files they read, and serves the page, the cells and their events over HTTP.
package final class PreviewServer: Sendable {

    package let board: CellBoard
    package let hub: EventHub
    private let watcher: FolderWatcher
    private let request: ServeRequest
    /// The port listened on, set once the server listens.
    private let port = Locked<Int?>(nil)

    /// Draws every cell and starts watching; nothing listens until `run`.
    ///
    /// - Throws: as `CellBoard.init` and `FolderWatcher.init`.
    package init(_ request: ServeRequest, keepAlive: TimeInterval = 10) throws {
        self.request = request
        board = try CellBoard(request)
        hub = EventHub(keepAlive: keepAlive)
        watcher = try FolderWatcher()
        watcher.watch(board.folders)
        let thread = Thread { [board, hub, watcher] in
            while true {
                let changed = watcher.next()
                let cells = board.changed(changed)
                watcher.watch(board.folders)
                hub.send(cells)
            }
        }
        thread.name = "render-keyboard.preview.watcher"
        thread.start()
    }

    /// The port listened on, once `run` has bound it.
    package var boundPort: Int? { port.withLock { $0 } }

    /// The `Host` values served (`HostRule`); empty until the server listens.
    var servedHosts: Set<String> {
        boundPort.map { HostRule<BasicRequestContext>.hosts(host: request.host, port: $0) } ?? []
    }

    /// Serves until SIGINT or SIGTERM; `ready` gets the page's address once it listens.
    ///
    /// - Throws: a `Diagnostic` naming `--port` when the port is in use, or `--host` when the
    ///   address cannot be listened on.
    package func run(ready: @escaping @Sendable (String) -> Void) async throws {
        var logger = Logger(label: "render-keyboard-serve")
        logger.logLevel = .critical
        let host = request.host
        let app = Application(
            router: Routes.router(for: self),
            server: HTTP1Connection.builder(),
            configuration: .init(address: .hostname(host, port: request.port), serverName: nil),
            onServerRunning: { [port] channel in
                let bound = channel.localAddress?.port ?? 0
                port.withLock { $0 = bound }
                ready("http://\(host.contains(":") ? "[\(host)]" : host):\(bound)/")
            },
            logger: logger
        )
        let stop = [SIGINT, SIGTERM].map { signal in
            let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
            source.setEventHandler { [hub] in hub.close() }
            source.resume()
            return source
        }
        defer { stop.forEach { $0.cancel() } }
        do {
            try await app.runService()
        } catch {
            throw listenProblem(error) ?? error
        }
    }

    /// What a failure to start listening means for the options; nil once the server listened
    /// (then the failure is something else).
    private func listenProblem(_ error: Error) -> Diagnostic? {
        guard boundPort == nil else { return nil }
        let reason: String
        switch error {
        case let failure as IOError where failure.errnoCode == EADDRINUSE:
            return Diagnostic(origin: .requestField("port"), reason: "\(request.port) is in use")
        case let failure as IOError: reason = String(cString: strerror(failure.errnoCode))
        case let unknown as SocketAddressError.UnknownHost: reason = "no such host (\(unknown.errorDescription))"
        default: reason = "\(error)"
        }
        return Diagnostic(origin: .requestField("host"), reason: "cannot listen on \(request.host) port \(request.port): \(reason)")
    }
}
