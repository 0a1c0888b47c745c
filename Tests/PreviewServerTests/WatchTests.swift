import KeyboardPreview
import Foundation
@testable import PreviewServer
import RenderKeyboardKit
import XCTest

/// A client of `/events` that collects `cell` events.
final class EventListener {
    private let connection: LoopbackConnection
    private var buffer = ""

    init(port: Int) throws {
        connection = try LoopbackConnection(port: port)
        connection.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        buffer = String(decoding: connection.read(until: ": connected\n\n"), as: UTF8.self)
        buffer = ""
    }

    /// The next `cell` events that arrive within `timeout`, as parsed CELL objects.
    func next(timeout: TimeInterval = 10) -> [[String: Any]] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let cells = take()
            if !cells.isEmpty { return cells }
            buffer += String(decoding: connection.read(until: "\n\n", timeout: 0.3), as: UTF8.self)
        }
        return take()
    }

    /// The events already read, without waiting (chunk framing of the stream removed).
    private func take() -> [[String: Any]] {
        var cells: [[String: Any]] = []
        for line in buffer.components(separatedBy: "\n") where line.hasPrefix("data: ") {
            if let object = try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8)) as? [String: Any] { cells.append(object) }
        }
        if !cells.isEmpty { buffer = "" }
        return cells
    }
}

final class WatchTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "serve-watch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try write("base.yaml", "extends: default\nbackground: \"#D1D3D9\"\n")
        try write("my.yaml", "extends: base.yaml\nkeys:\n  content:\n    normal: {fill: \"#FFFFFF\"}\n")
        try write("other.yaml", "extends: default\n")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func path(_ name: String) -> String { folder + "/" + name }

    /// An in-place write: the file is truncated and written through the same inode.
    private func write(_ name: String, _ text: String) throws {
        let handle = fopen(path(name), "w")!
        fputs(text, handle)
        fclose(handle)
    }

    /// An editor's save: a new file renamed over the old one.
    private func saveByRename(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path(name + ".tmp~")))
        XCTAssertEqual(rename(path(name + ".tmp~"), path(name)), 0)
    }

    private func start(themes: [String]) throws -> (RunningServer, EventListener) {
        var request = ServeRequest()
        request.themes = themes
        request.layouts = ["numbers"]
        let server = try RunningServer(request)
        return (server, try EventListener(port: server.port))
    }

    private func image(_ cell: [String: Any]) -> String { cell["image"] as? String ?? "" }

    func testInPlaceWriteRedrawsOnlyTheCellThatReadsTheFile() throws {
        let (server, events) = try start(themes: [path("my.yaml"), path("other.yaml")])
        let before = try server.cells()
        let draws = server.server.board.draws
        try write("my.yaml", "extends: base.yaml\nkeys:\n  content:\n    normal: {fill: \"#FF0000\"}\n")
        let changed = events.next()
        XCTAssertEqual(changed.map { $0["id"] as? String }, ["k1"])
        XCTAssertEqual(server.server.board.draws, draws + 1)   // other.yaml's cell is not drawn again
        XCTAssertNotEqual(image(changed[0]), image(before[0]))
        XCTAssertTrue(changed[0]["error"] is NSNull)
        let after = try server.cells()
        XCTAssertEqual(image(after[0]), image(changed[0]))
        XCTAssertEqual(image(after[1]), image(before[1]))
        // The new URL serves the new image.
        let png = try server.get(image(after[0]))
        XCTAssertEqual(png.status, 200)
        XCTAssertEqual(png.headers["cache-control"], "public, max-age=31536000, immutable")
    }

    func testSaveByRenameRedraws() throws {
        let (server, events) = try start(themes: [path("my.yaml")])
        let before = try server.cells()
        try saveByRename("my.yaml", "extends: base.yaml\nkeys:\n  content:\n    normal: {fill: \"#00AA00\"}\n")
        let changed = events.next()
        XCTAssertEqual(changed.count, 1)
        XCTAssertNotEqual(image(changed[0]), image(before[0]))
        // The renamed file is watched as well: a second save is seen too.
        try saveByRename("my.yaml", "extends: base.yaml\nkeys:\n  content:\n    normal: {fill: \"#0000AA\"}\n")
        let again = events.next()
        XCTAssertEqual(again.count, 1)
        XCTAssertNotEqual(image(again[0]), image(changed[0]))
    }

    func testAFileOfTheExtendsChainRedraws() throws {
        let (server, events) = try start(themes: [path("my.yaml"), path("other.yaml")])
        let before = try server.cells()
        try write("base.yaml", "extends: default\nbackground: \"#203040\"\n")
        let changed = events.next()
        XCTAssertEqual(changed.map { $0["id"] as? String }, ["k1"])
        XCTAssertNotEqual(image(changed[0]), image(before[0]))
    }

    func testAnImageRedraws() throws {
        let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path + "/themes/image"
        try FileManager.default.copyItem(atPath: images + "/content@3x.png", toPath: path("face@3x.png"))
        try write("faces.yaml", "extends: default\nkeys:\n  content:\n    normal: {image: face@3x.png, fill: \"#00000000\"}\n")
        let (server, events) = try start(themes: [path("faces.yaml")])
        let before = try server.cells()
        XCTAssertTrue(before[0]["error"] is NSNull)
        let other = try Data(contentsOf: URL(fileURLWithPath: images + "/enter@3x.png"))
        try other.write(to: URL(fileURLWithPath: path("face@3x.png")))
        let changed = events.next()
        XCTAssertEqual(changed.count, 1)
        XCTAssertNotEqual(image(changed[0]), image(before[0]))
    }

    func testAFontFileRedraws() throws {
        let fonts = "/usr/share/fonts/truetype/dejavu/"
        try FileManager.default.copyItem(atPath: fonts + "DejaVuSans.ttf", toPath: path("face.ttf"))
        try write("font.yaml", "extends: default\nfont: {file: face.ttf}\n")
        let (server, events) = try start(themes: [path("font.yaml")])
        let before = try server.cells()
        XCTAssertTrue(before[0]["error"] is NSNull)
        // The same path, another face: the renderer must not keep the face it loaded first.
        try Data(contentsOf: URL(fileURLWithPath: fonts + "DejaVuSansMono.ttf")).write(to: URL(fileURLWithPath: path("face.ttf")))
        let changed = events.next()
        XCTAssertEqual(changed.count, 1)
        XCTAssertNotEqual(image(changed.first ?? [:]), image(before[0]))
    }

    func testAFileCreatedLaterIsPickedUp() throws {
        try write("late.yaml", "extends: later.yaml\n")
        let (server, events) = try start(themes: [path("late.yaml")])
        let before = try server.cells()
        let error = try XCTUnwrap(before[0]["error"] as? String)
        XCTAssertTrue(error.contains("later.yaml"), error)
        XCTAssertEqual(try server.get("/cells/k1.png").status, 404)   // never drawn yet
        try write("later.yaml", "extends: default\nbackground: \"#336699\"\n")
        let changed = events.next()
        XCTAssertEqual(changed.count, 1)
        XCTAssertTrue(changed[0]["error"] is NSNull)
        XCTAssertEqual(try server.get(image(changed[0])).status, 200)
    }

    func testABrokenFileKeepsTheImageAndShowsWhatValidatePrints() throws {
        let (server, events) = try start(themes: [path("my.yaml")])
        let good = try server.cells()[0]
        try write("my.yaml", "extends: base.yaml\nkeys:\n  content:\n    normal: {fill: \"#GGG\"}\n")
        let broken = events.next()
        XCTAssertEqual(broken.count, 1)
        let expected = Validator.validate(path("my.yaml")).problems.map(\.description).joined(separator: "\n")
        guard !broken.isEmpty else { return }   // (the count above has failed the test)
        XCTAssertEqual(broken[0]["error"] as? String, expected)
        XCTAssertEqual(expected, "\(path("my.yaml")): keys.content.normal.fill: \"#GGG\" is not a colour (#RGB, #RRGGBB or #RRGGBBAA)")
        XCTAssertEqual(image(broken[0]), image(good))   // the last good image stays
        XCTAssertEqual(try server.get(image(good)).status, 200)
        try write("my.yaml", "extends: base.yaml\nkeys:\n  content:\n    normal: {fill: \"#FFFFFF\"}\n")
        let fixed = events.next()
        XCTAssertEqual(fixed.count, 1)
        XCTAssertTrue(fixed[0]["error"] is NSNull)
        XCTAssertEqual(image(fixed[0]), image(good))   // the same picture as before the break
        XCTAssertEqual(try server.get("/cells.json").text.contains("\"generation\": 2"), true)
    }

    func testEditingTheTargetOfASymlinkedThemeRedraws() throws {
        // The theme the server is given is a symbolic link into another folder.
        let elsewhere = folder + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try write("elsewhere/real.yaml", "extends: default\nbackground: \"#102030\"\n")
        XCTAssertEqual(symlink(elsewhere + "/real.yaml", path("linked.yaml")), 0)
        let (server, events) = try start(themes: [path("linked.yaml"), path("other.yaml")])
        let before = try server.cells()
        try write("elsewhere/real.yaml", "extends: default\nbackground: \"#A0B0C0\"\n")
        let changed = events.next()
        XCTAssertEqual(changed.map { $0["id"] as? String }, ["k1"])
        XCTAssertNotEqual(image(changed.first ?? [:]), image(before[0]))
        // Pointing the link elsewhere counts too.
        try write("elsewhere/second.yaml", "extends: default\nbackground: \"#304050\"\n")
        XCTAssertEqual(unlink(path("linked.yaml")), 0)
        XCTAssertEqual(symlink(elsewhere + "/second.yaml", path("linked.yaml")), 0)
        let again = events.next()
        XCTAssertEqual(again.map { $0["id"] as? String }, ["k1"])
        XCTAssertNotEqual(image(again.first ?? [:]), image(changed.first ?? [:]))
    }

    /// An editor that truncates the file, then takes a while to write it: one change, drawn
    /// from the whole file, never from the empty one in between.
    func testASlowInPlaceSaveIsOneChange() throws {
        let (server, events) = try start(themes: [path("my.yaml")])
        let before = try server.cells()
        let handle = fopen(path("my.yaml"), "w")!
        fflush(handle)
        Thread.sleep(forTimeInterval: 0.035)
        fputs("extends: base.yaml\nkeys:\n  content:\n    normal: {fill: \"#AA5500\"}\n", handle)
        fclose(handle)
        let changed = events.next()
        XCTAssertEqual(changed.count, 1)
        XCTAssertTrue(changed.first?["error"] is NSNull, "\(changed)")
        XCTAssertNotEqual(image(changed.first ?? [:]), image(before[0]))
        XCTAssertTrue(events.next(timeout: 0.5).isEmpty)
    }

    func testABurstOfWritesIsOneChange() throws {
        let (server, events) = try start(themes: [path("my.yaml")])
        for colour in ["#110000", "#220000", "#330000", "#440000"] {
            try write("my.yaml", "extends: base.yaml\nkeys:\n  content:\n    normal: {fill: \"\(colour)\"}\n")
        }
        let changed = events.next()
        XCTAssertEqual(changed.count, 1)
        XCTAssertTrue(events.next(timeout: 0.5).isEmpty)
        XCTAssertTrue(try server.get("/cells.json").text.contains("\"generation\": 1"))
    }
}

/// Start-up: names that are neither built-ins nor files stop the server before it draws; a
/// broken file that exists starts it, with the error on its cells; any number of workers
/// draw the same pictures.
final class StartUpTests: XCTestCase {
    func testUnknownNamesFailAsPreviewSaysIt() throws {
        var request = ServeRequest()
        request.themes = ["default", "Brand"]
        XCTAssertThrowsError(try CellBoard(request)) { error in
            XCTAssertEqual(Validator.diagnostics(of: error, file: "serve").map(\.description),
                           ["themes: no built-in theme or file named \"Brand\"; built-in themes: dark, default, image, ios, ios-dark, ios26, ios26-dark, material, secure"])
        }
        request.themes = ["default"]
        request.layouts = ["letters", "/nonexistent/pad.yaml"]
        XCTAssertThrowsError(try CellBoard(request)) { error in
            XCTAssertEqual("\(error)", "/nonexistent/pad.yaml: cannot read file: No such file or directory")
        }
    }

    func testABrokenFileStartsWithItsError() throws {
        let folder = NSTemporaryDirectory() + "serve-start-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "extends: default\nkeys: [".write(toFile: folder + "/broken.yaml", atomically: false, encoding: .utf8)
        var request = ServeRequest()
        request.themes = [folder + "/broken.yaml", "dark"]
        request.layouts = ["numbers"]
        let board = try CellBoard(request)
        let cells = board.snapshots
        XCTAssertEqual(cells.count, 2)
        XCTAssertEqual(cells[0].error, Validator.validate(folder + "/broken.yaml").problems.map(\.description).joined(separator: "\n"))
        XCTAssertNil(cells[1].error)
    }

    /// A broken stylesheet shows the field where the bad value is written: a `var()` whose
    /// `@defines` entry is no colour is named there, not at the property that uses it.
    func testABrokenStylesheetNamesTheDefinitionAtFault() throws {
        let folder = NSTemporaryDirectory() + "serve-snygg-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sheet = ##"{"$schema": "https://schemas.florisboard.org/snygg/v2/stylesheet", "@defines": {"--c": "#GGG"}, "key": {"background": "var(--c)"}}"##
        try sheet.write(toFile: folder + "/sheet.json", atomically: false, encoding: .utf8)
        var request = ServeRequest()
        request.themes = [folder + "/sheet.json"]
        request.layouts = ["numbers"]
        let cells = try CellBoard(request).snapshots
        XCTAssertEqual(cells.first?.error, folder + "/sheet.json: @defines.--c: a colour is #RRGGBB or #RRGGBBAA (the value of var(--c), which key.background uses)")
    }

    func testOneWorkerAndSeveralDrawTheSame() throws {
        var request = ServeRequest()
        request.themes = ["default", "dark", "material"]
        request.layouts = ["letters", "numbers", "symbols"]
        request.orientations = ["portrait", "landscape"]
        request.states = true
        request.seed = 5
        let one = try CellBoard(request, workers: 1).snapshots
        let four = try CellBoard(request, workers: 4).snapshots
        XCTAssertGreaterThan(one.count, 30)
        XCTAssertEqual(one, four)
        XCTAssertTrue(one.allSatisfy { $0.hash != nil && $0.error == nil })
    }
}
