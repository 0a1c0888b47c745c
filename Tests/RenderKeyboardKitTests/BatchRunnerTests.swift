import Foundation
@testable import RenderKeyboardKit
@testable import KeyboardBatch
import XCTest

final class BatchRunnerTests: XCTestCase {
    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("batch-runner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testShardsParseOnlyWhenOneToN() {
        XCTAssertEqual(BatchShard(parsing: "1/1")?.description, "1/1")
        XCTAssertEqual(BatchShard(parsing: "3/4")?.k, 3)
        XCTAssertEqual(BatchShard(parsing: "3/4")?.n, 4)
        for bad in ["0/2", "3/2", "1/0", "-1/2", "1", "1/2/3", "a/b", "", "/2", "1/"] {
            XCTAssertNil(BatchShard(parsing: bad), bad)
        }
    }

    func testShardsCoverEveryJobExactlyOnce() {
        for n in 1...7 {
            var owners = Array(repeating: [Int](), count: 23)
            for k in 1...n {
                guard let shard = BatchShard(k: k, n: n) else { return XCTFail("\(k)/\(n)") }
                for i in 0..<23 where shard.contains(i) { owners[i].append(k) }
            }
            XCTAssertEqual(owners, (0..<23).map { [$0 % n + 1] }, "N = \(n)")
        }
    }

    func testAFailingJobDoesNotStopTheOthers() throws {
        let folder = try temporaryFolder()
        let text = """
            defaults: {device: iphone-se, seed: 1}
            jobs:
              - {layout: numbers, output: out/0.png}
              - {layout: no-such-layout, output: out/1.png}
              - {layout: numbers, theme: dark, output: out/2.png}
              - {layout: numbers, pressed: ["Z"], output: out/3.png}
              - {layout: letters, format: svg, output: out/4.svg}
            """
        let path = folder.appendingPathComponent("m.yaml").path
        try FileAccess.writeAtomically(Array(text.utf8), to: path)
        let manifest = try BatchManifest.load(path)
        let progress = ProgressLog()
        let summary = try BatchRunner(workers: 2).run(manifest) { progress.append($0) }
        XCTAssertEqual(summary.total, 5)
        XCTAssertEqual(summary.succeeded, 3)
        XCTAssertEqual(summary.failures.map(\.index), [1, 3])
        XCTAssertEqual(summary.failures.map(\.output), ["out/1.png", "out/3.png"])
        XCTAssertEqual(summary.failures[1].messages, ["\(path): jobs[3].pressed: no key of layout \"numbers\" has the label or code \"Z\""])
        let out = folder.appendingPathComponent("out")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        XCTAssertEqual(files, ["0.png", "2.png", "4.svg"])
        XCTAssertEqual(progress.values.map(\.done), [1, 2, 3, 4, 5])
        XCTAssertEqual(progress.values.last?.failed, 2)
        XCTAssertEqual(progress.values.last?.total, 5)
        XCTAssertTrue(summary.report.hasPrefix("batch: 3 of 5 jobs written in "), summary.report)
        XCTAssertTrue(summary.report.contains("; 2 failed:\n  jobs[1] out/1.png: \(path): jobs[1].layout: no built-in layout or file named \"no-such-layout\""), summary.report)
    }

    func testAShardRunsOnlyItsJobsAndOutputsMatchSingleRenders() throws {
        let folder = try temporaryFolder()
        var lines = ["defaults: {device: iphone-se, layout: numbers}", "jobs:"]
        for i in 0..<7 { lines.append("  - {seed: \(i), output: \(i).png}") }
        let manifest = try BatchManifest.decode(Array(lines.joined(separator: "\n").utf8), file: "m.yaml", baseDirectory: folder.path)
        let summary = try BatchRunner(workers: 3, shard: BatchShard(k: 2, n: 3)).run(manifest)
        XCTAssertEqual(summary.total, 2)
        XCTAssertEqual(summary.failures.count, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["1.png", "4.png"])
        var request = RenderRequest()
        request.layout = "numbers"
        request.device = "iphone-se"
        request.seed = 4
        let expected = try request.render(with: try Renderer()).bytes
        XCTAssertEqual(try [UInt8](Data(contentsOf: folder.appendingPathComponent("4.png"))), expected)
    }

    func testWorkersAreClampedToAUsableCount() {
        XCTAssertEqual(BatchRunner(workers: 0).workers, 1)
        XCTAssertEqual(BatchRunner(workers: 5000).workers, BatchRunner.maxWorkers)
    }

    func testProgressIsPacedAsPlainLinesOrALiveBar() {
        let plain = TextLog()
        let printer = BatchProgressPacer(live: false) { text, final in plain.append(text + (final ? " (final)" : "")) }
        for done in 1...20 { printer.update(BatchProgress(done: done, failed: done > 10 ? 1 : 0, total: 20, elapsed: Double(done) / 10)) }
        XCTAssertEqual(plain.values.count, 10)
        XCTAssertEqual(plain.values.first, "batch: 2/20 done, 10.0 images/s")
        XCTAssertEqual(plain.values.last, "batch: 20/20 done, 1 failed, 9.5 images/s (final)")
        let live = TextLog()
        let bar = BatchProgressPacer(live: true) { text, final in live.append(text + (final ? " (final)" : "")) }
        bar.update(BatchProgress(done: 5, failed: 0, total: 20, elapsed: 1))
        bar.update(BatchProgress(done: 6, failed: 0, total: 20, elapsed: 1.01))
        bar.update(BatchProgress(done: 20, failed: 0, total: 20, elapsed: 2))
        XCTAssertEqual(live.values, [
            "[######------------------] 5/20 done, 5.0 images/s",
            "[########################] 20/20 done, 10.0 images/s (final)",
        ])
    }

    /// The speed never reads 0.0: it is left out until an image is written, and a slow run
    /// gives seconds per image.
    func testSpeedIsLeftOutOrGivenInSecondsRatherThanZero() {
        XCTAssertEqual(BatchProgressPacer.line(BatchProgress(done: 1, failed: 1, total: 2, elapsed: 0.01)), "batch: 1/2 done, 1 failed")
        XCTAssertEqual(BatchProgressPacer.line(BatchProgress(done: 1, failed: 0, total: 2, elapsed: 25)), "batch: 1/2 done, 25 s/image")
        XCTAssertEqual(BatchProgressPacer.line(BatchProgress(done: 2, failed: 0, total: 2, elapsed: 20)), "batch: 2/2 done, 0.1 images/s")
        let failed = BatchSummary(total: 2, failures: [BatchFailure(index: 0, output: "a.png", messages: ["x"]), BatchFailure(index: 1, output: "b.png", messages: ["y"])], warnings: [], seconds: 0.02)
        XCTAssertEqual(failed.report, "batch: 0 of 2 jobs written in 0.02 s; 2 failed:\n  jobs[0] a.png: x\n  jobs[1] b.png: y")
        let slow = BatchSummary(total: 1, failures: [], warnings: [], seconds: 30)
        XCTAssertEqual(slow.report, "batch: 1 job written in 30.00 s (30 s/image)")
    }
}

final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [BatchProgress] = []
    func append(_ p: BatchProgress) { lock.lock(); items.append(p); lock.unlock() }
    var values: [BatchProgress] { lock.lock(); defer { lock.unlock() }; return items }
}

final class TextLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func append(_ s: String) { lock.lock(); items.append(s); lock.unlock() }
    var values: [String] { lock.lock(); defer { lock.unlock() }; return items }
}
