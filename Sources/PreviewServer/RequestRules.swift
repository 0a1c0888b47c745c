import HTTPTypes
import Hummingbird

/// What every request is judged by before any route (docs/preview-and-serve.md), as Hummingbird middleware, in
/// the order they apply: the request line's length (414), the `Host` header (400 for more than
/// one, 403 for a host not served), the method (405), a path with an empty segment (404).
/// `Answers` wraps them all.

/// Request lines over `limit` bytes get 414 (past 80 KiB of head NIO's parser itself refuses
/// the request, and Hummingbird answers 400).
struct RequestLineRule<Context: RequestContext>: RouterMiddleware {
    /// Longest request line answered, bytes.
    let limit: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let line = request.method.rawValue.utf8.count + 1 + request.uri.description.utf8.count + " HTTP/1.1".utf8.count
        guard line <= limit else { return Reply.text(.uriTooLong, "request line longer than \(limit) bytes\n") }
        return try await next(request, context)
    }
}

/// Only requests for a host served here are answered: its `Host` (or the authority of an
/// absolute-form target, which `ConnectionRules` puts there) must be the address and port
/// listened on or `localhost:PORT`, so a page elsewhere cannot reach the server through DNS
/// rebinding. A second `Host` header is 400 (RFC 9112 §3.2).
struct HostRule<Context: RequestContext>: RouterMiddleware {
    /// The `Host` values served, lowercased; empty until the server listens.
    let served: @Sendable () -> Set<String>

    /// `Host` values served on `host` (an address) and `port`: the address and port, and
    /// `localhost:PORT`.
    static func hosts(host: String, port: Int) -> Set<String> {
        let address = host.contains(":") ? "[\(host.lowercased())]" : host.lowercased()
        return ["\(address):\(port)", "localhost:\(port)"]
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // Hummingbird takes the first `Host` as the authority and keeps any other as a field.
        if request.headers.contains(.host) { return Reply.text(.badRequest, "more than one Host header\n") }
        guard let authority = request.head.authority, served().contains(authority.lowercased()) else {
            return Reply.text(.forbidden, "Host not served here\n")
        }
        return try await next(request, context)
    }
}

/// GET and HEAD only; any other method gets 405 with `Allow`, whatever the path.
struct MethodRule<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            var response = Reply.text(.methodNotAllowed, "only GET and HEAD\n")
            response.headers[.allow] = "GET, HEAD"
            return response
        }
        return try await next(request, context)
    }
}

/// Each resource has one URL: a path with an empty segment (`//cells.json`, `/cells/k1.png/`)
/// is no route's path, though the router would ignore the empty segment.
struct CanonicalPathRule<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard path == "/" || (!path.contains("//") && !path.hasSuffix("/")) else { return Reply.notFound }
        return try await next(request, context)
    }
}

/// The outermost middleware: a path no route serves gets a plain-text 404, and the answer to
/// a HEAD request is the answer to GET without its body (its `Content-Length` kept), errors
/// included.
struct Answers<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            response = Reply.notFound
        }
        guard request.method == .head else { return response }
        // No body, and no length either unless GET's answer has one (an event stream has none).
        return Response(status: response.status, headers: response.headers, body: Reply.noBody)
    }
}

extension HTTPField.Name {
    /// `Host`: HTTP/2's `:authority` in `HTTPTypes`, so it has no name of its own there.
    static let host = Self("Host")!
}
