import Foundation
import XCTest

/// `scripts/golden-ci.sh`, the logic of the repository's GitHub Action (`action.yml`), run as
/// the action runs it: settings in the environment, GitHub's summary and output files set to
/// temporary files.
final class GoldenActionScriptTests: CommandTestCase {
    private func script(_ environment: [String: String], in dir: URL) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Self.packageDirectory.appendingPathComponent("scripts/golden-ci.sh").path]
        process.currentDirectoryURL = dir
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            .merging(["RK_BINARY": try binary().path]) { $1 }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Eight small keyboards; jobs 0, 3 and 6 use `t.yaml`, the default theme with `enter` as
    /// the enter key's fill.
    private func project(_ dir: URL, enter: String) throws {
        let theme = try String(contentsOf: Self.packageDirectory.appendingPathComponent("themes/default.yaml"), encoding: .utf8)
        try theme.replacingOccurrences(of: "fill: \"#0672EB\", text", with: "fill: \"\(enter)\", text")
            .write(to: dir.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        let jobs = (0..<8).map { "  - {layout: numbers, seed: \($0), theme: \($0 % 3 == 0 ? "t.yaml" : "default"), output: out/k\($0).png}\n" }.joined()
        try ("defaults: {width: 200, scale: 1}\njobs:\n" + jobs).write(to: dir.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
    }

    func testShardsWriteTheirFailingJobsIntoTheSummaryAndTheOutputs() throws {
        let dir = try temporaryDirectory()
        try project(dir, enter: "#0672EB")
        let summary = dir.appendingPathComponent("summary.md"), output = dir.appendingPathComponent("output.txt")
        let github = ["GITHUB_STEP_SUMMARY": summary.path, "GITHUB_OUTPUT": output.path]
        let settings = ["RK_MANIFEST": "m.yaml", "RK_REFERENCES": "golden"]

        let record = try script(settings.merging(github) { $1 }.merging(["RK_RECORD": "true"]) { $1 }, in: dir)
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertEqual(try String(contentsOf: summary, encoding: .utf8),
                       "### Keyboard golden tests: references recorded\n\nbatch: 8 references recorded in golden\n")
        try FileManager.default.removeItem(at: summary)
        try FileManager.default.removeItem(at: output)

        try project(dir, enter: "#0A84FF")
        for (k, failing) in [(1, [0, 6]), (2, [3])] {
            let result = try script(settings.merging(github) { $1 }.merging(["RK_SHARD": "\(k)/2", "RK_REPORT": "report-\(k)"]) { $1 }, in: dir)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("batch: 4 compared with golden, \(failing.count) failed; report: report-\(k)/index.html"), result.stderr)
            let html = try String(contentsOf: dir.appendingPathComponent("report-\(k)/index.html"), encoding: .utf8)
            for i in failing { XCTAssertTrue(html.contains("<img src=\"out-k\(i).diff.png\""), html) }
        }
        let text = try String(contentsOf: summary, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("### Keyboard golden tests, shard 1/2: 2 of 4 jobs failed\n\n| job | output | result | report |\n|---|---|---|---|\n| jobs[0] | `out/k0.png` | "), text)
        XCTAssertTrue(text.contains("\n### Keyboard golden tests, shard 2/2: 1 of 4 jobs failed\n"), text)
        XCTAssertTrue(text.contains("| jobs[6] | `out/k6.png` | "), text)
        XCTAssertTrue(text.contains("| jobs[3] | `out/k3.png` | "), text)
        XCTAssertTrue(text.contains("Images of each failure and `index.html` are in the report artifact (`report-2`)."), text)
        XCTAssertEqual(try String(contentsOf: output, encoding: .utf8),
                       "report=report-1\nstatus=1\nshard-label=-1-of-2\nreport=report-2\nstatus=1\nshard-label=-2-of-2\n")
    }

    func testABrokenRunIsReportedWithItsErrors() throws {
        let dir = try temporaryDirectory()
        try "jobs: []\n".write(to: dir.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        let summary = dir.appendingPathComponent("summary.md")
        let result = try script(["RK_MANIFEST": "m.yaml", "RK_REFERENCES": "golden", "GITHUB_STEP_SUMMARY": summary.path], in: dir)
        XCTAssertEqual(result.status, 1, result.stderr)
        let text = try String(contentsOf: summary, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("### Keyboard golden tests: the run failed (exit status 1)\n\n```\nm.yaml: jobs: the list of jobs is empty\n```\n"), text)
    }

    /// The action passes each input to the script under the name the script reads.
    func testTheActionRunsTheScriptWithEverySetting() throws {
        let action = try String(contentsOf: Self.packageDirectory.appendingPathComponent("action.yml"), encoding: .utf8)
        let script = try String(contentsOf: Self.packageDirectory.appendingPathComponent("scripts/golden-ci.sh"), encoding: .utf8)
        XCTAssertTrue(action.contains("using: composite"))
        XCTAssertTrue(action.contains("run: bash \"$GITHUB_ACTION_PATH/scripts/golden-ci.sh\""))
        XCTAssertTrue(action.contains("uses: actions/upload-artifact@v4"))
        XCTAssertTrue(action.contains("make -C \"$GITHUB_ACTION_PATH\" install PREFIX="))
        let names = action.components(separatedBy: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("RK_"), let colon = trimmed.firstIndex(of: ":") else { return nil }
            return String(trimmed[..<colon])
        }
        XCTAssertEqual(Set(names), ["RK_MANIFEST", "RK_REFERENCES", "RK_SHARD", "RK_TOLERANCE", "RK_ALLOW", "RK_RECORD", "RK_REPORT"])
        for name in names { XCTAssertTrue(script.contains("${\(name)"), name) }
    }
}
