import Foundation
import XCTest

/// `batch --compare` as a CI gate: its exit statuses, runs that compare nothing, stale
/// references, the rendering stack, a report folder that is the tool's own, and names that
/// cannot become Markdown or options.
final class GoldenPipelineTests: CommandTestCase {
    private func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// `dir/m.yaml` with one small number pad per output, in the default theme, or in `theme`.
    private func manifest(_ dir: URL, outputs: [String], theme: String = "default") throws {
        let jobs = outputs.enumerated().map { "  - {layout: numbers, seed: \($0.offset), output: \"\($0.element)\"}\n" }.joined()
        try write("defaults: {width: 200, scale: 1, theme: \(theme)}\njobs:\n" + jobs, to: dir.appendingPathComponent("m.yaml"))
    }

    private func text(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

    // MARK: - Exit statuses

    func testOneDifferenceExitsOneAndABrokenInputTwo() throws {
        let dir = try temporaryDirectory()
        try manifest(dir, outputs: ["out/a.png", "out/b.png"])
        XCTAssertEqual(try run(["batch", "m.yaml", "--compare", "golden", "--record"], in: dir).status, 0)
        try manifest(dir, outputs: ["out/a.png", "out/b.png"], theme: "dark")
        let differ = try run(["batch", "m.yaml", "--compare", "golden"], in: dir)
        XCTAssertEqual(differ.status, 1, differ.stderr)
        try manifest(dir, outputs: ["out/a.png", "out/b.png", "out/new.png"], theme: "dark")
        let missing = try run(["batch", "m.yaml", "--compare", "golden"], in: dir)
        XCTAssertEqual(missing.status, 2, "a reference that cannot be read, beside differences: \(missing.stderr)")
        XCTAssertTrue(missing.stderr.contains("golden/out/new.png: no reference; record it with --record"), missing.stderr)
        try write("jobs: [{output: a.png, theme: nope.yaml}]\n", to: dir.appendingPathComponent("m.yaml"))
        XCTAssertEqual(try run(["batch", "m.yaml", "--compare", "golden"], in: dir).status, 2)
        XCTAssertEqual(try run(["batch", "missing.yaml", "--compare", "golden"], in: dir).status, 2)
        // Without --compare a failing job still exits 1, as before.
        XCTAssertEqual(try run(["batch", "m.yaml"], in: dir).status, 1)
    }

    // MARK: - Nothing passes silently

    func testARunThatComparesNothingFailsUnlessAllowed() throws {
        let dir = try temporaryDirectory()
        try manifest(dir, outputs: ["out/a.png"])
        XCTAssertEqual(try run(["batch", "m.yaml", "--compare", "golden", "--record"], in: dir).status, 0)
        for extra in [["--record"], []] {
            let empty = try run(["batch", "m.yaml", "--compare", "golden", "--shard", "2/2"] + extra, in: dir)
            XCTAssertEqual(empty.status, 1, empty.stderr)
            XCTAssertTrue(empty.stderr.contains("batch: nothing \(extra.isEmpty ? "compared" : "recorded") (no job in this run)"), empty.stderr)
            let allowed = try run(["batch", "m.yaml", "--compare", "golden", "--shard", "2/2", "--allow-empty"] + extra, in: dir)
            XCTAssertEqual(allowed.status, 0, allowed.stderr)
        }
        XCTAssertTrue(text(dir.appendingPathComponent("keyboard-compare-report/summary.md")).hasPrefix("### Keyboard golden tests, shard 2/2: nothing compared (no job in this run)\n"))
        let usage = try run(["batch", "m.yaml", "--allow-empty"], in: dir)
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.stderr.hasPrefix("Error: --allow-empty needs --compare DIR: without it nothing is compared\n"), usage.stderr)
    }

    /// A manifest or folder that starts with `-` is a name after `--`, never an option, and a
    /// folder may be given as `--compare=--name`.
    func testNamesStartingWithADashArePassedAfterTheEndOfOptions() throws {
        let dir = try temporaryDirectory()
        try manifest(dir, outputs: ["out/a.png"])
        try FileManager.default.moveItem(at: dir.appendingPathComponent("m.yaml"), to: dir.appendingPathComponent("--help"))
        let record = try run(["batch", "--compare=--golden", "--report=-r", "--record", "--", "--help"], in: dir)
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("--golden/out/a.png").path))
        let compare = try run(["batch", "--compare=--golden", "--report=-r", "--", "--help"], in: dir)
        XCTAssertEqual(compare.status, 0, compare.stderr)
        XCTAssertTrue(compare.stderr.contains("batch: 1 compared with --golden, 0 differ; report: -r/index.html"), compare.stderr)
    }

    // MARK: - Stale references

    func testStaleReferencesAreListedOverEveryShardAndPrunedAlone() throws {
        let dir = try temporaryDirectory()
        try manifest(dir, outputs: ["out/a.png", "out/b.png", "out/c.png"])
        XCTAssertEqual(try run(["batch", "m.yaml", "--compare", "golden", "--record"], in: dir).status, 0)
        try write("mine", to: dir.appendingPathComponent("golden/README.md"))
        try write("mine", to: dir.appendingPathComponent("outside/keep.png"))
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("golden/linked").path, withDestinationPath: dir.appendingPathComponent("outside").path)
        try manifest(dir, outputs: ["out/a.png", "out/c.png"])   // b is gone; c moved to index 1

        // Shard 1/2 runs only a: c, which shard 2 draws, is not stale.
        let shard = try run(["batch", "m.yaml", "--compare", "golden", "--shard", "1/2"], in: dir)
        XCTAssertEqual(shard.status, 0, shard.stderr)
        XCTAssertEqual(shard.stdout, "stale: out/b.png\n")
        let summary = text(dir.appendingPathComponent("keyboard-compare-report/summary.md"))
        XCTAssertTrue(summary.contains("\n**Stale references**: 1 file under `golden` that no job names (`--record --prune` removes them):\n\n- `out/b.png`\n"), summary)
        XCTAssertTrue(text(dir.appendingPathComponent("keyboard-compare-report/index.html")).contains("<li><code>out/b.png</code></li>"))

        let failing = try run(["batch", "m.yaml", "--compare", "golden", "--fail-on-stale"], in: dir)
        XCTAssertEqual(failing.status, 1, failing.stderr)
        XCTAssertTrue(failing.stderr.contains("batch: 1 stale reference in golden (--fail-on-stale)"), failing.stderr)
        XCTAssertEqual(try run(["batch", "m.yaml", "--compare", "golden", "--prune"], in: dir).status, 2, "--prune needs --record")

        let prune = try run(["batch", "m.yaml", "--compare", "golden", "--record", "--prune"], in: dir)
        XCTAssertEqual(prune.status, 0, prune.stderr)
        XCTAssertEqual(prune.stdout, "pruned: out/b.png\n")
        XCTAssertTrue(prune.stderr.contains("batch: 2 references recorded in golden, 1 stale removed"), prune.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("golden").path).sorted(), ["README.md", "RENDERING-STACK.txt", "linked", "out"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("golden/out").path).sorted(), ["a.png", "c.png"])
        XCTAssertEqual(text(dir.appendingPathComponent("outside/keep.png")), "mine")
        XCTAssertEqual(try run(["batch", "m.yaml", "--compare", "golden", "--fail-on-stale"], in: dir).stdout, "")
    }

    // MARK: - The rendering stack

    func testTheStackIsRecordedAndAChangedFontFileIsNamed() throws {
        let dir = try temporaryDirectory()
        let fonts = "/usr/share/fonts/truetype/dejavu/"
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fonts + "DejaVuSerif.ttf", toPath: dir.appendingPathComponent("fonts/brand.ttf").path)
        try write("extends: default\nfont: {file: fonts/brand.ttf}\n", to: dir.appendingPathComponent("brand.yaml"))
        try manifest(dir, outputs: ["out/a.png"], theme: "brand.yaml")
        XCTAssertEqual(try run(["batch", "m.yaml", "--compare", "golden", "--record"], in: dir).status, 0)
        let stack = text(dir.appendingPathComponent("golden/RENDERING-STACK.txt"))
        for line in ["\nrender-keyboard 1.0.0\n", "\ncairo ", "\npango ", "\nharfbuzz ", "\nfreetype ", "\nfontconfig ", "\nlibpng ",
                     " fonts/brand.ttf\n", " \(fonts)DejaVuSans.ttf\n"] {
            XCTAssertTrue(stack.contains(line), "\(line) in\n\(stack)")
        }
        let same = try run(["batch", "m.yaml", "--compare", "golden"], in: dir)
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertFalse(same.stderr.contains("warning"), same.stderr)

        // The brand font file changes: the warning names it (the pixels differ too).
        try FileManager.default.removeItem(at: dir.appendingPathComponent("fonts/brand.ttf"))
        try FileManager.default.copyItem(atPath: fonts + "DejaVuSansMono.ttf", toPath: dir.appendingPathComponent("fonts/brand.ttf").path)
        let changed = try run(["batch", "m.yaml", "--compare", "golden"], in: dir)
        XCTAssertEqual(changed.status, 1, changed.stderr)
        XCTAssertTrue(changed.stderr.contains("golden/RENDERING-STACK.txt: warning: rendering stack differs: font fonts/brand.ttf changed\n"), changed.stderr)
        XCTAssertTrue(text(dir.appendingPathComponent("keyboard-compare-report/summary.md")).contains("\n**Rendering stack**: `golden/RENDERING-STACK.txt: rendering stack differs: font fonts/brand.ttf changed`\n"))

        // A library version other than the recorded one is named from and to.
        try write(stack.replacingOccurrences(of: "\ncairo ", with: "\ncairo 0.1.0\n#"), to: dir.appendingPathComponent("golden/RENDERING-STACK.txt"))
        let library = try run(["batch", "m.yaml", "--compare", "golden"], in: dir)
        XCTAssertTrue(library.stderr.contains("warning: rendering stack differs: cairo 0.1.0 → "), library.stderr)
        // A recorded value is any text the file holds: a long one is cut as messages cut names.
        try write(stack.replacingOccurrences(of: "\ncairo ", with: "\ncairo " + String(repeating: "x", count: 200_000) + "\n#"), to: dir.appendingPathComponent("golden/RENDERING-STACK.txt"))
        let long = try run(["batch", "m.yaml", "--compare", "golden"], in: dir)
        XCTAssertTrue(long.stderr.contains("warning: rendering stack differs: cairo " + String(repeating: "x", count: 60) + "… (200000 characters) → "), String(long.stderr.prefix(2000)))
        XCTAssertLessThan(long.stderr.utf8.count + text(dir.appendingPathComponent("keyboard-compare-report/summary.md")).utf8.count, 4000, "the value is not echoed whole")
        try FileManager.default.removeItem(at: dir.appendingPathComponent("golden/RENDERING-STACK.txt"))
        let none = try run(["batch", "m.yaml", "--compare", "golden"], in: dir)
        XCTAssertTrue(none.stderr.contains("golden: warning: no RENDERING-STACK.txt, so a change of the libraries or fonts cannot be told from a change of the keyboards"), none.stderr)
    }

    // MARK: - The report folder is the tool's own

    func testTheReportFolderChangesNothingItDidNotWrite() throws {
        let dir = try temporaryDirectory()
        try manifest(dir, outputs: ["out/a.png"])
        XCTAssertEqual(try run(["batch", "m.yaml", "--compare", "golden", "--record"], in: dir).status, 0)
        let report = dir.appendingPathComponent("report")
        // What clean-up used to delete by name: a user's files and folders with `.reference.` or `.candidate.` in the name.
        try write("mine", to: report.appendingPathComponent("my.reference.png"))
        try write("mine", to: report.appendingPathComponent("old.candidate.d/keep.txt"))
        try write("mine", to: report.appendingPathComponent("x.diff.png"))
        try write("outside", to: dir.appendingPathComponent("target.md"))
        try manifest(dir, outputs: ["out/a.png"], theme: "dark")
        let differ = try run(["batch", "m.yaml", "--compare", "golden", "--report", "report"], in: dir)
        XCTAssertEqual(differ.status, 1, differ.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: report.appendingPathComponent("out-a.diff.png").path))
        try manifest(dir, outputs: ["out/a.png"])
        XCTAssertEqual(try run(["batch", "m.yaml", "--compare", "golden", "--report", "report"], in: dir).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: report.appendingPathComponent("out-a.diff.png").path), "its own image of the last run is gone")
        for name in ["my.reference.png", "old.candidate.d/keep.txt", "x.diff.png"] {
            XCTAssertEqual(text(report.appendingPathComponent(name)), "mine", name)
        }

        // A symlink planted under a name the report writes is refused, not written through.
        try FileManager.default.removeItem(at: report.appendingPathComponent("summary.md"))
        try FileManager.default.createSymbolicLink(atPath: report.appendingPathComponent("summary.md").path, withDestinationPath: dir.appendingPathComponent("target.md").path)
        let planted = try run(["batch", "m.yaml", "--compare", "golden", "--report", "report"], in: dir)
        XCTAssertEqual(planted.status, 2, planted.stderr)
        XCTAssertTrue(planted.stderr.contains("report/summary.md: is a symbolic link; the files of report are render-keyboard's own"), planted.stderr)
        XCTAssertEqual(text(dir.appendingPathComponent("target.md")), "outside")

        // A user's file under such a name, in a folder the tool never wrote: refused and kept.
        let fresh = dir.appendingPathComponent("fresh")
        try write("my page", to: fresh.appendingPathComponent("index.html"))
        let user = try run(["batch", "m.yaml", "--compare", "golden", "--report", "fresh"], in: dir)
        XCTAssertEqual(user.status, 2, user.stderr)
        XCTAssertTrue(user.stderr.contains("fresh/index.html: was not written by render-keyboard (.render-keyboard-report in the folder does not name it)"), user.stderr)
        XCTAssertEqual(text(fresh.appendingPathComponent("index.html")), "my page")
        XCTAssertEqual(try run(["batch", "m.yaml", "--compare", "golden", "--report", "golden/r"], in: dir).status, 2, "no report inside the references")
    }

    func testTheSummaryShowsNamesAsTheyAreWithoutMarkdownOrHTML() throws {
        let dir = try temporaryDirectory()
        let hostile = ["out/a`b|c.png", "out/[x](https:\\/\\/e.example).png", "out/<img src=x onerror=alert(1)>.png", "out/line\\nbreak.png"]
        try manifest(dir, outputs: hostile)
        XCTAssertEqual(try run(["batch", "m.yaml", "--compare", "golden", "--record"], in: dir).status, 0)
        try manifest(dir, outputs: hostile, theme: "dark")
        let result = try run(["batch", "m.yaml", "--compare", "golden"], in: dir)
        XCTAssertEqual(result.status, 1, result.stderr)
        let summary = text(dir.appendingPathComponent("keyboard-compare-report/summary.md"))
        for cell in ["| ``out/a`b\\|c.png`` |", "| `out/[x](https://e.example).png` |", "| `out/<img src=x onerror=alert(1)>.png` |", "| `out/line\\nbreak.png` |"] {
            XCTAssertTrue(summary.contains(cell), "\(cell) in\n\(summary)")
        }
        XCTAssertEqual(summary.components(separatedBy: "\n").filter { $0.hasPrefix("| jobs[") }.count, 4, "one line a job: \(summary)")
        let html = text(dir.appendingPathComponent("keyboard-compare-report/index.html"))
        XCTAssertFalse(html.contains("<img src=x"), html)
        XCTAssertTrue(html.contains("&lt;img src=x onerror=alert(1)&gt;"), html)
    }
}
