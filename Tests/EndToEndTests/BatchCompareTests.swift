import Foundation
import XCTest

/// `batch MANIFEST --compare DIR [--record]`: golden tests without Swift.
final class BatchCompareTests: CommandTestCase {
    private func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// A manifest of `count` small keyboards in `dir/m.yaml`; jobs 0, 2, 3, 5, 6 (i mod 3 ≠ 1) use `dir/t.yaml`,
    /// the default theme with the enter key's fill `enter`.
    private func project(_ dir: URL, count: Int = 6, enter: String = "#0672EB") throws {
        let theme = try String(contentsOf: Self.packageDirectory.appendingPathComponent("themes/default.yaml"), encoding: .utf8)
        try write(theme.replacingOccurrences(of: "fill: \"#0672EB\", text", with: "fill: \"\(enter)\", text"), to: dir.appendingPathComponent("t.yaml"))
        var jobs = ""
        for i in 0..<count {
            jobs += "  - {layout: \(i % 3 == 0 ? "letters" : "numbers"), seed: \(i), theme: \(i % 3 != 1 ? "t.yaml" : "default"), output: out/k\(i).png}\n"
        }
        try write("defaults: {width: 200, scale: 1}\njobs:\n" + jobs, to: dir.appendingPathComponent("m.yaml"))
    }

    private func files(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    func testRecordThenMatchThenAChangedColourFailsWithItsReport() throws {
        let dir = try temporaryDirectory()
        try project(dir)
        let record = try run(["batch", "m.yaml", "--compare", "golden", "--record"], in: dir)
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertTrue(record.stderr.contains("batch: 6 references recorded in golden\n"), record.stderr)
        XCTAssertEqual(files(dir.appendingPathComponent("golden/out")), (0..<6).map { "k\($0).png" })

        let same = try run(["batch", "m.yaml", "--compare", "golden"], in: dir)
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertTrue(same.stderr.contains("batch: 6 compared with golden, 0 differ; report: keyboard-compare-report/index.html\n"), same.stderr)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("keyboard-compare-report/summary.md"), encoding: .utf8),
                       "### Keyboard golden tests: all 6 jobs match\n")

        // One theme colour changes: the jobs drawn with it fail, each with its triptych.
        try project(dir, enter: "#0A84FF")
        let changed = try run(["batch", "m.yaml", "--compare", "golden", "--report", "report"], in: dir)
        XCTAssertEqual(changed.status, 1, changed.stderr)
        for i in [0, 2, 3, 5] {
            XCTAssertTrue(changed.stderr.contains("  jobs[\(i)] out/k\(i).png: golden/out/k\(i).png: "), changed.stderr)
        }
        XCTAssertFalse(changed.stderr.contains("jobs[1]"), changed.stderr)
        XCTAssertEqual(files(dir.appendingPathComponent("report")), [".render-keyboard-report", "index.html"] + [0, 2, 3, 5].flatMap {
            ["out-k\($0).candidate.png", "out-k\($0).diff.png", "out-k\($0).reference.png"]
        } + ["summary.md"])
        let html = try String(contentsOf: dir.appendingPathComponent("report/index.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("<h1>Keyboard snapshot failures: 4</h1>"), html)
        XCTAssertTrue(html.contains("<img src=\"out-k2.diff.png\""), html)
        XCTAssertTrue(html.contains("<p>job: <code>jobs[2] out/k2.png</code></p>"), html)
        let summary = try String(contentsOf: dir.appendingPathComponent("report/summary.md"), encoding: .utf8)
        XCTAssertTrue(summary.hasPrefix("### Keyboard golden tests: 4 of 6 jobs differ from their references\n\n| job | output | result | report |\n"), summary)
        XCTAssertTrue(summary.contains("| jobs[5] | `out/k5.png` | "), summary)
        XCTAssertTrue(summary.contains(" | `out-k5.diff.png` |\n"), summary)

        // A tolerance above the change lets it through; --record replaces existing references.
        let tolerant = try run(["batch", "m.yaml", "--compare", "golden", "--tolerance", "10", "--report", "report"], in: dir)
        XCTAssertEqual(tolerant.status, 0, tolerant.stderr)
        XCTAssertEqual(files(dir.appendingPathComponent("report")), [".render-keyboard-report", "index.html", "summary.md"], "the earlier run's images are gone")
        let rerecord = try run(["batch", "m.yaml", "--compare", "golden", "--record"], in: dir)
        XCTAssertEqual(rerecord.status, 0, rerecord.stderr)
        XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("golden/out/k2.png")), try Data(contentsOf: dir.appendingPathComponent("out/k2.png")))
        XCTAssertEqual(try run(["batch", "m.yaml", "--compare", "golden"], in: dir).status, 0)
    }

    func testShardsCoverEveryJobOnce() throws {
        let dir = try temporaryDirectory()
        try project(dir, count: 7)
        XCTAssertEqual(try run(["batch", "m.yaml", "--compare", "golden", "--record"], in: dir).status, 0)
        try project(dir, count: 7, enter: "#0A84FF")
        var failed: [String] = []
        var compared = 0
        for k in 1...2 {
            let result = try run(["batch", "m.yaml", "--compare", "golden", "--shard", "\(k)/2", "--report", "report-\(k)"], in: dir)
            XCTAssertEqual(result.status, 1, result.stderr)
            let count = k == 1 ? 4 : 3
            XCTAssertTrue(result.stderr.contains("batch: \(count) compared with golden, "), result.stderr)
            compared += count
            failed += files(dir.appendingPathComponent("report-\(k)")).filter { $0.hasSuffix(".diff.png") }
        }
        XCTAssertEqual(compared, 7)
        XCTAssertEqual(failed.sorted(), ["out-k0.diff.png", "out-k2.diff.png", "out-k3.diff.png", "out-k5.diff.png", "out-k6.diff.png"])
    }

    func testMissingReferencesAndSymlinksLeavingTheFolderAreRefused() throws {
        let dir = try temporaryDirectory()
        try project(dir, count: 2)
        // A reference that cannot be read is not a difference: exit 2 (the exit contract).
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("golden"), withIntermediateDirectories: true)
        let missing = try run(["batch", "m.yaml", "--compare", "golden"], in: dir)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("  jobs[0] out/k0.png: golden/out/k0.png: no reference; record it with --record\n"), missing.stderr)

        // A reference that is a symlink to a file outside the folder is neither read nor written through.
        XCTAssertEqual(try run(["batch", "m.yaml", "--compare", "golden", "--record"], in: dir).status, 0)
        let outside = dir.appendingPathComponent("outside.png")
        try FileManager.default.copyItem(at: dir.appendingPathComponent("golden/out/k0.png"), to: outside)
        let link = dir.appendingPathComponent("golden/out/k0.png")
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: outside.path)
        let read = try run(["batch", "m.yaml", "--compare", "golden"], in: dir)
        XCTAssertEqual(read.status, 2)
        XCTAssertTrue(read.stderr.contains("  jobs[0] out/k0.png: golden/out/k0.png: leaves the folder of the file that names it (golden)\n"), read.stderr)
        let before = try Data(contentsOf: outside)
        try write("jobs: [{layout: numbers, width: 200, scale: 1, output: out/k0.png}]\n", to: dir.appendingPathComponent("m.yaml"))
        let record = try run(["batch", "m.yaml", "--compare", "golden", "--record"], in: dir)
        XCTAssertEqual(record.status, 2)
        XCTAssertTrue(record.stderr.contains("golden/out/k0.png: leaves the reference folder through a symlink; references are written only inside golden"), record.stderr)
        XCTAssertEqual(try Data(contentsOf: outside), before, "the file outside is untouched")

        // A symlinked sub-folder that leads out is refused too.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("golden/out"))
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("golden/out").path, withDestinationPath: dir.path)
        let folder = try run(["batch", "m.yaml", "--compare", "golden", "--record"], in: dir)
        XCTAssertEqual(folder.status, 2)
        XCTAssertTrue(folder.stderr.contains("leaves the reference folder through a symlink"), folder.stderr)
    }

    func testRecordNeedsCompare() throws {
        let dir = try temporaryDirectory()
        try project(dir, count: 1)
        let result = try run(["batch", "m.yaml", "--record"], in: dir)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("Error: --record needs --compare DIR: without it nothing is compared\n"), result.stderr)
    }
}
