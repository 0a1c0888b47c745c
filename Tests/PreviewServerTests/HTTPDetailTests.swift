import KeyboardPreview
import Foundation
import HTTPTypes
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import NIOHTTP1
import NIOHTTPTypesHTTP1
@testable import PreviewServer
import RenderKeyboardKit
import XCTest

/// docs/preview-and-serve.md's HTTP details, each on a running server: `nosniff` everywhere, HEAD's length,
/// a closed event stream's place, HTTP/1.0 connections, absolute-form targets and a second
/// `Host`, and a port in use.
final class HTTPDetailTests: XCTestCase {
    static let shared: RunningServer? = {
        var request = ServeRequest()
        request.themes = ["default"]
        request.layouts = ["numbers"]
        request.seed = 1
        // A keep-alive comment once a minute: only the client's close can free a place here.
        return try? RunningServer(request, keepAlive: 60)
    }()

    private func server() throws -> RunningServer {
        try XCTUnwrap(Self.shared, "the server did not start")
    }

    private func host() throws -> String { "Host: 127.0.0.1:\(try server().port)\r\n" }

    /// Waits (at most 2 s) until no event stream is open, as after a test's streams closed.
    private func noStreamsOpen() throws -> Bool {
        let hub = try server().server.hub
        let deadline = Date().addingTimeInterval(2)
        while hub.count > 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        return hub.count == 0
    }

    func testEveryResponseSaysNosniff() throws {
        let port = try server().port
        let host = try host()
        var replies: [(String, HTTPReply)] = []
        for (method, target) in [("GET", "/"), ("GET", "/cells.json"), ("GET", "/cells/k1.png"), ("GET", "/cells/k1.svg"), ("GET", "/nope"),
                                 ("HEAD", "/cells/k1.pdf"), ("POST", "/"), ("GET", "/" + String(repeating: "a", count: 9000))] {
            replies.append(("\(method) \(target.prefix(20))", try server().get(target, method: method)))
        }
        replies.append(("foreign host", try server().get("/", host: "evil.example")))
        replies.append(("two hosts", try HTTP.exchange(port: port, "GET / HTTP/1.1\r\n\(host)\(host)Connection: close\r\n\r\n").reply))
        // What NIO's parser refuses, Hummingbird answers by itself.
        replies.append(("unparsable", try HTTP.exchange(port: port, "GET / HTTP/1.1\r\nHost \u{1}\r\n\r\n").reply))
        let events = try LoopbackConnection(port: port)
        events.send("GET /events HTTP/1.1\r\n\(host)\r\n")
        replies.append(("/events", HTTP.parse(events.read(until: ": connected"))))
        let statuses = replies.map(\.1.status)
        XCTAssertEqual(statuses, [200, 200, 200, 200, 404, 200, 405, 414, 403, 400, 400, 200])
        for (name, reply) in replies {
            XCTAssertEqual(reply.headers["x-content-type-options"], "nosniff", name)
        }
    }

    func testHeadAnswersTheLengthGetWould() throws {
        for target in ["/", "/cells.json", "/cells/k1.png", "/cells/k1.svg", "/cells/k1.pdf", "/cells/k1.json", "/nope", "/cells/k9.png"] {
            let get = try server().get(target)
            let head = try server().get(target, method: "HEAD")
            XCTAssertEqual(head.status, get.status, target)
            XCTAssertEqual(head.headers["content-length"], String(get.body.count), target)
            XCTAssertEqual(head.headers["content-type"], get.headers["content-type"], target)
            XCTAssertEqual(head.body, [], target)
        }
        // An event stream has no length; HEAD says so too, and opens no stream.
        XCTAssertTrue(try noStreamsOpen())
        let head = try server().get("/events", method: "HEAD")
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.headers["content-type"], "text/event-stream")
        XCTAssertNil(head.headers["content-length"])
        XCTAssertEqual(try server().server.hub.count, 0)
    }

    func testAClosedEventStreamFreesItsPlaceAtOnce() throws {
        let hub = try server().server.hub
        let port = try server().port
        var streams: [LoopbackConnection] = []
        for _ in 0..<Limits.maxEventStreams {
            let connection = try LoopbackConnection(port: port)
            connection.send("GET /events HTTP/1.1\r\n\(try host())\r\n")
            XCTAssertTrue(String(decoding: connection.read(until: ": connected"), as: UTF8.self).hasPrefix("HTTP/1.1 200"))
            streams.append(connection)
        }
        XCTAssertEqual(try server().get("/events").status, 503)
        streams.removeLast()   // closes the socket
        // The next keep-alive comment is a minute away: only the close itself frees the place.
        let deadline = Date().addingTimeInterval(2)
        while hub.count == Limits.maxEventStreams && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertEqual(hub.count, Limits.maxEventStreams - 1)
        let next = try LoopbackConnection(port: port)
        next.send("GET /events HTTP/1.1\r\n\(try host())\r\n")
        XCTAssertEqual(HTTP.parse(next.read(until: ": connected")).status, 200)
        streams.removeAll()
    }

    func testAnHTTP10RequestIsAnsweredAndClosed() throws {
        let port = try server().port
        let (reply, closed) = try HTTP.exchange(port: port, "GET /cells.json HTTP/1.0\r\n\(try host())\r\n")
        XCTAssertEqual(reply.status, 200)
        XCTAssertTrue(closed, "the connection stayed open")
        XCTAssertEqual(reply.headers["connection"], "close")
        XCTAssertEqual(reply.headers["content-length"], String(reply.body.count))
        XCTAssertTrue(reply.text.hasPrefix("{\"generation\""))
        // HTTP/1.1 with `Connection: Close` in another case: closed too.
        XCTAssertTrue(try HTTP.exchange(port: port, "GET / HTTP/1.1\r\n\(try host())Connection: Close\r\n\r\n").closed)
        // HTTP/1.0 asking for keep-alive, and HTTP/1.1: answered and kept open.
        for text in ["GET / HTTP/1.0\r\n\(try host())Connection: keep-alive\r\n\r\n", "GET / HTTP/1.1\r\n\(try host())\r\n"] {
            let (kept, closedToo) = try HTTP.exchange(port: port, text, timeout: 1)
            XCTAssertEqual(kept.status, 200)
            XCTAssertFalse(closedToo, text)
        }
    }

    func testAnAbsoluteFormTargetIsJudgedLikeTheHostHeader() throws {
        let port = try server().port
        func status(_ target: String, host: String) throws -> Int {
            try HTTP.exchange(port: port, "GET \(target) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n").reply.status
        }
        for target in ["http://evil.example/cells.json", "http://evil.example:\(port)/cells.json", "http://127.0.0.1:\(port + 1)/cells.json",
                       "http:///cells.json", "https://127.0.0.1.evil.example:\(port)/"] {
            XCTAssertEqual(try status(target, host: "127.0.0.1:\(port)"), 403, target)
        }
        // Targets of no form HTTP allows here: NIO's parser refuses them.
        for target in ["mailto:someone@127.0.0.1", "cells.json"] {
            XCTAssertEqual(try status(target, host: "127.0.0.1:\(port)"), 400, target)
        }
        // The target's authority is the host asked for, whatever the Host header says.
        XCTAssertEqual(try status("http://127.0.0.1:\(port)/cells.json", host: "evil.example"), 200)
        XCTAssertEqual(try status("http://LOCALHOST:\(port)/cells/k1.png", host: "127.0.0.1:\(port)"), 200)
        XCTAssertEqual(try status("http://localhost:\(port)/nope", host: "evil.example"), 404)
    }

    func testASecondHostHeaderIs400() throws {
        let port = try server().port
        for hosts in [["127.0.0.1:\(port)", "127.0.0.1:\(port)"], ["127.0.0.1:\(port)", "evil.example"], ["evil.example", "127.0.0.1:\(port)"]] {
            let text = "GET /cells.json HTTP/1.1\r\n" + hosts.map { "Host: \($0)\r\n" }.joined() + "Connection: close\r\n\r\n"
            XCTAssertEqual(try HTTP.exchange(port: port, text).reply.status, 400, "\(hosts)")
        }
    }

    /// Why the rules of a connection sit before Hummingbird's request: the request it makes of
    /// an HTTP/1.0, absolute-form request with two `Host` headers keeps neither the version
    /// nor the target's authority, and takes the first `Host` as the authority.
    func testHummingbirdsRequestKeepsNoVersionNorTargetForm() throws {
        var head = HTTPRequestHead(version: .http1_0, method: .GET, uri: "http://evil.example/cells.json")
        head.headers.add(name: "Host", value: "127.0.0.1:8080")
        head.headers.add(name: "Host", value: "evil.example")
        let request = try HTTPRequest(head, secure: false, splitCookie: false)
        XCTAssertEqual(request.authority, "127.0.0.1:8080")
        XCTAssertEqual(request.path, "/cells.json")
        XCTAssertEqual(request.headerFields.map(\.name.canonicalName), ["host"])
        XCTAssertFalse(String(describing: request).contains("1.0"))
        XCTAssertEqual(ConnectionRules.absoluteFormAuthority("http://evil.example/cells.json"), "evil.example")
        XCTAssertEqual(ConnectionRules.absoluteFormAuthority("http://[::1]:8080/"), "[::1]:8080")
        XCTAssertNil(ConnectionRules.absoluteFormAuthority("/cells.json"))
    }

    func testAPortInUseIsNamed() throws {
        var request = ServeRequest()
        request.themes = ["default"]
        request.layouts = ["numbers"]
        request.port = try server().port
        let second = try PreviewServer(request)
        let finished = DispatchSemaphore(value: 0)
        let outcome = Locked<Error?>(nil)
        Task {
            do { try await second.run { _ in } } catch { outcome.withLock { $0 = error } }
            finished.signal()
        }
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success)
        let error = try XCTUnwrap(outcome.withLock { $0 })
        // The library names the request's field; the command line shows it as `--port`.
        XCTAssertEqual((error as? Diagnostic)?.origin, .requestField("port"))
        XCTAssertEqual("\(error)", "port: \(request.port) is in use")
    }
}
