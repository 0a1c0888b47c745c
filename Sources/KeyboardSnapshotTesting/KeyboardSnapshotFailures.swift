import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine
import RenderKeyboardKit
import KeyboardCompare

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
/// For a PNG failure named `NAME` the folder gets `NAME.diff.png` (reference | candidate |
/// differing pixels in red over a faded reference), and beside it the three as files of their
/// own: `NAME.expected.png`, `NAME.actual.png` and `NAME.difference.png`; for SVG and PDF,
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
        /// The reference as a file of its own (`NAME.expected.png`, `.svg`, `.pdf`).
        public var reference: URL?
        /// The candidate as a file of its own (`NAME.actual.png`, `.svg`, `.pdf`).
        public var candidate: URL?
        /// The differences panel alone (`NAME.difference.png`; PNG failures) or nil.
        public var difference: URL?
        /// The folder's `index.html`.
        public var report: URL
    }

    /// Records a PNG failure: writes its three images and rewrites the report.
    ///
    /// - Returns: the paths written, or nil when the folder cannot be written (the comparison
    ///   still fails; the message then says the report could not be written).
    static func recordImageFailure(name: String, expected: RasterImage, actual: RasterImage, result: PixelComparisonResult, summary: String) -> Written? {
        let diff = PixelComparison.differenceImage(expected: expected, actual: actual, tolerance: result.tolerance)
        let difference = PixelComparison.differencePanel(expected: expected, actual: actual, tolerance: result.tolerance)
        return record(name: name, summary: summary, differingPixels: result.differingPixels) { unique in
            [
                (ComparisonReport.triptychCaption, "\(unique).diff.png", diff),
                ("expected", "\(unique).expected.png", expected),
                ("actual", "\(unique).actual.png", actual),
                ("differences in red", "\(unique).difference.png", difference),
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
            func file(_ suffix: String) -> URL? {
                list.first { $0.1.hasPrefix(unique + suffix) }.map { folder.appendingPathComponent($0.1) }
            }
            return Written(name: unique, differenceImage: file(".diff.png"), reference: file(".expected."), candidate: file(".actual."),
                           difference: file(".difference.png"), report: folder.appendingPathComponent("index.html"))
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
        [".diff.png", ".expected.png", ".actual.png", ".difference.png", ".expected.svg", ".actual.svg", ".expected.pdf", ".actual.pdf"]
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
        ComparisonReport.html(entries.map {
            ComparisonReport.Failure(name: $0.name, source: $0.test, summary: $0.summary, differingPixels: $0.differingPixels,
                                     files: Array(zip($0.captions, $0.files)).map { (caption: $0.0, file: $0.1) })
        })
    }
}
