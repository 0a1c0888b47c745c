import Foundation
import RenderKeyboardKit

/// Where failed comparisons go: one folder with, for each failure of the test run, its
/// images, and one `index.html` that lists them all.
///
/// The folder is, in order: `directory` if set (a task-local value, so wrap a test's body or
/// `invokeTest()` in `KeyboardSnapshotFailures.$directory.withValue(url) { … }`), else the
/// environment variable `KEYBOARD_SNAPSHOT_FAILURES`, else
/// `<temporary directory>/keyboard-snapshot-failures`. The first comparison of a test process
/// in a folder deletes the report and images an earlier run left there; other files are kept.
///
/// For a PNG failure named `NAME` the folder gets `NAME.diff.png` (expected | red mask of the
/// differing pixels | actual), `NAME.expected.png` and `NAME.actual.png`; for SVG and PDF,
/// `NAME.expected.svg` / `NAME.actual.svg` (or `.pdf`).
public enum KeyboardSnapshotFailures {
    /// The failures folder for the current task; see the type's documentation.
    @TaskLocal public static var directory: URL?

    /// The name failures are reported under (and their files are named after), e.g.
    /// `letters.default.portrait.iphone-15`. When nil, a label made from the keyboard itself
    /// is used. Characters other than letters, digits, `.`, `-` and `_` become `-` in file names.
    @TaskLocal public static var caseName: String?

    /// The folder failures go to now.
    public static var resolvedDirectory: URL {
        if let directory { return directory }
        if let path = ProcessInfo.processInfo.environment["KEYBOARD_SNAPSHOT_FAILURES"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("keyboard-snapshot-failures", isDirectory: true)
    }

    /// The report's path in the current folder.
    public static var reportURL: URL { resolvedDirectory.appendingPathComponent("index.html") }

    /// One failure as listed in the report.
    public struct Entry: Sendable {
        /// The case's name (unique within the folder for this run).
        public var name: String
        /// One-paragraph explanation, as in the failure message.
        public var summary: String
        /// Differing pixels, nil for byte comparisons.
        public var differingPixels: Int?
        /// File names inside the folder, in display order, with a caption each.
        public var files: [(caption: String, file: String)]
    }

    /// Files written for one failure.
    public struct Written: Sendable {
        public var name: String
        /// The three-panel image (PNG failures) or nil.
        public var differenceImage: URL?
        public var report: URL
    }

    /// Records a PNG failure: writes its three images and rewrites the report.
    ///
    /// - Returns: the paths written, or nil when the folder cannot be written (the comparison
    ///   still fails; the message then says the report could not be written).
    static func recordImageFailure(name: String, expected: RasterImage, actual: RasterImage, result: PixelComparisonResult, summary: String) -> Written? {
        state.lock.lock()
        defer { state.lock.unlock() }
        guard let folder = prepareFolder() else { return nil }
        let unique = uniqueName(name, in: folder)
        let diff = PixelComparison.differenceImage(expected: expected, actual: actual, tolerance: result.tolerance)
        let files = [
            ("expected | differing pixels in red | actual", "\(unique).diff.png", diff),
            ("expected", "\(unique).expected.png", expected),
            ("actual", "\(unique).actual.png", actual),
        ]
        for (_, file, image) in files {
            guard let bytes = try? PNGCodec.encode(image, compression: 1),
                  (try? Data(bytes).write(to: folder.appendingPathComponent(file))) != nil else { return nil }
        }
        let entry = Entry(name: unique, summary: summary, differingPixels: result.differingPixels, files: files.map { ($0.0, $0.1) })
        return finish(entry, in: folder, differenceImage: folder.appendingPathComponent("\(unique).diff.png"))
    }

    /// Records a byte-for-byte failure: writes both files and rewrites the report.
    static func recordByteFailure(name: String, fileExtension: String, expected: Data, actual: Data, summary: String) -> Written? {
        state.lock.lock()
        defer { state.lock.unlock() }
        guard let folder = prepareFolder() else { return nil }
        let unique = uniqueName(name, in: folder)
        let files = [("expected", "\(unique).expected.\(fileExtension)", expected), ("actual", "\(unique).actual.\(fileExtension)", actual)]
        for (_, file, data) in files {
            guard (try? data.write(to: folder.appendingPathComponent(file))) != nil else { return nil }
        }
        let entry = Entry(name: unique, summary: summary, differingPixels: nil, files: files.map { ($0.0, $0.1) })
        return finish(entry, in: folder, differenceImage: nil)
    }

    /// The report so far for `folder` in this process.
    public static func entries(in folder: URL) -> [Entry] {
        state.lock.lock()
        defer { state.lock.unlock() }
        return state.entries[folder.standardizedFileURL.path] ?? []
    }

    // MARK: - Private

    private final class State: @unchecked Sendable {
        let lock = NSLock()
        /// Entries by standardized folder path; a folder seen here was cleared in this process.
        var entries: [String: [Entry]] = [:]
    }

    private static let state = State()

    /// Called before every comparison: the first one of this process in the current folder
    /// deletes the report and images an earlier run left there, so the folder only ever
    /// shows the failures of this run (none, after a passing run).
    static func beginComparison() {
        state.lock.lock()
        defer { state.lock.unlock() }
        clearIfFirstUse(resolvedDirectory.standardizedFileURL)
    }

    /// Creates the folder (cleared of an earlier run's files on first use).
    private static func prepareFolder() -> URL? {
        let folder = resolvedDirectory.standardizedFileURL
        clearIfFirstUse(folder)
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return nil }
        return folder
    }

    private static func clearIfFirstUse(_ folder: URL) {
        guard state.entries[folder.path] == nil else { return }
        state.entries[folder.path] = []
        let fm = FileManager.default
        let names = (try? fm.contentsOfDirectory(atPath: folder.path)) ?? []
        for file in names where file == "index.html" || isReportFile(file) {
            try? fm.removeItem(at: folder.appendingPathComponent(file))
        }
    }

    private static func isReportFile(_ file: String) -> Bool {
        [".diff.png", ".expected.png", ".actual.png", ".expected.svg", ".actual.svg", ".expected.pdf", ".actual.pdf"]
            .contains { file.hasSuffix($0) }
    }

    private static func uniqueName(_ name: String, in folder: URL) -> String {
        let safe = sanitize(name)
        let taken = Set((state.entries[folder.path] ?? []).map(\.name))
        if !taken.contains(safe) { return safe }
        var n = 2
        while taken.contains("\(safe)-\(n)") { n += 1 }
        return "\(safe)-\(n)"
    }

    /// Letters, digits, `.`, `-`, `_` kept; anything else becomes `-`; never empty.
    static func sanitize(_ name: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
        let mapped = String(name.map { allowed.contains($0) ? $0 : "-" })
        let trimmed = mapped.trimmingCharacters(in: CharacterSet(charactersIn: ".-"))
        return trimmed.isEmpty ? "snapshot" : String(trimmed.prefix(200))
    }

    private static func finish(_ entry: Entry, in folder: URL, differenceImage: URL?) -> Written? {
        state.entries[folder.path, default: []].append(entry)
        let report = folder.appendingPathComponent("index.html")
        let html = renderHTML(state.entries[folder.path] ?? [])
        guard (try? Data(html.utf8).write(to: report)) != nil else { return nil }
        return Written(name: entry.name, differenceImage: differenceImage, report: report)
    }

    static func renderHTML(_ entries: [Entry]) -> String {
        var html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <title>Keyboard snapshot failures (\(entries.count))</title>
        <style>
        body { font: 14px/1.4 -apple-system, "DejaVu Sans", sans-serif; margin: 24px; color: #222; }
        section { border-top: 1px solid #ccc; padding: 12px 0; }
        h2 { font-size: 16px; margin: 0 0 4px; font-family: monospace; }
        pre { white-space: pre-wrap; background: #f6f6f6; padding: 8px; }
        img { max-width: 100%; border: 1px solid #999; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        figure { margin: 8px 0; } figcaption { color: #555; }
        </style></head><body>
        <h1>Keyboard snapshot failures: \(entries.count)</h1>
        <p>A pixel differs when any channel (R, G, B, A) is off by more than the tolerance. In the
        three-panel images the middle panel marks the differing pixels in red.</p>

        """
        for entry in entries {
            html += "<section id=\"\(escape(entry.name))\">\n<h2>\(escape(entry.name))</h2>\n"
            if let count = entry.differingPixels {
                html += "<p><strong>\(count)</strong> differing pixel\(count == 1 ? "" : "s")</p>\n"
            }
            html += "<pre>\(escape(entry.summary))</pre>\n"
            for (caption, file) in entry.files {
                if file.hasSuffix(".diff.png") {
                    html += "<figure><a href=\"\(escape(file))\"><img src=\"\(escape(file))\" alt=\"\(escape(caption))\"></a><figcaption>\(escape(caption)): \(escape(file))</figcaption></figure>\n"
                } else {
                    html += "<p><a href=\"\(escape(file))\">\(escape(caption)): \(escape(file))</a></p>\n"
                }
            }
            html += "</section>\n"
        }
        html += "</body></html>\n"
        return html
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
