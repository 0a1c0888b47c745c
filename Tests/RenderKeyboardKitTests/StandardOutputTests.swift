import Foundation
import RenderKeyboardKit
import XCTest

/// `-` means standard output for the library as for the command line: no file named `-`.
final class StandardOutputTests: XCTestCase {
    /// Runs `body` with standard output sent to a temporary file, and returns what it wrote.
    private func capturingStandardOutput(_ body: () throws -> Void) throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stdout-\(UUID().uuidString)").path
        let fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd); unlink(path) }
        fflush(nil)
        let saved = dup(STDOUT_FILENO)
        dup2(fd, STDOUT_FILENO)
        defer { dup2(saved, STDOUT_FILENO); close(saved) }
        try body()
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func testDashWritesToStandardOutputNotAFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }

        var request = RenderRequest()
        request.layout = "numbers"
        request.output = "-"
        var rendered: RenderedKeyboard?
        let written = try capturingStandardOutput { rendered = try request.write() }
        XCTAssertEqual(written, rendered?.bytes)
        XCTAssertEqual(Array(written.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("-").path))
    }
}
