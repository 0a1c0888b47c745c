import KeyboardPreview
import Foundation
import PreviewServer
import RenderKeyboardKit
import XCTest

/// The page in real headless Chromium (through chromedriver and Selenium, which
/// `scripts/setup.sh --browser` installs): a save swaps the image, a broken save shows the
/// `validate` message and a fix clears it, without the page being reloaded.
final class BrowserTests: XCTestCase {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func requireBrowser() throws {
        let missing = ["/usr/bin/chromium", "/usr/bin/chromedriver"].filter { !FileManager.default.isExecutableFile(atPath: $0) }
        let selenium = Process()
        selenium.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        selenium.arguments = ["python3", "-c", "import selenium"]
        selenium.standardError = FileHandle.nullDevice
        try selenium.run()
        selenium.waitUntilExit()
        guard !missing.isEmpty || selenium.terminationStatus != 0 else { return }
        throw MissingTool("headless Chromium, chromedriver or Selenium is missing; install them with scripts/setup.sh --browser (make test does)")
    }

    func testThePageFollowsSavesErrorsAndFixesWithoutReloading() throws {
        try requireBrowser()
        let folder = NSTemporaryDirectory() + "serve-browser-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let theme = folder + "/my-theme.yaml"
        // What `validate` prints for the broken save the script makes.
        try "extends: default\nkeys:\n  content:\n    normal: {fill: \"#GGG\"}\n".write(toFile: theme, atomically: false, encoding: .utf8)
        let expected = Validator.validate(theme).problems.map(\.description).joined(separator: "\n")
        XCTAssertFalse(expected.isEmpty)
        try expected.write(toFile: folder + "/expected.txt", atomically: false, encoding: .utf8)
        try "extends: default\n".write(toFile: theme, atomically: false, encoding: .utf8)

        var request = ServeRequest()
        request.themes = [theme, "dark", "material"]
        request.layouts = ["letters", "numbers"]
        request.seed = 7
        let server = try RunningServer(request)
        try script([Self.package.path + "/scripts/serve-browser-check.py", "http://127.0.0.1:\(server.port)/", theme, folder + "/expected.txt"])
    }

    /// The built `render-keyboard serve` is stopped and started again on its port: the open
    /// page finds it again by itself and shows the next save.
    func testThePageReconnectsToARestartedServer() throws {
        try requireBrowser()
        let binary = Bundle.main.bundleURL.appendingPathComponent("render-keyboard").path
        guard FileManager.default.isExecutableFile(atPath: binary) else { throw MissingTool("render-keyboard is not built at \(binary)") }
        let folder = NSTemporaryDirectory() + "serve-reconnect-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "extends: default\n".write(toFile: folder + "/theme.yaml", atomically: false, encoding: .utf8)
        try script([Self.package.path + "/scripts/serve-reconnect-check.py", binary, folder + "/theme.yaml"])
    }

    /// A design team's grid, two brand themes (one extending a shared base) × `letters` and
    /// `numbers` × portrait and landscape × states (20 cells), then the same on two devices (40),
    /// each loaded 5 times in a fresh browser profile: every image shows, none is left blank.
    func testEveryCellOfA20And40CellGridShowsOnAFreshLoad() throws {
        try requireBrowser()
        let folder = NSTemporaryDirectory() + "serve-grid-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "extends: default\nbackground: \"#D8DCE6\"\n".write(toFile: folder + "/brand-base.yaml", atomically: false, encoding: .utf8)
        try "extends: brand-base.yaml\nkeys:\n  content:\n    normal: {fill: \"#FFFFFF\"}\n".write(toFile: folder + "/brand-light.yaml", atomically: false, encoding: .utf8)
        try "extends: dark\nkeys:\n  content:\n    normal: {fill: \"#3A3F4B\"}\n".write(toFile: folder + "/brand-dark.yaml", atomically: false, encoding: .utf8)
        for (devices, cells) in [(["iphone-15"], 20), (["iphone-15", "pixel-8"], 40)] {
            var request = ServeRequest()
            request.themes = [folder + "/brand-light.yaml", folder + "/brand-dark.yaml"]
            request.layouts = ["letters", "numbers"]
            request.devices = devices
            request.orientations = ["portrait", "landscape"]
            request.states = true
            request.seed = 3
            let server = try RunningServer(request)
            XCTAssertEqual(server.server.board.snapshots.count, cells)
            XCTAssertTrue(server.server.board.snapshots.allSatisfy { $0.error == nil })
            try script([Self.package.path + "/scripts/serve-first-load-check.py", "http://127.0.0.1:\(server.port)/", "5"])
        }
    }

    /// Runs a Python check script; it must print only `ok`.
    private func script(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let timer = DispatchSource.makeTimerSource()
        timer.schedule(deadline: .now() + 240)
        timer.setEventHandler { if process.isRunning { process.terminate() } }
        timer.resume()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        timer.cancel()
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertEqual(text, "ok\n")
    }
}
