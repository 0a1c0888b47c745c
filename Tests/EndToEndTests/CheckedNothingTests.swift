import Foundation
import XCTest

/// A command that compares or checks fails when it checked nothing, the references folder is
/// never an output folder, and the closing lines say what ran (docs/golden-testing.md, docs/lint.md).
final class CheckedNothingTests: CommandTestCase {
    private func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// `count` small jobs drawn with `t.yaml` in `dir/m.yaml`, their outputs under `out/`.
    private func project(_ dir: URL, count: Int, fill: String = "#FFFFFF") throws {
        try write("extends: default\nkeys: {content: {normal: {fill: \"\(fill)\"}}}\n", to: dir.appendingPathComponent("t.yaml"))
        let jobs = (0..<count).map { "  - {layout: \($0 % 2 == 0 ? "letters" : "numbers"), output: out/k\($0).png}\n" }.joined()
        try write("defaults: {seed: 1, width: 160, scale: 1, theme: t.yaml}\njobs:\n" + jobs, to: dir.appendingPathComponent("m.yaml"))
    }

    /// A setting of the comparison without `--compare` would pass a run that compared nothing.
    func testComparisonSettingsWithoutCompareAreUsageErrors() throws {
        let dir = try temporaryDirectory()
        try project(dir, count: 1)
        for option in [["--tolerance", "2"], ["--allow", "0.1"], ["--report", "r"], ["--allow-empty"], ["--record"], ["--fail-on-stale"]] {
            let result = try run(["batch", "m.yaml"] + option, in: dir)
            XCTAssertEqual(result.status, 2, "\(option): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("\(option[0]) needs --compare DIR: without it nothing is compared"), result.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path), "nothing was drawn")
    }

    /// SPEC: a run of `batch --compare` that compares nothing exits 1, unless `--allow-empty`;
    /// a manifest of no jobs is such a run, not a bad manifest.
    func testAManifestOfNoJobsComparesNothingAndFails() throws {
        let dir = try temporaryDirectory()
        try write("jobs: []\n", to: dir.appendingPathComponent("m.yaml"))
        let empty = try run(["batch", "m.yaml", "--compare", "golden"], in: dir)
        XCTAssertEqual(empty.status, 1, empty.stderr)
        XCTAssertTrue(empty.stderr.contains("batch: nothing compared (no job in this run): a run that checks nothing fails; pass --allow-empty when that is expected"), empty.stderr)
        XCTAssertTrue(try String(contentsOf: dir.appendingPathComponent("keyboard-compare-report/summary.md"), encoding: .utf8).hasPrefix("### Keyboard golden tests: nothing compared (no job in this run)\n"))
        XCTAssertEqual(try run(["batch", "m.yaml", "--compare", "golden", "--allow-empty"], in: dir).status, 0)
        let plain = try run(["batch", "m.yaml"], in: dir)
        XCTAssertEqual(plain.status, 1, plain.stderr)
        XCTAssertEqual(plain.stderr, "m.yaml: jobs: the list of jobs is empty\n", "a render batch of no jobs is a mistake in the manifest")
    }

    /// `--compare .` would compare each output with itself: the references folder is never an
    /// output folder, recording or comparing, and nothing is drawn.
    func testTheReferencesFolderIsNeverAnOutputFolder() throws {
        let dir = try temporaryDirectory()
        try project(dir, count: 3)
        XCTAssertEqual(try run(["batch", "m.yaml", "--compare", "golden", "--record"], in: dir).status, 0)
        let golden = try Data(contentsOf: dir.appendingPathComponent("golden/out/k0.png"))
        try FileManager.default.removeItem(at: dir.appendingPathComponent("out"))
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("refs-link"), withDestinationURL: dir)
        for (folder, extra) in [(".", [String]()), ("./", ["--record"]), ("out", []), ("refs-link", []), (dir.path, ["--record"])] {
            let result = try run(["batch", "m.yaml", "--compare", folder, "--report", "/tmp/render-keyboard-e2e-report-\(UUID().uuidString)"] + extra, in: dir)
            XCTAssertEqual(result.status, 2, "\(folder): \(result.stderr)")
            let shown = folder.count <= 60 ? Self.quoted(folder) + ", where writing it would replace a reference with the image it is compared with; write the outputs to another folder\n" : "\""
            XCTAssertTrue(result.stderr.contains("m.yaml: jobs[0].output: \"out/k0.png\" lies in the references folder " + shown), result.stderr)
            XCTAssertTrue(result.stderr.contains("m.yaml: jobs[2].output: "), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path), "\(folder): nothing was drawn")
        }
        XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("golden/out/k0.png")), golden)
    }

    private static func quoted(_ text: String) -> String { "\"" + text + "\"" }

    /// No references folder: every job would fail for want of a reference, so the run stops
    /// before drawing, and the CI step's summary shows why rather than `nothing compared`.
    func testAMissingReferencesFolderIsSaidOnceBeforeAnythingIsDrawn() throws {
        let dir = try temporaryDirectory()
        try project(dir, count: 7)
        let result = try run(["batch", "m.yaml", "--compare", "golden"], in: dir)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(result.stderr, "golden: no such folder, so there is no reference to compare with; write the references first with --record\n")
        let summary = dir.appendingPathComponent("summary.md")
        let script = Self.packageDirectory.appendingPathComponent("scripts/golden-ci.sh").path
        let ci = try run([script], in: dir, environment: ["RK_MANIFEST": "m.yaml", "RK_REFERENCES": "golden", "GITHUB_STEP_SUMMARY": summary.path, "RK_BINARY": try binary().path],
                         binary: URL(fileURLWithPath: "/bin/bash"))
        XCTAssertEqual(ci.status, 2, ci.stderr)
        let text = try String(contentsOf: summary, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("### Keyboard golden tests: the run failed (exit status 2)\n\n```\ngolden: no such folder"), text)
        XCTAssertFalse(text.contains("nothing compared"), text)
    }

    /// The closing lines say what ran: every job written, and how many differ.
    func testTheClosingLinesSayWhatRan() throws {
        let dir = try temporaryDirectory()
        try project(dir, count: 7)
        XCTAssertEqual(try run(["batch", "m.yaml", "--compare", "golden", "--record"], in: dir).status, 0)
        try project(dir, count: 7, fill: "#EEEEEE")
        // Job 6 can no longer be drawn: one job fails, six are written and differ.
        var manifest = try String(contentsOf: dir.appendingPathComponent("m.yaml"), encoding: .utf8)
        manifest = manifest.replacingOccurrences(of: "{layout: letters, output: out/k6.png}", with: "{layout: no-such, output: out/k6.png}")
        try write(manifest, to: dir.appendingPathComponent("m.yaml"))
        let result = try run(["batch", "m.yaml", "--compare", "golden"], in: dir)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("batch: 6 of 7 jobs written in "), result.stderr)
        XCTAssertTrue(result.stderr.contains("; 6 differ from their references, 1 failed:\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("batch: 6 compared with golden, 6 differ, 1 failed; report: keyboard-compare-report/index.html\n"), result.stderr)
        let summary = try String(contentsOf: dir.appendingPathComponent("keyboard-compare-report/summary.md"), encoding: .utf8)
        XCTAssertTrue(summary.hasPrefix("### Keyboard golden tests: 6 of 7 jobs differ from their references, 1 of 7 jobs failed\n"), summary)
        manifest = manifest.replacingOccurrences(of: "no-such", with: "letters")
        try write(manifest, to: dir.appendingPathComponent("m.yaml"))
        let all = try run(["batch", "m.yaml", "--compare", "golden"], in: dir)
        XCTAssertEqual(all.status, 1, all.stderr)
        XCTAssertTrue(all.stderr.contains("batch: 7 jobs written in "), all.stderr)
        XCTAssertTrue(all.stderr.contains("; 7 differ from their references:\n"), all.stderr)
        XCTAssertFalse(all.stderr.contains(" of 7 jobs written"), all.stderr)
    }

    /// `lint` that checks no keyboard (an iOS layout on an Android phone) fails.
    func testALintThatChecksNoKeyboardFails() throws {
        let result = try run(["lint", "--layouts", "ios", "--devices", "pixel-8", "--format", "json"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("\"checked\" : 0"), result.stdout)
        XCTAssertTrue(result.stderr.hasPrefix("lint: nothing checked: no layout given can be drawn on the devices and orientations given"), result.stderr)
        XCTAssertEqual(try run(["lint", "--layouts", "ios", "--devices", "iphone-15", "--themes", "ios", "--orientations", "portrait"]).status, 0)
    }
}
