import Foundation
import LayoutEngine
import RenderKeyboardKit

struct Batch {
    static let command = Command(
        name: "batch",
        abstract: "Render every job of a manifest (JSON or YAML), in parallel, with progress on stderr.",
        discussion: "Relative layout, theme and output paths resolve against the manifest's folder. A failing job does not stop the others; the run ends with the list of failed jobs and exit status 1.",
        parameters: [
            .argument("manifest", "The manifest: `defaults` and a list of `jobs`."),
            .option("jobs", "Jobs to run at a time; default the number of cores."),
            .option("shard", value: "K/N", "Run only the jobs whose 0-based index i has i mod N = K-1."),
        ],
        run: { try Batch($0).run() }
    )

    let manifest: String
    let jobs: Int
    let shard: BatchShard?

    init(_ arguments: ParsedArguments) throws {
        manifest = arguments.string("manifest")!
        jobs = try arguments.value("jobs") ?? ProcessInfo.processInfo.activeProcessorCount
        guard (1...BatchRunner.maxWorkers).contains(jobs) else {
            throw UsageError("--jobs must be 1-\(BatchRunner.maxWorkers).")
        }
        if let text = arguments.string("shard") {
            guard let shard = BatchShard(parsing: text) else {
                throw UsageError("--shard must be K/N with 1 <= K <= N (found \(Diagnostic.quote(text))).")
            }
            self.shard = shard
        } else {
            shard = nil
        }
    }

    func run() throws {
        let manifest = try BatchManifest.load(self.manifest)
        let runner = BatchRunner(workers: jobs, shard: shard)
        let printer = BatchProgressPrinter.standardError()
        // Every file a batch writes is a job's output, so the outputs written are the jobs done.
        let total = runner.jobs(of: manifest).count
        let afterBar = isatty(STDERR_FILENO) == 1 ? "\n" : ""
        Interruption.setReport { written in "\(afterBar)batch: interrupted; \(written) of \(counted(total, "job")) written" }
        defer { Interruption.setReport(nil) }
        let summary = try runner.run(manifest) { printer.update($0) }
        printWarnings(summary.warnings)
        FileHandle.standardError.write(Data((summary.report + "\n").utf8))
        if !summary.failures.isEmpty { throw ExitStatus(1) }
    }
}
