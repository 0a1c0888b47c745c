import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import XCTest
#if canImport(Testing)
import Testing
#endif

/// Which test run and which package a test process belongs to, so that the processes of one
/// `swift test` (one per worker with `--parallel`) share a failures folder without deleting
/// each other's files.
enum RunIdentity {
    /// The run: `KEYBOARD_SNAPSHOT_RUN` when set, else the parent process (the `swift test`
    /// that started this test process) and the time it started.
    static let current: String = {
        if let run = ProcessInfo.processInfo.environment["KEYBOARD_SNAPSHOT_RUN"], !run.isEmpty { return run }
        let parent = getppid()
        return "\(parent) \(startTime(of: parent) ?? "")"
    }()

    /// The clock tick the process started at (field 22 of `/proc/PID/stat`), on Linux.
    private static func startTime(of pid: pid_t) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        // Fields after the command name start at field 3.
        return fields.count > 19 ? String(fields[19]) : nil
    }

    /// The `.build` folder the test executable runs from: the package under test's build
    /// folder. Nil when the executable is not inside one.
    static let buildDirectory: URL? = {
        var path = executablePath()
        while let current = path, current.path != "/" {
            if current.lastPathComponent == ".build" { return current }
            path = current.deletingLastPathComponent()
        }
        return nil
    }()

    private static func executablePath() -> URL? {
        #if os(Linux)
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: target)
        }
        #endif
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL
        }
        return Bundle.main.executableURL
    }
}

/// The name of the test running now, for the failures report.
enum TestNames {
    /// `Suite.testName` of the running test, when known: XCTest's `Class.testMethod`, or a
    /// Swift Testing test's suites and name (`PinPadTests.pinPad()`).
    static var current: String? {
        #if canImport(Testing)
        if let test = Test.current { return swiftTestingName(test.id.nameComponents, name: test.name) }
        #endif
        return observer.running.withLock { $0 }
    }

    /// Starts watching XCTest's test cases, once per process, from the main thread (where
    /// XCTest runs tests and calls its observers); Swift Testing names its tests itself.
    static func observe() {
        #if canImport(Testing)
        if Test.current != nil { return }
        #endif
        if Thread.isMainThread { _ = registered }
    }

    /// A Swift Testing test's name with its suites, from its ID's name components (suites,
    /// then the test); `name` alone when the ID has no components.
    static func swiftTestingName(_ components: [String], name: String) -> String {
        components.isEmpty ? name : components.joined(separator: ".")
    }

    private static let observer = Observer()
    private static let registered: Void = XCTestObservationCenter.shared.addTestObserver(observer)

    private final class Observer: NSObject, XCTestObservation, Sendable {
        let running = Locked<String?>(nil)

        func testCaseWillStart(_ testCase: XCTestCase) {
            running.withLock { $0 = testCase.name }
        }

        func testCaseDidFinish(_ testCase: XCTestCase) {
            // Entries written before the observer saw this test start get its name now.
            KeyboardSnapshotFailures.assignTest(testCase.name)
            running.withLock { $0 = nil }
        }
    }
}
