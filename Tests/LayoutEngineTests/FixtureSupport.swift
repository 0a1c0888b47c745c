import Foundation
import XCTest
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer

/// Where the test data lives: next to this file, found through `#filePath` so the package
/// needs no resource bundle.
enum TestFiles {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixtures = testsDirectory.appendingPathComponent("Fixtures")
    static let repository = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    static let layouts = repository.appendingPathComponent("layouts")

    static func bytes(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }
}

/// Decodes a layout written inline in a test.
func decodeLayout(_ text: String, file: String = "test.yaml") throws -> DecodedLayout {
    try LayoutDecoder.decode(Array(text.utf8), file: file, baseDirectory: "/tmp")
}

/// The diagnostics a layout raises, or a failure when it decodes.
func diagnostics(of text: String, file: String = "test.yaml", line: UInt = #line) -> [Diagnostic] {
    do {
        _ = try decodeLayout(text, file: file)
        XCTFail("expected the layout to be rejected", line: line)
        return []
    } catch let list as DiagnosticList {
        return list.diagnostics
    } catch {
        XCTFail("unexpected error \(error)", line: line)
        return []
    }
}

/// Asserts that `a` and `b` differ by at most `tolerance`.
func assertClose(_ a: Double, _ b: Double, tolerance: Double = 1e-9, _ message: @autoclosure () -> String, line: UInt = #line) {
    XCTAssert(abs(a - b) <= tolerance, "\(message()): \(a) is not within \(tolerance) of \(b)", line: line)
}

/// A 10-key layout in one row, used by tests that only need something valid.
let simpleLayoutYAML = """
name: simple
keys: [a, b, c, d]
portrait:
  height: 100
  horizontalGap: 6
  rows:
    - columns: 4
"""
