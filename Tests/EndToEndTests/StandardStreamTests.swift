import Foundation
import XCTest

/// Standard output and error that cannot be written (closed, or `/dev/full`): the run ends
/// with a status that tells, never a trap; lost standard output is a failed run.
final class StandardStreamTests: CommandTestCase {
    func testFullOrClosedStandardErrorKeepsTheStatus() throws {
        for redirect in ["2>/dev/full", "2>&-"] {
            XCTAssertEqual(try shell("\"$RK\" render --bogus \(redirect)").status, 2, redirect)
            XCTAssertEqual(try shell("\"$RK\" render --layout /nonexistent.yaml \(redirect)").status, 1, redirect)
            XCTAssertEqual(try shell("\"$RK\" validate /nonexistent.yaml \(redirect)").status, 1, redirect)
            XCTAssertEqual(try shell("echo abc | \"$RK\" password check --strength bogus \(redirect)").status, 1, redirect)
        }
    }

    func testLostStandardOutputFailsTheRun() throws {
        let cases = [
            "\"$RK\" list",
            "\"$RK\" --help",
            "\"$RK\" --version",
            "\"$RK\" rules parse 'required: upper;'",
            "\"$RK\" validate layouts/numbers.yaml",
            "echo abc | \"$RK\" password check",
        ]
        for command in cases {
            let full = try shell(command + " >/dev/full")
            XCTAssertEqual(full.status, 1, command)
            XCTAssertEqual(full.stderr, "render-keyboard: cannot write to standard output: No space left on device\n", command)
            let closed = try shell(command + " >&-")
            XCTAssertEqual(closed.status, 1, command)
            XCTAssertEqual(closed.stderr, "render-keyboard: cannot write to standard output: Bad file descriptor\n", command)
        }
    }

    func testOutputToAFullStandardOutputNamesIt() throws {
        let frames = try shell("\"$RK\" frames >/dev/full")
        XCTAssertEqual(frames.status, 1)
        XCTAssertEqual(frames.stderr, "-: cannot write to standard output: No space left on device\n")
        let image = try shell("\"$RK\" render -o - >&-")
        XCTAssertEqual(image.status, 1)
        XCTAssertEqual(image.stderr, "-: cannot write to standard output: Bad file descriptor\n")
    }
}
