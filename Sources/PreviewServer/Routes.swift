import KeyboardPreview
import KeyboardModel
import Hummingbird
import NIOCore
import RenderKeyboardKit

/// The endpoints of the live preview (docs/preview-and-serve.md), on Hummingbird's router behind the rules of
/// `RequestRules`; HEAD is answered by each GET route. URLs name cells, never files.
enum Routes {
    /// The router of `server`: the rules, then `/`, `/cells.json`, `/events` and `/cells/ID.EXT`.
    static func router(for server: PreviewServer) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: Answers())
        router.add(middleware: RequestLineRule(limit: Limits.maxRequestLine))
        router.add(middleware: HostRule(served: { [weak server] in server?.servedHosts ?? [] }))
        router.add(middleware: MethodRule())
        router.add(middleware: CanonicalPathRule())
        let board = server.board, hub = server.hub
        router.get("/") { _, _ in
            Reply.bytes(Array(Page.html.utf8), type: "text/html; charset=utf-8", cache: "no-cache")
        }
        router.get("/cells.json") { _, _ in
            let cells = board.snapshots.map(\.json).joined(separator: ",\n  ")
            let json = "{\"generation\": \(board.generation), \"cells\": [\n  \(cells)\n]}\n"
            return Reply.bytes(Array(json.utf8), type: "application/json", cache: "no-cache")
        }
        router.get("/events") { request, _ in events(request, hub: hub) }
        router.head("/events") { _, _ in Response(status: .ok, headers: eventStreamHeaders, body: Reply.noBody) }
        router.get("/cells/{file}") { request, context in
            cell(context.parameters.get("file") ?? "", version: request.uri.queryParameters["v"].map(String.init), board: board)
        }
        return router
    }

    /// The MIME type of each file a cell is offered as: every format of the renderer's table,
    /// and its frames JSON.
    private static let types = Dictionary(uniqueKeysWithValues: OutputFormat.allCases.map { ($0.fileExtension, $0.mimeType) })
        .merging(["json": "application/json"]) { a, _ in a }

    /// `ID.EXT`: the cell's current drawing in that format, or its frames JSON.
    private static func cell(_ name: String, version: String?, board: CellBoard) -> Response {
        guard let dot = name.lastIndex(of: "."), let type = types[String(name[name.index(after: dot)...])] else { return Reply.notFound }
        let id = String(name[..<dot])
        let format = String(name[name.index(after: dot)...])
        guard id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }), let (bytes, cell) = board.body(of: id, format: format) else { return Reply.notFound }
        // A URL that names the current hash never changes; any other may.
        let cache = version != nil && version == cell.hash ? "public, max-age=31536000, immutable" : "no-cache"
        var response = Reply.bytes(bytes, type: type, cache: cache)
        let stem = [cell.theme, cell.layout, cell.device, cell.orientation, cell.state].map(PreviewItem.displayName).joined(separator: "-")
        response.headers[.contentDisposition] = "inline; filename=\"\(stem.filter { $0.isASCII && $0 != "\"" && $0 != "\\" && !$0.isWhitespace }).\(format)\""
        return response
    }

    private static var eventStreamHeaders: HTTPFields { [.contentType: "text/event-stream", .cacheControl: "no-cache"] }

    /// A `cell` event stream; its place among the `Limits.maxEventStreams` is freed as soon as the
    /// client closes its side, not at the next write.
    private static func events(_ request: Request, hub: EventHub) -> Response {
        guard let subscription = hub.open() else {
            var response = Reply.text(.serviceUnavailable, "at most \(Limits.maxEventStreams) event streams at once\n")
            response.headers[.retryAfter] = "5"
            return response
        }
        return Response(status: .ok, headers: eventStreamHeaders, body: ResponseBody { writer in
            try await request.body.consumeWithInboundCloseHandler { _ in
                try await writer.write(ByteBuffer(string: "retry: 1000\n: connected\n\n"))
                for await text in subscription.stream {
                    try await writer.write(ByteBuffer(string: text))
                }
            } onInboundClosed: {
                subscription.end()
            }
            subscription.end()
            try await writer.finish(nil)
        })
    }
}

/// The responses the server writes itself: bytes with their type, length and caching.
enum Reply {
    static var notFound: Response { text(.notFound, "not found\n") }

    /// An empty body of no stated length: a response with it has `Content-Length` only when
    /// its headers say so.
    static var noBody: ResponseBody { ResponseBody { try await $0.finish(nil) } }

    /// `message` as plain text with `status`, not cached.
    static func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        var response = bytes(Array(message.utf8), type: "text/plain; charset=utf-8", cache: "no-cache")
        response.status = status
        return response
    }

    /// 200 with `bytes` as `type` and `Cache-Control: cache`.
    static func bytes(_ bytes: [UInt8], type: String, cache: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: cache], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
