import KeyboardCompare
import RenderKeyboardKit
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine

/// Golden tests for a batch (`batch MANIFEST --compare DIR`): each job's output is compared
/// with the reference of the same relative name under `referenceFolder`, or, when
/// `record` is set, written there as the new reference.
///
/// - The relative name is the output's path relative to the manifest's folder; an output
///   outside that folder cannot be compared and fails its job.
/// - PNGs are compared with `PixelComparison` (`tolerance`, `allowedShare`); SVG and PDF byte
///   for byte. Every file a render can write is read (`Limits.maxRenderedFileSize`).
/// - A reference is read only when the file really lies in `referenceFolder` (symlinks are
///   followed and checked); recording refuses a target or a folder reached through a
///   symlink that leaves it, and replaces an existing reference.
/// - Each differing job writes `NAME.diff.png` (the triptych), `NAME.reference.png` and
///   `NAME.candidate.png` (or `.svg`/`.pdf` copies) into `reportFolder`, an `OwnedFolder`
///   (its list is `.render-keyboard-report`); `finish` then writes `index.html` (the
///   `ComparisonReport` page) and `summary.md` (a Markdown summary for CI job summaries),
///   lists the stale references, and writes or checks `RENDERING-STACK.txt`.
///
/// Shared by the batch's worker threads; thread-safe.
public final class BatchComparison: Sendable {
    /// The folder of references.
    public let referenceFolder: String
    /// Write references instead of comparing.
    public let record: Bool
    /// ΔE₀₀ still treated as equal (see `PixelComparison`).
    public let tolerance: Double
    /// Share of pixels, 0…1, that may differ.
    public let allowedShare: Double
    /// Where failures' images, `index.html` and `summary.md` go.
    public let reportFolder: String
    /// With `record`: remove the stale references (`StaleReferences`).
    public let prune: Bool
    /// The shard this run does, named in the summary's heading; nil for the whole manifest.
    public let shard: BatchShard?

    /// The report folder's list of the files the tool wrote there.
    public static let reportListFile = ".render-keyboard-report"

    let report: OwnedFolder

    struct State {
        var failures: [(index: Int, failure: ComparisonReport.Failure)] = []
        var names = Set<String>()
        var recorded = 0
        var compared = 0
        /// Every font file drawn, as the renderer read it.
        var fonts = Set<String>()
    }
    let state = Locked(State())

    /// A comparison setting; nothing is touched until jobs run.
    public init(referenceFolder: String, record: Bool, tolerance: Double = 0, allowedShare: Double = 0, reportFolder: String,
                prune: Bool = false, shard: BatchShard? = nil) {
        self.referenceFolder = referenceFolder
        self.record = record
        self.tolerance = tolerance
        self.allowedShare = allowedShare
        self.reportFolder = reportFolder
        self.prune = prune
        self.shard = shard
        report = OwnedFolder(reportFolder, listName: Self.reportListFile, isOwnName: Self.isReportFile)
    }

    /// Why `report` cannot be the report folder of the references in `references`: it is
    /// that folder or lies inside it (symlinks followed), where its images would be taken for
    /// references; nil when it may be.
    public static func reportFolderProblem(report: String, references: String) -> String? {
        let folder = BatchManifest.canonicalOutput(report), base = BatchManifest.canonicalOutput(references)
        guard folder == base || folder.hasPrefix(base == "/" ? "/" : base + "/") else { return nil }
        return "\(Diagnostic.quote(report)) is the reference folder or lies inside it, where its images would be taken for references"
    }

    /// A job's output differs from its reference; its report files are written.
    public struct Mismatch: Error, CustomStringConvertible {
        /// The reference, the verdict and the report file.
        let problem: Diagnostic
        /// `REFERENCE: N pixels differ (P %), largest ΔE X; report: FILE`, names written by
        /// the one rule of messages (`Diagnostic`).
        public var description: String { problem.description }

        init(reference: String, summary: String, report: String) {
            problem = Diagnostic(file: reference, path: "", reason: "\(summary); report: \(report)")
        }
    }

    /// Jobs recorded and jobs compared so far.
    public var counts: (recorded: Int, compared: Int) { state.withLock { ($0.recorded, $0.compared) } }

    /// The reference path of `job`: its output relative to `manifestFolder`, under
    /// `referenceFolder`.
    ///
    /// - Throws: `Diagnostic` naming the output when it lies outside `manifestFolder`.
    public func referencePath(of job: BatchJob, manifestFolder: String) throws -> (relative: String, path: String) {
        let output = FilePath.absolute(job.output)
        let base = FilePath.absolute(manifestFolder)
        let prefix = base == "/" ? "/" : base + "/"
        guard output.hasPrefix(prefix) else {
            throw Diagnostic(file: job.outputAsWritten, path: "", reason: "lies outside the manifest's folder, so it has no reference name under \(referenceFolder)")
        }
        let relative = String(output.dropFirst(prefix.count))
        return (relative, FilePath.joined(referenceFolder, relative))
    }

    /// Records or compares one rendered job.
    ///
    /// - Throws: `Mismatch` when it differs; `Diagnostic` when the reference is missing,
    ///   unreadable, outside `referenceFolder`, or cannot be written, or a report file cannot
    ///   be written.
    public func check(_ job: BatchJob, _ rendered: RenderedKeyboard, manifestFolder: String) throws {
        let (relative, path) = try referencePath(of: job, manifestFolder: manifestFolder)
        state.withLock { $0.fonts.formUnion(rendered.fontFiles.isEmpty ? DrawingLibraries.fontFiles(drawing: rendered.scene) : rendered.fontFiles) }
        if record {
            try confineForWriting(path)
            try FileAccess.writeAtomically(rendered.bytes, to: path)
            state.withLock { $0.recorded += 1 }
            return
        }
        guard FileSystemQueries.exists(path) || FileSystemQueries.linkTarget(path) != nil else {
            throw Diagnostic(file: path, path: "", reason: "no reference; record it with --record")
        }
        let reference = try PixelComparison.readRendered(path, confinedTo: referenceFolder)
        let referenceImage = rendered.format == .png ? try PixelComparison.decodePNG(reference, file: path) : nil
        state.withLock { $0.compared += 1 }
        guard let referenceImage else {
            guard reference != rendered.bytes else { return }
            let ext = FilePath.pathExtension(relative)
            let name = reserveName(relative, index: job.index)
            let files = [("reference", "\(name).reference.\(ext)", reference), ("candidate", "\(name).candidate.\(ext)", rendered.bytes)]
            try writeFiles(files)
            let first = zip(reference, rendered.bytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(reference.count, rendered.bytes.count)
            let summary = "the bytes differ from byte \(first) on (reference \(reference.count) bytes, candidate \(rendered.bytes.count))"
            add(job, name: name, summary: summary, differing: nil, files: files.map { ($0.0, $0.1) })
            throw Mismatch(reference: path, summary: summary, report: report.file(files[0].1))
        }
        let candidateImage = try PixelComparison.decodePNG(rendered.bytes, file: job.outputAsWritten)
        let result = PixelComparison.compare(expected: referenceImage, actual: candidateImage, tolerance: tolerance, allowedShare: allowedShare)
        guard !result.matches else { return }
        let name = reserveName(relative, index: job.index)
        let triptych = PixelComparison.differenceImage(expected: referenceImage, actual: candidateImage, tolerance: tolerance)
        let files: [(String, String, [UInt8])] = [
            (ComparisonReport.triptychCaption, "\(name).diff.png", try PNGCodec.encode(triptych)),
            ("reference", "\(name).reference.png", reference),
            ("candidate", "\(name).candidate.png", rendered.bytes),
        ]
        try writeFiles(files)
        add(job, name: name, summary: result.summary, differing: result.differingPixels, files: files.map { ($0.0, $0.1) })
        throw Mismatch(reference: path, summary: result.summary, report: report.file(files[0].1))
    }

    // MARK: - Private

    /// Whether `name` has the shape of a file the report folder gets: `index.html`,
    /// `summary.md`, or a failure's `STEM.diff.png`, `STEM.reference.EXT`,
    /// `STEM.candidate.EXT` (a stem of letters, digits, `.`, `-` and `_`, as `reserveName`
    /// makes them).
    static func isReportFile(_ name: String) -> Bool {
        if name == "index.html" || name == "summary.md" { return true }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
        guard name.allSatisfy(allowed.contains) else { return false }
        let suffixes = ["diff.png"] + OutputFormat.allCases.flatMap { ["reference.\($0.rawValue)", "candidate.\($0.rawValue)"] }
        return suffixes.contains { name.hasSuffix("." + $0) && name.count > $0.count + 1 }
    }

    private func add(_ job: BatchJob, name: String, summary: String, differing: Int?, files: [(String, String)]) {
        let failure = ComparisonReport.Failure(name: name, source: "jobs[\(job.index)] \(job.outputAsWritten)", summary: summary,
                                               differingPixels: differing, files: files.map { (caption: $0.0, file: $0.1) })
        state.withLock { $0.failures.append((job.index, failure)) }
    }

    /// A file-name stem for `relative` that no other failure of the run has: letters,
    /// digits, `.`, `-` and `_` kept, anything else `-`, the extension dropped.
    private func reserveName(_ relative: String, index: Int) -> String {
        let ext = FilePath.pathExtension(relative)
        let stem = ext.isEmpty ? relative : String(relative.dropLast(ext.count + 1))
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
        var safe = String(stem.map { allowed.contains($0) ? $0 : "-" }).trimmingCharacters(in: CharacterSet(charactersIn: ".-"))
        if safe.isEmpty { safe = "job" }
        safe = String(safe.prefix(200))
        return state.withLock { state in
            var name = safe
            if state.names.contains(name) { name = "\(safe)-jobs\(index)" }
            state.names.insert(name)
            return name
        }
    }

    private func writeFiles(_ files: [(String, String, [UInt8])]) throws {
        for (_, file, bytes) in files {
            try report.write(bytes, named: file)
        }
    }

    /// Refuses to record at `path` when the file, or the deepest folder of it that exists,
    /// really lies outside `referenceFolder` (a symlink leading out).
    func confineForWriting(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: referenceFolder, withIntermediateDirectories: true)
        guard let base = FileAccess.realPath(referenceFolder) else {
            throw Diagnostic(file: referenceFolder, path: "", reason: "cannot read the reference folder")
        }
        let prefix = base == "/" ? "/" : base + "/"
        var existing = path
        while FileAccess.realPath(existing) == nil && FileSystemQueries.linkTarget(existing) == nil && existing != "/" {
            existing = FilePath.folder(of: existing)
        }
        if FileSystemQueries.linkTarget(existing) != nil && FileAccess.realPath(existing) == nil {
            throw Diagnostic(file: path, path: "", reason: "is a symlink to nothing; references are written only inside \(referenceFolder)")
        }
        guard let real = FileAccess.realPath(existing), real == base || real.hasPrefix(prefix) else {
            throw Diagnostic(file: path, path: "", reason: "leaves the reference folder through a symlink; references are written only inside \(referenceFolder)")
        }
    }
}
