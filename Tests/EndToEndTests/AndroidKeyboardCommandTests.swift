import Foundation
import XCTest

/// Android keyboard files (docs/android-xml.md) through the command line: values beside the file and
/// from `--values`, `--keyboard-mode`, `--shuffle`, pixel devices, validate and batch.
final class AndroidKeyboardCommandTests: CommandTestCase {
    let idCardPad = "docs/examples/android/res/xml/idcard_pad.xml"

    func json(_ result: Result) throws -> [String: Any] {
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    func testIdCardPadOnAPixelDevice() throws {
        let object = try json(try run(["frames", "--layout", idCardPad, "--device", "1080x2340@2.625"]))
        XCTAssertEqual(object["source"] as? String, "android-xml")
        XCTAssertEqual(object["device"] as? String, "1080x2340@2.625")
        XCTAssertEqual(object["imageWidth"] as? Int, 1080)
        // Four rows of 54dp = 141 px with 1dp = 2 px between them: 4 * 143 - 2 = 570, and the
        // default theme's 1 pt shadow under the bottom row: 2.625 -> 3 px more.
        XCTAssertEqual(object["imageHeight"] as? Int, 573)
        let keys = try XCTUnwrap(object["keys"] as? [[String: Any]])
        XCTAssertEqual(keys.count, 12)
        // 33.33%p of 1080 -> 360, 1dp gaps -> 2: 3 * 360 + 3 * 2 > 1080, so the view rescales by
        // (1080 - 4) / 1080: 360 -> 358, re-laid at x 0, 360, 720.
        XCTAssertEqual(keys[1]["pixelFrame"] as? [String: Int], ["x": 360, "y": 0, "width": 358, "height": 141])
        XCTAssertEqual(keys[9]["label"] as? String, "X")
        let delete = keys[11]
        XCTAssertEqual(delete["code"] as? String, "delete")
        XCTAssertEqual(delete["codeValue"] as? Int, -5)
        XCTAssertEqual(delete["pixelFrame"] as? [String: Int], ["x": 720, "y": 429, "width": 358, "height": 141])
        let android = try XCTUnwrap(delete["android"] as? [String: Any])
        XCTAssertEqual(android["codes"] as? [Int], [-5])
        XCTAssertEqual(android["repeatable"] as? Bool, true)
        XCTAssertEqual(android["edgeFlags"] as? [String], ["right", "bottom"])
    }

    func testRenderDrawsTheDevicesPixels() throws {
        let folder = try temporaryDirectory()
        let output = folder.appendingPathComponent("pad.png").path
        let result = try run(["render", "--layout", idCardPad, "--device", "pixel-8", "--theme", "dark", "-o", output])
        XCTAssertEqual(result.status, 0, result.stderr)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
        func be32(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        // 570 px of keys and the dark theme's 1 pt shadow (3 px) under the bottom row.
        XCTAssertEqual([be32(16), be32(20)], [1080, 573])
    }

    func testValuesFilesAndKeyboardModes() throws {
        let folder = try temporaryDirectory()
        try """
        <Keyboard xmlns:android="http://schemas.android.com/apk/res/android" android:keyWidth="@fraction/w" android:keyHeight="40px">
          <Row><Key android:keyLabel="a"/><Key android:codes="@integer/del" android:keyLabel="DEL"/></Row>
          <Row android:keyboardMode="@+id/mode_url"><Key android:keyLabel="/"/></Row>
        </Keyboard>
        """.write(to: folder.appendingPathComponent("pad.xml"), atomically: true, encoding: .utf8)
        try """
        <resources><fraction name="w">25%p</fraction><integer name="del">-5</integer></resources>
        """.write(to: folder.appendingPathComponent("extra.xml"), atomically: true, encoding: .utf8)

        let missing = try run(["frames", "--layout", "pad.xml", "--device", "1000x1000@1"], in: folder)
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, """
        pad.xml: Keyboard.keyWidth: @fraction/w is not defined in any values file: none was read (only a file in res/xml reads the res/values beside it; give --values FILE)
        pad.xml: Row[0].Key[1].codes: @integer/del is not defined in any values file: none was read (only a file in res/xml reads the res/values beside it; give --values FILE)

        """)

        let plain = try json(try run(["frames", "--layout", "pad.xml", "--values", "extra.xml", "--device", "1000x1000@1"], in: folder))
        XCTAssertEqual((plain["keys"] as? [Any])?.count, 2)
        // One 40 px row, and the default theme's 1 pt shadow under it.
        XCTAssertEqual(plain["imageHeight"] as? Int, 41)

        let url = try json(try run(["frames", "--layout", "pad.xml", "--values", "extra.xml", "--device", "1000x1000@1", "--keyboard-mode", "mode_url"], in: folder))
        let keys = try XCTUnwrap(url["keys"] as? [[String: Any]])
        XCTAssertEqual(keys.map { $0["label"] as? String }, ["a", "DEL", "/"])
        XCTAssertEqual(keys[2]["pixelFrame"] as? [String: Int], ["x": 0, "y": 40, "width": 250, "height": 40])
        XCTAssertEqual(url["imageHeight"] as? Int, 81)
        func frames(mode: String) throws -> Result {
            try run(["frames", "--layout", "pad.xml", "--values", "extra.xml", "--device", "1000x1000@1", "--keyboard-mode", mode], in: folder)
        }
        let byName = try frames(mode: "mode_url")
        for mode in ["@+id/mode_url", "@id/mode_url", "@android:id/mode_url"] {
            let named = try frames(mode: mode)
            XCTAssertEqual(named.status, 0, named.stderr)
            XCTAssertEqual(named.stdout, byName.stdout, mode)
        }
    }

    func testShuffleFlag() throws {
        let unshuffled = try json(try run(["frames", "--layout", idCardPad, "--device", "pixel-8", "--seed", "5"]))
        let labels = (unshuffled["keys"] as? [[String: Any]])?.map { $0["label"] as? String ?? "?" }
        XCTAssertEqual(labels, ["1", "2", "3", "4", "5", "6", "7", "8", "9", "X", "0", ""], "an XML pad does not shuffle by itself")
        let shuffled = try json(try run(["frames", "--layout", idCardPad, "--device", "pixel-8", "--seed", "5", "--shuffle"]))
        let moved = (shuffled["keys"] as? [[String: Any]])?.map { $0["label"] as? String ?? "?" } ?? []
        XCTAssertNotEqual(moved, labels)
        XCTAssertEqual(moved.sorted(), labels?.sorted())
        XCTAssertEqual(moved.last, "", "delete keeps its place")
        let both = try run(["frames", "--layout", idCardPad, "--shuffle", "--no-shuffle"])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.contains("Give either --shuffle or --no-shuffle, not both."), both.stderr)
    }

    func testPixelDevicesForWeightLayoutsAndBadDevices() throws {
        let numbers = try json(try run(["frames", "--layout", "numbers", "--device", "1080x2340@2.625", "--no-shuffle"]))
        XCTAssertEqual(numbers["source"] as? String, "weights")
        XCTAssertEqual(numbers["imageWidth"] as? Int, 1080)
        XCTAssertEqual(numbers["scale"] as? Double, 2.625)

        let zero = try run(["frames", "--device", "1080x2340@0"])
        XCTAssertEqual(zero.status, 2, "a bad option is a usage error")
        XCTAssertTrue(zero.stderr.hasPrefix("Error: --device: \"1080x2340@0\": density 0 is out of range 0.1…10\n"), zero.stderr)
        let huge = try run(["frames", "--device", "99999x2340@2"])
        XCTAssertTrue(huge.stderr.hasPrefix("Error: --device: \"99999x2340@2\": width and height must be 1…16384 px\n"), huge.stderr)
        let bare = try run(["frames", "--layout", idCardPad, "--width", "400"])
        XCTAssertEqual(bare.status, 1)
        XCTAssertEqual(bare.stderr, "\(idCardPad): an Android keyboard is placed against the screen's width and height in pixels; give a device (a preset or WxH@D such as 1080x2340@2.625), not a bare width\n")
    }

    func testHostileFileFromTheCommandLine() throws {
        let folder = try temporaryDirectory()
        try "<?xml version=\"1.0\"?>\n<!DOCTYPE k [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<Keyboard>&x;</Keyboard>"
            .write(to: folder.appendingPathComponent("evil.xml"), atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out.png").path
        let result = try run(["render", "--layout", "evil.xml", "--device", "pixel-8", "-o", output], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "evil.xml: line 2: DOCTYPE declarations are not allowed (no DTDs, external entities or entity expansion)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    }

    func testValidateReportsEveryProblem() throws {
        let folder = try temporaryDirectory()
        try """
        <Keyboard xmlns:android="http://schemas.android.com/apk/res/android">
          <Row><Key android:keyLabel="a" android:keyWidth="12%q" android:codes="@integer/del"/></Row>
          <Row><Key android:keyLabel="b" android:colour="red" android:keyHeight="-4px"/></Row>
        </Keyboard>
        """.write(to: folder.appendingPathComponent("pad.xml"), atomically: true, encoding: .utf8)
        let result = try run(["validate", "pad.xml"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, """
        pad.xml: Row[0].Key[0].codes: @integer/del is not defined in any values file: none was read (only a file in res/xml reads the res/values beside it; give --values FILE)
        pad.xml: Row[0].Key[0].keyWidth: "12%q" is not a dimension or fraction

        """)
        try """
        <Keyboard xmlns:android="http://schemas.android.com/apk/res/android">
          <Row><Key android:keyLabel="b" android:colour="red" android:keyHeight="-4px"/></Row>
        </Keyboard>
        """.write(to: folder.appendingPathComponent("pad.xml"), atomically: true, encoding: .utf8)
        let placed = try run(["validate", "pad.xml"], in: folder)
        XCTAssertEqual(placed.status, 1)
        XCTAssertEqual(placed.stdout, """
        pad.xml: Row[0].Key[0]: the key would be -4 px tall; a key cannot have a negative size (on iphone-se-1 portrait)

        """)
        XCTAssertEqual(placed.stderr, "pad.xml: Row[0].Key[0].colour: warning: unknown attribute android:colour; Android ignores it\n")
    }

    func testValidateAndBatch() throws {
        let validate = try run(["validate", idCardPad])
        XCTAssertEqual(validate.status, 0, validate.stdout)
        XCTAssertEqual(validate.stdout, "\(idCardPad): ok (android keyboard)\n")

        let folder = try temporaryDirectory()
        let pad = Self.packageDirectory.appendingPathComponent(idCardPad).path
        try """
        defaults: {device: 1080x2340@2.625, format: png}
        jobs:
          - {layout: "\(pad)", output: plain.png}
          - {layout: "\(pad)", theme: secure, shuffle: true, seed: 4, pressed: ["X"], output: shuffled.png}
          - {layout: "\(pad)", device: 1080x2340@0, output: bad.png}
        """.write(to: folder.appendingPathComponent("jobs.yaml"), atomically: true, encoding: .utf8)
        let batch = try run(["batch", "jobs.yaml", "--jobs", "1"], in: folder)
        XCTAssertEqual(batch.status, 1)
        XCTAssertTrue(batch.stderr.contains("jobs.yaml: jobs[2].device: \"1080x2340@0\": density 0 is out of range 0.1…10"), batch.stderr)
        try """
        defaults: {device: 1080x2340@2.625, format: png}
        jobs:
          - {layout: "\(pad)", output: plain.png}
          - {layout: "\(pad)", theme: secure, shuffle: true, seed: 4, pressed: ["X"], output: shuffled.png, values: [], keyboardMode: mode_url}
        """.write(to: folder.appendingPathComponent("jobs.yaml"), atomically: true, encoding: .utf8)
        let good = try run(["batch", "jobs.yaml", "--jobs", "1"], in: folder)
        XCTAssertEqual(good.status, 0, good.stderr)
        let plain = try Data(contentsOf: folder.appendingPathComponent("plain.png"))
        let shuffled = try Data(contentsOf: folder.appendingPathComponent("shuffled.png"))
        XCTAssertNotEqual(plain, shuffled)
    }

    /// Only `res/xml` reads the `res/values` beside it; a problem in such a file says why it
    /// was read, `--no-sibling-values` reads only `--values`, and a bad value names the file
    /// that defines it.
    func testSiblingValuesFolders() throws {
        let folder = try temporaryDirectory()
        let fm = FileManager.default
        for sub in ["app/res/xml", "app/res/values", "app/res/layout", "app/res/xml-v21"] {
            try fm.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        let pad = """
        <Keyboard xmlns:android="http://schemas.android.com/apk/res/android" android:keyWidth="@dimen/w" android:keyHeight="40px">
          <Row><Key android:keyLabel="a"/></Row>
        </Keyboard>
        """
        for sub in ["xml", "layout", "xml-v21"] {
            try pad.write(to: folder.appendingPathComponent("app/res/\(sub)/pad.xml"), atomically: true, encoding: .utf8)
        }
        try "<resources><dimen name=\"w\">12%q</dimen></resources>".write(to: folder.appendingPathComponent("app/res/values/dimens.xml"), atomically: true, encoding: .utf8)
        try "<resources><dimen name=\"w\">50%p</dimen></resources>".write(to: folder.appendingPathComponent("good.xml"), atomically: true, encoding: .utf8)

        let bad = try run(["frames", "--layout", "app/res/xml/pad.xml", "--device", "1000x1000@1"], in: folder)
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(bad.stderr, "app/res/xml/pad.xml: Keyboard.keyWidth: @dimen/w (\"12%q\" in app/res/values/dimens.xml) is not a dimension or fraction\n")

        let only = try json(try run(["frames", "--layout", "app/res/xml/pad.xml", "--device", "1000x1000@1", "--no-sibling-values", "--values", "good.xml"], in: folder))
        XCTAssertEqual((only["keys"] as? [[String: Any]])?.first?["pixelFrame"] as? [String: Int], ["x": 0, "y": 0, "width": 500, "height": 40])
        let none = try run(["frames", "--layout", "app/res/xml/pad.xml", "--device", "1000x1000@1", "--no-sibling-values"], in: folder)
        XCTAssertEqual(none.stderr, "app/res/xml/pad.xml: Keyboard.keyWidth: @dimen/w is not defined in any values file: none was read (--no-sibling-values; give --values FILE)\n")

        // A manifest job says the same with `siblingValues: false`.
        try """
            jobs:
              - {layout: app/res/xml/pad.xml, device: 1000x1000@1, siblingValues: false, values: [good.xml], output: only.png}
              - {layout: app/res/xml/pad.xml, device: 1000x1000@1, output: bad.png}
            """.write(to: folder.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        let batch = try run(["batch", "m.yaml"], in: folder)
        XCTAssertEqual(batch.status, 1, batch.stderr)
        XCTAssertTrue(fm.fileExists(atPath: folder.appendingPathComponent("only.png").path), batch.stderr)
        XCTAssertFalse(fm.fileExists(atPath: folder.appendingPathComponent("bad.png").path), batch.stderr)
        XCTAssertTrue(batch.stderr.contains("  jobs[1] bad.png: "), batch.stderr)
        XCTAssertTrue(batch.stderr.contains("app/res/values/dimens.xml) is not a dimension or fraction"), batch.stderr)

        // A layout folder is no keyboard folder, and neither is xml-v21 here: their res/values
        // are not read, so the good value given with --values is the only one.
        for sub in ["layout", "xml-v21"] {
            let result = try json(try run(["frames", "--layout", "app/res/\(sub)/pad.xml", "--device", "1000x1000@1", "--values", "good.xml"], in: folder))
            XCTAssertEqual((result["keys"] as? [[String: Any]])?.count, 1, sub)
        }

        try "<resources><dimen name=\"w\">50%p</dimen><oops></resources>".write(to: folder.appendingPathComponent("app/res/values/dimens.xml"), atomically: true, encoding: .utf8)
        let broken = try run(["frames", "--layout", "app/res/xml/pad.xml", "--device", "1000x1000@1"], in: folder)
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.stderr.hasPrefix("app/res/values/dimens.xml: "), broken.stderr)
        XCTAssertTrue(broken.stderr.hasSuffix(" (read because it is in the values folder beside the xml folder of app/res/xml/pad.xml; --no-sibling-values reads only --values files)\n"), broken.stderr)
    }
}

/// A pad whose values live elsewhere: every command that draws or reads keyboards takes
/// `--values` (and `--no-sibling-values`, `--keyboard-mode`), as the message about the
/// missing reference asks.
final class AndroidOptionsEverywhereTests: CommandTestCase {
    /// `pad.xml` (the ID-card pad) in a folder of its own, and its values file in another.
    private func separatedPad() throws -> (folder: URL, pad: String, values: String) {
        let folder = try temporaryDirectory()
        let fm = FileManager.default
        try fm.copyItem(at: Self.packageDirectory.appendingPathComponent("docs/examples/android/res/xml/idcard_pad.xml"), to: folder.appendingPathComponent("pad.xml"))
        try fm.copyItem(at: Self.packageDirectory.appendingPathComponent("docs/examples/android/res/values/dimens.xml"), to: folder.appendingPathComponent("dimens.xml"))
        return (folder, "pad.xml", "dimens.xml")
    }

    func testEveryCommandThatDrawsTakesTheValuesOption() throws {
        let (folder, pad, values) = try separatedPad()
        let commands: [[String]] = [
            ["render", "--layout", pad, "-o", "r.png"],
            ["frames", "--layout", pad],
            ["preview", "--layouts", pad, "--themes", "default", "-o", "p.png"],
            ["lint", "--layouts", pad, "--themes", "default", "--devices", "pixel-8", "--orientations", "portrait"],
            ["rules", "check", "required: digit", "--layouts", pad],
            ["diff", pad, pad],
        ]
        for command in commands {
            let without = try run(command, in: folder)
            // lint and diff gate CIs: an input they cannot read is exit 2, not a finding or a change.
            XCTAssertEqual(without.status, ["lint", "diff"].contains(command[0]) ? 2 : 1, "\(command) without --values: \(without.stderr)")
            XCTAssertTrue(without.stderr.contains("@fraction/digit_key_width"), "\(command): \(without.stderr)")
            let with = try run(command + ["--values", values], in: folder)
            XCTAssertEqual(with.status, 0, "\(command) with --values: \(with.stderr)")
        }
        // The other two options are declared for the same commands.
        for command in ["preview", "lint", "rules check", "serve"] {
            let help = try run(command.split(separator: " ").map(String.init) + ["--help"])
            for option in ["--values", "--no-sibling-values", "--keyboard-mode"] {
                XCTAssertTrue(help.stdout.contains(option), "\(command) --help lacks \(option)")
            }
        }
    }
}
