import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A bare HTTP/1.1 client over a loopback socket, so tests can send what a browser never
/// would (a foreign Host, an 9 KiB request line, a bad method) and read exact status codes.
struct HTTPReply {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
}

final class LoopbackConnection {
    let socket: Int32

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { close(socket); throw POSIXError(.ECONNREFUSED) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(socket) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            sent += n
        }
    }

    /// Reads until the peer closes, `until` is found in what was read, or the time-out.
    func read(until marker: String? = nil, timeout: TimeInterval = 10) -> [UInt8] {
        readUntilClosed(timeout: timeout) { received in
            marker.map { String(decoding: received, as: UTF8.self).contains($0) } ?? false
        }.0
    }

    /// Reads until the peer closes (true), `enough` says so of what was read, or `timeout`
    /// passes (false for both).
    func readUntilClosed(timeout: TimeInterval, enough: ([UInt8]) -> Bool = { _ in false }) -> ([UInt8], Bool) {
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while Date() < deadline {
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let n = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return (received, true) }
            received += buffer[0..<n]
            if enough(received) { break }
        }
        return (received, false)
    }
}

enum HTTP {
    /// Sends one request with `Connection: close` and returns the parsed reply.
    static func request(port: Int, method: String = "GET", target: String, host: String? = nil, version: String = "HTTP/1.1") throws -> HTTPReply {
        let connection = try LoopbackConnection(port: port)
        var text = "\(method) \(target) \(version)\r\n"
        if let host = host ?? (version == "HTTP/1.1" ? "127.0.0.1:\(port)" : nil) { text += "Host: \(host)\r\n" }
        text += "Connection: close\r\n\r\n"
        connection.send(text)
        return parse(connection.read())
    }

    static func parse(_ bytes: [UInt8]) -> HTTPReply {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var split = bytes.count
        if bytes.count >= 4 {
            for i in 0...(bytes.count - 4) where Array(bytes[i..<i + 4]) == separator { split = i; break }
        }
        let head = String(decoding: bytes[0..<split], as: UTF8.self).components(separatedBy: "\r\n")
        let status = head.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = split + 4 <= bytes.count ? Array(bytes[(split + 4)...]) : []
        if headers["transfer-encoding"] == "chunked" { body = dechunked(body) }
        return HTTPReply(status: status, headers: headers, body: body)
    }

    static func dechunked(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            guard let end = (i..<bytes.count - 1).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }) else { break }
            let size = Int(String(decoding: bytes[i..<end], as: UTF8.self), radix: 16) ?? 0
            if size == 0 { break }
            out += bytes[(end + 2)..<min(bytes.count, end + 2 + size)]
            i = end + 2 + size + 2
        }
        return out
    }
}

extension HTTP {
    /// Sends `text` as it is on a new connection and returns what came back until the server
    /// closed it (`closed` true) or `timeout` passed without it closing.
    static func exchange(port: Int, _ text: String, timeout: TimeInterval = 5) throws -> (reply: HTTPReply, closed: Bool) {
        let connection = try LoopbackConnection(port: port)
        connection.send(text)
        let (bytes, closed) = connection.readUntilClosed(timeout: timeout)
        return (parse(bytes), closed)
    }
}
