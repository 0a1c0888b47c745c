import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import RenderKeyboardKit
import SnapshotTesting
import XCTest

// `assertSnapshot` and `verifySnapshot` for the values this library draws. They are more
// specific than swift-snapshot-testing's generic functions, so `assertSnapshot(of: request,
// as: .png)` calls them. Each draws the keyboard first and hands swift-snapshot-testing only
// a keyboard that was drawn: a keyboard that cannot be drawn fails the test with the reason
// and never becomes a reference (the library would record the empty snapshot as a 0-byte
// file, and the next run would fail on that file instead of on the reason).

/// A value this library draws for a snapshot: a `RenderRequest`, a `KeyboardScene` or a
/// `PatternScene`. Only these get the `assertSnapshot` and `verifySnapshot` below.
public protocol DrawnSnapshotValue {}

extension RenderRequest: DrawnSnapshotValue {}
extension KeyboardScene: DrawnSnapshotValue {}
extension PatternScene: DrawnSnapshotValue {}

/// Asserts that the keyboard a request, scene or pattern pad describes matches its reference
/// on disk.
///
/// The keyboard is drawn first. When it cannot be — a missing or invalid layout, theme or
/// image, a bad field, a drawing error, or `value` throws — the test fails at this call with
/// the reason, `FILE: field.path: reason`, and nothing is written into `__Snapshots__`, in
/// every record mode. A keyboard that is drawn goes to swift-snapshot-testing's
/// `assertSnapshot`: the same reference names, record modes and messages. The parameters are
/// that function's.
public func assertSnapshot<Value: DrawnSnapshotValue, Format>(
    of value: @autoclosure () throws -> Value,
    as snapshotting: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: SnapshotTestingConfiguration.Record? = nil,
    timeout: TimeInterval = 5,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    DrawnSnapshot.assert(
        of: value, as: snapshotting, named: name, record: record, timeout: timeout,
        fileID: fileID, filePath: filePath, testName: testName, line: line, column: column)
}

/// The failure message of comparing the keyboard a request, scene or pattern pad describes
/// with its reference, or nil when it matches.
///
/// The same as `assertSnapshot(of:as:)` without failing the test: a keyboard that cannot be
/// drawn gives its reason, `FILE: field.path: reason`, and writes nothing. The parameters are
/// those of swift-snapshot-testing's `verifySnapshot`.
public func verifySnapshot<Value: DrawnSnapshotValue, Format>(
    of value: @autoclosure () throws -> Value,
    as snapshotting: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: SnapshotTestingConfiguration.Record? = nil,
    snapshotDirectory: String? = nil,
    timeout: TimeInterval = 5,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) -> String? {
    DrawnSnapshot.verify(
        of: value, as: snapshotting, named: name, record: record, snapshotDirectory: snapshotDirectory,
        timeout: timeout, fileID: fileID, filePath: filePath, testName: testName, line: line, column: column)
}

// MARK: - The one implementation

/// Takes the snapshot first, then hands swift-snapshot-testing only a snapshot that was taken.
enum DrawnSnapshot {
    static func assert<Value, Format>(
        of value: () throws -> Value, as strategy: Snapshotting<Value, Format>, named name: String?,
        record: SnapshotTestingConfiguration.Record?, timeout: TimeInterval,
        fileID: StaticString, filePath: StaticString, testName: String, line: UInt, column: UInt
    ) {
        guard let message = verify(
            of: value, as: strategy, named: name, record: record, snapshotDirectory: nil, timeout: timeout,
            fileID: fileID, filePath: filePath, testName: testName, line: line, column: column)
        else { return }
        SnapshotProblem.fail(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// The failure message, or nil when the snapshot matches its reference.
    ///
    /// swift-snapshot-testing numbers the unnamed snapshots of a test 1, 2, … in call order.
    /// A snapshot that could not be taken keeps its number, so those after it keep theirs (and
    /// re-recording never writes one of them under its name): when the reference folder exists,
    /// the failure goes through the library as a thrown value, which takes the number and
    /// writes nothing. When the folder does not exist yet the library would create it, so the
    /// failure is returned without it; that folder holds no reference another number could
    /// overwrite.
    static func verify<Value, Format>(
        of value: () throws -> Value, as strategy: Snapshotting<Value, Format>, named name: String?,
        record: SnapshotTestingConfiguration.Record?, snapshotDirectory: String?, timeout: TimeInterval,
        fileID: StaticString, filePath: StaticString, testName: String, line: UInt, column: UInt
    ) -> String? {
        let taken = Snapshotting<Format, Format>(pathExtension: strategy.pathExtension, diffing: strategy.diffing)
        func library(_ snapshot: @autoclosure () throws -> Format) -> String? {
            let compared = LibraryComparison()
            // Never throws: the library reports a snapshot that throws in its message. The `try`
            // only marks the snapshot, which is evaluated inside the library.
            let message = try? withSnapshotTesting(diffTool: compared.diffTool) {
                SnapshotTesting.verifySnapshot(
                    of: try snapshot(), as: taken, named: name, record: record, snapshotDirectory: snapshotDirectory,
                    timeout: timeout, fileID: fileID, file: filePath, testName: testName, line: line, column: column)
            }
            return message.flatMap { $0 }.map(compared.rewrite)
        }
        switch take(value, as: strategy, timeout: timeout) {
        case .success(let snapshot):
            return library(snapshot)
        case .failure(let failure):
            let folder = referenceFolder(snapshotDirectory: snapshotDirectory, filePath: filePath)
            guard FileManager.default.fileExists(atPath: folder.path) else { return failure.message }
            return library(try { throw failure }())
        }
    }

    /// The snapshot of `value`, or why there is none: the error `value` threw, or the problems
    /// the strategy reported while drawing.
    static func take<Value, Format>(_ value: () throws -> Value, as strategy: Snapshotting<Value, Format>, timeout: TimeInterval) -> Result<Format, SnapshotFailure> {
        let input: Value
        do {
            input = try value()
        } catch {
            return .failure(SnapshotFailure(message: SnapshotProblem.text(of: error)))
        }
        var snapshot: Format?
        let done = XCTestExpectation(description: "Took snapshot")
        let (_, problems) = SnapshotProblem.capturing {
            strategy.snapshot(input).run { taken in
                snapshot = taken
                done.fulfill()
            }
        }
        if snapshot == nil, problems.isEmpty {
            // A strategy that draws asynchronously; this library's own finish at once.
            _ = XCTWaiter.wait(for: [done], timeout: timeout)
        }
        if !problems.isEmpty { return .failure(SnapshotFailure(message: problems.joined(separator: "\n"))) }
        guard let snapshot else {
            return .failure(SnapshotFailure(message: "Exceeded timeout of \(timeout) seconds waiting for snapshot."))
        }
        return .success(snapshot)
    }

    /// What swift-snapshot-testing did with a snapshot that does not match, and the message
    /// rewritten in this library's words.
    ///
    /// The library's message of a mismatch is its header ("Snapshot does not match
    /// reference."), the diff tool's text (by default `@−`/`@+` file URLs, and a paragraph on
    /// configuring ksdiff) and then the strategy's own message. The diff tool installed here
    /// only notes the two paths, so the rewritten message is the strategy's own text first —
    /// it names the case, the differing pixels, the images and the report — then the
    /// reference's path. The copy of the failing snapshot the library writes into
    /// `$SNAPSHOT_ARTIFACTS/<test file>/` (the temporary directory when that is unset) is
    /// removed unless `SNAPSHOT_ARTIFACTS` is set: the failures folder already holds the actual
    /// image, and copies piling up in the temporary directory help no one.
    final class LibraryComparison: Sendable {
        private static let marker = "\u{1}keyboard-snapshot-diff\u{1}"
        private let paths = Locked<(reference: String, copy: String)?>(nil)

        var diffTool: SnapshotTestingConfiguration.DiffTool {
            SnapshotTestingConfiguration.DiffTool { [paths] reference, copy in
                paths.withLock { $0 = (reference, copy) }
                return Self.marker
            }
        }

        /// `message` with the library's boilerplate taken out; any other message (a missing
        /// reference that was recorded, a thrown error) is returned as it is.
        func rewrite(_ message: String) -> String {
            guard let (reference, copy) = paths.withLock({ $0 }), let marker = message.range(of: Self.marker) else { return message }
            if ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"]?.isEmpty ?? true {
                let folder = URL(fileURLWithPath: copy).deletingLastPathComponent()
                try? FileManager.default.removeItem(atPath: copy)
                if (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
                    try? FileManager.default.removeItem(at: folder)
                }
            }
            let ours = message[marker.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
            var lines = [ours, "Reference: \(reference)"]
            if message[..<marker.lowerBound].contains("A new snapshot was automatically recorded.") {
                lines.append("A new reference was recorded from this run.")
            }
            return lines.joined(separator: "\n")
        }
    }

    /// The folder swift-snapshot-testing keeps the references of `filePath` in:
    /// `snapshotDirectory`, else `__Snapshots__/<file name without extension>` beside the file.
    static func referenceFolder(snapshotDirectory: String?, filePath: StaticString) -> URL {
        if let snapshotDirectory { return URL(fileURLWithPath: snapshotDirectory, isDirectory: true) }
        let file = URL(fileURLWithPath: "\(filePath)", isDirectory: false)
        return file.deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__", isDirectory: true)
            .appendingPathComponent(file.deletingPathExtension().lastPathComponent, isDirectory: true)
    }
}
