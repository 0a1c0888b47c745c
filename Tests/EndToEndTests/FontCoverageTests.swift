import Foundation
import XCTest

/// Every character HeliBoard's alphabet layouts draw (the facts in
/// `Fixtures/heliboard-main-characters.txt`: each layout's labels with its locale's key texts)
/// is drawn by the pinned fonts: checked once by reading each font's character map with
/// fontTools, apart from the renderer, and once by the tool itself. Only the two sebeolsik
/// layouts, whose Hangul conjoining jamo (U+1100–11FF) no pinned font has, are missing glyphs
/// (SPEC §16).
final class FontCoverageTests: CommandTestCase {
    static let facts = packageDirectory.appendingPathComponent("Tests/EndToEndTests/Fixtures/heliboard-main-characters.txt")
    static let expectedMissing = ["korean_sebeolsik_390", "korean_sebeolsik_final"]

    /// `(stem, locale, characters)` of each layout.
    func layouts() throws -> [(stem: String, locale: String?, characters: [String])] {
        try String(contentsOf: Self.facts, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let parts = line.split(separator: ":", maxSplits: 1)
            let head = parts[0].split(separator: " ")
            // On scalars: a space before a combining mark is one `Character` with it.
            let characters = parts[1].unicodeScalars.split(separator: " ").map { String(String.UnicodeScalarView($0)) }
            return (String(head[0]), head[1] == "-" ? nil : String(head[1]), characters)
        }
    }

    func testFontToolsFindsEveryCharacterInThePinnedFonts() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.packageDirectory.appendingPathComponent("scripts/check-font-coverage.py").path, Self.facts.path]
            + Self.expectedMissing.flatMap { ["--expect-missing", $0] }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertFalse(text.contains("No module named 'fontTools'"), "fontTools is not installed: scripts/setup.sh installs it")
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertEqual(text.split(separator: "\n").count, try layouts().count, text)
    }

    /// Each layout's characters as a HeliBoard layout of their own, drawn with its locale.
    func testTheToolDrawsEveryCharacter() throws {
        let folder = try temporaryDirectory().appendingPathComponent("main")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for layout in try layouts() {
            let rows = stride(from: 0, to: layout.characters.count, by: 10).map { layout.characters[$0..<min($0 + 10, layout.characters.count)].joined(separator: "\n") }
            let file = folder.appendingPathComponent(layout.stem + ".txt")
            try Data((rows.joined(separator: "\n\n") + "\n").utf8).write(to: file)
            let result = try run(["--layout", "heliboard:" + file.path, "-o", folder.appendingPathComponent(layout.stem + ".png").path] + (layout.locale.map { ["--locale", $0] } ?? []))
            if Self.expectedMissing.contains(layout.stem) {
                XCTAssertEqual(result.status, 1, layout.stem)
                XCTAssertTrue(result.stderr.contains("no font draws U+11"), result.stderr)
            } else {
                XCTAssertEqual(result.status, 0, "\(layout.stem): \(result.stderr)")
            }
        }
    }
}
