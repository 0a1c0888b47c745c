import RenderKeyboardKit
import KeyboardFormats
import KeyboardModel

extension BatchComparison {
    /// Why this comparison cannot run with `manifest`, before any job is drawn; empty when it
    /// can.
    ///
    /// - The references folder is never an output folder: a job whose output lies in it
    ///   (symlinks followed, as `BatchManifest.canonicalOutput` resolves them), in any shard,
    ///   would overwrite a reference with the image it is compared with (`--compare .`
    ///   passes every job, having compared each output with itself). One problem per job.
    /// - When comparing (not recording) with jobs in this run's shard, the references folder
    ///   must exist and be a folder: with none, every job would fail for want of a reference.
    ///   (A run of no jobs compares nothing, which fails it on its own.)
    public func problems(with manifest: BatchManifest) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let base = BatchManifest.canonicalOutput(referenceFolder)
        let prefix = base == "/" ? "/" : base + "/"
        for job in manifest.jobs {
            let output = BatchManifest.canonicalOutput(job.output)
            guard output == base || output.hasPrefix(prefix) else { continue }
            problems.append(Diagnostic(
                origin: .manifestJob(file: manifest.file, index: job.index, field: "output"),
                reason: "\(Diagnostic.quote(job.outputAsWritten)) lies in the references folder \(Diagnostic.quote(referenceFolder)), where writing it would replace a reference with the image it is compared with; write the outputs to another folder"))
            if problems.count == Limits.maxDiagnostics { break }
        }
        if !record && manifest.jobs.contains(where: { shard?.contains($0.index) ?? true }) {
            if !FileSystemQueries.exists(referenceFolder) {
                problems.append(Diagnostic(file: referenceFolder, path: "", reason: "no such folder, so there is no reference to compare with; write the references first with --record"))
            } else if !FileSystemQueries.isDirectory(referenceFolder) {
                problems.append(Diagnostic(file: referenceFolder, path: "", reason: "is not a folder; the references are the files of a folder"))
            }
        }
        return problems
    }
}
