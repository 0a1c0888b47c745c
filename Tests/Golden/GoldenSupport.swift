import KeyboardCompare
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardSnapshotTesting
import LayoutEngine
import XCTest

/// The golden suite's references, record rules and failure folder.
///
/// Record rules, mapped onto swift-snapshot-testing's record modes:
/// - `GOLDEN_RECORD=1` → `.all`: every reference is written again and the run fails, so a
///   recording never passes silently;
/// - otherwise `CI=true` → `.never`: a missing reference fails and nothing is written;
/// - otherwise `.missing`: a missing reference is written and the run fails; existing ones
///   are compared.
enum Golden {
    /// `Tests/Golden/References`.
    static let referencesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("References", isDirectory: true)

    /// `Tests/Golden/Failures` (ignored by git), or `GOLDEN_FAILURES` when set.
    static var failuresDirectory: URL {
        if let path = ProcessInfo.processInfo.environment["GOLDEN_FAILURES"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Failures", isDirectory: true)
    }

    /// `References/RENDERING-STACK.txt`: the rendering stack the references were recorded with
    /// (the library's `RenderingStack`, the record `batch --record` keeps too).
    static let stackFile = referencesDirectory.appendingPathComponent(RenderingStack.fileName)

    /// The record mode the environment asks for (see the type's documentation).
    static func recordMode(environment: [String: String] = ProcessInfo.processInfo.environment) -> SnapshotTestingConfiguration.Record {
        if let value = environment["GOLDEN_RECORD"], ["1", "true", "yes"].contains(value.lowercased()) { return .all }
        if environment["CI"]?.lowercased() == "true" { return .never }
        return .missing
    }

    /// The command that re-records every reference.
    static let recordCommand = "GOLDEN_RECORD=1 swift test --filter GoldenTests"

    /// Seed for every shuffling layout, so references do not change between runs.
    static let seed: UInt64 = 1

    /// The stack file is written at most once per run.
    private static let stackLock = NSLock()
    nonisolated(unsafe) private static var stackWritten = false

    static func writeStackFile() {
        stackLock.lock()
        defer { stackLock.unlock() }
        guard !stackWritten, let stack = try? RenderingStack.current() else { return }
        stackWritten = (try? Data(stack.text.utf8).write(to: stackFile)) != nil
    }

    /// Why a failing comparison may not be the code's fault: what differs from
    /// `RENDERING-STACK.txt` (library versions, font files), or nil when they agree.
    static func stackChanges() -> String? {
        guard let current = try? RenderingStack.current() else {
            return "The pinned font files cannot be read, so the rendering stack cannot be checked against References/\(RenderingStack.fileName)."
        }
        guard let text = try? String(contentsOf: stackFile, encoding: .utf8) else {
            return "References/\(RenderingStack.fileName) is missing, so the libraries and fonts cannot be checked."
        }
        let changes = current.changes(since: RenderingStack(parsing: text))
        if changes.isEmpty { return nil }
        return "The rendering stack differs from the one the references were recorded with (References/\(RenderingStack.fileName)): "
            + changes.joined(separator: "; ")
            + ". Pixels may move with these libraries and fonts; install the recorded versions or re-record with `\(recordCommand)`."
    }
}

/// Compares `value` with `References/<name>.<extension>`, applying the suite's record rules,
/// and fails the test with the message of `verifyGolden` (which names the case and, for a
/// mismatch, the difference image, the report and any package version change).
///
/// - Parameters:
///   - name: the reference's file name without extension, e.g.
///     `letters.default.portrait.iphone-15`; failures are reported under this name.
///   - record: overrides the environment's record mode.
func assertGolden<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as strategy: Snapshotting<Value, Format>,
    named name: String,
    record: SnapshotTestingConfiguration.Record? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    if let message = verifyGolden(of: try value(), as: strategy, named: name, record: record) {
        XCTFail(message, file: file, line: line)
    }
}

/// The failure message of one golden comparison, or nil when it passes.
///
/// `.all` writes the reference and fails; a missing reference fails, and is written unless
/// the mode is `.never`; otherwise the snapshot is compared with the reference by the
/// strategy's diffing (and re-written on a mismatch when the mode is `.failed`).
///
/// - Parameters:
///   - directory: where references live (the suite's own by default).
///   - failures: where failure images and the report go.
func verifyGolden<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as strategy: Snapshotting<Value, Format>,
    named name: String,
    record: SnapshotTestingConfiguration.Record? = nil,
    directory: URL = Golden.referencesDirectory,
    failures: URL = Golden.failuresDirectory
) -> String? {
    let mode = record ?? Golden.recordMode()
    let context = SweepContext.current.isEmpty ? "" : " [\(SweepContext.current.joined(separator: ", "))]"
    func failure(_ message: String) -> String {
        "\(name)\(context): \(message)"
    }
    return KeyboardSnapshotFailures.$directory.withValue(failures) {
        KeyboardSnapshotFailures.$caseName.withValue(name) { () -> String? in
            let input: Value
            do {
                input = try value()
            } catch {
                return failure("the keyboard could not be described: \(error)")
            }
            var taken: Format?
            strategy.snapshot(input).run { taken = $0 }
            guard let snapshot = taken else { return failure("no snapshot was taken") }
            if let png = snapshot as? PNGSnapshot, let problem = png.problem {
                return failure("the keyboard could not be drawn: \(problem)")
            }
            let fileName = strategy.pathExtension.map { "\(name).\($0)" } ?? name
            let reference = directory.appendingPathComponent(fileName)
            let exists = FileManager.default.fileExists(atPath: reference.path)

            func write() throws {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try strategy.diffing.toData(snapshot).write(to: reference)
                if directory == Golden.referencesDirectory { Golden.writeStackFile() }
            }

            do {
                if mode == .all {
                    try write()
                    return failure("recorded \(reference.path) (GOLDEN_RECORD=1; a recording run always fails). Look at the image, then run the tests again without GOLDEN_RECORD.")
                }
                if !exists {
                    if mode == .never {
                        return failure("no reference at \(reference.path), and CI=true never records. Record it with `\(Golden.recordCommand)` and commit it.")
                    }
                    try write()
                    return failure("no reference existed; recorded \(reference.path). Look at it, commit it, and run the tests again.")
                }
                let data = try Data(contentsOf: reference)
                guard let (message, _) = strategy.diffing.diffV2(strategy.diffing.fromData(data), snapshot) else { return nil }
                var text = message + "\nReference: \(reference.path)"
                if let changes = Golden.stackChanges() {
                    text += "\n" + changes
                } else {
                    text += "\nThe libraries and fonts match References/\(RenderingStack.fileName), so the change comes from the code, layouts or themes. If it is intended, re-record with `\(Golden.recordCommand)`."
                }
                if mode == .failed {
                    try write()
                    text += "\nThe reference was recorded again (record mode .failed)."
                }
                return text + context
            } catch {
                return failure("could not read or write \(reference.path): \(error)")
            }
        }
    }
}

/// The labels of the sweeps around the running assertion, outermost first.
enum SweepContext {
    @TaskLocal static var current: [String] = []
}

/// Runs `body` once per item; every failure inside names the combination it happened in,
/// e.g. `[layout: letters, theme: dark, orientation: landscape]`, and an error thrown by
/// `body` fails that combination without stopping the others.
func withEvery<Items: Sequence>(
    _ label: String,
    in items: Items,
    file: StaticString = #filePath,
    line: UInt = #line,
    run body: (Items.Element) throws -> Void
) {
    for item in items {
        SweepContext.$current.withValue(SweepContext.current + ["\(label): \(item)"]) {
            do {
                try body(item)
            } catch {
                XCTFail("[\(SweepContext.current.joined(separator: ", "))] threw \(error)", file: file, line: line)
            }
        }
    }
}
