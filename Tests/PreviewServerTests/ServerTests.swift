import KeyboardPreview
import KeyboardModel
import Foundation
import PreviewServer
import RenderKeyboardKit
import XCTest

/// A live preview server on a free loopback port, started in this process.
final class RunningServer: @unchecked Sendable {
    let server: PreviewServer
    let port: Int
    private let task: Task<Void, Error>

    init(_ request: ServeRequest, keepAlive: TimeInterval = 10) throws {
        let server = try PreviewServer(request, keepAlive: keepAlive)
        let ready = DispatchSemaphore(value: 0)
        task = Task { try await server.run { _ in ready.signal() } }
        guard ready.wait(timeout: .now() + 30) == .success, let port = server.boundPort else {
            throw MissingTool("the server did not start within 30 s")
        }
        self.server = server
        self.port = port
    }

    func get(_ target: String, method: String = "GET", host: String? = nil) throws -> HTTPReply {
        try HTTP.request(port: port, method: method, target: target, host: host)
    }

    func cells() throws -> [[String: Any]] {
        let reply = try get("/cells.json")
        let object = try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any]
        return object?["cells"] as? [[String: Any]] ?? []
    }
}

final class ServerEndpointTests: XCTestCase {
    static let shared: RunningServer? = {
        var request = ServeRequest()
        request.themes = ["default", "dark"]
        request.layouts = ["letters"]
        request.seed = 1
        return try? RunningServer(request, keepAlive: 1)
    }()

    private func server() throws -> RunningServer {
        try XCTUnwrap(Self.shared, "the server did not start")
    }

    func testPageIsSelfContainedHTML() throws {
        let reply = try server().get("/")
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.headers["content-type"], "text/html; charset=utf-8")
        XCTAssertTrue(reply.text.hasPrefix("<!doctype html>"))
        XCTAssertTrue(reply.text.contains("new EventSource(\"/events\")"))
        // No external script, style, font or image: nothing names another origin.
        XCTAssertFalse(reply.text.contains("http://"))
        XCTAssertFalse(reply.text.contains("https://"))
        XCTAssertFalse(reply.text.contains("<link rel=\"stylesheet"))
        XCTAssertFalse(reply.text.contains("src=\""))
        // Each cell is offered in every format the renderer writes.
        XCTAssertTrue(reply.text.contains("for (const format of [\"png\", \"svg\", \"pdf\"])"), "the page lists the formats of OutputFormat")
        XCTAssertEqual(OutputFormat.allCases.map(\.fileExtension), ["png", "svg", "pdf"])
    }

    func testHeadAnswersHeadersWithoutBody() throws {
        let get = try server().get("/cells/k1.png")
        let head = try server().get("/cells/k1.png", method: "HEAD")
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.headers["content-type"], "image/png")
        XCTAssertEqual(head.body, [])
        XCTAssertEqual(get.headers["content-length"], String(get.body.count))
    }

    func testCellsJSONListsEveryCellWithContentHashURLs() throws {
        let reply = try server().get("/cells.json")
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.headers["content-type"], "application/json")
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
        XCTAssertEqual(object["generation"] as? Int, 0)
        let cells = try XCTUnwrap(object["cells"] as? [[String: Any]])
        XCTAssertEqual(cells.map { $0["theme"] as? String }, ["default", "dark"])
        XCTAssertEqual(Set(cells[0].keys), ["id", "layout", "theme", "device", "orientation", "state", "image", "frames", "error"])
        XCTAssertEqual(cells[0]["device"] as? String, "iphone-15")
        XCTAssertEqual(cells[0]["orientation"] as? String, "portrait")
        XCTAssertEqual(cells[0]["state"] as? String, "normal")
        XCTAssertTrue(cells[0]["error"] is NSNull)
        let image = try XCTUnwrap(cells[0]["image"] as? String)
        XCTAssertTrue(image.hasPrefix("/cells/k1.png?v="), image)
        // Two themes draw two different images: two different hashes.
        XCTAssertNotEqual(image.split(separator: "=").last, (cells[1]["image"] as? String)?.split(separator: "=").last)
        XCTAssertEqual(cells[0]["frames"] as? String, image.replacingOccurrences(of: ".png?", with: ".json?"))
    }

    func testEachFormatOfACell() throws {
        let cells = try server().cells()
        let image = try XCTUnwrap(cells[0]["image"] as? String)
        let png = try server().get(image)
        XCTAssertEqual(png.status, 200)
        XCTAssertEqual(Array(png.body.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(png.headers["cache-control"], "public, max-age=31536000, immutable")
        // Without the current hash the URL may change: not cached.
        XCTAssertEqual(try server().get("/cells/k1.png").headers["cache-control"], "no-cache")
        XCTAssertEqual(try server().get("/cells/k1.png?v=0000000000000000").headers["cache-control"], "no-cache")
        let svg = try server().get("/cells/k1.svg")
        XCTAssertEqual(svg.headers["content-type"], "image/svg+xml")
        XCTAssertTrue(svg.text.contains("<svg"))
        let pdf = try server().get("/cells/k1.pdf")
        XCTAssertEqual(pdf.headers["content-type"], "application/pdf")
        XCTAssertEqual(String(decoding: pdf.body.prefix(5), as: UTF8.self), "%PDF-")
        let frames = try server().get(try XCTUnwrap(cells[0]["frames"] as? String))
        XCTAssertEqual(frames.headers["content-type"], "application/json")
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(frames.body)) as? [String: Any])
        XCTAssertEqual(json["layout"] as? String, "letters")
        XCTAssertEqual(json["width"] as? Int, 393)
        XCTAssertEqual(png.headers["content-disposition"], "inline; filename=\"default-letters-iphone-15-portrait-normal.png\"")
    }

    func testUnknownPathsAre404() throws {
        for target in ["/nope", "/cells/k99.png", "/cells/k1.gif", "/cells/k1", "/cells/../../etc/passwd", "/cells/%2e%2e/%2e%2e/etc/passwd", "/cells.json/x", "//cells.json", "/cells/k1.png/", "/index.html"] {
            XCTAssertEqual(try server().get(target).status, 404, target)
        }
    }

    func testOtherMethodsAre405() throws {
        for method in ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"] {
            let reply = try server().get("/", method: method)
            XCTAssertEqual(reply.status, 405, method)
            XCTAssertEqual(reply.headers["allow"], "GET, HEAD")
        }
    }

    func testForeignHostIs403() throws {
        let port = try server().port
        for host in ["evil.example", "evil.example:\(port)", "127.0.0.1:\(port + 1)", "localhost", "127.0.0.1"] {
            XCTAssertEqual(try server().get("/cells.json", host: host).status, 403, host)
        }
        XCTAssertEqual(try server().get("/cells.json", host: "localhost:\(port)").status, 200)
        XCTAssertEqual(try server().get("/cells.json", host: "LOCALHOST:\(port)").status, 200)
        // HTTP/1.0 without a Host header names no host it serves.
        XCTAssertEqual(try HTTP.request(port: port, target: "/", version: "HTTP/1.0").status, 403)
    }

    func testRequestLineOver8KiBIs414() throws {
        // "GET " + target + " HTTP/1.1" is exactly 8192 bytes: still served.
        let fits = "/" + String(repeating: "a", count: 8192 - 4 - 9 - 1)
        XCTAssertEqual(try server().get(fits).status, 404)
        XCTAssertEqual(try server().get(fits + "a").status, 414)
        XCTAssertEqual(try server().get("/cells.json?" + String(repeating: "x", count: 9000)).status, 414)
    }

    func testEventsStreamOpensWithRetryAndRefusesThe33rd() throws {
        let port = try server().port
        var streams: [LoopbackConnection] = []
        for _ in 0..<Limits.maxEventStreams {
            let connection = try LoopbackConnection(port: port)
            connection.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            let head = String(decoding: connection.read(until: ": connected"), as: UTF8.self)
            XCTAssertTrue(head.hasPrefix("HTTP/1.1 200"), head)
            XCTAssertTrue(head.lowercased().contains("content-type: text/event-stream"), head)
            XCTAssertTrue(head.contains("retry: 1000"), head)
            streams.append(connection)
        }
        // The comment line that keeps a quiet stream open.
        XCTAssertTrue(String(decoding: streams[0].read(until: ": keep-alive\n\n", timeout: 5), as: UTF8.self).contains(": keep-alive\n\n"))
        let refused = try server().get("/events")
        XCTAssertEqual(refused.status, 503)
        XCTAssertEqual(refused.text, "at most 32 event streams at once\n")
        // A closed stream frees its place.
        streams.removeLast()
        let deadline = Date().addingTimeInterval(10)
        var status = 0
        while Date() < deadline {
            let connection = try LoopbackConnection(port: port)
            connection.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            status = HTTP.parse(connection.read(until: "\r\n\r\n", timeout: 5)).status
            if status == 200 { break }
            Thread.sleep(forTimeInterval: 0.2)
        }
        XCTAssertEqual(status, 200)
        streams.removeAll()
    }
}
