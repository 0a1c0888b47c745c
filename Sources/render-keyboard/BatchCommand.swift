import Foundation
import LayoutEngine
import RenderKeyboardKit

struct Batch {
    static let command = Command(
        name: "batch",
        abstract: "Render every job of a manifest (JSON or YAML), in parallel, with progress on stderr.",
        discussion: "Relative layout, theme and output paths resolve against the manifest's folder. A failing job does not stop the others; the run ends with the list of failed jobs and exit status 1. With --compare DIR every output is also compared with its reference (the rule of `compare`; SVG and PDF byte for byte): a differing job fails, and the report folder gets its triptych, an index.html listing the failures and summary.md, a Markdown table of them. References reached through symlinks that leave DIR are refused.",
        parameters: [
            .argument("manifest", "The manifest: `defaults` and a list of `jobs`."),
            .option("jobs", "Jobs to run at a time; default the number of cores."),
            .option("shard", value: "K/N", "Run only the jobs whose 0-based index i has i mod N = K-1."),
            .option("compare", value: "DIR", "Compare each output with DIR/<its path relative to the manifest's folder>; a differing job fails."),
            .flag("record", "With --compare: write the outputs into DIR as the references instead, replacing existing ones."),
            .option("report", value: "FOLDER", default: "keyboard-compare-report", "With --compare: where failures' images, index.html and summary.md go."),
        ] + ComparisonOptions.parameters,
        run: { try Batch($0).run() }
    )

    let manifest: String
    let jobs: Int
    /// Said before the run when `--jobs` asked for more workers than run at once.
    let capNote: String?
    let shard: BatchShard?
    let comparison: BatchComparison?

    init(_ arguments: ParsedArguments) throws {
        manifest = arguments.string("manifest")!
        let asked = try arguments.value("jobs") ?? ProcessInfo.processInfo.activeProcessorCount
        guard asked >= 1 else {
            throw UsageError("--jobs must be at least 1.")
        }
        // A script written for a bigger machine still runs: the workers are capped.
        jobs = min(asked, BatchRunner.maxWorkers)
        capNote = asked > jobs ? "--jobs: warning: \(asked) workers asked for; running \(jobs), the most that run at once" : nil
        if let text = arguments.string("shard") {
            guard let shard = BatchShard(parsing: text) else {
                throw UsageError("--shard must be K/N with 1 <= K <= N (found \(Diagnostic.quote(text))).")
            }
            self.shard = shard
        } else {
            shard = nil
        }
        let options = try ComparisonOptions(arguments)
        if let folder = arguments.string("compare") {
            guard !folder.isEmpty else { throw UsageError("--compare: must not be empty") }
            let report = arguments.string("report")!
            guard !report.isEmpty else { throw UsageError("--report: must not be empty") }
            comparison = BatchComparison(referenceFolder: folder, record: arguments.flag("record"), tolerance: options.tolerance,
                                         allowedShare: options.allowedShare, reportFolder: report)
        } else {
            if arguments.flag("record") { throw UsageError("--record needs --compare DIR") }
            comparison = nil
        }
    }

    func run() throws {
        if let capNote { complain(capNote) }
        let manifest = try BatchManifest.load(self.manifest)
        var runner = BatchRunner(workers: jobs, shard: shard)
        runner.comparison = comparison
        let printer = BatchProgressPrinter.standardError()
        // Every file a batch writes is a job's output, so the outputs written are the jobs done.
        let total = runner.jobs(of: manifest).count
        let afterBar = isatty(STDERR_FILENO) == 1 ? "\n" : ""
        Interruption.setReport { written in "\(afterBar)batch: interrupted; \(written) of \(counted(total, "job")) written" }
        defer { Interruption.setReport(nil) }
        let summary = try runner.run(manifest) { printer.update($0) }
        printWarnings(summary.warnings)
        complain(summary.report)
        if let comparison {
            let counts = comparison.counts
            if comparison.record {
                complain("batch: \(counted(counts.recorded, "reference")) recorded in \(comparison.referenceFolder)")
            } else {
                let index = try comparison.writeReport(summary)
                let differing = summary.failures.count
                complain("batch: \(counts.compared) compared with \(comparison.referenceFolder), \(differing) failed; report: \(index)")
            }
        }
        if !summary.failures.isEmpty { throw ExitStatus(1) }
    }
}

/// Prints a batch's progress on standard error: on a terminal a live bar, redrawn in place
/// with `\r` and cleared to the end of the line; otherwise plain lines
/// (`BatchProgressPacer` decides when).
enum BatchProgressPrinter {
    /// The pacer that writes to standard error, live when it is a terminal.
    static func standardError() -> BatchProgressPacer {
        let live = isatty(STDERR_FILENO) == 1
        return BatchProgressPacer(live: live) { text, final in
            StandardStream.error.write(live ? drawn(bar: text, final: final) : text + "\n")
        }
    }

    /// The bar as a terminal draws it: from the line's start, ESC [K clearing what a longer
    /// previous bar left at its end, and a newline after the last.
    static func drawn(bar: String, final: Bool) -> String {
        "\r" + bar + "\u{1B}[K" + (final ? "\n" : "")
    }
}
