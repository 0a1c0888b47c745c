import KeyboardPreview
import Foundation
import PreviewServer
import KeyboardModel
import KeyboardRenderer
import RenderKeyboardKit
#if canImport(Glibc)
import Glibc
#endif

// The live preview's save-to-event latency (`make bench-serve`): a theme file is written in
// place and the time until the `cell` events of every cell that reads it arrive on
// `/events` is measured, for one `letters` cell on iphone-15, for 8 cells (four layouts in
// both orientations) and for 40 cells (a design team's grid: two brand themes that both
// extend the saved one × `letters` and `numbers` × both orientations × the three states ×
// two devices). Targets (docs/preview-and-serve.md, on 2 cores): p95 ≤ 150, ≤ 150 and ≤ 600 ms.
// Each case also prints its steps, cell by cell: the watcher noticing the save, loading and
// solving, painting, encoding, sending the events, and fetching and decoding each PNG.

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
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, max(0, Int((Double(sorted.count) * p).rounded(.up)) - 1))]
}

/// `GET path` on the loopback server; the body, or nil.
func fetch(_ path: String, port: Int) -> [UInt8]? {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { return nil }
    let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
    _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
    var response: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if n <= 0 { break }
        response += buffer[0..<n]
    }
    let separator: [UInt8] = [13, 10, 13, 10]
    guard let end = (0..<max(0, response.count - 3)).first(where: { response[$0..<$0 + 4].elementsEqual(separator) }) else { return nil }
    return Array(response[(end + 4)...])
}

/// The steps of the saves of one case, milliseconds: each sample is one cell or one save.
struct Steps {
    var notice: [Double] = [], scene: [Double] = [], paint: [Double] = [], encode: [Double] = []
    var redraw: [Double] = [], send: [Double] = [], fetchDecode: [Double] = []

    func line(_ name: String, _ samples: [Double], per: String) -> String {
        let sorted = samples.sorted()
        return "    " + name.padding(toLength: 28, withPad: " ", startingAt: 0)
            + String(format: "median %6.1f ms, p95 %6.1f ms", percentile(sorted, 0.5), percentile(sorted, 0.95)) + "  (\(per))"
    }

    func print() {
        Swift.print(line("notice (save to redraw)", notice, per: "a save; the watcher waits for the save to settle"))
        Swift.print(line("load, solve, compose", scene, per: "a cell"))
        Swift.print(line("paint", paint, per: "a cell"))
        Swift.print(line("encode PNG", encode, per: "a cell"))
        Swift.print(line("redraw, all cells", redraw, per: "a save, cells spread over the cores"))
        Swift.print(line("send (redraw to event)", send, per: "a save"))
        Swift.print(line("fetch + decode", fetchDecode, per: "a cell: GET its PNG, libpng inflates it as a browser would"))
    }
}

/// One case: the grid of `request` in a fresh folder holding `brand-light.yaml` and
/// `brand-dark.yaml`, which extend `bench.yaml`, the file saved.
struct Case {
    var name: String
    var themes: [String]
    var layouts: [String]
    var orientations: [String]
    var states = false
    var devices: [String] = []
    var target: Double
}

func measure(_ bench: Case, saves: Int) throws -> Bool {
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
    try "extends: bench.yaml\nbackground: \"#D8DCE6\"\n".write(toFile: folder + "/brand-light.yaml", atomically: false, encoding: .utf8)
    try "extends: bench.yaml\nbackground: \"#1C1F26\"\n".write(toFile: folder + "/brand-dark.yaml", atomically: false, encoding: .utf8)
    var request = ServeRequest()
    request.themes = bench.themes.map { folder + "/" + $0 }
    request.layouts = bench.layouts
    request.orientations = bench.orientations
    request.states = bench.states
    request.devices = bench.devices
    request.seed = 1
    let server = try PreviewServer(request)
    let ready = DispatchSemaphore(value: 0)
    let task = Task { try await server.run { _ in ready.signal() } }
    _ = ready.wait(timeout: .now() + 30)
    let cells = server.board.snapshots.count
    let events = Events(port: server.boundPort ?? 0)
    var times: [Double] = []
    var steps = Steps()
    for i in 1...saves {
        let start = DispatchTime.now().uptimeNanoseconds
        save(i)
        let got = events.events(cells, timeout: 5)
        let arrived = DispatchTime.now().uptimeNanoseconds
        let elapsed = Double(arrived - start) / 1e6
        if got < cells { print("  save \(i): only \(got) of \(cells) events within 5 s") }
        if verbose { print("  save \(i): \(got) events, \(String(format: "%.1f", elapsed)) ms") }
        times.append(elapsed)
        if let redraw = server.board.lastRedraw, redraw.noticed >= start, arrived >= redraw.finished {
            steps.notice.append(Double(redraw.noticed - start) / 1e6)
            steps.redraw.append(Double(redraw.finished - redraw.noticed) / 1e6)
            steps.send.append(Double(arrived - redraw.finished) / 1e6)
            steps.scene += redraw.cells.map(\.scene)
            steps.paint += redraw.cells.map(\.paint)
            steps.encode += redraw.cells.map(\.encode)
        }
        steps.fetchDecode += fetchAndDecode(server)
        Thread.sleep(forTimeInterval: 0.15)
    }
    task.cancel()
    return report(bench, cells: cells, saves: saves, times: times, steps: steps)
}

/// Each cell's PNG fetched from the server and decoded, as the page does: milliseconds a cell.
func fetchAndDecode(_ server: PreviewServer) -> [Double] {
    server.board.snapshots.compactMap { cell in
        let clock = ContinuousClock(), began = clock.now
        guard let png = fetch("/cells/\(cell.id).png?v=\(cell.hash ?? "none")", port: server.boundPort ?? 0),
              (try? PNGCodec.decode(png, maxPixels: Limits.maxImagePixels)) != nil else { return nil }
        let took = clock.now - began
        return Double(took.components.seconds) * 1e3 + Double(took.components.attoseconds) / 1e15
    }
}

/// Prints a case's median, p95 and steps, adds its row for `make bench`; whether p95 met the target.
func report(_ bench: Case, cells: Int, saves: Int, times: [Double], steps: Steps) -> Bool {
    let sorted = times.sorted()
    let p95 = percentile(sorted, 0.95)
    let verdict = p95 <= bench.target ? "ok" : "OVER"
    print("\(bench.name) (\(cells) cell\(cells == 1 ? "" : "s"), \(saves) saves): median \(String(format: "%.1f", percentile(sorted, 0.5))) ms, p95 \(String(format: "%.1f", p95)) ms (target ≤ \(Int(bench.target)) ms: \(verdict))")
    steps.print()
    if let rows = rowsFile {
        let row = "serve: a save to \(cells) cell\(cells == 1 ? "" : "s")' events, p95\t\(String(format: "%.0f ms", p95))\ttarget \(Int(bench.target)) ms\t\(String(format: "%.2f×", p95 / bench.target))\n"
        if let handle = FileHandle(forWritingAtPath: rows) { handle.seekToEndOfFile(); handle.write(Data(row.utf8)); handle.closeFile() }
    }
    return p95 <= bench.target
}

let saves = Int(ProcessInfo.processInfo.environment["SERVE_BENCH_SAVES"] ?? "") ?? 40
let verbose = ProcessInfo.processInfo.environment["SERVE_BENCH_VERBOSE"] != nil
/// `make bench` collects one row per case in this file (tab-separated: row, figure, compared
/// with, ratio), for `bench/table.sh`.
let rowsFile = ProcessInfo.processInfo.environment["BENCH_ROWS"]
let cases = [
    Case(name: "save to event, letters on iphone-15", themes: ["bench.yaml"], layouts: ["letters"], orientations: ["portrait"], target: 150),
    Case(name: "save to event, 4 layouts × 2 orientations", themes: ["bench.yaml"], layouts: ["letters", "numbers", "symbols", "idcard"],
         orientations: ["portrait", "landscape"], target: 150),
    Case(name: "save to event, 2 brand themes × 2 layouts × 2 orientations × states × 2 devices", themes: ["brand-light.yaml", "brand-dark.yaml"],
         layouts: ["letters", "numbers"], orientations: ["portrait", "landscape"], states: true, devices: ["iphone-15", "pixel-8"], target: 600),
]
print("\(ProcessInfo.processInfo.activeProcessorCount) cores")
var passed = true
for bench in cases { passed = try measure(bench, saves: saves) && passed }
exit(passed ? 0 : 1)
