import Foundation
import XCTest

final class PatternCommandTests: CommandTestCase {
    func testDrawsAPNGAndPrintsFrames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pattern-cmd-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("p.png").path
        let drawn = try run(["pattern", "--path", "0,1,2,5,8", "--state", "success", "--width", "200", "-o", out])
        XCTAssertEqual(drawn.status, 0, drawn.stderr)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        let frames = try run(["pattern", "--path", "0,2", "--frames"])
        XCTAssertEqual(frames.status, 0, frames.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(frames.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["completedPath"] as? [Int], [0, 1, 2])
        XCTAssertEqual((json["dots"] as? [Any])?.count, 9)
    }

    func testBadInputExitsOneAndUsageErrorsTwo() throws {
        let revisit = try run(["pattern", "--path", "0,2,1", "--frames"])
        XCTAssertEqual(revisit.status, 1)
        XCTAssertEqual(revisit.stderr, "--path: [2]: dot 1 is already in the pattern; a pattern visits each dot once\n")
        let notANumber = try run(["pattern", "--path", "0,x"])
        XCTAssertEqual(notANumber.status, 1)
        XCTAssertEqual(try run(["pattern", "--size", "100000000000000000000"]).status, 2)
        XCTAssertEqual(try run(["pattern", "--size", "13", "--frames"]).stderr, "--size: a pad has 2…12 dots a side (found 13)\n")
        XCTAssertEqual(try run(["pattern", "--state", "pressed"]).status, 2)
        XCTAssertEqual(try run(["pattern", "--width", "100", "--device", "iphone-se"]).status, 2)
        let tooBig = try run(["pattern", "--width", "20000", "--frames"])
        XCTAssertEqual(tooBig.status, 1)
        XCTAssertEqual(tooBig.stderr, "--width: the pad would be 20000 px a side; it must be 1…16384 px\n")
        // Too many pixels in all: drawing and frames say the same thing in the same form.
        let dir = try temporaryDirectory()
        for arguments in [["pattern", "--width", "16384", "--frames"], ["pattern", "--width", "16384", "-o", "p.png"], ["pattern", "--width", "5000", "--scale", "3", "-o", "p.svg"]] {
            let result = try run(arguments, in: dir)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("--width: the image would be "), "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasSuffix(" px); the limit is 67108864 px\n"), "\(arguments): \(result.stderr)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
    }
}
