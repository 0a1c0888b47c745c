@testable import KeyboardPreview
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine
@testable import RenderKeyboardKit
import XCTest

final class GalleryTests: XCTestCase {
    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    private func request() -> PreviewRequest {
        var request = PreviewRequest()
        request.themes = ["default", "dark"]
        request.layouts = ["letters", "numbers"]
        request.device = "iphone-se"
        request.seed = 9
        return request
    }

    func testWritesEachImageWithItsFramesAndAPageGroupedByTheme() throws {
        let folder = try temporaryFolder()
        let gallery = try Gallery.write(request(), to: folder.path, workers: 2)
        let names = ["default-letters-portrait", "dark-letters-portrait", "default-numbers-portrait", "dark-numbers-portrait"]
        XCTAssertEqual(gallery.entries.map(\.name), names)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(files, (names.flatMap { [$0 + ".json", $0 + ".png"] } + ["index.html", Gallery.listFile]).sorted())
        for entry in gallery.entries {
            let png = try [UInt8](Data(contentsOf: folder.appendingPathComponent(entry.imageFile)))
            let image = try PNGCodec.decode(png)
            XCTAssertEqual([image.width, image.height], [entry.imageWidth, entry.imageHeight], entry.name)
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(entry.framesFile))) as? [String: Any])
            XCTAssertEqual(json["imageWidth"] as? Int, entry.imageWidth)
            XCTAssertEqual(json["imageHeight"] as? Int, entry.imageHeight)
            XCTAssertEqual(json["device"] as? String, "iphone-se")
        }
        XCTAssertEqual(gallery.entries[0].imageWidth, 750)
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        // One heading per theme, in the request's order, each followed by its own images.
        let headings = html.components(separatedBy: "<h2>").dropFirst().map { $0.components(separatedBy: "</h2>")[0] }
        XCTAssertEqual(headings, ["default", "dark"])
        let defaultSection = html.components(separatedBy: "<h2>")[1]
        XCTAssertTrue(defaultSection.contains("src=\"default-letters-portrait.png\""))
        XCTAssertTrue(defaultSection.contains("src=\"default-numbers-portrait.png\""))
        XCTAssertFalse(defaultSection.contains("dark-"))
        XCTAssertTrue(html.contains("<span class=\"size\">750 × \(gallery.entries[0].imageHeight) px</span>"))
        XCTAssertTrue(html.contains("href=\"dark-numbers-portrait.json\""))
        XCTAssertFalse(html.contains("file:"), "links must be relative")
        XCTAssertFalse(html.contains("src=\"/"), "links must be relative")
    }

    func testStatesAndFileNamesAreUniqueAndSafe() throws {
        var request = request()
        request.themes = ["a b/x.yaml", "c/x.yaml"]
        request.states = true
        request.layouts = ["letters"]
        XCTAssertEqual(Gallery.fileNames(for: request.items, states: true), [
            "x-letters-portrait-normal", "x-letters-portrait-normal-2",
            "x-letters-portrait-pressed", "x-letters-portrait-pressed-2",
            "x-letters-portrait-shift", "x-letters-portrait-shift-2",
        ])
        XCTAssertEqual(Gallery.safe("../é <b>"), "_.____b_")
        XCTAssertEqual(HTMLText.escape("<a href=\"x\">&'"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;")
        let folder = try temporaryFolder()
        XCTAssertThrowsError(try Gallery.write(request, to: folder.path)) { error in
            XCTAssertTrue("\(error)".contains("a b/x.yaml"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("index.html").path))
    }

    // MARK: - In a browser

    /// Opens the gallery in headless Chromium and reads what its script wrote after `load`.
    func testEveryImageLoadsInABrowser() throws {
        let browser = try chromium()
        let folder = try temporaryFolder()
        let gallery = try Gallery.write(request(), to: folder.path, workers: 2)
        XCTAssertEqual(gallery.entries.count, 4)
        let check = try loadedImages(browser, page: folder.appendingPathComponent("index.html"))
        XCTAssertEqual(check.total, 4)
        XCTAssertEqual(check.loaded, 4)
        // The check can fail: with one image missing, one fewer loads.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("dark-numbers-portrait.png"))
        let broken = try loadedImages(browser, page: folder.appendingPathComponent("index.html"))
        XCTAssertEqual(broken.total, 4)
        XCTAssertEqual(broken.loaded, 3)
    }

    private func chromium() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        var candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        if let configured = environment["CHROMIUM"] { candidates.insert(configured, at: 0) }
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) { return found }
        throw MissingTool("headless Chromium is not installed; install it with scripts/setup.sh --browser (make test does)")
    }

    private func loadedImages(_ browser: String, page: URL) throws -> (loaded: Int, total: Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                             "--virtual-time-budget=5000", "--dump-dom", page.absoluteString]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = DispatchTime.now() + .seconds(90)
        let timer = DispatchSource.makeTimerSource()
        timer.schedule(deadline: deadline)
        timer.setEventHandler { if process.isRunning { process.terminate() } }
        timer.resume()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        timer.cancel()
        let dom = String(decoding: data, as: UTF8.self)
        guard let range = dom.range(of: "<p id=\"image-check\"") else {
            XCTFail("the page's image check is missing from the DOM:\n\(dom.prefix(2000))")
            return (-1, -1)
        }
        let tag = dom[range.lowerBound...].prefix { $0 != ">" }
        func attribute(_ name: String) -> Int {
            guard let start = tag.range(of: "\(name)=\"") else { return -1 }
            return Int(tag[start.upperBound...].prefix { $0 != "\"" }) ?? -1
        }
        return (attribute("data-loaded"), attribute("data-total"))
    }

    /// A keyboard's edge shows on its card whatever the keyboard's colours: the card is white
    /// and every image has an outline at least 3:1 (WCAG's contrast for shapes) against the
    /// default toolbar fill, which otherwise melted into the card.
    func testEveryKeyboardIsOutlinedAgainstItsCard() throws {
        let folder = try temporaryFolder()
        var request = request()
        request.layouts = ["numbers"]
        try Gallery.write(request, to: folder.path, workers: 1)
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        func hex(after marker: String) throws -> Color {
            let start = try XCTUnwrap(html.range(of: marker), marker).upperBound
            let digits = Array(html[start...].prefix(6))
            let value = try XCTUnwrap(Int(String(digits), radix: 16), marker)
            return Color(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
        }
        func luminance(_ c: Color) -> Double {
            func channel(_ v: UInt8) -> Double {
                let s = Double(v) / 255
                return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * channel(c.red) + 0.7152 * channel(c.green) + 0.0722 * channel(c.blue)
        }
        func contrast(_ a: Color, _ b: Color) -> Double {
            let (l1, l2) = (luminance(a), luminance(b))
            return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
        }
        let outline = try hex(after: "figure img { display: block; max-width: 100%; height: auto; outline: 1px solid #")
        let card = try hex(after: "figure { margin: 0; padding: 12px; background: #")
        XCTAssertGreaterThanOrEqual(contrast(outline, SceneComposer.defaultToolbarFill), 3)
        XCTAssertGreaterThanOrEqual(contrast(outline, card), 3)
    }
}
