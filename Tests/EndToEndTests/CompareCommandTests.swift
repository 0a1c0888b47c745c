import Foundation
import XCTest

/// `render-keyboard compare`: the verdict line, the exit statuses, the report triptych.
final class CompareCommandTests: CommandTestCase {
    /// Renders `numbers` with `theme` on `device` into `dir/name`.
    private func render(_ name: String, theme: String = "default", device: String = "iphone-se", in dir: URL) throws {
        let result = try run(["render", "--layout", "numbers", "--theme", theme, "--device", device, "--seed", "1", "-o", name], in: dir)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    private func pngSize(_ url: URL) throws -> (Int, Int) {
        let bytes = [UInt8](try Data(contentsOf: url))
        func word(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        return (word(16), word(20))
    }

    func testSameImagesMatchAndDifferentThemesDiffer() throws {
        let dir = try temporaryDirectory()
        try render("a.png", in: dir)
        try render("b.png", in: dir)
        try render("dark.png", theme: "dark", in: dir)

        let same = try run(["compare", "a.png", "b.png"], in: dir)
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertEqual(same.stdout, "match\n")

        let differ = try run(["compare", "a.png", "dark.png", "-o", "report.png"], in: dir)
        XCTAssertEqual(differ.status, 1, differ.stderr)
        let line = differ.stdout.trimmingCharacters(in: .newlines)
        XCTAssertNotNil(line.range(of: #"^[0-9]+ pixels differ \([0-9]+\.[0-9]{2} %\), largest ΔE [0-9]+\.[0-9]{2}$"#, options: .regularExpression), line)
        let (width, height) = try pngSize(dir.appendingPathComponent("a.png"))
        let (reportWidth, reportHeight) = try pngSize(dir.appendingPathComponent("report.png"))
        XCTAssertEqual(reportWidth, 3 * width + 16, "reference | candidate | differences, 8 px apart")
        XCTAssertEqual(reportHeight, height)

        // Every pixel may differ: a match, and without -o no report is written.
        let allowed = try run(["compare", "a.png", "dark.png", "--allow", "1"], in: dir)
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
        XCTAssertEqual(allowed.stdout, "match\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["a.png", "b.png", "dark.png", "report.png"])
        // A tolerance above the largest ΔE: a match too.
        let largest = try XCTUnwrap(Double(line.components(separatedBy: "largest ΔE ").last ?? ""))
        let tolerant = try run(["compare", "a.png", "dark.png", "--tolerance", String(largest + 0.01)], in: dir)
        XCTAssertEqual(tolerant.status, 0, tolerant.stdout + tolerant.stderr)
    }

    func testDifferentSizesDiffer() throws {
        let dir = try temporaryDirectory()
        try render("se.png", in: dir)
        try render("15.png", device: "iphone-15", in: dir)
        let result = try run(["compare", "se.png", "15.png", "--tolerance", "1000", "--allow", "1"], in: dir)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("; the sizes differ: reference "), result.stdout)
    }

    func testUnreadableFilesAndBadOptionsExit2() throws {
        let dir = try temporaryDirectory()
        try render("a.png", in: dir)
        let png = try Data(contentsOf: dir.appendingPathComponent("a.png"))
        try png.prefix(png.count / 2).write(to: dir.appendingPathComponent("half.png"))

        let missing = try run(["compare", "a.png", "missing.png"], in: dir)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stdout, "")
        XCTAssertEqual(missing.stderr, "missing.png: cannot read file: No such file or directory\n")

        let truncated = try run(["compare", "half.png", "a.png", "-o", "report.png"], in: dir)
        XCTAssertEqual(truncated.status, 2)
        XCTAssertTrue(truncated.stderr.hasPrefix("half.png: not a readable PNG: "), truncated.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("report.png").path), "nothing written")

        for (arguments, message) in [
            (["--tolerance", "-1"], "Error: --tolerance: must be a number of 0 or more (found \"-1\")"),
            (["--tolerance", "nan"], "Error: --tolerance: must be a number of 0 or more (found \"nan\")"),
            (["--allow", "1.5"], "Error: --allow: must be a fraction from 0 to 1 (found \"1.5\")"),
            (["--allow", "x"], "Error: --allow: \"x\" is not a number"),
            // The report is a PNG, whatever the name says: the rule of preview and diff.
            (["-o", "report.svg"], "Error: --output: the report is a PNG; name it .png rather than \"report.svg\""),
        ] {
            let result = try run(["compare", "a.png", "a.png"] + arguments, in: dir)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix(message + "\n"), result.stderr)
        }
        let one = try run(["compare", "a.png"], in: dir)
        XCTAssertEqual(one.status, 2, one.stderr)
    }

    /// `-o` naming an input, under any spelling or through a link, would overwrite the golden:
    /// a usage error, and the file is untouched.
    func testAReportOverAnInputIsAUsageError() throws {
        let dir = try temporaryDirectory()
        try render("a.png", in: dir)
        try render("dark.png", theme: "dark", in: dir)
        let golden = try Data(contentsOf: dir.appendingPathComponent("a.png"))
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.png").path, withDestinationPath: "a.png")
        try FileManager.default.linkItem(atPath: dir.appendingPathComponent("a.png").path, toPath: dir.appendingPathComponent("hard.png").path)
        for output in ["a.png", "./a.png", dir.appendingPathComponent("a.png").path, "link.png", "hard.png", "../\(dir.lastPathComponent)/a.png"] {
            let result = try run(["compare", "a.png", "dark.png", "-o", output], in: dir)
            XCTAssertEqual(result.status, 2, output)
            XCTAssertTrue(result.stderr.hasPrefix("Error: --output: \""), result.stderr)
            XCTAssertTrue(result.stderr.contains(" is the reference image (\"a.png\"); the report would overwrite it\n"), result.stderr)
        }
        let candidate = try run(["compare", "dark.png", "a.png", "-o", "a.png"], in: dir)
        XCTAssertTrue(candidate.stderr.hasPrefix("Error: --output: \"a.png\" is the candidate image"), candidate.stderr)
        XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("a.png")), golden)
    }

    /// One table of limits: an image over compare's old 1 MiB and 16 Mi-pixel limits (20.8 Mi
    /// px, 62 MB unpacked), as render writes it, is compared; one of its reports that is too
    /// wide for three panels side by side is stacked.
    func testEveryPNGRenderWritesIsCompared() throws {
        let dir = try temporaryDirectory()
        for (name, compression) in [("big.png", "0"), ("packed.png", "6")] {
            let result = try run(["render", "--layout", "numbers", "--width", "3200", "--scale", "5", "--seed", "1", "--png-compression", compression, "-o", name], in: dir)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let (width, height) = try pngSize(dir.appendingPathComponent("big.png"))
        XCTAssertGreaterThan(width * height, 16 << 20)
        XCTAssertGreaterThan(try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("big.png").path)[.size] as? Int ?? 0, 1 << 20)
        let same = try run(["compare", "big.png", "packed.png"], in: dir)
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertEqual(same.stdout, "match\n")

        let wide = try run(["render", "--layout", "numbers", "--width", "6000", "--seed", "1", "-o", "wide.png"], in: dir)
        XCTAssertEqual(wide.status, 0, wide.stderr)
        XCTAssertEqual(try run(["render", "--layout", "numbers", "--theme", "dark", "--width", "6000", "--seed", "1", "-o", "wide-dark.png"], in: dir).status, 0)
        let report = try run(["compare", "wide.png", "wide-dark.png", "-o", "report.png"], in: dir)
        XCTAssertEqual(report.status, 1, report.stderr)
        let (w, h) = try pngSize(dir.appendingPathComponent("wide.png"))
        let (reportWidth, reportHeight) = try pngSize(dir.appendingPathComponent("report.png"))
        XCTAssertEqual([reportWidth, reportHeight], [w, 3 * h + 16], "one above the other, 8 px apart")
    }
}
