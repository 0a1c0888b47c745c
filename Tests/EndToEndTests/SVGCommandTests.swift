import Foundation
import XCTest

/// `render -o NAME.svg` with `--dark-theme`, `--svg-text` and `--svg-embed-fonts`, and the SVG
/// held to its PNG in three other renderers (scripts/svg-fidelity.py).
final class SVGCommandTests: CommandTestCase {
    func testADarkThemeOfTheSameGeometryGivesOneFileWithBothThemes() throws {
        let folder = try temporaryDirectory()
        let result = try run(["render", "--layout", "ios", "--theme", "ios", "--dark-theme", "ios-dark", "--seed", "3", "-o", "both.svg"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let svg = try String(contentsOf: folder.appendingPathComponent("both.svg"), encoding: .utf8)
        XCTAssertTrue(svg.contains("@media (prefers-color-scheme: dark){:root{"))
        XCTAssertTrue(svg.contains("data-dark-theme=\"iOS Dark\""), String(svg.prefix(600)))
    }

    func testADarkThemeOfOtherGeometryExitsOneNamingTheFieldAndWritesNothing() throws {
        let folder = try temporaryDirectory()
        let output = folder.appendingPathComponent("keyboard.svg")
        try Data("old".utf8).write(to: output)
        let result = try run(["render", "--layout", "ios", "--theme", "ios", "--dark-theme", "dark", "-o", "keyboard.svg"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "--dark-theme: \"dark\" draws other geometry than \"ios\", so one SVG cannot hold both: font.family: Inter in the light theme, DejaVu Sans in the dark theme\n")
        XCTAssertEqual(try String(contentsOf: output, encoding: .utf8), "old", "the file is left as it was")
        let missing = try run(["render", "--dark-theme", "no-such-theme", "-o", "new.svg"], in: folder)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.hasPrefix("--dark-theme: "), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("new.svg").path))
    }

    func testSVGOptionsAreRefusedForOtherFormatsAndUnknownValues() throws {
        let folder = try temporaryDirectory()
        for (arguments, message) in [
            (["--svg-text", "outlines", "-o", "k.png"], "Error: --svg-text: only applies to SVG output (an output named .svg, or the format svg)"),
            (["--dark-theme", "dark", "--format", "pdf"], "Error: --dark-theme: only applies to SVG output (an output named .svg, or the format svg)"),
            (["--svg-embed-fonts", "--svg-text", "outlines", "-o", "k.svg"], "Error: --svg-embed-fonts: only applies with text labels; outlined labels need no font"),
            (["--svg-text", "curves", "-o", "k.svg"], "Error: --svg-text: \"curves\" is not one of text, outlines"),
        ] {
            let result = try run(["render"] + arguments, in: folder)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    func testOutlinesAndEmbeddedFontsFromTheCommandLine() throws {
        let folder = try temporaryDirectory()
        XCTAssertEqual(try run(["render", "--svg-text", "outlines", "-o", "outlines.svg"], in: folder).status, 0)
        XCTAssertEqual(try run(["render", "--layout", "ios", "--theme", "ios", "--svg-embed-fonts", "-o", "embedded.svg"], in: folder).status, 0)
        let outlines = try String(contentsOf: folder.appendingPathComponent("outlines.svg"), encoding: .utf8)
        XCTAssertFalse(outlines.contains("<text"))
        XCTAssertTrue(outlines.contains("<path class=\"label\" d=\"M"))
        let embedded = try String(contentsOf: folder.appendingPathComponent("embedded.svg"), encoding: .utf8)
        XCTAssertTrue(embedded.contains("@font-face{font-family:'Inter';font-weight:400;src:url(data:font/otf;base64,"), String(embedded.prefix(800)))
    }

    func testABatchJobTakesTheSVGFieldsWithADarkThemeBesideTheManifest() throws {
        let folder = try temporaryDirectory()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("themes"), withIntermediateDirectories: true)
        try Data("extends: ios-dark\n".utf8).write(to: folder.appendingPathComponent("themes/night.yaml"))
        try Data("""
            defaults: {layout: ios, theme: ios}
            jobs:
              - {output: out/a.svg, darkTheme: themes/night.yaml, svgText: outlines}
              - {output: out/b.svg, darkTheme: dark}
            """.utf8).write(to: folder.appendingPathComponent("m.yaml"))
        let result = try run(["batch", "m.yaml"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("jobs[1] out/b.svg: m.yaml: jobs[1].darkTheme: \"dark\" draws other geometry than \"ios\""), result.stderr)
        let svg = try String(contentsOf: folder.appendingPathComponent("out/a.svg"), encoding: .utf8)
        XCTAssertTrue(svg.contains("@media (prefers-color-scheme: dark)"))
        XCTAssertFalse(svg.contains("<text"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/b.svg").path))
    }

    /// resvg, librsvg and Chromium draw the SVG as the PNG (SPEC's figures; the script's
    /// header has them). A missing renderer fails the script, and so this test.
    func testTheSVGDrawsAsThePNGInResvgLibrsvgAndChromium() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.packageDirectory.appendingPathComponent("scripts/svg-fidelity.py").path, try binary().path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, output)
        let lines = output.split(separator: "\n").filter { $0.contains("within ΔE2000") }
        for renderer in ["resvg", "rsvg", "chromium"] {
            XCTAssertGreaterThanOrEqual(lines.filter { $0.contains(" \(renderer) ") }.count, 24, "\(renderer) compared in every case")
        }
        XCTAssertEqual(lines.filter { $0.contains("ios+ios-dark as ios-dark") }.count, 2, "Chromium in dark mode, outlines and text")
        print(output)
    }
}
