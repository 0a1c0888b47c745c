import KeyboardCompare
import RenderKeyboardKit
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// The part of a manifest one run does (`--shard K/N`): the jobs whose 0-based index `i` has
/// `i mod N = K − 1`. Invariant: `1 ≤ k ≤ n`.
public struct BatchShard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based shard number.
    public let k: Int
    /// Number of shards.
    public let n: Int

    /// Nil unless `1 ≤ k ≤ n`.
    public init?(k: Int, n: Int) {
        guard n >= 1, k >= 1, k <= n else { return nil }
        self.k = k
        self.n = n
    }

    /// Reads `K/N`; nil for anything else or when not `1 ≤ K ≤ N`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(k: k, n: n)
    }

    /// Whether the job at 0-based `index` belongs to this shard.
    public func contains(_ index: Int) -> Bool {
        index >= 0 && index % n == k - 1
    }

    public var description: String { "\(k)/\(n)" }
}

/// How far a run has got; handed to the progress callback after every finished job.
public struct BatchProgress: Sendable, Hashable {
    /// Jobs finished, failed ones included.
    public var done: Int
    /// Jobs that failed so far.
    public var failed: Int
    /// Jobs this run does (after sharding).
    public var total: Int
    /// Since the run started, seconds.
    public var elapsed: Double

    /// The speed of a run as progress and summary lines show it: `41.2 images/s`, or
    /// `12 s/image` below 0.1 images a second, so it never reads `0.0`; nil when no image has
    /// been written yet (or no time has passed), and the lines leave the speed out.
    static func rate(written: Int, seconds: Double) -> String? {
        guard written > 0, seconds > 0 else { return nil }
        let perSecond = Double(written) / seconds
        if perSecond >= 0.1 { return String(format: "%.1f images/s", perSecond) }
        return String(format: "%.0f s/image", seconds / Double(written))
    }
}

/// A job that wrote nothing, and why.
public struct BatchFailure: Sendable, Hashable {
    /// The job's 0-based index in the manifest.
    public var index: Int
    /// The output as the manifest writes it.
    public var output: String
    /// One line per problem (`FILE: field.path: reason`).
    public var messages: [String]
    /// True when the job was drawn and compared and differs from its reference
    /// (`BatchComparison.Mismatch`); false when it failed for any other reason (its input,
    /// its reference or an output could not be read or written).
    public var differs = false
    /// True when the job's output was written before the job failed (it differs from its
    /// reference, or the reference could not be read or recorded).
    public var written = false
}

/// What a run did.
public struct BatchSummary: Sendable {
    /// Jobs this run did (after sharding).
    public var total: Int
    /// The failed jobs with their errors, in job order.
    public var failures: [BatchFailure]
    /// Decoding warnings of every job, each once, in order of first appearance.
    public var warnings: [Diagnostic]
    /// Wall-clock time of the run, seconds.
    public var seconds: Double

    /// Jobs that did all they were asked: written, and matching their references when compared.
    public var succeeded: Int { total - failures.count }

    /// Jobs whose output was written, those that then differ from their reference included.
    public var written: Int { total - failures.filter { !$0.written }.count }

    /// Jobs that were drawn and compared and differ from their references; the other failures
    /// (`failures.count - differing`) could not be drawn, written or compared.
    public var differing: Int { failures.filter(\.differs).count }

    /// The closing lines: what ran — the jobs written (`7 jobs written`, or `5 of 7 jobs
    /// written` when some were not), then those that differ from their references and those
    /// that failed otherwise — with the speed, then each such job (index, output, error).
    public var report: String {
        let rate = BatchProgress.rate(written: written, seconds: seconds).map { " (\($0))" } ?? ""
        let failed = failures.count - differing
        var outcome: [String] = []
        if differing > 0 { outcome.append("\(differing) \(differing == 1 ? "differs" : "differ") from \(differing == 1 ? "its reference" : "their references")") }
        if failed > 0 { outcome.append("\(failed) failed") }
        let count = written == total ? counted(total, "job") : "\(written) of \(counted(total, "job"))"
        var lines = ["batch: \(count) written in \(String(format: "%.2f", seconds)) s\(rate)"
            + (outcome.isEmpty ? "" : "; " + outcome.joined(separator: ", ") + ":")]
        for failure in failures {
            let first = failure.messages.first ?? "failed"
            lines.append("  jobs[\(failure.index)] \(Diagnostic.clip(failure.output)): \(first)")
            for more in failure.messages.dropFirst() { lines.append("      \(more)") }
        }
        return lines.joined(separator: "\n")
    }
}

/// Runs the jobs of a manifest on a pool of worker threads, one `Renderer` per worker.
///
/// A failing job does not stop the others; every output is written with
/// `FileAccess.writeAtomically`, so a failure never leaves a partial file.
public struct BatchRunner: Sendable {
    /// Worker threads, ≥ 1.
    public var workers: Int
    /// When set, only this shard's jobs run.
    public var shard: BatchShard?
    /// When set, each written output is also compared with (or recorded as) its reference.
    public var comparison: BatchComparison?

    /// Largest accepted number of workers (`Limits.maxWorkers`).
    public static var maxWorkers: Int { Limits.maxWorkers }

    /// - Parameters:
    ///   - workers: clamped to 1…`maxWorkers`; default the number of active cores.
    ///   - shard: when set, only the jobs of this shard run; nil runs every job.
    public init(workers: Int = ProcessInfo.processInfo.activeProcessorCount, shard: BatchShard? = nil) {
        self.workers = min(max(workers, 1), Self.maxWorkers)
        self.shard = shard
    }

    /// The jobs of `manifest` this run does: those of its shard, in manifest order.
    public func jobs(of manifest: BatchManifest) -> [BatchJob] {
        manifest.jobs.filter { shard?.contains($0.index) ?? true }
    }

    /// Renders and writes every job of `manifest` in this run's shard.
    ///
    /// - Parameters:
    ///   - manifest: the jobs, with paths already resolved against the manifest's folder.
    ///   - progress: called after each finished job, one call at a time, from a worker thread.
    /// - Throws: only when a renderer cannot be set up (missing fonts); job failures are in
    ///   the summary.
    public func run(_ manifest: BatchManifest, progress: (@Sendable (BatchProgress) -> Void)? = nil) throws -> BatchSummary {
        let jobs = self.jobs(of: manifest)
        let state = RunState(total: jobs.count, progress: progress)
        let start = DispatchTime.now()
        try WorkerPool.run(count: jobs.count, workers: workers) { renderer, i in
            let job = jobs[i]
            var written = false
            do {
                if let compose = job.compose {
                    if comparison != nil { throw Diagnostic(file: job.outputAsWritten, path: "", reason: "a compose job is not compared: --compare compares keyboard images; run compose jobs in a manifest of their own") }
                    state.finish(failure: nil, warnings: try compose.write(with: renderer).warnings, start: start)
                    return
                }
                let rendered = try job.request.render(with: renderer)
                try rendered.write(to: job.output)
                written = true
                try comparison?.check(job, rendered, manifestFolder: FilePath.folder(of: manifest.file))
                state.finish(failure: nil, warnings: rendered.warnings, start: start)
            } catch {
                let messages: [String]
                let differs = error is BatchComparison.Mismatch
                if let composed = job.composeMessages(for: error, in: manifest.file) {
                    messages = composed
                } else if let error = error as? RequestError {
                    messages = [job.locate(error, in: manifest.file).description]
                } else if let mismatch = error as? BatchComparison.Mismatch {
                    messages = [mismatch.description]
                } else {
                    messages = Validator.diagnostics(of: error, file: job.output).map(\.description)
                }
                state.finish(failure: BatchFailure(index: job.index, output: job.outputAsWritten, messages: messages, differs: differs, written: written), warnings: [], start: start)
            }
        }
        let (failures, warnings) = state.results()
        return BatchSummary(total: jobs.count, failures: failures.sorted { $0.index < $1.index }, warnings: warnings, seconds: Self.seconds(since: start))
    }

    static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    /// Results shared by the workers, behind a lock.
    private final class RunState: Sendable {
        private struct Tally {
            var done = 0
            var failures: [BatchFailure] = []
            var warnings: [Diagnostic] = []
            var seenWarnings = Set<Diagnostic>()
        }

        private let total: Int
        private let progress: (@Sendable (BatchProgress) -> Void)?
        private let tally = Locked(Tally())

        init(total: Int, progress: (@Sendable (BatchProgress) -> Void)?) {
            self.total = total
            self.progress = progress
        }

        func finish(failure: BatchFailure?, warnings new: [Diagnostic], start: DispatchTime) {
            tally.withLock { tally in
                tally.done += 1
                if let failure { tally.failures.append(failure) }
                for warning in new where tally.seenWarnings.insert(warning).inserted { tally.warnings.append(warning) }
                progress?(BatchProgress(done: tally.done, failed: tally.failures.count, total: total, elapsed: BatchRunner.seconds(since: start)))
            }
        }

        func results() -> ([BatchFailure], [Diagnostic]) {
            tally.withLock { ($0.failures, $0.warnings) }
        }
    }
}


/// When a run's progress is shown, and how it reads, with no terminal codes (the command line
/// draws it): a live bar at most every 0.1 s and at the end, or else plain lines about every
/// tenth of the run (and at least every 5 s).
package final class BatchProgressPacer: Sendable {
    private let live: Bool
    private let show: @Sendable (_ text: String, _ final: Bool) -> Void
    /// When the last line was shown (seconds into the run) and how many jobs it showed.
    private let last = Locked((printed: -1.0, done: 0))

    /// - Parameters:
    ///   - live: pace and word it as a bar redrawn in place (for a terminal).
    ///   - show: receives each text to show (`bar` or `line`), and whether it is the last.
    package init(live: Bool, show: @escaping @Sendable (_ text: String, _ final: Bool) -> Void) {
        self.live = live
        self.show = show
    }

    /// Shows `progress` when it is time to: as the bar when live, a line otherwise.
    package func update(_ progress: BatchProgress) {
        last.withLock { last in
            let final = progress.done == progress.total
            if live {
                guard final || progress.elapsed - last.printed >= 0.1 else { return }
                last.printed = progress.elapsed
                show(Self.bar(progress), final)
            } else {
                let step = max(1, progress.total / 10)
                guard final || progress.done / step > last.done / step || progress.elapsed - last.printed >= 5 else { return }
                last.printed = progress.elapsed
                last.done = progress.done
                show(Self.line(progress), final)
            }
        }
    }

    /// `[#######-------------]  35/100  1 failed  41.2 images/s`
    package static func bar(_ p: BatchProgress) -> String {
        let width = 24
        let filled = p.total > 0 ? min(width, p.done * width / p.total) : width
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
            + line(p).replacingOccurrences(of: "batch: ", with: "")
    }

    /// `batch: 35/100 done, 1 failed, 41.2 images/s` (the speed left out until an image is
    /// written, see `BatchProgress.rate`).
    package static func line(_ p: BatchProgress) -> String {
        let rate = BatchProgress.rate(written: p.done - p.failed, seconds: p.elapsed).map { ", " + $0 } ?? ""
        return "batch: \(p.done)/\(p.total) done" + (p.failed > 0 ? ", \(p.failed) failed" : "") + rate
    }
}
