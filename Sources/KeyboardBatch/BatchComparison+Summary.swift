import KeyboardCompare
import RenderKeyboardKit
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

extension BatchComparison {
    /// The Markdown job summary (`summary.md`): a heading with the shard and the counts, a
    /// table of the failing jobs, then the stale references and the rendering stack's warning.
    /// Every name and message an input may have chosen is a code span (`MarkdownText.code`);
    /// the rest is the tool's own words and numbers.
    func markdown(_ summary: BatchSummary, outcome: Outcome, failures: [ComparisonReport.Failure], failOnStale: Bool) -> String {
        var text = "### Keyboard golden tests" + (shard.map { ", shard \($0)" } ?? "") + ": "
        let failed = summary.failures.count
        if record {
            text += "\(counted(outcome.recorded, "reference")) recorded in \(MarkdownText.code(referenceFolder))"
                + (failed > 0 ? "; \(failed) of \(summary.total) jobs failed" : "") + "\n"
        } else if failed > 0 {
            let differing = summary.differing
            var parts: [String] = []
            if differing > 0 { parts.append("\(differing) of \(summary.total) jobs \(differing == 1 ? "differs" : "differ") from \(differing == 1 ? "its reference" : "their references")") }
            if failed > differing { parts.append("\(failed - differing) of \(summary.total) jobs failed") }
            text += parts.joined(separator: ", ") + "\n"
        } else if summary.total == 0 {
            text += "nothing compared (no job in this run)\n"
        } else {
            text += "all \(summary.total) jobs match\n"
        }
        if failed > 0 {
            text += failureTable(summary, failures: failures)
            text += "\nThe images of each failure and `index.html` are in the report folder, \(MarkdownText.code(reportFolder)).\n"
        }
        if !outcome.stale.isEmpty {
            text += "\n**Stale references**: \(counted(outcome.stale.count, "file")) under \(MarkdownText.code(referenceFolder)) that no job names"
                + (failOnStale ? "; they fail the run (`--fail-on-stale`)" : " (`--record --prune` removes them)") + ":\n\n"
            text += outcome.stale.map { "- \(MarkdownText.code($0))\n" }.joined()
        }
        if !outcome.pruned.isEmpty {
            text += "\n**Stale references removed**:\n\n" + outcome.pruned.map { "- \(MarkdownText.code($0))\n" }.joined()
        }
        if let warning = outcome.stackWarning {
            text += "\n**Rendering stack**: \(MarkdownText.code(warning.description))\n"
        }
        return text
    }

    /// The table of the failing jobs: a comparison's own verdict as it reads, any other
    /// failure's message (which names files) as code.
    private func failureTable(_ summary: BatchSummary, failures: [ComparisonReport.Failure]) -> String {
        let bySource = Dictionary(failures.map { ($0.source ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        var text = "\n| job | output | result | report |\n|---|---|---|---|\n"
        for failure in summary.failures {
            let compared = bySource["jobs[\(failure.index)] \(failure.output)"]
            let report = compared?.files.first.map { MarkdownText.code($0.file) } ?? ""
            let result = compared.map { $0.summary } ?? MarkdownText.code(failure.messages.first ?? "failed")
            text += "| jobs[\(failure.index)] | \(MarkdownText.code(failure.output)) | \(result) | \(report) |\n"
        }
        return text
    }

    /// `3 references`, `1 file`.
    private func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
