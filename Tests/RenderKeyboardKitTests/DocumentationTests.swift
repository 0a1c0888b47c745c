import Foundation
@testable import LayoutEngine
import RenderKeyboardKit
import XCTest

/// The user's documentation ships with the package and says what the code does: the format
/// reference names every field and choice the decoders accept, and the README's Swift example
/// is this file's code.
final class DocumentationTests: XCTestCase {
    private static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func text(_ path: String) throws -> String {
        try String(contentsOf: Self.package.appendingPathComponent(path), encoding: .utf8)
    }

    func testTheFormatReferenceNamesEveryFieldAndChoice() throws {
        let reference = try text("docs/format.md")
        let lists: [(String, [String])] = [
            ("layout", LayoutDecoder.fields), ("key", LayoutDecoder.keyFields), ("toolbar", LayoutDecoder.toolbarFields),
            ("geometry", LayoutDecoder.geometryFields), ("insets", LayoutDecoder.insetFields), ("row", LayoutDecoder.rowFields),
            ("margin", LayoutDecoder.marginFields), ("theme", ThemeDecoder.fields), ("key style", FieldReader.keyStyleFields),
            ("callout", FieldReader.calloutFields), ("manifest job", BatchManifest.jobFields),
            ("Android Keyboard", AndroidKeyboardDecoder.keyboardAttributes), ("Android Row", AndroidKeyboardDecoder.rowAttributes),
            ("Android Key", AndroidKeyboardDecoder.keyAttributes),
            ("key code", KeyCode.allCases.map(\.rawValue)), ("key icon", KeyIcon.allCases.map(\.rawValue)),
            ("layout kind", LayoutKind.allCases.map(\.rawValue)), ("key class", KeyClass.allCases.map(\.rawValue)),
            ("corner", Corner.allCases.map(\.rawValue)), ("font weight", FontWeight.allCases.map(\.rawValue)),
            ("pattern state", PatternState.allCases.map(\.rawValue)), ("shift", ShiftState.allCases.map(\.rawValue)),
            ("format", OutputFormat.allCases.map(\.rawValue)), ("built-in theme", Resources.themeNames),
            ("lint", FieldReader.lintFields), ("lint.ignore entry", FieldReader.lintIgnoreFields),
            ("built-in metrics table", Resources.metricsNames),
        ]
        for (what, names) in lists {
            for name in names {
                XCTAssertTrue(reference.contains("`\(name)`"), "docs/format.md does not name the \(what) `\(name)`")
            }
        }
    }

    /// The key style table of the format reference is the style field table's own rows, in
    /// its order: a new field's row comes from `KeyStyleField`.
    func testTheKeyStyleTableIsTheStyleFieldTable() throws {
        let reference = try text("docs/format.md")
        let rows = KeyStyleField.all.map(\.documentationRow)
        let expected = rows.joined(separator: "\n")
        XCTAssertTrue(reference.contains(expected), "docs/format.md's key style table should read:\n\(expected)")
    }

    func testTheREADMEPointsToShippedDocumentsAndListsEveryTheme() throws {
        let readme = try text("README.md")
        XCTAssertFalse(readme.contains("../shared/"), "the README links outside the repository")
        XCTAssertTrue(readme.contains("](docs/format.md)"))
        let row = try XCTUnwrap(readme.split(separator: "\n").first { $0.hasPrefix("| `--theme NAME") })
        for theme in Resources.themeNames {
            XCTAssertTrue(row.contains("`\(theme)`"), "the --theme row leaves out \(theme)")
        }
    }

    /// The README's "From Swift" example, compiled and run here; the README must show it as
    /// written below.
    func testTheREADMESwiftExampleCompilesAndRuns() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let example = """
            var request = RenderRequest()
            request.layout = "numbers"            // a built-in name, a YAML/JSON file or an Android XML pad
            request.device = "iphone-15"          // or "1080x2340@2.625"
            request.orientation = .landscape      // an `Orientation`: .portrait (the default) or .landscape
            request.seed = 7                      // leave nil for the system's secure shuffle

            let frames = try request.frames()     // the frames JSON's content; shuffled as the layout says
            let png = try request.render().bytes  // PNG, SVG or PDF (`request.format`) in memory
            request.output = "pad.svg"
            try request.write()                   // atomically, only onto a regular file or a new name
            """
        XCTAssertTrue(try text("README.md").contains(example), "the README's From Swift example differs from this test's")

        var request = RenderRequest()
        request.layout = "numbers"            // a built-in name, a YAML/JSON file or an Android XML pad
        request.device = "iphone-15"          // or "1080x2340@2.625"
        request.orientation = .landscape      // an `Orientation`: .portrait (the default) or .landscape
        request.seed = 7                      // leave nil for the system's secure shuffle

        let frames = try request.frames()     // the frames JSON's content; shuffled as the layout says
        let png = try request.render().bytes  // PNG, SVG or PDF (`request.format`) in memory
        request.output = folder.appendingPathComponent("pad.svg").path
        try request.write()                   // atomically, only onto a regular file or a new name

        XCTAssertEqual(frames.canvas.orientation, .landscape)
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("pad.svg").path))
    }
}
