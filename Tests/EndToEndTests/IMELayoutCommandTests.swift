import Foundation
import XCTest

/// HeliBoard and FlorisBoard layouts and Snygg stylesheets (docs/android-imes.md) through the command
/// line: naming and detection, the mode, the default phone, frames, validate and errors.
final class IMELayoutCommandTests: CommandTestCase {
    let fixtures = "Tests/LayoutEngineTests/IMELayouts"

    func json(_ result: Result, line: UInt = #line) throws -> [String: Any] {
        XCTAssertEqual(result.status, 0, result.stderr, line: line)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], line: line)
    }

    func keys(_ object: [String: Any]) throws -> [[String: Any]] {
        try XCTUnwrap(object["keys"] as? [[String: Any]])
    }

    /// Copies the fixtures into a folder of the test's own.
    func copyOfFixtures() throws -> URL {
        let folder = try temporaryDirectory()
        try FileManager.default.copyItem(at: Self.packageDirectory.appendingPathComponent(fixtures), to: folder.appendingPathComponent("ime"))
        return folder.appendingPathComponent("ime")
    }

    /// A FlorisBoard layout in its package, detected: placed on pixel-8 (1080 × 2400 px at
    /// 2.625); its frames give the drawn key, the touch cell and the file's label, code, type.
    func testFlorisBoardLayoutIsDetectedAndPlacedOnPixel8() throws {
        let object = try json(try run(["frames", "--layout", fixtures + "/florisboard/characters/qwerty.json"]))
        XCTAssertEqual(object["source"] as? String, "florisboard")
        XCTAssertEqual(object["device"] as? String, "pixel-8")
        XCTAssertEqual([object["imageWidth"] as? Int, object["imageHeight"] as? Int], [1080, 597])
        let all = try keys(object)
        XCTAssertEqual(all.count, 10 + 9 + 9 + 6)
        XCTAssertFalse(all.contains { ($0["ime"] as? [String: Any])?["label"] as? String == "language_switch" })
        let shift = try XCTUnwrap(all.first { ($0["ime"] as? [String: Any])?["label"] as? String == "shift" })
        XCTAssertEqual(shift["ime"] as? NSDictionary, ["label": "shift", "code": -11, "type": "modifier"] as NSDictionary)
        XCTAssertEqual(shift["code"] as? String, "shift")
        XCTAssertEqual(shift["style"] as? String, "function")
        let cell = try XCTUnwrap(shift["cell"] as? [String: Double])
        XCTAssertEqual(try XCTUnwrap(cell["width"]) * 2.625, 164.96, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(cell["x"]) * 2.625, 5.25, accuracy: 0.01)
    }

    /// A `.txt` file is HeliBoard's; so is a list-shaped `.json` outside a FlorisBoard
    /// package; `heliboard:` names one whatever its folder. HeliBoard's keys have no cell.
    func testHeliBoardLayoutsByExtensionShapeAndPrefix() throws {
        let text = try json(try run(["frames", "--layout", fixtures + "/heliboard/main/qwerty.txt"]))
        XCTAssertEqual(text["source"] as? String, "heliboard")
        XCTAssertEqual([text["imageWidth"] as? Int, text["imageHeight"] as? Int], [1080, 667])
        XCTAssertNil(try keys(text)[0]["cell"])
        XCTAssertEqual(try keys(text)[0]["pixelFrame"] as? [String: Int], ["x": 9, "y": 15, "width": 89, "height": 125])
        let number = try json(try run(["frames", "--layout", fixtures + "/heliboard/number/number.json"]))
        XCTAssertEqual(number["source"] as? String, "heliboard")
        let prefixed = try json(try run(["frames", "--layout", "heliboard:" + fixtures + "/florisboard/numeric/western_arabic.json"]))
        XCTAssertEqual(prefixed["source"] as? String, "heliboard")
        // A layout of the engine's own stays one.
        XCTAssertEqual(try json(try run(["frames", "--layout", "layouts/numbers.yaml"]))["source"] as? String, "weights")
    }

    /// The folder names the mode; `--ime-mode` and a manifest's `imeMode` override it.
    func testModeFromTheFolderOrAsked() throws {
        let asked = try json(try run(["frames", "--layout", fixtures + "/heliboard/main/qwerty.txt", "--ime-mode", "symbols"]))
        XCTAssertEqual(try keys(asked).prefix(10).map { $0["label"] as? String }, ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"])
        let folder = try temporaryDirectory()
        let manifest = folder.appendingPathComponent("m.yaml")
        let layout = Self.packageDirectory.appendingPathComponent(fixtures + "/heliboard/main/qwerty.txt").path
        try "jobs: [{layout: \"heliboard:\(layout)\", imeMode: more_symbols, output: more.png}]\n".write(to: manifest, atomically: true, encoding: .utf8)
        let batch = try run(["batch", manifest.path])
        XCTAssertEqual(batch.status, 0, batch.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("more.png").path))
        let wrong = try run(["frames", "--layout", fixtures + "/heliboard/main/qwerty.txt", "--ime-mode", "numeric"])
        XCTAssertEqual(wrong.status, 1)
        XCTAssertEqual(wrong.stderr, "--ime-mode: \"numeric\" is not a HeliBoard mode; the modes are main, symbols, more_symbols, number, numpad, phone, phone_symbols\n")
    }

    /// Phones in portrait only: landscape, a width, or a tablet are errors of those options.
    func testPhonesInPortraitOnly() throws {
        let layout = fixtures + "/florisboard/characters/qwerty.json"
        let cases: [([String], String)] = [
            (["--orientation", "landscape"], "--orientation: a FlorisBoard layout is placed on a phone in portrait only\n"),
            (["--width", "400"], "--width: a FlorisBoard layout is placed on a phone's pixels: give a device (a preset or WxH@D), not a width or height\n"),
            (["--device", "ipad-10"], "--device: a FlorisBoard layout is placed on phones only; \"ipad-10\" is 820 dp wide (tablets, 600 dp and wider, are not supported)\n"),
        ]
        for (options, message) in cases {
            let result = try run(["frames", "--layout", layout] + options)
            XCTAssertEqual(result.status, 1, "\(options)")
            XCTAssertEqual(result.stderr, message)
        }
        let other = try json(try run(["frames", "--layout", layout, "--device", "galaxy-s23"]))
        XCTAssertEqual(other["imageWidth"] as? Int, 1080)
    }

    /// Each error exits 1 and names the file and the row and key, or the rule.
    func testErrorsNameTheFileAndKeyOrRule() throws {
        let root = try copyOfFixtures()
        let package = root.appendingPathComponent("florisboard")
        func write(_ text: String, _ path: String) throws -> String {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        try FileManager.default.copyItem(at: package.appendingPathComponent("characters/qwerty.json"), to: package.appendingPathComponent("characters/arabic.json"))
        let cases: [([String], String)] = [
            (["--layout", try write("[[{\"code\": 97, \"label\": \"a\"", "florisboard/characters/broken.json")], "florisboard/characters/broken.json: not valid JSON or YAML"),
            (["--layout", try write("[[{\"$\": \"weird_key\", \"code\": 97}]]", "florisboard/characters/weird.json")], "florisboard/characters/weird.json: rows[0][0].$: unknown class \"weird_key\""),
            (["--layout", package.appendingPathComponent("characters/arabic.json").path], "florisboard/extension.json: layouts.characters: the mod \"arabic\" of \"arabic\" is missing: no file charactersMod/arabic.json in the package"),
            (["--layout", try write("q\nw\n", "heliboard/main/qwerty+.txt")], "heliboard/main/qwerty+.txt: a layout whose name holds + (\"qwerty+\") takes extra keys"),
            (["--layout", try write("[[{\"label\": \"a\", \"type\": \"letter\"}]]", "heliboard/main/typed.json")], "heliboard/main/typed.json: rows[0][0].type: unknown key type \"letter\""),
            (["--theme", try write("{\"key[code=x]\": {\"background\": \"#000000\"}}", "snygg/rule.json")], "snygg/rule.json: key[code=x]: not a Snygg rule"),
            (["--theme", try write("{\"key\": {\"background\": \"#00000\"}}", "snygg/value.json")], "snygg/value.json: key.background: a colour is #RRGGBB or #RRGGBBAA"),
            (["--theme", try write("{\"key\": {\"foreground\": \"var(--on-key)\"}}", "snygg/var.json")], "snygg/var.json: key.foreground: var(--on-key) is not defined in @defines"),
        ]
        for (options, message) in cases {
            let result = try run(["frames"] + options + ["-o", root.appendingPathComponent("out.json").path])
            XCTAssertEqual(result.status, 1, "\(options)")
            XCTAssertTrue(result.stderr.contains(message), "\(options): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains(root.deletingLastPathComponent().path + "/ime/ime"), result.stderr)
        }
    }

    /// A stylesheet's warnings are printed and the image drawn; validate lists what is not
    /// drawn as well.
    func testStylesheetWarningsAndValidate() throws {
        let folder = try temporaryDirectory()
        let output = folder.appendingPathComponent("k.png").path
        let render = try run(["--layout", fixtures + "/heliboard/main/qwerty.txt", "--theme", "snygg:" + fixtures + "/snygg/ctp_latte.json", "-o", output])
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertTrue(render.stderr.contains("ctp_latte.json: warning: no $schema: read as a Snygg version 1 stylesheet"), render.stderr)
        XCTAssertFalse(render.stderr.contains("ignored"), render.stderr)
        let validate = try run(["validate", fixtures + "/snygg/floris_night.json", fixtures + "/florisboard/symbols/western.json", fixtures + "/heliboard/numpad/numpad.json"])
        XCTAssertEqual(validate.status, 0, validate.stderr)
        XCTAssertTrue(validate.stdout.contains("floris_night.json: ok (theme)"), validate.stdout)
        XCTAssertTrue(validate.stdout.contains("western.json: ok (FlorisBoard layout)"), validate.stdout)
        XCTAssertTrue(validate.stdout.contains("numpad.json: ok (HeliBoard layout)"), validate.stdout)
        XCTAssertTrue(validate.stderr.contains("floris_night.json: key.text-max-lines: warning: ignored: text-max-lines is not drawn"), validate.stderr)
        XCTAssertTrue(validate.stderr.contains("floris_night.json: warning: ignored: the rules of elements that are not drawn (only key and window are): window-move-handle"), validate.stderr)
    }

    /// A HeliBoard width narrower than the gap between keys would give a key a negative
    /// frame: `frames`, `validate` and `render` refuse it at the key, and write nothing.
    func testAKeyWithNoRoomLeftIsRefusedAtTheKey() throws {
        let dir = try temporaryDirectory()
        let main = dir.appendingPathComponent("main")
        try FileManager.default.createDirectory(at: main, withIntermediateDirectories: true)
        try "[\n  [ { \"label\": \"q\", \"width\": 0.01 }, { \"label\": \"w\" } ],\n  [ { \"label\": \"a\" } ]\n]\n".write(to: main.appendingPathComponent("w.json"), atomically: true, encoding: .utf8)
        let message = "main/w.json: rows[0][0]: the key \"q\" comes out with no width or height: its width leaves no room once HeliBoard takes the gap between keys (1.739 % of the display's width); give it a larger width"
        let frames = try run(["frames", "--layout", "main/w.json"], in: dir)
        XCTAssertEqual(frames.status, 1)
        XCTAssertEqual(frames.stderr, message + "\n")
        XCTAssertEqual(frames.stdout, "")
        let render = try run(["render", "--layout", "main/w.json", "-o", "k.png"], in: dir)
        XCTAssertEqual(render.status, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("k.png").path))
        let validate = try run(["validate", "main/w.json"], in: dir)
        XCTAssertEqual(validate.status, 1)
        XCTAssertEqual(validate.stdout, message + " (on iphone-se-1 portrait)\n", "once, at the first phone")
        try "[ [ { \"label\": \"q\", \"width\": 0.03 }, { \"label\": \"w\" } ] ]\n".write(to: main.appendingPathComponent("w.json"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try run(["validate", "main/w.json"], in: dir).status, 0, "a narrow key that still has pixels is drawn")
    }

    /// `diff` takes two of the apps' layouts as it takes two of ours.
    func testDiffOfTwoHeliBoardLayouts() throws {
        let folder = try copyOfFixtures()
        let result = try run(["diff", "ime/heliboard/main/qwerty.txt", "ime/heliboard/main/qwertz.json"], in: folder.deletingLastPathComponent())
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("added \"ü\" at "), result.stdout)
        XCTAssertTrue(result.stdout.contains("moved \"z\" by "), result.stdout)
        let same = try run(["diff", "ime/heliboard/main/qwerty.txt", "heliboard:ime/heliboard/main/qwerty.txt"], in: folder.deletingLastPathComponent())
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertEqual(same.stdout, "no changes\n")
        let mixed = try run(["diff", "ime/heliboard/main/qwerty.txt", "ime/snygg/floris_day.json"], in: folder.deletingLastPathComponent())
        XCTAssertEqual(mixed.status, 2, "a layout against a theme is a usage error")
    }
}
