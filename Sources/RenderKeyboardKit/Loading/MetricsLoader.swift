import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// Finds and decodes metrics tables (docs/ios-keyboard.md) by built-in name or by path.
package enum MetricsLoader {
    /// Loads `reference`, a built-in table's name or a CSV path (`Reference`'s rule), relative
    /// to `folder` (nil: the working folder).
    ///
    /// - Throws: `Reference.NotFound` for a name that is neither a built-in nor a file; a
    ///   `Diagnostic` for a file that cannot be read; `DiagnosticList` with every problem of
    ///   the table, each naming its line and column.
    package static func load(_ reference: String, relativeTo folder: String? = nil) throws -> MetricsTable {
        let (bytes, path, display) = try read(reference, relativeTo: folder)
        return try MetricsTableDecoder.decode(bytes, name: FilePath.stem(path), file: display)
    }

    /// What the layout `file` in `folder` reads its `metrics:` with: `load`, with a table
    /// that cannot be found or read reported at the layout's `metrics` field. A table file
    /// beside the layout is named in messages as the layout is (`sub/t.csv` for `sub/l.yaml`);
    /// a table named by path must really lie in the layout's folder, as a theme's images must
    /// lie in the theme's (a built-in table is named by its name).
    static func loader(for file: String, in folder: String) -> LayoutDecoder.MetricsTableLoader {
        return { reference in
            let (bytes, path, display): ([UInt8], String, String)
            do {
                (bytes, path, display) = try read(reference, relativeTo: folder, confined: Reference.isPath(reference))
            } catch let notFound as Reference.NotFound {
                throw notFound.located(in: file, at: "metrics")
            } catch let problem as Diagnostic {
                throw Diagnostic(file: file, path: "metrics", reason: "\(Diagnostic.quote(reference)): \(problem.reason)")
            }
            let beside = file.contains("/") ? String(file[..<file.lastIndex(of: "/")!]) + "/" + reference : reference
            let shown = display == path && !reference.hasPrefix("/") ? FilePath.standardized(beside) : display
            return try MetricsTableDecoder.decode(bytes, name: FilePath.stem(path), file: shown)
        }
    }

    private static func read(_ reference: String, relativeTo folder: String?, confined: Bool = false) throws -> (bytes: [UInt8], path: String, display: String) {
        let (path, display) = try Reference.locate(reference, kind: .metrics, relativeTo: folder)
        return (try FileAccess.read(path, displayName: display, confinedTo: confined ? (folder ?? ".") : nil), path, display)
    }
}
