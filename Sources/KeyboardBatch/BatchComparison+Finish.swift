import KeyboardCompare
import RenderKeyboardKit
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine

extension BatchComparison {
    /// What a run of `batch --compare` found besides its jobs, and where its report is.
    public struct Outcome: Sendable {
        /// Jobs recorded (with `record`) or compared.
        public var recorded: Int
        /// Jobs compared with their references.
        public var compared: Int
        /// Reference files no job of the whole manifest names (every shard), relative to the
        /// reference folder, sorted.
        public var stale: [String]
        /// The stale references removed (`prune` with `record`).
        public var pruned: [String]
        /// Why pixels may have moved for another reason than the code: what differs from the
        /// references' `RENDERING-STACK.txt`, or that there is none; nil when it agrees, and
        /// when recording.
        public var stackWarning: Diagnostic?
        /// The report's `index.html`.
        public var index: String
    }

    /// Ends the run: records or checks the rendering stack, finds the stale references (and
    /// removes them with `prune` when recording), writes `index.html` and `summary.md`, and
    /// removes the report files an earlier run left that this one did not write.
    ///
    /// - Parameters:
    ///   - summary: the run's jobs.
    ///   - manifest: the whole manifest, every shard, whose outputs name the references.
    ///   - failOnStale: whether stale references fail the run (the summary says so).
    /// - Throws: `Diagnostic` when `RENDERING-STACK.txt` or a report file cannot be written.
    public func finish(_ summary: BatchSummary, manifest: BatchManifest, failOnStale: Bool = false) throws -> Outcome {
        let counts = self.counts
        var outcome = Outcome(recorded: counts.recorded, compared: counts.compared, stale: [], pruned: [], stackWarning: nil,
                              index: report.file("index.html"))
        let folder = FilePath.folder(of: manifest.file)
        let named = Set(manifest.jobs.compactMap { try? referencePath(of: $0, manifestFolder: folder).relative })
        outcome.stale = StaleReferences.find(in: referenceFolder, named: named)
        if record && prune {
            outcome.pruned = outcome.stale.filter { StaleReferences.remove($0, in: referenceFolder) }
            outcome.stale.removeAll { outcome.pruned.contains($0) }
        }
        if record && counts.recorded > 0 {
            try recordStack(manifestFolder: folder)
        } else if !record && counts.compared > 0 {
            outcome.stackWarning = try checkStack(manifestFolder: folder)
        }
        let failures = state.withLock { $0.failures.sorted { $0.index < $1.index } }
        var pageFailures = failures.map(\.failure)
        // Jobs that failed before comparing (a bad layout, a missing reference) are listed too.
        let compared = Set(failures.map(\.index))
        for failure in summary.failures where !compared.contains(failure.index) {
            pageFailures.append(ComparisonReport.Failure(name: failure.output, source: "jobs[\(failure.index)] \(failure.output)",
                                                         summary: failure.messages.joined(separator: "\n"), differingPixels: nil, files: []))
        }
        var notes: [ComparisonReport.Note] = []
        if !outcome.stale.isEmpty { notes.append(.init(heading: "Stale references (no job names them)", items: outcome.stale)) }
        if !outcome.pruned.isEmpty { notes.append(.init(heading: "Stale references removed", items: outcome.pruned)) }
        if let warning = outcome.stackWarning { notes.append(.init(heading: "Rendering stack", items: [warning.reason])) }
        let markdown = self.markdown(summary, outcome: outcome, failures: failures.map(\.failure), failOnStale: failOnStale)
        try report.write(Array(ComparisonReport.html(pageFailures, sourceLabel: "job", notes: notes).utf8), named: "index.html")
        try report.write(Array(markdown.utf8), named: "summary.md")
        try report.finish()
        return outcome
    }

    /// The name a drawn font file has in `RENDERING-STACK.txt`: a theme's file by the path
    /// its theme names (relative to the manifest's folder when inside it), a pinned font by
    /// its own path.
    private func fontName(_ path: String, manifestFolder: String) -> String {
        guard let origin = CheckedFontCopies.origin(ofCopy: path) else { return path }
        let absolute = FilePath.absolute(origin)
        let prefix = manifestFolder == "/" ? "/" : manifestFolder + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }

    private func currentStack(manifestFolder: String) throws -> RenderingStack {
        let fonts = state.withLock { $0.fonts }.sorted().map { (name: fontName($0, manifestFolder: manifestFolder), path: $0) }
        return try RenderingStack.current(fonts: fonts)
    }

    private var stackFile: String { FilePath.joined(referenceFolder, RenderingStack.fileName) }

    /// Writes the stack of this run; a shard keeps the fonts the file lists that it did not draw.
    private func recordStack(manifestFolder: String) throws {
        var stack = try currentStack(manifestFolder: manifestFolder)
        if shard != nil, let bytes = try? FileAccess.read(stackFile, confinedTo: referenceFolder) {
            stack = stack.keepingFonts(of: RenderingStack(parsing: String(decoding: bytes, as: UTF8.self)))
        }
        try confineForWriting(stackFile)
        try FileAccess.writeAtomically(Array(stack.text.utf8), to: stackFile)
    }

    /// The warning for a stack that differs from the recorded one, or for no record.
    private func checkStack(manifestFolder: String) throws -> Diagnostic? {
        guard FileSystemQueries.exists(stackFile) || FileSystemQueries.linkTarget(stackFile) != nil else {
            return Diagnostic(file: referenceFolder, path: "", reason: "no \(RenderingStack.fileName), so a change of the libraries or fonts cannot be told from a change of the keyboards (--record writes it)")
        }
        let recorded: RenderingStack
        do {
            recorded = RenderingStack(parsing: String(decoding: try FileAccess.read(stackFile, confinedTo: referenceFolder), as: UTF8.self))
        } catch let problem as Diagnostic {
            return problem
        }
        let changes = try currentStack(manifestFolder: manifestFolder).changes(since: recorded)
        guard !changes.isEmpty else { return nil }
        return Diagnostic(file: stackFile, path: "", reason: "rendering stack differs: " + changes.joined(separator: "; "))
    }
}
