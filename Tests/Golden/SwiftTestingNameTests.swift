#if canImport(Testing)
@testable import KeyboardSnapshotTesting
import Testing

/// Failures recorded under Swift Testing are listed with the suite, as XCTest's are with
/// the class: `Suite.test()`, not the bare function name.
@Suite struct SwiftTestingNameTests {
    @Test func entriesNameTheSuiteAndTheTest() {
        #expect(TestNames.current == "SwiftTestingNameTests.entriesNameTheSuiteAndTheTest()")
    }
}
#endif
