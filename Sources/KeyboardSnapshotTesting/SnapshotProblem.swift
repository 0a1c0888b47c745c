import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import RenderKeyboardKit
import XCTest
#if canImport(Testing)
import Testing
#endif

/// Problems found while taking a snapshot (a keyboard that cannot be described or drawn).
///
/// A strategy reports them here because it has no other way to: its snapshot is a value, not
/// an error. Inside `capturing(_:)` — which is how this library's `assertSnapshot` and
/// `verifySnapshot` take snapshots — a problem is collected, and the caller fails the test at
/// its own line without handing anything to swift-snapshot-testing. Anywhere else (a strategy
/// used through the library's functions directly) the running test fails at once.
enum SnapshotProblem {
    /// The problems of the snapshot being taken in this task, when `capturing` is running.
    @TaskLocal private static var collected: Locked<[String]>?

    /// Collects `message` when `capturing` is running; otherwise fails the running test.
    static func report(_ message: String) {
        if let collected {
            collected.withLock { $0.append(message) }
            return
        }
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: message))
            return
        }
        #endif
        XCTFail(message)
    }

    /// Runs `body` with reports collected instead of failing the test.
    ///
    /// - Returns: what `body` returned and the problems reported while it ran, in order.
    static func capturing<T>(_ body: () throws -> T) rethrows -> (value: T, problems: [String]) {
        let problems = Locked<[String]>([])
        let value = try $collected.withValue(problems) { try body() }
        return (value, problems.withLock { $0 })
    }

    /// Fails the running test with `message` at the given place (the caller's assertion), as
    /// swift-snapshot-testing reports its own failures: an issue for Swift Testing, an XCTest
    /// failure otherwise.
    static func fail(_ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
            )
            return
        }
        #endif
        XCTFail(message, file: filePath, line: line)
    }

    /// How an error reads in a failure message: its `errorDescription` when it has one, else
    /// its description (the keyboard's errors read `FILE: field.path: reason` either way).
    static func text(of error: any Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? String(describing: error)
    }
}

/// A snapshot that could not be taken, as an error whose message is the failure message.
struct SnapshotFailure: LocalizedError {
    /// The failure message, one problem per line.
    var message: String

    var errorDescription: String? { message }
}

extension RenderRequest {
    /// The scene of the keyboard the request describes; when the request cannot be described
    /// (a missing or invalid layout, theme or image, a bad field) the problem is reported to
    /// `SnapshotProblem` and returned. It reads `FILE: field.path: reason`, after the case
    /// name when one is set.
    func sceneForSnapshot() -> Result<KeyboardScene, SnapshotFailure> {
        do {
            return .success(try drawableScene())
        } catch {
            let message = (KeyboardSnapshotFailures.caseName.map { "\($0): " } ?? "") + SnapshotProblem.text(of: error)
            SnapshotProblem.report(message)
            return .failure(SnapshotFailure(message: message))
        }
    }
}
