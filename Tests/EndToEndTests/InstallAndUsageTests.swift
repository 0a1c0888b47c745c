import Foundation
import XCTest

/// An installed binary finds its built-ins; the command line names what it does not know.
final class InstallAndUsageTests: CommandTestCase {
    /// A copy of the built binary, alone in `prefix/bin`, with `prefix/share/render-keyboard`
    /// holding one layout, `solo`, and one theme, `plain`: names no other place has.
    private func installation() throws -> (prefix: URL, binary: URL) {
        let prefix = try temporaryDirectory()
        let fm = FileManager.default
        let bin = prefix.appendingPathComponent("bin"), share = prefix.appendingPathComponent("share/render-keyboard")
        for dir in [bin, share.appendingPathComponent("layouts"), share.appendingPathComponent("themes")] {
            try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        }
        let built = Self.productsDirectory.appendingPathComponent("render-keyboard")
        let binary = bin.appendingPathComponent("render-keyboard")
        try fm.copyItem(at: built, to: binary)
        try fm.copyItem(at: Self.packageDirectory.appendingPathComponent("layouts/numbers.yaml"), to: share.appendingPathComponent("layouts/solo.yaml"))
        try fm.copyItem(at: Self.packageDirectory.appendingPathComponent("themes/default.yaml"), to: share.appendingPathComponent("themes/plain.yaml"))
        return (prefix, binary)
    }

    /// The built-ins are compiled into the binary: a copy run from any folder, directly or
    /// through a link, lists and draws them, and reads no folder beside it (the `share/` that
    /// `make install` writes is for people to copy from).
    func testACopiedBinaryCarriesItsBuiltinsFromAnyFolderAndThroughALink() throws {
        let (_, binary) = try installation()
        let elsewhere = try temporaryDirectory()
        let link = elsewhere.appendingPathComponent("rk")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: binary)
        let built = try run(["--theme", "image", "--layout", "numbers", "--seed", "1", "-o", "built.png"], in: elsewhere)
        XCTAssertEqual(built.status, 0, built.stderr)
        for (n, executable) in [binary, link].enumerated() {
            let list = try run(["list"], in: elsewhere, binary: executable)
            XCTAssertEqual(list.status, 0, list.stderr)
            XCTAssertTrue(list.stdout.hasPrefix("layouts: idcard, ios, ios-ipad, ios26, letters, numbers, symbols\n"), list.stdout)
            XCTAssertFalse(list.stdout.contains("solo") || list.stdout.contains("plain"), list.stdout)
            let render = try run(["--theme", "image", "--layout", "numbers", "--seed", "1", "-o", "copy\(n).png"], in: elsewhere, binary: executable)
            XCTAssertEqual(render.status, 0, render.stderr)
            // The image theme's PNG faces come from the binary too: the same bytes as the build's.
            XCTAssertEqual(try Data(contentsOf: elsewhere.appendingPathComponent("copy\(n).png")), try Data(contentsOf: elsewhere.appendingPathComponent("built.png")))
        }
    }

    func testResourcesVariableIsTheOnlyPlaceAndListFailsWhenItHoldsNothing() throws {
        let empty = try temporaryDirectory()
        let list = try run(["list"], environment: ["RENDER_KEYBOARD_RESOURCES": empty.path])
        XCTAssertEqual(list.status, 1)
        XCTAssertEqual(list.stdout, "")
        XCTAssertEqual(list.stderr, "render-keyboard: no built-in layouts and themes in \(empty.path) (RENDER_KEYBOARD_RESOURCES names it: a folder holding layouts/ and themes/; unset it to use the built-ins in the binary)\n")
        let (prefix, binary) = try installation()
        for executable in [Self.productsDirectory.appendingPathComponent("render-keyboard"), binary] {
            let chosen = try run(["list"], environment: ["RENDER_KEYBOARD_RESOURCES": prefix.appendingPathComponent("share/render-keyboard").path], binary: executable)
            XCTAssertEqual(chosen.status, 0, chosen.stderr)
            XCTAssertTrue(chosen.stdout.hasPrefix("layouts: solo\nthemes: plain\n"), chosen.stdout)
        }
    }

    func testVersion() throws {
        let result = try run(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "1.0.0\n")
    }

    func testUnknownSubcommandIsNamedWithStatus2() throws {
        let bogus = try run(["bogus"])
        XCTAssertEqual(bogus.status, 2)
        // The one form of usage errors: `Error:`, then the usage line.
        XCTAssertEqual(bogus.stderr, """
            Error: unknown subcommand (not shown: it may be a password); the subcommands are render, frames, preview, serve, batch, compose, pattern, validate, list, rules, password, lint, compare, diff, completions, manual
            Usage: render-keyboard [<subcommand>] [<options>]
              See 'render-keyboard --help' for more information.

            """)
        let paint = try run(["paint", "--themes", "dark"])
        XCTAssertEqual(paint.status, 2)
        XCTAssertTrue(paint.stderr.hasPrefix("Error: unknown subcommand (not shown: it may be a password); the subcommands are "), paint.stderr)
        XCTAssertTrue(paint.stderr.contains("\nUsage: render-keyboard [<subcommand>] [<options>]\n"), paint.stderr)
        let typo = try run(["previw", "--themes", "dark"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("; did you mean preview?\nUsage: "), typo.stderr)
        // Options still go to the default subcommand.
        XCTAssertEqual(try run(["--nosuch"]).status, 2)
    }

    func testPreviewTakesTheCanvasOptions() throws {
        let dir = try temporaryDirectory()
        // Two themes side by side, 320 pt at scale 2: cells 640 px wide with 32 px margins.
        let result = try run(["preview", "--themes", "default,dark", "--width", "320", "--scale", "2", "--orientation", "landscape", "-o", "p.png"], in: dir)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("p.png: 2 keyboards, \(32 + 2 * (640 + 32)) × "), result.stdout)
        let html = try run(["preview", "--html", "g", "--themes", "dark", "--width", "320", "--orientation", "landscape", "--seed", "1"], in: dir)
        XCTAssertEqual(html.status, 0, html.stderr)
        let frames = try String(contentsOf: dir.appendingPathComponent("g/dark-letters-landscape.json"), encoding: .utf8)
        XCTAssertTrue(frames.contains("\"orientation\": \"landscape\""), frames)
        XCTAssertTrue(frames.contains("\"device\": null"), frames)
        XCTAssertTrue(frames.contains("\"width\": 320,"), frames)
        for arguments in [["--width", "320", "--device", "iphone-se"], ["--scale", "2"], ["--orientation", "landscape", "--orientations", "portrait"]] {
            let usage = try run(["preview"] + arguments, in: dir)
            XCTAssertEqual(usage.status, 2, "\(arguments): \(usage.stderr)")
        }
        let bad = try run(["preview", "--width", "0"], in: dir)
        XCTAssertEqual(bad.status, 2, "a bad canvas option is a usage error, as for render and frames")
        XCTAssertTrue(bad.stderr.hasPrefix("Error: --width: must be greater than 0 (found 0)\n"), bad.stderr)
    }
}
