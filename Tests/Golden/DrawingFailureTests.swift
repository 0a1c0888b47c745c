import Foundation
@testable import KeyboardSnapshotTesting
import XCTest

/// A keyboard that cannot be drawn fails its snapshot with the reason, at the assertion's
/// line, and never becomes a reference: nothing is written into the snapshot folder in any
/// record mode, and the snapshots after it keep their numbers.
final class DrawingFailureTests: XCTestCase {
    private var scratch: URL!

    /// Where `assertSnapshot` is told it was called from (a literal, as `file:` must be), so its
    /// `__Snapshots__` folder lands in the temporary directory, never in the sources.
    private static let callerFile: StaticString = "/tmp/render-keyboard-drawing-failure-tests/PinPadTests.swift"
    private static var callerSnapshots: URL {
        URL(fileURLWithPath: "\(callerFile)").deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    }

    /// Failures the test records while `capturingFailures` is true, instead of failing.
    private var capturingFailures = false
    private var failures: [(description: String, file: String, line: Int)] = []

    override func setUpWithError() throws {
        scratch = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("keyboard-drawing-failure-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        setenv("SNAPSHOT_ARTIFACTS", scratch.appendingPathComponent("artifacts").path, 1)
        try? FileManager.default.removeItem(at: Self.callerSnapshots.deletingLastPathComponent())
    }

    override func tearDownWithError() throws {
        unsetenv("SNAPSHOT_ARTIFACTS")
        try? FileManager.default.removeItem(at: scratch)
        try? FileManager.default.removeItem(at: Self.callerSnapshots.deletingLastPathComponent())
    }

    #if os(Linux)
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard capturingFailures else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        failures.append((description, filePath, lineNumber))
    }
    #else
    override func record(_ issue: XCTIssue) {
        guard capturingFailures else { return super.record(issue) }
        failures.append((issue.compactDescription, issue.sourceCodeContext.location?.fileURL.path ?? "", issue.sourceCodeContext.location?.lineNumber ?? 0))
    }
    #endif

    /// The failures `body` records, which do not fail this test.
    private func failuresRecorded(by body: () throws -> Void) rethrows -> [(description: String, file: String, line: Int)] {
        failures = []
        capturingFailures = true
        defer { capturingFailures = false }
        try body()
        return failures
    }

    /// A request whose theme gives a colour that is not one, and that theme's path.
    private func badThemeRequest() throws -> (RenderRequest, String) {
        let theme = scratch.appendingPathComponent("brand.yaml")
        try Data("name: Brand\nkeys:\n  content:\n    normal: {fill: \"#GGG\"}\n".utf8).write(to: theme)
        var request = RenderRequest()
        request.layout = "numbers"
        request.theme = theme.path
        request.width = 320
        request.seed = 1
        return (request, theme.path)
    }

    /// A request whose layout file does not exist, and that file's path.
    private func missingLayoutRequest() -> (RenderRequest, String) {
        var request = RenderRequest()
        request.layout = scratch.appendingPathComponent("missing.yaml").path
        request.width = 320
        return (request, request.layout)
    }

    /// Everything under `folder`, relative paths, sorted; empty when it does not exist.
    private func files(in folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }

    /// `verifySnapshot` of `request` in every record mode, with references in a folder that
    /// does not exist: each fails with the reason, and the folder is never created.
    private func assertNothingRecorded<Format>(_ request: RenderRequest, as strategy: Snapshotting<RenderRequest, Format>, reason: String, file: StaticString = #filePath, line: UInt = #line) {
        let folder = scratch.appendingPathComponent("snapshots")
        for mode in [SnapshotTestingConfiguration.Record.missing, .all, .failed, .never] {
            var message: String?
            let recorded = failuresRecorded {
                message = verifySnapshot(of: request, as: strategy, named: "keyboard", record: mode, snapshotDirectory: folder.path, testName: "request")
            }
            XCTAssertEqual(recorded.map(\.description), [], "verifySnapshot returns the failure, it does not record one", file: file, line: line)
            XCTAssertTrue(message?.contains(reason) ?? false, "record mode \(mode): \(message ?? "nil")", file: file, line: line)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path), "record mode \(mode) wrote \(files(in: folder))", file: file, line: line)
        }
    }

    // MARK: - Nothing is recorded

    func testARequestThatCannotBeDrawnRecordsNothingInAnyRecordMode() throws {
        let (badTheme, themePath) = try badThemeRequest()
        let badColour = "\(themePath): keys.content.normal.fill: \"#GGG\" is not a colour"
        assertNothingRecorded(badTheme, as: .png, reason: badColour)
        assertNothingRecorded(badTheme, as: .png(tolerance: 0), reason: badColour)
        assertNothingRecorded(badTheme, as: .svg, reason: badColour)
        assertNothingRecorded(badTheme, as: .pdf, reason: badColour)
        let (missing, layoutPath) = missingLayoutRequest()
        assertNothingRecorded(missing, as: .png, reason: "\(layoutPath): cannot read file")
    }

    /// A label no font of its chain draws fails the snapshot as it fails `render`: with its
    /// place, and nothing recorded. U+E000 stays missing in the default theme's chain though
    /// Inter (the `ios` themes' face, drawn by other tests through the same shared renderer)
    /// has a glyph there.
    func testALabelNoFontDrawsRecordsNothing() throws {
        let layout = scratch.appendingPathComponent("private.yaml")
        try Data("name: private\nkeys: [a, \"\\uE000\"]\nportrait:\n  height: 60\n  rows:\n    - columns: 2\n".utf8).write(to: layout)
        var request = RenderRequest()
        request.layout = layout.path
        request.width = 320
        assertNothingRecorded(request, as: .png, reason: "\(layout.path):2:11: keys[1] \"\\u{E000}\": no font draws U+E000 (private use)")
    }

    func testAssertSnapshotFailsAtTheCallersLineWithTheReasonAndWritesNothing() throws {
        let (request, themePath) = try badThemeRequest()
        for mode in [SnapshotTestingConfiguration.Record.missing, .all] {
            var line: UInt = 0
            let recorded = failuresRecorded {
                line = #line + 1
                assertSnapshot(of: request, as: .png, record: mode, file: Self.callerFile, line: line)
            }
            XCTAssertEqual(recorded.count, 1, "one failure, with the reason: \(recorded.map(\.description))")
            let failure = try XCTUnwrap(recorded.first)
            XCTAssertEqual(failure.file, "\(Self.callerFile)")
            XCTAssertEqual(failure.line, Int(line))
            XCTAssertTrue(failure.description.contains("\(themePath): keys.content.normal.fill: \"#GGG\" is not a colour (#RGB, #RRGGBB or #RRGGBBAA)"), failure.description)
            XCTAssertEqual(files(in: Self.callerSnapshots), [], "record mode \(mode)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: Self.callerSnapshots.path), "record mode \(mode)")
        }
    }

    /// The spelling the documentation used to recommend: the error is thrown by the value.
    func testAThrowingSceneValueRecordsNothing() throws {
        let (request, themePath) = try badThemeRequest()
        // The `try` belongs to the value, which `assertSnapshot` evaluates and reports itself.
        let recorded = try failuresRecorded {
            assertSnapshot(of: try request.scene(), as: .png, record: .all, file: Self.callerFile)
        }
        XCTAssertEqual(recorded.count, 1, "\(recorded.map(\.description))")
        XCTAssertTrue(recorded.first?.description.contains("\(themePath): keys.content.normal.fill") ?? false, "\(recorded.map(\.description))")
        XCTAssertFalse(FileManager.default.fileExists(atPath: Self.callerSnapshots.path))
    }

    func testASceneThatCannotBeDrawnRecordsNothing() throws {
        var request = RenderRequest()
        request.layout = "numbers"
        request.width = 320
        request.seed = 1
        var scene = try request.scene()
        scene.keys[0].style.textSize = .nan
        let folder = scratch.appendingPathComponent("snapshots")
        let png = verifySnapshot(of: scene, as: .png, record: .all, snapshotDirectory: folder.path, testName: "scene")
        XCTAssertTrue(png?.contains("the keyboard could not be drawn") ?? false, png ?? "nil")
        XCTAssertTrue(png?.contains("keys[0].style.textSize") ?? false, png ?? "nil")
        let svg = verifySnapshot(of: scene, as: .svg, record: .all, snapshotDirectory: folder.path, testName: "scene")
        XCTAssertTrue(svg?.contains("keys[0].style.textSize") ?? false, svg ?? "nil")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path), "wrote \(files(in: folder))")
    }

    // MARK: - Numbering

    /// In a folder that already holds references, a snapshot that cannot be drawn still takes
    /// its number, so the next unnamed snapshot of the test is `.2`, never written as `.1`.
    func testAFailedSnapshotKeepsItsNumber() throws {
        let folder = scratch.appendingPathComponent("snapshots")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let (bad, themePath) = try badThemeRequest()
        var good = bad
        good.theme = "default"
        KeyboardSnapshotFailures.$directory.withValue(scratch.appendingPathComponent("failures")) {
            let first = verifySnapshot(of: bad, as: .png, record: .all, snapshotDirectory: folder.path, testName: "numbered")
            XCTAssertTrue(first?.contains("\(themePath): keys.content.normal.fill") ?? false, first ?? "nil")
            XCTAssertNotNil(verifySnapshot(of: good, as: .png, record: .all, snapshotDirectory: folder.path, testName: "numbered"))
        }
        XCTAssertEqual(files(in: folder), ["numbered.2.png"])
    }
}
