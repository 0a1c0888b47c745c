import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 channel with one handler of ours between NIO's HTTP/1 parser and
/// Hummingbird's conversion of its requests.
///
/// That conversion keeps neither the request's HTTP version nor its request-target form
/// (`Request` has a method, an authority taken from the first `Host` header, and a path), and
/// Hummingbird writes some answers itself (a request the parser refuses gets 400). So what
/// docs/preview-and-serve.md asks of a connection is done here, on NIO's parsed request heads, never on bytes:
/// - a request that does not keep the connection alive (HTTP/1.0 without `keep-alive`,
///   `Connection: close` in any case) is answered and the connection closed;
/// - an absolute-form target (`GET http://host:port/path`) names the host the request is for,
///   so its authority takes the place of every `Host` header (RFC 9112 §3.2.2), and the host
///   rule judges that;
/// - every response, Hummingbird's own included, carries `X-Content-Type-Options: nosniff`.
struct HTTP1Connection: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let http1: HTTP1Channel

    /// The server builder for `Application(server:)`.
    static func builder(idleTimeout: TimeAmount? = nil) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            HTTP1Connection(http1: HTTP1Channel(responder: responder, configuration: .init(idleTimeout: idleTimeout)))
        }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let parser = try channel.pipeline.syncOperations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try channel.pipeline.syncOperations.addHandler(ConnectionRules(), position: .after(parser))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}

/// The per-connection rules of `HTTP1Connection`, on NIO's HTTP/1 request and response heads.
final class ConnectionRules: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// The version of the request being answered: an HTTP/1.0 client gets an HTTP/1.0 answer
    /// (a body without `Content-Length` is then ended by closing, never chunked).
    private var version = HTTPVersion.http1_1
    /// Whether the request being answered ends the connection.
    private var closing = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        version = head.version.minor == 0 ? .http1_0 : .http1_1
        closing = !head.isKeepAlive
        // Hummingbird ends a connection after a request whose `Connection` is exactly `close`.
        if closing { head.headers.replaceOrAdd(name: "connection", value: "close") }
        if let authority = Self.absoluteFormAuthority(head.uri) {
            head.headers.remove(name: "host")
            head.headers.add(name: "host", value: authority)
        }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .head(var head) = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        head.headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        head.version = version
        if closing { head.headers.replaceOrAdd(name: "Connection", value: "close") }
        context.write(wrapOutboundOut(.head(head)), promise: promise)
    }

    /// The authority (`host[:port]`, empty when there is none) of an absolute-form request
    /// target; nil for the origin form (`/path`) and `*`.
    static func absoluteFormAuthority(_ target: String) -> String? {
        guard !target.hasPrefix("/"), target != "*" else { return nil }
        guard let url = URLComponents(string: target), url.scheme != nil else { return "" }
        guard let host = url.percentEncodedHost, !host.isEmpty else { return "" }
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return bracketed + (url.port.map { ":\($0)" } ?? "")
    }
}
