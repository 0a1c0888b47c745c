import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import RenderKeyboardKit
import KeyboardBatch
import TerminalText

struct Batch: Subcommand {
    static let name = "batch"
    static let command = Command(
        name: name,
        abstract: "Render every job of a manifest (JSON or YAML), in parallel, with progress on stderr.",
        discussion: "Relative layout, theme and output paths resolve against the manifest's folder. A failing job does not stop the others; the run ends with the list of failed jobs and exit status 1. With --compare DIR every output is also compared with its reference (the rule of `compare`; SVG and PDF byte for byte): a differing job fails, and the report folder gets its triptych, an index.html listing the failures and summary.md for a CI's job summary. References no job of the manifest names (every shard) are listed as `stale: NAME` on standard output. --record also writes DIR/RENDERING-STACK.txt (the libraries' versions and the font files' SHA-256), which --compare checks, warning when it differs. References reached through symlinks that leave DIR are refused; in the report folder only the files the tool wrote there are replaced or removed. With --compare the exit status is 0 when every job matches, 1 when one differs, nothing was compared, or stale references fail the run, 2 for a usage error or an input that cannot be read or is invalid.",
        parameters: [manifest.parameter, jobs.parameter, shard.parameter, compare.parameter, record.parameter, prune.parameter, failOnStale.parameter, allowEmpty.parameter, report.parameter]
            + ComparisonOptions.parameters,
        run: { try Batch($0).run() }
    )
    static let manifest = Positional.one("manifest", "The manifest: `defaults` and a list of `jobs`.")
    static let jobs = Option<Int>("jobs", "Jobs to run at a time; default the number of cores.")
    static let shard = Option<String>("shard", value: "K/N", "Run only the jobs whose 0-based index i has i mod N = K-1.")
    static let compare = Option<String>("compare", value: "DIR", "Compare each output with DIR/<its path relative to the manifest's folder>; a differing job fails.")
    static let record = Flag("record", "With --compare: write the outputs into DIR as the references instead, replacing existing ones, and DIR/RENDERING-STACK.txt.")
    static let prune = Flag("prune", "With --record: remove the stale references (files under DIR no job names), and only them.")
    static let failOnStale = Flag("fail-on-stale", "With --compare: stale references fail the run (exit 1).")
    static let allowEmpty = Flag("allow-empty", "With --compare: a run that has no job to compare (an empty shard or manifest) passes instead of failing.")
    static let report = Option<String>("report", value: "FOLDER", default: "keyboard-compare-report", "With --compare: where failures' images, index.html and summary.md go.")

    let manifest: String
    let jobs: Int
    /// Said before the run when `--jobs` asked for more workers than run at once.
    let capNote: String?
    let shard: BatchShard?
    let comparison: BatchComparison?
    let failOnStale: Bool
    let allowEmpty: Bool

    init(_ arguments: ParsedArguments) throws {
        manifest = arguments.text(Self.manifest) ?? ""
        let asked = try arguments.value(Self.jobs) ?? ProcessInfo.processInfo.activeProcessorCount
        guard asked >= 1 else {
            throw UsageError("--jobs must be at least 1.")
        }
        // A script written for a bigger machine still runs: the workers are capped.
        jobs = min(asked, BatchRunner.maxWorkers)
        capNote = asked > jobs ? "--jobs: warning: \(asked) workers asked for; running \(jobs), the most that run at once" : nil
        if let text = try arguments.value(Self.shard) {
            guard let shard = BatchShard(parsing: text) else {
                throw UsageError("--shard must be K/N with 1 <= K <= N (found \(Diagnostic.quote(text))).")
            }
            self.shard = shard
        } else {
            shard = nil
        }
        let options = try ComparisonOptions(arguments)
        failOnStale = arguments.isGiven(Self.failOnStale)
        allowEmpty = arguments.isGiven(Self.allowEmpty)
        if let folder = try arguments.value(Self.compare) {
            ExitContract.adopt()
            guard !folder.isEmpty else { throw UsageError("--compare: must not be empty") }
            let report = try arguments.required(Self.report)
            guard !report.isEmpty else { throw UsageError("--report: must not be empty") }
            if let problem = BatchComparison.reportFolderProblem(report: report, references: folder) { throw UsageError("--report: \(problem)") }
            let record = arguments.isGiven(Self.record)
            if arguments.isGiven(Self.prune) && !record { throw UsageError("--prune needs --record") }
            comparison = BatchComparison(referenceFolder: folder, record: record, tolerance: options.tolerance, allowedShare: options.allowedShare,
                                         reportFolder: report, prune: arguments.isGiven(Self.prune), shard: shard)
        } else {
            // A setting of the comparison without one would pass a run that compared nothing.
            let settings = [Self.record, Self.prune, Self.failOnStale, Self.allowEmpty].map(\.parameter)
                + [ComparisonOptions.tolerance.parameter, ComparisonOptions.allow.parameter, Self.report.parameter]
            for setting in settings where !arguments.given(setting).isEmpty {
                throw UsageError("--\(setting.name) needs --compare DIR: without it nothing is compared")
            }
            comparison = nil
        }
    }

    func run() throws {
        if let capNote { complain(capNote) }
        // A golden-test run of no jobs is not a bad manifest: it fails as one that compared nothing.
        let manifest = try BatchManifest.load(self.manifest, allowingNoJobs: comparison != nil)
        if let problems = comparison?.problems(with: manifest), !problems.isEmpty { throw DiagnosticList(problems) }
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
        guard let comparison else {
            if !summary.failures.isEmpty { throw ExitStatus(1) }
            return
        }
        let status = try finish(comparison, summary, manifest)
        if status != 0 { throw ExitStatus(status) }
    }

    /// Ends a run with --compare: the stale references on standard output, the report, the
    /// rendering stack's warning and the verdict; returns the exit status (see the help).
    private func finish(_ comparison: BatchComparison, _ summary: BatchSummary, _ manifest: BatchManifest) throws -> Int32 {
        let outcome = try comparison.finish(summary, manifest: manifest, failOnStale: failOnStale)
        for name in outcome.stale { say("stale: \(TerminalText.escaped(name))") }
        for name in outcome.pruned { say("pruned: \(TerminalText.escaped(name))") }
        if let warning = outcome.stackWarning { printWarnings([warning]) }
        let folder = TerminalText.escaped(comparison.referenceFolder)
        var status: Int32 = 0
        if comparison.record {
            complain("batch: \(counted(outcome.recorded, "reference")) recorded in \(folder)" + (outcome.pruned.isEmpty ? "" : ", \(outcome.pruned.count) stale removed"))
        } else {
            let differing = summary.differing, failed = summary.failures.count - differing
            complain("batch: \(outcome.compared) compared with \(folder), \(differing) \(differing == 1 ? "differs" : "differ")"
                + (failed > 0 ? ", \(failed) failed" : "") + "; report: \(TerminalText.escaped(outcome.index))")
        }
        // Jobs that ran and were not compared failed already, each with its reason.
        if summary.total == 0 && !allowEmpty {
            complain("batch: nothing \(comparison.record ? "recorded" : "compared") (no job in this run): a run that checks nothing fails; pass --allow-empty when that is expected")
            status = 1
        }
        if failOnStale && !outcome.stale.isEmpty {
            complain("batch: \(counted(outcome.stale.count, "stale reference")) in \(folder) (--fail-on-stale)")
            status = 1
        }
        if summary.failures.contains(where: \.differs) { status = max(status, 1) }
        if summary.failures.contains(where: { !$0.differs }) { status = 2 }
        return status
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
