import Foundation
import XCTest

final class RenderCommandTests: CommandTestCase {
    private let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    func testNoArgumentsWritesKeyboardPNGOfTheDefaultKeyboard() throws {
        let dir = try temporaryDirectory()
        let result = try run([], in: dir)
        XCTAssertEqual(result.status, 0, result.stderr)
        let png = try [UInt8](Data(contentsOf: dir.appendingPathComponent("keyboard.png")))
        XCTAssertEqual(Array(png.prefix(8)), pngSignature)
        // IHDR: width and height as the frames JSON gives them.
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        let frames = try run(["frames"])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(frames.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(width, json["imageWidth"] as? Int)
        XCTAssertEqual(height, json["imageHeight"] as? Int)
    }

    func testFormatFollowsTheOutputExtension() throws {
        let dir = try temporaryDirectory()
        for (name, prefix) in [("k.svg", "<?xml"), ("k.pdf", "%PDF-")] {
            let result = try run(["render", "--layout", "numbers", "--seed", "1", "-o", dir.appendingPathComponent(name).path])
            XCTAssertEqual(result.status, 0, result.stderr)
            let text = String(decoding: try Data(contentsOf: dir.appendingPathComponent(name)).prefix(5), as: UTF8.self)
            XCTAssertEqual(text, prefix, name)
        }
        let forced = try run(["--format", "svg", "-o", dir.appendingPathComponent("k.png").path])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(String(decoding: try Data(contentsOf: dir.appendingPathComponent("k.png")).prefix(5), as: UTF8.self), "<?xml")
    }

    func testBadThemeExitsWith1AndLeavesNoOutput() throws {
        let dir = try temporaryDirectory()
        let theme = dir.appendingPathComponent("x.yaml")
        try "keys:\n  content:\n    normal: {fill: \"#GGG\"}\n".write(to: theme, atomically: true, encoding: .utf8)
        let output = dir.appendingPathComponent("out.png")
        let result = try run(["render", "--theme", theme.path, "-o", output.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "\(theme.path): keys.content.normal.fill: \"#GGG\" is not a colour (#RGB, #RRGGBB or #RRGGBBAA)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["x.yaml"])
    }

    /// A name that is no built-in and no file is reported at the option that gave it, with
    /// the built-in that differs only in case suggested.
    func testUnknownNamesAreReportedAtTheirOption() throws {
        let dir = try temporaryDirectory()
        let theme = try run(["--theme", "Default", "-o", "x.png"], in: dir)
        XCTAssertEqual(theme.status, 1)
        XCTAssertEqual(theme.stderr, "--theme: no built-in theme or file named \"Default\"; built-in themes: dark, default, image, ios, ios-dark, ios26, ios26-dark, material, secure; did you mean default?\n")
        let layout = try run(["--layout", "a\nb", "-o", "x.png"], in: dir)
        XCTAssertEqual(layout.status, 1)
        XCTAssertEqual(layout.stderr, "--layout: no built-in layout or file named \"a\\nb\"; built-in layouts: idcard, ios, ios-ipad, ios26, letters, numbers, symbols\n")
        let empty = try temporaryDirectory()
        let nothing = try run(["--theme", "dark", "-o", "x.png"], in: dir, environment: ["RENDER_KEYBOARD_RESOURCES": empty.path])
        XCTAssertEqual(nothing.status, 1)
        XCTAssertEqual(nothing.stderr, "--layout: no built-in layout or file named \"letters\"; no built-in layouts were found in \(empty.path) (RENDER_KEYBOARD_RESOURCES names it: a folder holding layouts/ and themes/; unset it to use the built-ins in the binary)\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
    }

    /// An output whose extension names no format is refused unless the format is given, for
    /// every command that writes an image and in manifests; a JSON output is not an image.
    func testAnOutputExtensionThatNamesNoFormatNeedsTheFormat() throws {
        let dir = try temporaryDirectory()
        let reason = "the extension of \"out.jpg\" names no format this tool writes; name the file .png, .svg or .pdf, or give the format"
        for command in [["render"], ["pattern"]] {
            let refused = try run(command + ["-o", "out.jpg"], in: dir)
            XCTAssertEqual(refused.status, 2)
            XCTAssertTrue(refused.stderr.hasPrefix("Error: --output: \(reason)\n"), refused.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
        }
        let preview = try run(["preview", "-o", "sheet.svg"], in: dir)
        XCTAssertEqual(preview.status, 2)
        XCTAssertTrue(preview.stderr.hasPrefix("Error: --output: the contact sheet is a PNG; name it .png rather than \"sheet.svg\"\n"), preview.stderr)
        try "jobs:\n  - {output: out.jpg}\n".write(to: dir.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        let validate = try run(["validate", "m.yaml"], in: dir)
        XCTAssertEqual(validate.status, 1)
        XCTAssertEqual(validate.stdout, "m.yaml: jobs[0].output: \(reason)\n")
        let given = try run(["-o", "out.jpg", "--format", "png"], in: dir)
        XCTAssertEqual(given.status, 0, given.stderr)
        XCTAssertTrue(try Data(contentsOf: dir.appendingPathComponent("out.jpg")).starts(with: pngSignature))
        for command in [["frames"], ["pattern", "--frames"]] {
            let json = try run(command + ["-o", "f.json"], in: dir)
            XCTAssertEqual(json.status, 0, json.stderr)
        }
    }

    /// A file that is replaced keeps its permissions, as `cp` keeps them.
    func testOverwritingKeepsTheFileMode() throws {
        let dir = try temporaryDirectory()
        for mode in [0o640, 0o444, 0o600] {
            let output = dir.appendingPathComponent("k\(String(mode, radix: 8)).png")
            try Data("old".utf8).write(to: output)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: output.path)
            let result = try run(["--layout", "numbers", "-o", output.path])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(try Data(contentsOf: output).starts(with: pngSignature))
            let kept = try FileManager.default.attributesOfItem(atPath: output.path)[.posixPermissions] as? Int
            XCTAssertEqual(kept, mode, "mode \(String(mode, radix: 8))")
        }
        let fresh = dir.appendingPathComponent("new.png")
        XCTAssertEqual(try run(["--layout", "numbers", "-o", fresh.path]).status, 0)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: fresh.path)[.posixPermissions] as? Int, 0o644)
    }

    func testFailedRenderKeepsTheOldOutputWhole() throws {
        let dir = try temporaryDirectory()
        let output = dir.appendingPathComponent("keep.png")
        try Data("old".utf8).write(to: output)
        let result = try run(["render", "--theme", "no-such-theme", "-o", output.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("--theme: no built-in theme or file named \"no-such-theme\""), result.stderr)
        XCTAssertEqual(try Data(contentsOf: output), Data("old".utf8))
    }

    func testPressedNeedsAKeyThatExists() throws {
        let dir = try temporaryDirectory()
        let result = try run(["--pressed", "ß", "-o", dir.appendingPathComponent("p.png").path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("--pressed: no key of layout \"letters\" has the label or code \"ß\""), result.stderr)
    }

    func testOversizedImageIsRefused() throws {
        let dir = try temporaryDirectory()
        let result = try run(["--width", "9000", "--scale", "3", "-o", dir.appendingPathComponent("big.png").path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("each side must be 1…16384 px"), result.stderr)
    }
}
