import Foundation
import XCTest

final class BatchCommandTests: CommandTestCase {
    private func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func testOneBadJobAmongGoodOnesExits1AndNamesTheJob() throws {
        let dir = try temporaryDirectory()
        try write("""
            defaults: {theme: default, device: iphone-se, format: png, seed: 2}
            jobs:
              - {layout: letters, output: out/letters.png}
              - {layout: layouts/broken.yaml, output: out/broken.png}
              - {layout: numbers, theme: dark, pressed: ["5"], shift: on, output: out/numbers-dark.png}
              - {layout: ../shared/pad.yaml, orientation: landscape, output: out/pad.png}
            """, to: dir.appendingPathComponent("batch/m.yaml"))
        try write("name: broken\nkeys: [a]\nportrait: {height: -5, rows: [{columns: 1}]}\n", to: dir.appendingPathComponent("batch/layouts/broken.yaml"))
        let numbers = try String(contentsOf: Self.packageDirectory.appendingPathComponent("layouts/numbers.yaml"), encoding: .utf8)
        try write(numbers, to: dir.appendingPathComponent("shared/pad.yaml"))
        // Run from another folder: paths resolve against the manifest's folder, not the working one.
        let result = try run(["batch", "batch/m.yaml", "--jobs", "2"], in: dir)
        XCTAssertEqual(result.status, 1, result.stderr)
        let out = dir.appendingPathComponent("batch/out")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted(), ["letters.png", "numbers-dark.png", "pad.png"])
        XCTAssertTrue(result.stderr.contains("batch: 3 of 4 jobs written in"), result.stderr)
        XCTAssertTrue(result.stderr.contains("; 1 failed:\n  jobs[1] out/broken.png: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("broken.yaml: portrait.height: "), result.stderr)
        // Not a terminal: plain progress lines, no carriage returns.
        XCTAssertTrue(result.stderr.contains("batch: 4/4 done, 1 failed, "), result.stderr)
        XCTAssertFalse(result.stderr.contains("\r"))
        // Atomic writes leave no temporary files behind.
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: out.path).contains { $0.hasPrefix(".") })
    }

    /// On a terminal the progress is a bar redrawn in place: each drawing starts at the line's
    /// start and clears what a longer bar left, and the last ends the line.
    func testOnATerminalTheProgressIsALiveBar() throws {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        guard FileManager.default.isExecutableFile(atPath: script.path) else { throw MissingTool("no script(1) (Debian's bsdutils) to run under a terminal") }
        let dir = try temporaryDirectory()
        try write("jobs:\n  - {layout: numbers, seed: 1, output: a.png}\n  - {layout: numbers, seed: 2, output: b.png}\n", to: dir.appendingPathComponent("m.yaml"))
        let process = Process()
        process.executableURL = script
        process.currentDirectoryURL = dir
        process.arguments = ["-qec", "'\(try binary().path)' batch m.yaml --jobs 1", "/dev/null"]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(text.contains("\r[########################] 2/2 done, "), text.debugDescription)
        XCTAssertTrue(text.contains("\u{1B}[K\r\n"), "the last bar ends its line: \(text.debugDescription)")
        XCTAssertFalse(text.contains("batch: 2/2 done"), "no plain lines on a terminal: \(text.debugDescription)")
    }

    func testAllGoodExits0AndTheImageEqualsRender() throws {
        let dir = try temporaryDirectory()
        try write(#"{"jobs": [{"layout": "idcard", "seed": 4, "device": "iphone-se", "output": "a.png"}]}"#, to: dir.appendingPathComponent("m.json"))
        let result = try run(["batch", "m.json"], in: dir)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("batch: 1 job written in"), result.stderr)
        let single = try run(["render", "--layout", "idcard", "--seed", "4", "--device", "iphone-se", "-o", "b.png"], in: dir)
        XCTAssertEqual(single.status, 0, single.stderr)
        XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("a.png")), try Data(contentsOf: dir.appendingPathComponent("b.png")))
    }

    func testManifestErrorsNameTheirFieldPathsAndWriteNothing() throws {
        let dir = try temporaryDirectory()
        try write("""
            jobs:
              - {layout: letters, output: a.png}
              - {layout: letters, output: b.png}
              - {layout: letters, output: c.png}
              - {layout: letters, output: d.png, pressd: ["a"]}
              - {layout: letters}
            """, to: dir.appendingPathComponent("m.yaml"))
        let result = try run(["batch", "m.yaml"], in: dir)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, """
            m.yaml: jobs[3].pressd: unknown field "pressd"; did you mean pressed?
            m.yaml: jobs[4].output: missing field (every job needs an output file, in the job or in defaults)

            """)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["m.yaml"])
    }

    func testShardsCoverEveryJobExactlyOnce() throws {
        let dir = try temporaryDirectory()
        var lines = ["defaults: {layout: numbers, device: iphone-se}", "jobs:"]
        for i in 0..<7 { lines.append("  - {seed: \(i), output: \"\(i).png\"}") }
        try write(lines.joined(separator: "\n"), to: dir.appendingPathComponent("m.yaml"))
        let n = 3
        var seen: [String] = []
        for k in 1...n {
            let shardDir = dir.appendingPathComponent("shard\(k)")
            try FileManager.default.createDirectory(at: shardDir, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: dir.appendingPathComponent("m.yaml"), to: shardDir.appendingPathComponent("m.yaml"))
            let result = try run(["batch", "m.yaml", "--shard", "\(k)/\(n)"], in: shardDir)
            XCTAssertEqual(result.status, 0, result.stderr)
            let written = try FileManager.default.contentsOfDirectory(atPath: shardDir.path).filter { $0.hasSuffix(".png") }.sorted()
            XCTAssertEqual(written, (0..<7).filter { $0 % n == k - 1 }.map { "\($0).png" }, "shard \(k)/\(n)")
            seen += written
        }
        XCTAssertEqual(seen.sorted(), (0..<7).map { "\($0).png" }.sorted())
    }

    func testBadShardsAndJobsAreUsageErrors() throws {
        let dir = try temporaryDirectory()
        try write("jobs: [{output: a.png}]", to: dir.appendingPathComponent("m.yaml"))
        for arguments in [["--shard", "0/2"], ["--shard", "3/2"], ["--shard", "1-2"], ["--jobs", "0"]] {
            let result = try run(["batch", "m.yaml"] + arguments, in: dir)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("a.png").path))
        }
        let missing = try run(["batch", "nope.yaml"], in: dir)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.hasPrefix("nope.yaml: cannot read file"), missing.stderr)
    }
}
