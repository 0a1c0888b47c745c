import Foundation
import PreviewServer
import RenderKeyboardKit
#if canImport(Glibc)
import Glibc
#endif

// The live preview's save-to-event latency (`make bench-serve`): a theme file is written in
// place and the time until the `cell` events of every cell that reads it arrive on
// `/events` is measured, for one `letters` cell on iphone-15 and for 8 cells (four layouts
// in both orientations). Targets (SPEC §11): p95 ≤ 150 ms and ≤ 400 ms.

/// A loopback `/events` reader.
final class Events {
    let socket: Int32
    var pending = ""

    init(port: Int) {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let request = Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
        _ = events(0, timeout: 5, until: ": connected")
    }

    /// Reads until `count` `cell` events arrived (or `until` appears); returns how many came.
    func events(_ count: Int, timeout: TimeInterval, until marker: String? = nil) -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while Date() < deadline {
            let found = pending.components(separatedBy: "event: cell\n").count - 1
            if let marker, pending.contains(marker) { pending = ""; return 0 }
            if marker == nil && found >= count { pending = ""; return found }
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let n = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            pending += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        return pending.components(separatedBy: "event: cell\n").count - 1
    }
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
}

func measure(name: String, layouts: [String], orientations: [String], saves: Int, target: Double) throws -> Bool {
    let folder = NSTemporaryDirectory() + "serve-bench-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let theme = folder + "/bench.yaml"
    func save(_ index: Int) {
        let colour = String(format: "#%02X%02X%02X", (index * 37) % 256, (index * 91) % 256, 200)
        let handle = fopen(theme, "w")!
        fputs("extends: default\nkeys:\n  content:\n    normal: {fill: \"\(colour)\"}\n", handle)
        fclose(handle)
    }
    save(0)
    var request = ServeRequest()
    request.themes = [theme]
    request.layouts = layouts
    request.orientations = orientations
    request.seed = 1
    let server = try PreviewServer(request)
    let ready = DispatchSemaphore(value: 0)
    let task = Task { try await server.run { _ in ready.signal() } }
    _ = ready.wait(timeout: .now() + 30)
    let cells = server.board.snapshots.count
    let events = Events(port: server.boundPort ?? 0)
    var times: [Double] = []
    for i in 1...saves {
        let start = DispatchTime.now().uptimeNanoseconds
        save(i)
        let got = events.events(cells, timeout: 5)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        if got < cells { print("  save \(i): only \(got) of \(cells) events within 5 s") }
        times.append(elapsed)
        Thread.sleep(forTimeInterval: 0.15)
    }
    task.cancel()
    let sorted = times.sorted()
    let p95 = percentile(sorted, 0.95)
    let verdict = p95 <= target ? "ok" : "OVER"
    print("\(name) (\(cells) cell\(cells == 1 ? "" : "s"), \(saves) saves): median \(String(format: "%.1f", percentile(sorted, 0.5))) ms, p95 \(String(format: "%.1f", p95)) ms (target ≤ \(Int(target)) ms: \(verdict))")
    return p95 <= target
}

let saves = Int(ProcessInfo.processInfo.environment["SERVE_BENCH_SAVES"] ?? "") ?? 40
var passed = true
passed = try measure(name: "save to event, letters on iphone-15", layouts: ["letters"], orientations: ["portrait"], saves: saves, target: 150) && passed
passed = try measure(name: "save to event, 4 layouts × 2 orientations", layouts: ["letters", "numbers", "symbols", "idcard"], orientations: ["portrait", "landscape"], saves: saves, target: 400) && passed
exit(passed ? 0 : 1)
