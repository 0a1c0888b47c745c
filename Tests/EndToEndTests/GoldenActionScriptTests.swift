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
        process.environment = ProcessInfo.processInfo.environment.merging(["RK_BINARY": try binary().path]) { $1 }
            .merging(environment) { $1 }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Step outputs in `$GITHUB_OUTPUT`'s delimiter form, `name<<DELIMITER`, the value's lines,
    /// `DELIMITER`: each name with its value and delimiter.
    private func outputs(_ text: String) -> [(name: String, value: String, delimiter: String)] {
        var lines = text.components(separatedBy: "\n")[...]
        var found: [(String, String, String)] = []
        while let line = lines.popFirst(), let marker = line.range(of: "<<") {
            let delimiter = String(line[marker.upperBound...])
            var value: [String] = []
            while let next = lines.popFirst(), next != delimiter { value.append(next) }
            found.append((String(line[..<marker.lowerBound]), value.joined(separator: "\n"), delimiter))
        }
        return found
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
        XCTAssertEqual(try String(contentsOf: summary, encoding: .utf8), "### Keyboard golden tests: 8 references recorded in `golden`\n")
        try FileManager.default.removeItem(at: summary)
        try FileManager.default.removeItem(at: output)

        try project(dir, enter: "#0A84FF")
        for (k, failing) in [(1, [0, 6]), (2, [3])] {
            let result = try script(settings.merging(github) { $1 }.merging(["RK_SHARD": "\(k)/2", "RK_REPORT": "report-\(k)"]) { $1 }, in: dir)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("batch: 4 compared with golden, \(failing.count) \(failing.count == 1 ? "differs" : "differ"); report: report-\(k)/index.html"), result.stderr)
            let html = try String(contentsOf: dir.appendingPathComponent("report-\(k)/index.html"), encoding: .utf8)
            for i in failing { XCTAssertTrue(html.contains("<img src=\"out-k\(i).diff.png\""), html) }
        }
        let text = try String(contentsOf: summary, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("### Keyboard golden tests, shard 1/2: 2 of 4 jobs differ from their references\n\n| job | output | result | report |\n|---|---|---|---|\n| jobs[0] | `out/k0.png` | "), text)
        XCTAssertTrue(text.contains("\n### Keyboard golden tests, shard 2/2: 1 of 4 jobs differs from its reference\n"), text)
        XCTAssertTrue(text.contains("| jobs[6] | `out/k6.png` | "), text)
        XCTAssertTrue(text.contains("| jobs[3] | `out/k3.png` | "), text)
        XCTAssertTrue(text.contains("The images of each failure and `index.html` are in the report folder, `report-2`."), text)
        let written = outputs(try String(contentsOf: output, encoding: .utf8))
        XCTAssertEqual(written.map(\.name), ["report", "status", "shard-label", "report", "status", "shard-label"])
        XCTAssertEqual(written.map(\.value), ["report-1", "1", "-1-of-2", "report-2", "1", "-2-of-2"])
        XCTAssertEqual(Set(written.map(\.delimiter)).count, 2, "a random delimiter for each run")
        XCTAssertTrue(written.allSatisfy { $0.delimiter.count >= 40 }, "\(written.map(\.delimiter))")
    }

    func testABrokenRunIsReportedWithItsErrors() throws {
        let dir = try temporaryDirectory()
        // A manifest whose name holds backticks: the block of messages is fenced by more.
        try "jobs: 3\n".write(to: dir.appendingPathComponent("m```.yaml"), atomically: true, encoding: .utf8)
        let summary = dir.appendingPathComponent("summary.md")
        let result = try script(["RK_MANIFEST": "m```.yaml", "RK_REFERENCES": "golden", "GITHUB_STEP_SUMMARY": summary.path], in: dir)
        XCTAssertEqual(result.status, 2, result.stderr)
        let text = try String(contentsOf: summary, encoding: .utf8)
        XCTAssertEqual(text, "### Keyboard golden tests: the run failed (exit status 2)\n\n````\nm```.yaml: jobs: expected a list, found \"3\"\n````\n")
    }

    /// No setting passes silently or injects anything: an option as a manifest, a line break
    /// in any setting, a bad true/false, an empty shard.
    func testSettingsAreNeverOptionsOrExtraOutputs() throws {
        let dir = try temporaryDirectory()
        try project(dir, enter: "#0672EB")
        let output = dir.appendingPathComponent("output.txt")
        let help = try script(["RK_MANIFEST": "--help", "RK_REFERENCES": "golden", "GITHUB_OUTPUT": output.path], in: dir)
        XCTAssertEqual(help.status, 2, help.stderr)
        XCTAssertTrue(help.stderr.contains("--help: cannot read file: No such file or directory"), help.stderr)
        XCTAssertEqual(outputs(try String(contentsOf: output, encoding: .utf8)).map(\.value), ["keyboard-compare-report", "2", ""])
        try FileManager.default.removeItem(at: output)

        for (name, value) in [("RK_REPORT", "r\nstatus=0"), ("RK_SHARD", "1/2\nreport=x"), ("RK_MANIFEST", "m.yaml\r"), ("RK_TOLERANCE", "0\n")] {
            var settings = ["RK_MANIFEST": "m.yaml", "RK_REFERENCES": "golden", "GITHUB_OUTPUT": output.path]
            settings[name] = value
            let result = try script(settings, in: dir)
            XCTAssertEqual(result.status, 2, name)
            XCTAssertEqual(result.stderr, "golden-ci: \(name) holds a line break; refused\n")
            XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "nothing written for \(name)")
        }
        let bad = try script(["RK_MANIFEST": "m.yaml", "RK_REFERENCES": "golden", "RK_RECORD": "yes"], in: dir)
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "golden-ci: RK_RECORD must be true or false\n")

        // A manifest and a folder starting with a dash are names.
        try FileManager.default.copyItem(at: dir.appendingPathComponent("m.yaml"), to: dir.appendingPathComponent("-m.yaml"))
        XCTAssertEqual(try script(["RK_MANIFEST": "-m.yaml", "RK_REFERENCES": "--golden", "RK_RECORD": "true"], in: dir).status, 0)
        XCTAssertEqual(try script(["RK_MANIFEST": "-m.yaml", "RK_REFERENCES": "--golden"], in: dir).status, 0)
        // Eight jobs in nine shards: the ninth compares nothing, and fails unless allowed.
        let empty = try script(["RK_MANIFEST": "-m.yaml", "RK_REFERENCES": "--golden", "RK_SHARD": "9/9"], in: dir)
        XCTAssertEqual(empty.status, 1, empty.stderr)
        XCTAssertTrue(empty.stderr.contains("batch: nothing compared"), empty.stderr)
        XCTAssertEqual(try script(["RK_MANIFEST": "-m.yaml", "RK_REFERENCES": "--golden", "RK_SHARD": "9/9", "RK_ALLOW_EMPTY": "true"], in: dir).status, 0)
    }

    /// The action passes each input to the script under the name the script reads, and
    /// installs the tool from source (a cached build), the release archive, or not at all.
    func testTheActionRunsTheScriptWithEverySetting() throws {
        let action = try String(contentsOf: Self.packageDirectory.appendingPathComponent("action.yml"), encoding: .utf8)
        let script = try String(contentsOf: Self.packageDirectory.appendingPathComponent("scripts/golden-ci.sh"), encoding: .utf8)
        XCTAssertTrue(action.contains("using: composite"))
        XCTAssertTrue(action.contains("run: bash \"$GITHUB_ACTION_PATH/scripts/golden-ci.sh\""))
        XCTAssertTrue(action.contains("uses: actions/upload-artifact@v4"))
        XCTAssertTrue(action.contains("source | archive | none) ;;"))
        XCTAssertTrue(action.contains("make -C \"$GITHUB_ACTION_PATH\" install PREFIX=\"$RK_PREFIX\""))
        XCTAssertTrue(action.contains("uses: actions/cache@v4"))
        XCTAssertTrue(action.contains("find Package.swift Package.resolved Makefile Sources layouts themes scripts -type f"), "the cache key hashes the sources and Package.resolved")
        XCTAssertTrue(action.contains("bash \"$GITHUB_ACTION_PATH/scripts/install-archive.sh\""))
        XCTAssertFalse(action.contains("run: ${{"), "no input is written into a script")
        let names = action.components(separatedBy: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("RK_"), let colon = trimmed.firstIndex(of: ":"), trimmed.contains("${{ inputs.") else { return nil }
            return String(trimmed[..<colon])
        }
        XCTAssertEqual(Set(names), ["RK_INSTALL", "RK_ARCHIVE", "RK_MANIFEST", "RK_REFERENCES", "RK_SHARD", "RK_TOLERANCE", "RK_ALLOW", "RK_RECORD",
                                    "RK_PRUNE", "RK_FAIL_ON_STALE", "RK_ALLOW_EMPTY", "RK_REPORT"])
        for name in names where !["RK_INSTALL", "RK_ARCHIVE"].contains(name) { XCTAssertTrue(script.contains("${\(name)") || script.contains(" \(name) "), name) }
    }

    /// The archive installer unpacks one render-keyboard-VERSION/ folder and refuses archives
    /// that hold anything else, and package names that are not Debian's.
    func testTheArchiveInstallerUnpacksOnlyItsOwnFolder() throws {
        let dir = try temporaryDirectory()
        func tarball(_ name: String, _ files: [String: String], top: String = "render-keyboard-1.0.0") throws -> String {
            let stage = dir.appendingPathComponent("stage-\(name)")
            for (path, content) in files {
                let url = stage.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try content.write(to: url, atomically: true, encoding: .utf8)
            }
            let archive = dir.appendingPathComponent("\(name).tar.gz").path
            XCTAssertEqual(try shell("tar", ["-czf", archive, "-C", stage.path] + (try FileManager.default.contentsOfDirectory(atPath: stage.path))).status, 0)
            return archive
        }
        func install(_ archive: String, into dest: String) throws -> (status: Int32, out: String, err: String) {
            try shell("/bin/bash", [Self.packageDirectory.appendingPathComponent("scripts/install-archive.sh").path, "--no-packages", dest], environment: ["RK_ARCHIVE": archive])
        }
        let good = try tarball("good", ["render-keyboard-1.0.0/bin/x": "", "render-keyboard-1.0.0/DEPENDENCIES": "libcairo2\nfonts-dejavu-core\n"])
        let installed = try install(good, into: dir.appendingPathComponent("opt").path)
        XCTAssertEqual(installed.status, 0, installed.err)
        XCTAssertEqual(installed.out, dir.appendingPathComponent("opt/bin").resolvingSymlinksInPath().path + "\n")
        let two = try tarball("two", ["render-keyboard-1.0.0/DEPENDENCIES": "", "other/x": ""])
        XCTAssertEqual(try install(two, into: dir.appendingPathComponent("two").path).status, 2)
        let option = try tarball("option", ["render-keyboard-1.0.0/DEPENDENCIES": "-o=APT::x\n", "render-keyboard-1.0.0/bin/x": ""])
        let refused = try install(option, into: dir.appendingPathComponent("option").path)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.err.contains("is not a Debian package name"), refused.err)
        XCTAssertEqual(try install("http://e.example/x.tar.gz", into: dir.appendingPathComponent("http").path).status, 2, "only https is fetched")
        // A link in the archive is refused before anything is unpacked: a DEPENDENCIES that is a
        // symbolic link would have its target read (and printed in the message).
        let stage = dir.appendingPathComponent("stage-link/render-keyboard-1.0.0")
        try FileManager.default.createDirectory(at: stage.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: stage.appendingPathComponent("DEPENDENCIES").path, withDestinationPath: "/etc/passwd")
        let linked = dir.appendingPathComponent("link.tar.gz").path
        XCTAssertEqual(try shell("tar", ["-czf", linked, "-C", stage.deletingLastPathComponent().path, "render-keyboard-1.0.0"]).status, 0)
        let link = try install(linked, into: dir.appendingPathComponent("link").path)
        XCTAssertEqual(link.status, 2)
        XCTAssertTrue(link.err.hasSuffix("holds links or special files; a release archive holds only files and folders\n"), link.err)
        XCTAssertFalse(link.err.contains("root:"), "nothing of the link's target is printed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("link/DEPENDENCIES").path), "nothing is unpacked")
    }

    private func shell(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool.hasPrefix("/") ? tool : "/usr/bin/" + tool)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile(), errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}
