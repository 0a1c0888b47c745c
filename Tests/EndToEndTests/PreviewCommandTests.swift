import Foundation
import XCTest

final class PreviewCommandTests: CommandTestCase {
    private func pngSize(_ url: URL) throws -> [Int] {
        let png = try [UInt8](Data(contentsOf: url))
        guard png.count > 24 else { return [] }
        return [png[16..<20].reduce(0) { $0 << 8 | Int($1) }, png[20..<24].reduce(0) { $0 << 8 | Int($1) }]
    }

    func testDefaultsDrawEveryBuiltInThemeWithLettersToPreviewPNG() throws {
        let dir = try temporaryDirectory()
        let result = try run(["preview"], in: dir)
        XCTAssertEqual(result.status, 0, result.stderr)
        // Nine themes of 1179 × 750 px side by side: 48 + 9 × (1179 + 48) wide,
        // 48 + (80 + 750) + 48 high.
        XCTAssertEqual(try pngSize(dir.appendingPathComponent("preview.png")), [11091, 926])
        XCTAssertEqual(result.stdout, "preview.png: 9 keyboards, 11091 × 926 px\n")
    }

    func testOptionsChooseTheGridAndFilesWorkByPath() throws {
        let dir = try temporaryDirectory()
        try "extends: dark\nkeys:\n  enter: {normal: {fill: \"#FF9500\"}}\n".write(to: dir.appendingPathComponent("orange.yaml"), atomically: true, encoding: .utf8)
        let result = try run(["preview", "--themes", "default,orange.yaml", "--layouts", "numbers,letters", "--orientations", "portrait",
                              "--states", "--columns", "3", "--device", "iphone-se", "--seed", "1", "-o", "sheet.png"], in: dir)
        XCTAssertEqual(result.status, 0, result.stderr)
        // 10 keyboards in 3 columns (the number pad has no "shift on" cell); cells 750 px
        // wide at scale 2, margins of 32 px.
        let size = try pngSize(dir.appendingPathComponent("sheet.png"))
        XCTAssertEqual(size.first, 32 + 3 * (750 + 32))
        XCTAssertEqual(result.stdout, "sheet.png: 10 keyboards, \(size[0]) × \(size[1]) px\n")
    }

    func testLargeSheetsSayTheyWereScaledDown() throws {
        let dir = try temporaryDirectory()
        let result = try run(["preview", "--layouts", "letters,numbers,symbols,idcard", "--orientations", "portrait,landscape",
                              "--states", "--seed", "1"], in: dir)
        XCTAssertEqual(result.status, 0, result.stderr)
        let size = try pngSize(dir.appendingPathComponent("preview.png"))
        XCTAssertLessThanOrEqual(size.max() ?? .max, 16384)
        XCTAssertTrue(result.stdout.hasSuffix("; drawn at scale 1.18 instead of 3 to stay within 16384 px a side and 67108864 px in all\n"), result.stdout)
    }

    func testPatternsAddOneCellPerTheme() throws {
        let dir = try temporaryDirectory()
        let result = try run(["preview", "--themes", "default,dark", "--patterns", "--seed", "1"], in: dir)
        XCTAssertEqual(result.status, 0, result.stderr)
        // Two keyboards then two 750 px pads (as tall as the keyboards) in two columns:
        // 48 + 2 × (1179 + 48) wide, 48 + 2 × (80 + 750 + 48) high.
        XCTAssertEqual(try pngSize(dir.appendingPathComponent("preview.png")), [2502, 1804])
    }

    func testHTMLWritesAGallery() throws {
        let dir = try temporaryDirectory()
        let result = try run(["preview", "--html", "gallery", "--themes", "default,dark", "--device", "iphone-se", "--seed", "3"], in: dir)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "gallery/index.html: 2 images\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("gallery").path).sorted()
        XCTAssertEqual(files, [".render-keyboard-gallery", "dark-letters-portrait.json", "dark-letters-portrait.png", "default-letters-portrait.json", "default-letters-portrait.png", "index.html"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("preview.png").path))
    }

    /// A gallery written into the folder of an earlier one removes the earlier one's files it
    /// does not write again, and nothing else: the user's own files stay, and so does anything
    /// a tampered list names outside the gallery's own shape.
    func testHTMLIntoAnEarlierGalleryRemovesOnlyItsStaleFiles() throws {
        let dir = try temporaryDirectory()
        let gallery = dir.appendingPathComponent("gallery")
        let first = try run(["preview", "--html", "gallery", "--themes", "default,dark", "--layouts", "letters,numbers", "--device", "iphone-se", "--seed", "3"], in: dir)
        XCTAssertEqual(first.status, 0, first.stderr)
        for mine in ["notes.png", "mine.json", "README.md", "my-own-picture.png"] {
            try Data("mine".utf8).write(to: gallery.appendingPathComponent(mine))
        }
        try Data("outside".utf8).write(to: dir.appendingPathComponent("outside.png"))
        let list = gallery.appendingPathComponent(".render-keyboard-gallery")
        try (String(contentsOf: list, encoding: .utf8) + "../outside.png\n.hidden.png\nREADME.md\nnotes.png\nmine.json\n").write(to: list, atomically: true, encoding: .utf8)
        let second = try run(["preview", "--html", "gallery", "--themes", "default", "--device", "iphone-se", "--seed", "3"], in: dir)
        XCTAssertEqual(second.status, 0, second.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: gallery.path).sorted()
        XCTAssertEqual(files, [".render-keyboard-gallery", "README.md", "default-letters-portrait.json", "default-letters-portrait.png", "index.html", "mine.json", "my-own-picture.png", "notes.png"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("outside.png").path))
        XCTAssertEqual(try String(contentsOf: list, encoding: .utf8), "default-letters-portrait.png\ndefault-letters-portrait.json\n")
        // A failed gallery keeps the earlier one whole.
        let failed = try run(["preview", "--html", "gallery", "--themes", "nosuch", "--device", "iphone-se"], in: dir)
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: gallery.path).sorted(), files)
    }

    func testBadInputExits1AndUsageErrorsExit2() throws {
        let dir = try temporaryDirectory()
        let unknown = try run(["preview", "--themes", "default,nosuch"], in: dir)
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.hasPrefix("--themes: no built-in theme"), unknown.stderr)
        for arguments in [["--orientations", "sideways"], ["--columns", "0"]] {
            let usage = try run(["preview"] + arguments, in: dir)
            XCTAssertEqual(usage.status, 2, "\(arguments): \(usage.stderr)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
    }
}
