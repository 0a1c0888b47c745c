import XCTest
#if canImport(Testing)
import Testing
#endif

/// Fails the running test at once, for problems found while taking a snapshot (a keyboard
/// that cannot be drawn), which a strategy cannot otherwise report when it is recording.
enum SnapshotProblem {
    static func report(_ message: String) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: message))
            return
        }
        #endif
        XCTFail(message)
    }
}
