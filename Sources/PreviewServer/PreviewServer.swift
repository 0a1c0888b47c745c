import Foundation
import Hummingbird
import Logging
import NIOCore
import RenderKeyboardKit

/// The live preview server (`render-keyboard serve`, SPEC §11): draws the cells, watches the
/// files they read, and serves the page, the cells and their events over HTTP.
package final class PreviewServer: Sendable {
    /// Longest request line answered; a longer one gets 414.
    package static let maxRequestLine = 8 * 1024

    package let board: CellBoard
    package let hub: EventHub
    private let watcher: FolderWatcher
    private let request: ServeRequest
    private let port = LockedPort()

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
    package var boundPort: Int? { port.value }

    /// Serves until SIGINT or SIGTERM; `ready` gets the page's address once it listens.
    package func run(ready: @escaping @Sendable (String) -> Void) async throws {
        var logger = Logger(label: "render-keyboard-serve")
        logger.logLevel = .critical
        let host = request.host
        let app = Application(
            responder: CallbackResponder<BasicRequestContext> { [self] request, _ in
                self.respond(to: request)
            },
            server: .http1(),
            configuration: .init(address: .hostname(host, port: request.port), serverName: nil),
            onServerRunning: { [port] channel in
                let bound = channel.localAddress?.port ?? 0
                port.value = bound
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
        try await app.runService()
        stop.forEach { $0.cancel() }
    }

    /// The answer to one request (SPEC §11): 414, 403, 405 and 404 before any route.
    func respond(to request: Request) -> Response {
        let line = request.method.rawValue.utf8.count + 1 + request.uri.description.utf8.count + " HTTP/1.1".utf8.count
        if line > Self.maxRequestLine { return Self.text(.uriTooLong, "request line longer than \(Self.maxRequestLine) bytes\n") }
        guard let port = port.value, let authority = request.head.authority, Self.allowedHosts(host: self.request.host, port: port).contains(authority.lowercased()) else {
            return Self.text(.forbidden, "Host not served here\n")
        }
        guard request.method == .get || request.method == .head else {
            var response = Self.text(.methodNotAllowed, "only GET and HEAD\n")
            response.headers[.allow] = "GET, HEAD"
            return response
        }
        let response = route(request.uri.path, version: request.uri.queryParameters["v"].map(String.init))
        guard request.method == .head else { return response }
        var head = response
        head.body = ResponseBody()
        return head
    }

    /// `Host` values served: the address and port listened on, and `localhost:PORT`.
    static func allowedHosts(host: String, port: Int) -> Set<String> {
        let address = host.contains(":") ? "[\(host.lowercased())]" : host.lowercased()
        return ["\(address):\(port)", "localhost:\(port)"]
    }

    private func route(_ path: String, version: String?) -> Response {
        switch path {
        case "/":
            return Self.bytes(Array(Page.html.utf8), type: "text/html; charset=utf-8", cache: "no-cache")
        case "/cells.json":
            let cells = board.snapshots.map(\.json).joined(separator: ",\n  ")
            let json = "{\"generation\": \(board.generation), \"cells\": [\n  \(cells)\n]}\n"
            return Self.bytes(Array(json.utf8), type: "application/json", cache: "no-cache")
        case "/events":
            return events()
        default:
            return cell(path, version: version)
        }
    }

    private static let types = ["png": "image/png", "svg": "image/svg+xml", "pdf": "application/pdf", "json": "application/json"]

    private func cell(_ path: String, version: String?) -> Response {
        let prefix = "/cells/"
        guard path.hasPrefix(prefix) else { return Self.notFound }
        let name = path.dropFirst(prefix.count)
        guard let dot = name.lastIndex(of: "."), let type = Self.types[String(name[name.index(after: dot)...])] else { return Self.notFound }
        let id = String(name[..<dot])
        let format = String(name[name.index(after: dot)...])
        guard id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }), let (bytes, cell) = board.body(of: id, format: format) else { return Self.notFound }
        // A URL that names the current hash never changes; any other may.
        let cache = version != nil && version == cell.hash ? "public, max-age=31536000, immutable" : "no-cache"
        var response = Self.bytes(bytes, type: type, cache: cache)
        let stem = [cell.theme, cell.layout, cell.device, cell.orientation, cell.state].map(PreviewItem.displayName).joined(separator: "-")
        response.headers[.contentDisposition] = "inline; filename=\"\(stem.filter { $0.isASCII && $0 != "\"" && $0 != "\\" && !$0.isWhitespace }).\(format)\""
        return response
    }

    private func events() -> Response {
        guard let stream = hub.open() else {
            var response = Self.text(.serviceUnavailable, "at most \(EventHub.limit) event streams at once\n")
            response.headers[.retryAfter] = "5"
            return response
        }
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-cache"
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 1000\n: connected\n\n"))
            for await text in stream {
                try await writer.write(ByteBuffer(string: text))
            }
            try await writer.finish(nil)
        })
    }

    private static var notFound: Response { text(.notFound, "not found\n") }

    private static func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        var response = bytes(Array(message.utf8), type: "text/plain; charset=utf-8", cache: "no-cache")
        response.status = status
        return response
    }

    private static func bytes(_ bytes: [UInt8], type: String, cache: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = cache
        headers[.contentLength] = String(bytes.count)
        headers[.xContentTypeOptions] = "nosniff"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

/// The bound port, set once the server listens.
private final class LockedPort: @unchecked Sendable {
    private let lock = NSLock()
    private var port: Int?
    var value: Int? {
        get { lock.lock(); defer { lock.unlock() }; return port }
        set { lock.lock(); port = newValue; lock.unlock() }
    }
}
