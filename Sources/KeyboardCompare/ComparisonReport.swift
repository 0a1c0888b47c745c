import RenderKeyboardKit

/// The `index.html` page that lists failed image comparisons with their files, shared by the
/// snapshot library's failures folder and `render-keyboard batch --compare`.
///
/// File names are relative to the page's folder. The triptych (`*.diff.png`) is shown inline;
/// the other files are linked.
public enum ComparisonReport {
    /// One failed comparison as the page lists it.
    public struct Failure: Sendable, Equatable {
        /// The case's name, unique within the page.
        public var name: String
        /// The test or job the failure belongs to, when known.
        public var source: String?
        /// One-paragraph explanation, as in the failure message.
        public var summary: String
        /// Differing pixels, nil for byte comparisons.
        public var differingPixels: Int?
        /// File names inside the page's folder, in display order, each with a caption.
        public var files: [(caption: String, file: String)]

        /// A failure as the page lists it.
        public init(name: String, source: String?, summary: String, differingPixels: Int?, files: [(caption: String, file: String)]) {
            self.name = name
            self.source = source
            self.summary = summary
            self.differingPixels = differingPixels
            self.files = files
        }

        public static func == (a: Failure, b: Failure) -> Bool {
            a.name == b.name && a.source == b.source && a.summary == b.summary && a.differingPixels == b.differingPixels
                && a.files.map(\.caption) == b.files.map(\.caption) && a.files.map(\.file) == b.files.map(\.file)
        }
    }

    /// A list shown after the failures (the stale references of a batch, the rendering stack's
    /// warning), each item escaped.
    public struct Note: Sendable, Equatable {
        /// The list's heading.
        public var heading: String
        /// One paragraph each, shown as code.
        public var items: [String]

        /// A heading and its items.
        public init(heading: String, items: [String]) {
            self.heading = heading
            self.items = items
        }
    }

    /// The captions of the three images of a pixel comparison, in the order they are written.
    public static let triptychCaption = "reference | candidate | differences in red"

    /// The page listing `failures`, then each of `notes`; `sourceLabel` names what
    /// `Failure.source` is (`test`, `job`).
    public static func html(_ failures: [Failure], sourceLabel: String = "test", notes: [Note] = []) -> String {
        var html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <title>Keyboard snapshot failures (\(failures.count))</title>
        <style>
        body { font: 14px/1.4 -apple-system, "DejaVu Sans", sans-serif; margin: 24px; color: #222; }
        section { border-top: 1px solid #ccc; padding: 12px 0; }
        h2 { font-size: 16px; margin: 0 0 4px; font-family: monospace; }
        pre { white-space: pre-wrap; background: #f6f6f6; padding: 8px; }
        img { max-width: 100%; border: 1px solid #999; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        figure { margin: 8px 0; } figcaption { color: #555; }
        </style></head><body>
        <h1>Keyboard snapshot failures: \(failures.count)</h1>
        <p>A pixel differs when its colour is more than the tolerance away from the reference's
        (CIEDE2000; with tolerance 0, any changed byte). The three-panel images show the reference,
        the candidate, and the differing pixels in red over a faded reference.</p>

        """
        for failure in failures {
            html += "<section id=\"\(HTMLText.escape(failure.name))\">\n<h2>\(HTMLText.escape(failure.name))</h2>\n"
            html += "<p>\(HTMLText.escape(sourceLabel)): <code>\(HTMLText.escape(failure.source ?? "unknown"))</code></p>\n"
            if let count = failure.differingPixels {
                html += "<p><strong>\(count)</strong> differing pixel\(count == 1 ? "" : "s")</p>\n"
            }
            html += "<pre>\(HTMLText.escape(failure.summary))</pre>\n"
            for (caption, file) in failure.files {
                if file.hasSuffix(".diff.png") {
                    html += "<figure><a href=\"\(HTMLText.link(file))\"><img src=\"\(HTMLText.link(file))\" alt=\"\(HTMLText.escape(caption))\"></a><figcaption>\(HTMLText.escape(caption)): \(HTMLText.escape(file))</figcaption></figure>\n"
                } else {
                    html += "<p><a href=\"\(HTMLText.link(file))\">\(HTMLText.escape(caption)): \(HTMLText.escape(file))</a></p>\n"
                }
            }
            html += "</section>\n"
        }
        for note in notes {
            html += "<section class=\"note\">\n<h2>\(HTMLText.escape(note.heading))</h2>\n<ul>\n"
            html += note.items.map { "<li><code>\(HTMLText.escape($0))</code></li>\n" }.joined()
            html += "</ul>\n</section>\n"
        }
        html += "</body></html>\n"
        return html
    }
}
