import Foundation
import KeyboardRenderer
import LayoutEngine
import RenderKeyboardKit

/// Where failed comparisons go: one folder with, for each failure of the test run, its
/// images, and one `index.html` that lists them all with the test each belongs to.
///
/// The folder is, in order: `directory` if set (a task-local value, so wrap a test's body or
/// `invokeTest()` in `KeyboardSnapshotFailures.$directory.withValue(url) { … }`), else the
/// environment variable `KEYBOARD_SNAPSHOT_FAILURES`, else `keyboard-snapshot-failures` in the
/// build folder of the package under test (the `.build` folder the test executable runs
/// from), else `keyboard-snapshot-failures` in the temporary directory.
///
/// A run is one `swift test`: every test process it starts (one, or one per worker with
/// `--parallel`) adds its failures to the same folder and report. The first comparison of a
/// run deletes the report and images an earlier run left; nothing a process of the same run
/// wrote is ever deleted, and other files are kept.
///
/// For a PNG failure named `NAME` the folder gets `NAME.diff.png` (expected | red mask of the
/// differing pixels | actual), `NAME.expected.png` and `NAME.actual.png`; for SVG and PDF,
/// `NAME.expected.svg` / `NAME.actual.svg` (or `.pdf`). Names are unique in the folder for
/// the run: a second failure under a taken name gets `-2`, `-3`, ….
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
        if let build = RunIdentity.buildDirectory {
            return build.appendingPathComponent("keyboard-snapshot-failures", isDirectory: true)
        }
        return URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("keyboard-snapshot-failures", isDirectory: true)
    }

    /// One failure as listed in the report.
    public struct Entry: Sendable, Codable, Equatable {
        /// The case's name (unique within the folder for this run).
        public var name: String
        /// The test the failure belongs to (`MyTests.testPinPad`), when known.
        public var test: String?
        /// One-paragraph explanation, as in the failure message.
        public var summary: String
        /// Differing pixels, nil for byte comparisons.
        public var differingPixels: Int?
        /// File names inside the folder, in display order.
        public var files: [String]
        /// A caption for each of `files`.
        public var captions: [String]
        /// The test process that wrote the entry.
        var process: Int32? = nil
    }

    /// Files written for one failure.
    public struct Written: Sendable {
        /// The unique name the files were written under.
        public var name: String
        /// The three-panel image (PNG failures) or nil.
        public var differenceImage: URL?
        /// The folder's `index.html`.
        public var report: URL
    }

    /// Records a PNG failure: writes its three images and rewrites the report.
    ///
    /// - Returns: the paths written, or nil when the folder cannot be written (the comparison
    ///   still fails; the message then says the report could not be written).
    static func recordImageFailure(name: String, expected: RasterImage, actual: RasterImage, result: PixelComparisonResult, summary: String) -> Written? {
        let diff = PixelComparison.differenceImage(expected: expected, actual: actual, tolerance: result.tolerance)
        return record(name: name, summary: summary, differingPixels: result.differingPixels) { unique in
            [
                ("expected | differing pixels in red | actual", "\(unique).diff.png", diff),
                ("expected", "\(unique).expected.png", expected),
                ("actual", "\(unique).actual.png", actual),
            ].map { caption, file, image in (caption, file, (try? PNGCodec.encode(image, compression: 1)).map { Data($0) }) }
        }
    }

    /// Records a byte-for-byte failure: writes both files and rewrites the report.
    static func recordByteFailure(name: String, fileExtension: String, expected: Data, actual: Data, summary: String) -> Written? {
        record(name: name, summary: summary, differingPixels: nil) { unique in
            [("expected", "\(unique).expected.\(fileExtension)", expected), ("actual", "\(unique).actual.\(fileExtension)", actual)]
        }
    }

    /// The report's entries in `folder` for the current run, from every process of the run.
    public static func entries(in folder: URL) -> [Entry] {
        withFolderLock(folder.standardizedFileURL) { folder in
            clearIfFromAnotherRun(folder)
            return readEntries(folder)
        } ?? []
    }

    // MARK: - Private

    /// Folders this process has checked for an earlier run's files.
    private static let checked = Locked(Set<String>())
    /// Taken with the folder's `flock`, so this process's threads also take turns.
    private static let folderLock = Locked(())

    /// Called before every comparison: the first one of this process in the current folder
    /// deletes what an earlier run left there, so the folder only ever shows the failures of
    /// this run (none, after a passing run).
    static func beginComparison() {
        TestNames.observe()
        let folder = resolvedDirectory.standardizedFileURL
        let first = checked.withLock { $0.insert(folder.path).inserted }
        guard first, FileManager.default.fileExists(atPath: folder.path) else { return }
        _ = withFolderLock(folder) { clearIfFromAnotherRun($0) }
    }

    private static func record(name: String, summary: String, differingPixels: Int?, files: (String) -> [(String, String, Data?)]) -> Written? {
        TestNames.observe()
        let folder = resolvedDirectory.standardizedFileURL
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return nil }
        return withFolderLock(folder) { folder -> Written? in
            clearIfFromAnotherRun(folder)
            var entries = readEntries(folder)
            let unique = uniqueName(name, taken: Set(entries.map(\.name)), in: folder)
            let list = files(unique)
            for (_, file, data) in list {
                guard let data, (try? data.write(to: folder.appendingPathComponent(file))) != nil else { return nil }
            }
            entries.append(Entry(name: unique, test: TestNames.current, summary: summary, differingPixels: differingPixels,
                                 files: list.map(\.1), captions: list.map(\.0), process: getpid()))
            guard write(entries, to: folder) else { return nil }
            let diff = list.first { $0.1.hasSuffix(".diff.png") }.map { folder.appendingPathComponent($0.1) }
            return Written(name: unique, differenceImage: diff, report: folder.appendingPathComponent("index.html"))
        } ?? nil
    }

    /// Gives this process's entries that have no test yet the name of the test that just
    /// finished (the first test of a process starts before the library can watch it).
    static func assignTest(_ test: String) {
        let folders = checked.withLock { $0 }
        for path in folders {
            let folder = URL(fileURLWithPath: path, isDirectory: true)
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(entriesFile).path) else { continue }
            _ = withFolderLock(folder) { folder in
                var entries = readEntries(folder)
                var changed = false
                for i in entries.indices where entries[i].test == nil && entries[i].process == getpid() {
                    entries[i].test = test
                    changed = true
                }
                if changed { _ = write(entries, to: folder) }
            }
        }
    }

    private static let entriesFile = ".entries.json"
    private static let runFile = ".run"
    private static let lockFile = ".lock"

    /// Runs `body` holding this process's lock and an exclusive `flock` on the folder's lock
    /// file, so processes of a parallel run take turns; nil when the folder cannot be locked.
    private static func withFolderLock<T>(_ folder: URL, _ body: (URL) -> T) -> T? {
        folderLock.withLock { _ in lockedFolder(folder, body) }
    }

    private static func lockedFolder<T>(_ folder: URL, _ body: (URL) -> T) -> T? {
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return nil }
        let fd = open(folder.appendingPathComponent(lockFile).path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard flock(fd, LOCK_EX) == 0 else { return nil }
        defer { flock(fd, LOCK_UN) }
        return body(folder)
    }

    /// Deletes the report and the images of an earlier run (the folder's `.run` names
    /// another run), then marks the folder as this run's. Call holding the folder lock.
    private static func clearIfFromAnotherRun(_ folder: URL) {
        let runURL = folder.appendingPathComponent(runFile)
        let recorded = (try? String(contentsOf: runURL, encoding: .utf8)) ?? ""
        guard recorded != RunIdentity.current else { return }
        let fm = FileManager.default
        for file in (try? fm.contentsOfDirectory(atPath: folder.path)) ?? []
        where file == "index.html" || file == entriesFile || isReportFile(file) {
            try? fm.removeItem(at: folder.appendingPathComponent(file))
        }
        try? Data(RunIdentity.current.utf8).write(to: runURL)
    }

    private static func readEntries(_ folder: URL) -> [Entry] {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(entriesFile)) else { return [] }
        return (try? JSONDecoder().decode([Entry].self, from: data)) ?? []
    }

    private static func write(_ entries: [Entry], to folder: URL) -> Bool {
        guard let data = try? JSONEncoder().encode(entries),
              (try? data.write(to: folder.appendingPathComponent(entriesFile), options: .atomic)) != nil else { return false }
        return (try? Data(renderHTML(entries).utf8).write(to: folder.appendingPathComponent("index.html"), options: .atomic)) != nil
    }

    private static func isReportFile(_ file: String) -> Bool {
        [".diff.png", ".expected.png", ".actual.png", ".expected.svg", ".actual.svg", ".expected.pdf", ".actual.pdf"]
            .contains { file.hasSuffix($0) }
    }

    /// `name` sanitized, or with `-2`, `-3`, … when the run already has an entry or a file
    /// of that name.
    private static func uniqueName(_ name: String, taken: Set<String>, in folder: URL) -> String {
        let safe = sanitize(name)
        func free(_ candidate: String) -> Bool {
            !taken.contains(candidate) && !isReportFile(candidate)
                && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(candidate).actual.png").path)
        }
        if free(safe) { return safe }
        var n = 2
        while !free("\(safe)-\(n)") { n += 1 }
        return "\(safe)-\(n)"
    }

    /// Letters, digits, `.`, `-`, `_` kept; anything else becomes `-`; never empty.
    static func sanitize(_ name: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
        let mapped = String(name.map { allowed.contains($0) ? $0 : "-" })
        let trimmed = mapped.trimmingCharacters(in: CharacterSet(charactersIn: ".-"))
        return trimmed.isEmpty ? "snapshot" : String(trimmed.prefix(200))
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
            html += "<p>test: <code>\(escape(entry.test ?? "unknown"))</code></p>\n"
            if let count = entry.differingPixels {
                html += "<p><strong>\(count)</strong> differing pixel\(count == 1 ? "" : "s")</p>\n"
            }
            html += "<pre>\(escape(entry.summary))</pre>\n"
            for (caption, file) in zip(entry.captions, entry.files) {
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
