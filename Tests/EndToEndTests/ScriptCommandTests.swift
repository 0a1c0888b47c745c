import Foundation
import XCTest

/// Every script a keyboard ships in, through the built binary (docs/rendering.md "Missing
/// glyphs", docs/android-imes.md "Languages"): a character no pinned font has fails every
/// command that draws, with its place; HeliBoard's locale key texts, number row and direction.
final class ScriptCommandTests: CommandTestCase {
    let heliboard = "Tests/LayoutEngineTests/IMELayouts/heliboard/main"

    /// A layout file of two keys, `a` and U+E000 (private use, in no pinned font), in `folder`.
    func privateUseLayout(in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("private.yaml")
        try Data("name: private\nkeys:\n  - a\n  - {label: \"\\uE000\"}\nportrait:\n  height: 60\n  rows:\n    - columns: 2\n".utf8).write(to: url)
        return url
    }

    /// The missing-glyph message, whole: file, line and column of the field, the field path,
    /// the label, the code point and what it is.
    static let privateUseMessage = "private.yaml:4:6: keys[1].label \"\\u{E000}\": no font draws U+E000 (private use)\n"

    func testAPrivateUseLabelFailsRenderAndWritesNothing() throws {
        let folder = try temporaryDirectory()
        _ = try privateUseLayout(in: folder)
        let result = try run(["--layout", "private.yaml", "-o", "out.png"], in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stderr, Self.privateUseMessage)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path))
        let allowed = try run(["--layout", "private.yaml", "-o", "out.png", "--allow-missing-glyphs"], in: folder)
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
        XCTAssertTrue(allowed.stderr.contains("warning: no font draws U+E000 (private use)"), allowed.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path))
    }

    func testAPrivateUseLabelIsAValidateError() throws {
        let folder = try temporaryDirectory()
        _ = try privateUseLayout(in: folder)
        let result = try run(["validate", "private.yaml"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue((result.stdout + result.stderr).contains(Self.privateUseMessage.dropLast()), result.stdout + result.stderr)
    }

    func testAPrivateUseLabelIsAMissingGlyphLintErrorInTextAndSARIF() throws {
        let folder = try temporaryDirectory()
        _ = try privateUseLayout(in: folder)
        let text = try run(["lint", "--layouts", "private.yaml", "--themes", "default", "--devices", "iphone-15"], in: folder)
        XCTAssertEqual(text.status, 1, text.stderr)
        XCTAssertTrue(text.stdout.contains("private.yaml: keys[1].label: missing-glyph:"), text.stdout)
        XCTAssertTrue(text.stdout.contains("no font draws U+E000 (private use); line 4, column 6"), text.stdout)
        let sarif = try run(["lint", "--layouts", "private.yaml", "--themes", "default", "--devices", "iphone-15", "--format", "sarif"], in: folder)
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try XCTUnwrap(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        let found = results.filter { $0["ruleId"] as? String == "missing-glyph" }
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?["level"] as? String, "error")
        XCTAssertEqual((found.first?["partialFingerprints"] as? [String: String])?["renderKeyboard/v1"]?.count, 32)
    }

    /// A batch worker draws each job from the job's own fonts: after an `ios` job (Inter, which
    /// has a glyph at U+E000) a job with a U+E000 label fails exactly as `render` does alone.
    func testAJobAfterAnInterJobFailsOnAPrivateUseLabelAsRenderDoes() throws {
        let folder = try temporaryDirectory()
        _ = try privateUseLayout(in: folder)
        let manifest = "jobs:\n  - {layout: letters, theme: ios, output: ios.png}\n  - {layout: private.yaml, output: private.png}\n"
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("m.yaml"))
        let result = try run(["batch", "m.yaml", "--jobs", "1"], in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("1 failed:\n  jobs[1] private.png: \(Self.privateUseMessage)"), result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("ios.png").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("private.png").path))
    }

    /// The same bytes for a keyboard drawn by `render` alone and as the last job of a batch
    /// after jobs with other fonts loaded: a theme's font file (a copy of Inter), the `ios`
    /// theme with a Devanagari layout, `material` (Roboto). The U+E000 label stays a box.
    func testTheLastJobOfABatchIsDrawnAsRenderDrawsItAlone() throws {
        let folder = try temporaryDirectory()
        _ = try privateUseLayout(in: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/opentype/inter/Inter-Regular.otf", toPath: folder.appendingPathComponent("fonts/Brand.otf").path)
        try Data("extends: default\nfont: {file: fonts/Brand.otf}\n".utf8).write(to: folder.appendingPathComponent("brand.yaml"))
        let hindi = Self.packageDirectory.appendingPathComponent("\(heliboard)/hindi.txt").path
        try Data("""
            defaults: {device: iphone-15}
            jobs:
              - {layout: letters, theme: brand.yaml, output: brand.png}
              - {layout: "\(hindi)", theme: ios, output: hindi.png}
              - {layout: letters, theme: material, output: material.png}
              - {layout: private.yaml, allowMissingGlyphs: true, output: last.png}
            """.utf8).write(to: folder.appendingPathComponent("m.yaml"))
        let batch = try run(["batch", "m.yaml", "--jobs", "1"], in: folder)
        XCTAssertEqual(batch.status, 0, batch.stderr)
        let alone = try run(["render", "--layout", "private.yaml", "--device", "iphone-15", "--allow-missing-glyphs", "-o", "alone.png"], in: folder)
        XCTAssertEqual(alone.status, 0, alone.stderr)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("last.png")), try Data(contentsOf: folder.appendingPathComponent("alone.png")))
    }

    /// A label of a HeliBoard simple layout is placed at its line and column.
    func testAMissingGlyphOfAHeliBoardLayoutNamesItsLine() throws {
        let folder = try temporaryDirectory()
        try Data("q\nw\n\n  \u{E000} x\n".utf8).write(to: folder.appendingPathComponent("private.txt"))
        let result = try run(["--layout", "heliboard:private.txt", "-o", "out.png"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "private.txt:4:3: rows[1][0] \"\\u{E000}\": no font draws U+E000 (private use)\n")
    }

    /// Scripts the default face lacks are drawn from the pinned Noto faces: Devanagari, Tamil,
    /// Bengali, Thai, Ethiopic render with no missing glyph.
    func testScriptsTheDefaultFaceLacksRender() throws {
        for file in ["hindi", "tamil", "bengali", "thai", "amharic", "georgian", "korean", "hebrew", "arabic"] {
            let folder = try temporaryDirectory()
            let result = try run(["--layout", Self.packageDirectory.appendingPathComponent("\(heliboard)/\(file).txt").path, "-o", folder.appendingPathComponent("out.png").path])
            XCTAssertEqual(result.status, 0, "\(file): \(result.stderr)")
            XCTAssertEqual(result.stderr, "", file)
        }
    }

    func frames(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try run(["frames"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["device"] as? String, "pixel-8")
        return try XCTUnwrap(object["keys"] as? [[String: Any]])
    }

    /// Arabic takes its locale from the method list: the symbol key reads ٣٢١؟ and the comma
    /// ،; with the number row, ١ … ٠ above the letters.
    func testArabicTakesItsLocaleTextsAndNumberRow() throws {
        let layout = "heliboard:\(heliboard)/arabic.txt"
        let labels = try frames(["--layout", layout]).map { $0["label"] as? String ?? "" }
        XCTAssertTrue(labels.contains("٣٢١؟"), "\(labels)")
        XCTAssertTrue(labels.contains("،"), "\(labels)")
        XCTAssertFalse(labels.contains("?123"))
        let withRow = try frames(["--layout", layout, "--locale", "ar", "--number-row"])
        XCTAssertEqual(withRow.filter { $0["row"] as? Int == 0 }.map { $0["label"] as? String ?? "" }, ["١", "٢", "٣", "٤", "٥", "٦", "٧", "٨", "٩", "٠"])
        let latin = try frames(["--layout", layout, "--locale", "en"]).map { $0["label"] as? String ?? "" }
        XCTAssertTrue(latin.contains("?123"), "\(latin)")
    }

    /// A texts file of the user's: its labels, and its popups kept in the frames JSON.
    func testLocaleTextsFileGivesLabelsAndPopups() throws {
        let folder = try temporaryDirectory()
        let texts = folder.appendingPathComponent("texts.txt")
        try Data("[popup_keys]\nب پ  ِ\n\n[labels]\nsymbol: ١٢٣\n\n[tlds]\nsa\n".utf8).write(to: texts)
        let keys = try frames(["--layout", "heliboard:\(heliboard)/arabic.txt", "--locale-texts", texts.path])
        XCTAssertTrue(keys.contains { $0["label"] as? String == "١٢٣" })
        let beh = try XCTUnwrap(keys.first { $0["label"] as? String == "ب" })
        XCTAssertEqual((beh["ime"] as? [String: Any])?["popups"] as? [String], ["پ", "\u{650}"])
        try Data("[labels]\nsymbol ١٢٣\n".utf8).write(to: texts)
        let bad = try run(["frames", "--layout", "heliboard:\(heliboard)/arabic.txt", "--locale-texts", texts.path])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("texts.txt: line 2: expected a label as name: text"), bad.stderr)
    }

    /// The preview draws an app's layout on its phone (pixel-8, 411.43 pt wide), not on the
    /// iPhone of the other layouts (iphone-15, 393 pt): at the sheet's 3 px/pt the cells differ
    /// by 55 px.
    func testPreviewDrawsAnAppsLayoutOnPixel8() throws {
        let folder = try temporaryDirectory()
        func width(_ layout: String) throws -> Int {
            let sheet = folder.appendingPathComponent("sheet.png")
            let result = try run(["preview", "--layouts", layout, "--themes", "default", "-o", sheet.path])
            XCTAssertEqual(result.status, 0, result.stderr)
            let header = [UInt8](try Data(contentsOf: sheet).prefix(24))
            return header[16..<20].reduce(0) { $0 << 8 | Int($1) }
        }
        let app = try width(Self.packageDirectory.appendingPathComponent("\(heliboard)/qwerty.txt").path)
        XCTAssertEqual(app - (try width("letters")), 55)
    }
}
