import ArgumentParser
import Foundation
import RenderKeyboardKit

struct Batch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Render every job of a manifest (JSON or YAML), in parallel, with progress on stderr.",
        discussion: """
            Relative layout, theme and output paths resolve against the manifest's folder. A failing \
            job does not stop the others; the run ends with the list of failed jobs and exit status 1.
            """
    )

    @Argument(help: "The manifest: `defaults` and a list of `jobs`.")
    var manifest: String
    @Option(help: "Jobs to run at a time; default the number of cores.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    @Option(help: ArgumentHelp("Run only the jobs whose 0-based index i has i mod N = K-1.", valueName: "K/N"))
    var shard: String?

    func validate() throws {
        guard (1...BatchRunner.maxWorkers).contains(jobs) else {
            throw ValidationError("--jobs must be 1-\(BatchRunner.maxWorkers).")
        }
        if let shard, BatchShard(parsing: shard) == nil {
            throw ValidationError("--shard must be K/N with 1 <= K <= N (found \"\(shard)\").")
        }
    }

    func run() throws {
        let manifest = try BatchManifest.load(self.manifest)
        let runner = BatchRunner(workers: jobs, shard: shard.flatMap(BatchShard.init(parsing:)))
        let printer = BatchProgressPrinter.standardError()
        let summary = try runner.run(manifest) { printer.update($0) }
        printWarnings(summary.warnings)
        FileHandle.standardError.write(Data((summary.report + "\n").utf8))
        if !summary.failures.isEmpty { throw ExitCode(1) }
    }
}
