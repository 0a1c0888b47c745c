import Foundation
import XCTest

/// `render-keyboard compose` as a user runs it (docs/store-screenshots.md): every store's exact
/// size as an RGB PNG, the same bytes twice, JPEG at quality 92, localised sets in fastlane's
/// folders, compose jobs in batch manifests, and bad input that exits 1 writing nothing.
final class ComposeCommandTests: CommandTestCase {
    /// The stores and their portrait sizes, as the specification lists them.
    private static let stores: [(String, Int, Int)] = [
        ("appstore-6.9", 1320, 2868), ("appstore-6.7", 1290, 2796), ("appstore-6.5", 1284, 2778), ("appstore-6.5-alt", 1242, 2688),
        ("appstore-5.5", 1242, 2208), ("appstore-ipad-13", 2064, 2752), ("appstore-ipad-12.9", 2048, 2732),
        ("play-phone", 1080, 1920), ("play-tablet-7", 1200, 1920), ("play-tablet-10", 1600, 2560),
    ]

    /// Width, height, bit depth and colour type from a PNG's header.
    private func header(_ url: URL) throws -> (width: Int, height: Int, depth: UInt8, colorType: UInt8) {
        let bytes = [UInt8](try Data(contentsOf: url))
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], url.lastPathComponent)
        XCTAssertEqual(String(decoding: bytes[12..<16], as: UTF8.self), "IHDR")
        func word(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        return (word(16), word(20), bytes[24], bytes[25])
    }

    func testEveryStoreGivesItsExactSizeAsRGBWithoutAlphaTheSameBytesTwice() throws {
        let folder = try temporaryDirectory()
        for (store, width, height) in Self.stores {
            for orientation in ["portrait", "landscape"] {
                let first = folder.appendingPathComponent("\(store)-\(orientation).png"), second = folder.appendingPathComponent("\(store)-\(orientation)-again.png")
                for output in [first, second] {
                    let result = try run(["compose", "--store", store, "--orientation", orientation, "--caption", "Type faster", "--status-bar", "9:41", "-o", output.path])
                    XCTAssertEqual(result.status, 0, "\(store) \(orientation): \(result.stderr)")
                }
                let png = try header(first)
                XCTAssertEqual([png.width, png.height], orientation == "portrait" ? [width, height] : [height, width], "\(store) \(orientation)")
                XCTAssertEqual(png.depth, 8, store)
                XCTAssertEqual(png.colorType, 2, "\(store): 8-bit RGB, no alpha channel")
                XCTAssertEqual(try Data(contentsOf: first), try Data(contentsOf: second), "\(store) \(orientation): the same bytes twice")
            }
        }
        let sized = folder.appendingPathComponent("sized.png")
        XCTAssertEqual(try run(["compose", "--size", "1000x1700", "-o", sized.path]).status, 0)
        XCTAssertEqual([try header(sized).width, try header(sized).height, Int(try header(sized).colorType)], [1000, 1700, 2])
    }

    /// libjpeg's luminance table at quality 92: the standard table scaled by 200 − 2 × 92 %.
    private static let quality92Luminance: [UInt8] = {
        let standard = [16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
                        18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99]
        let zigzag = [0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
                      35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63]
        return zigzag.map { UInt8(max(1, min(255, (standard[$0] * 16 + 50) / 100))) }
    }()

    func testJPEGAtQuality92ExactlyTheStoresSize() throws {
        let folder = try temporaryDirectory()
        let output = folder.appendingPathComponent("shot.jpg")
        let result = try run(["compose", "--store", "play-phone", "--device", "pixel-8", "--caption", "Type faster", "-o", output.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let bytes = [UInt8](try Data(contentsOf: output))
        XCTAssertEqual(Array(bytes.prefix(3)), [0xFF, 0xD8, 0xFF])
        var i = 2, size: (Int, Int)?, luminance: [UInt8]?
        while i + 4 < bytes.count, size == nil || luminance == nil {
            let marker = bytes[i + 1], length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if marker == 0xDB, bytes[i + 4] == 0 { luminance = Array(bytes[(i + 5)..<(i + 69)]) }
            if marker == 0xC0 { size = (Int(bytes[i + 7]) << 8 | Int(bytes[i + 8]), Int(bytes[i + 5]) << 8 | Int(bytes[i + 6])) }
            i += 2 + length
        }
        XCTAssertEqual(size.map { [$0.0, $0.1] }, [1080, 1920], "a baseline JPEG exactly the store's size")
        XCTAssertEqual(luminance, Self.quality92Luminance, "quality 92")
    }

    /// Each locale of a captions file in fastlane's folders: deliver's by default, supply's
    /// with --layout-kind play; the files written are printed.
    func testLocalisedSetsInFastlanesFolders() throws {
        let folder = try temporaryDirectory()
        try "en-US: \"Type in 40 languages\"\nde-DE: \"Tippe in 40 Sprachen\"\nar-SA: \"اكتب بأربعين لغة\"\nja: \"40の言語で入力\"\n"
            .write(to: folder.appendingPathComponent("captions.yaml"), atomically: true, encoding: .utf8)
        let deliver = try run(["compose", "--device", "iphone-16-pro-max", "--store", "appstore-6.7", "--captions", "captions.yaml", "--locales", "de-DE,ar-SA",
                               "--name", "typing", "--number", "2", "-o", "screenshots"], in: folder)
        XCTAssertEqual(deliver.status, 0, deliver.stderr)
        XCTAssertEqual(deliver.stdout, "screenshots/de-DE/02_typing_appstore-6.7.png\nscreenshots/ar-SA/02_typing_appstore-6.7.png\n")
        let play = try run(["compose", "--device", "pixel-8", "--store", "play-phone", "--captions", "captions.yaml", "--layout-kind", "play",
                            "-o", "metadata"], in: folder)
        XCTAssertEqual(play.status, 0, play.stderr)
        let written = ["en-US", "de-DE", "ar-SA", "ja"].map { "metadata/\($0)/images/phoneScreenshots/01.png" }
        XCTAssertEqual(play.stdout, written.map { $0 + "\n" }.joined())
        for path in written {
            let png = try header(folder.appendingPathComponent(path))
            XCTAssertEqual([png.width, png.height, Int(png.colorType)], [1080, 1920, 2], path)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("screenshots/en-US").path), "only the locales asked for")
    }

    /// A whole store set is one batch run: compose jobs beside a render job, sharded by index,
    /// with defaults for every job's compose block.
    func testComposeJobsInABatchManifestShardLikeAnyJob() throws {
        let folder = try temporaryDirectory()
        try "en-US: \"Type in 40 languages\"\nar-SA: \"اكتب بأربعين لغة\"\n".write(to: folder.appendingPathComponent("captions.yaml"), atomically: true, encoding: .utf8)
        try """
        defaults: {layout: ios, theme: ios, compose: {captions: captions.yaml, statusBar: "9:41", background: "#F2F2F7"}}
        jobs:
          - {device: iphone-16-pro-max, compose: {store: appstore-6.9}, output: fastlane/screenshots}
          - {layout: letters, output: keyboard.png}
          - {device: ipad-10, layout: letters, theme: default, compose: {store: appstore-ipad-13}, output: fastlane/screenshots}
        """.write(to: folder.appendingPathComponent("store.yaml"), atomically: true, encoding: .utf8)
        let first = try run(["batch", "store.yaml", "--shard", "1/2"], in: folder)
        XCTAssertEqual(first.status, 0, first.stderr)
        for locale in ["en-US", "ar-SA"] {
            for (store, size) in [("appstore-6.9", [1320, 2868]), ("appstore-ipad-13", [2064, 2752])] {
                let png = try header(folder.appendingPathComponent("fastlane/screenshots/\(locale)/01_keyboard_\(store).png"))
                XCTAssertEqual([png.width, png.height, Int(png.colorType)], size + [2], "\(locale) \(store)")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("keyboard.png").path), "job 1 is the other shard's")
        let second = try run(["batch", "store.yaml", "--shard", "2/2"], in: folder)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("keyboard.png").path))
    }

    /// A manifest's compose block is checked where it was written.
    func testComposeBlockProblemsNameTheirField() throws {
        let folder = try temporaryDirectory()
        try """
        jobs:
          - {compose: {captionSize: huge, stor: appstore-6.9}, output: a.png}
          - {compose: {app: missing.png}, output: b.png}
        """.write(to: folder.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        let result = try run(["batch", "m.yaml"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("m.yaml: jobs[0].compose.captionSize: \"huge\" is not a text size in pixels"), result.stderr)
        XCTAssertTrue(result.stderr.contains("m.yaml: jobs[0].compose.stor: unknown field"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["m.yaml"])
        // Two sets may share fastlane's folder, but not the names their files take there.
        try "en-US: \"a\"\n".write(to: folder.appendingPathComponent("c.yaml"), atomically: true, encoding: .utf8)
        try "defaults: {compose: {captions: c.yaml}}\njobs:\n  - {compose: {store: play-phone}, output: out}\n  - {compose: {store: play-phone}, output: out}\n  - {compose: {store: play-phone, number: 2}, output: out}\n"
            .write(to: folder.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        let shared = try run(["batch", "m.yaml"], in: folder)
        XCTAssertEqual(shared.status, 1)
        XCTAssertEqual(shared.stderr.split(separator: "\n").filter { $0.contains("is also the output") }, ["m.yaml: jobs[1].output: \"out\" is also the output of jobs[0]"], shared.stderr)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("c.yaml"))
        try "jobs:\n  - {compose: {app: missing.png}, output: b.png}\n".write(to: folder.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        let missing = try run(["batch", "m.yaml"], in: folder)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("missing.png: cannot read file"), missing.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["m.yaml"])
    }
}
