import Foundation
import KeyboardRenderer
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer
@testable import RenderKeyboardKit
@testable import KeyboardCompare
import XCTest

/// `KeyboardDiff`: keys matched by name (`NAME#2` for a repeated one), frames compared in
/// points, styles in both states, the outlined picture.
final class KeyboardDiffTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "keyboard-diff-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func scene(keys: String, columns: Int, theme: String = "default") throws -> (KeyboardScene, Theme) {
        let path = folder + "/l\(UUID().uuidString).yaml"
        try """
            name: row
            keys: \(keys)
            portrait: {height: 40, horizontalGap: 0, verticalGap: 0, insets: {top: 0, left: 0, bottom: 0, right: 0}, rows: [{columns: \(columns)}]}

            """.write(toFile: path, atomically: true, encoding: .utf8)
        var request = RenderRequest()
        request.layout = path
        request.theme = theme
        request.width = 200
        request.scale = 2
        return (try request.scene(), try request.loadedTheme())
    }

    func testARepeatedLabelIsMatchedByItsOccurrence() throws {
        let (before, theme) = try scene(keys: "[x, x]", columns: 2)
        let (after, _) = try scene(keys: "[x, x, y, z]", columns: 4)
        let diff = try KeyboardDiff(before: before, beforeTheme: theme, after: after, afterTheme: theme)
        XCTAssertEqual(diff.changes.map(\.line), [
            "resized \"x\" by -50 × 0 pt (100 × 40 → 50 × 40)",
            "moved \"x#2\" by -50, 0 pt (100, 0 → 50, 0)",
            "resized \"x#2\" by -50 × 0 pt (100 × 40 → 50 × 40)",
            "added \"y\" at 100, 0, 50 × 40 pt",
            "added \"z\" at 150, 0, 50 × 40 pt",
        ])
        XCTAssertEqual(diff.changes[1].dx, -50)
        XCTAssertEqual(diff.beforeOutlines, [PixelRect(x: 0, y: 0, width: 200, height: 80), PixelRect(x: 200, y: 0, width: 200, height: 80)])
        XCTAssertEqual(diff.afterOutlines.count, 4)

        let back = try KeyboardDiff(before: after, beforeTheme: theme, after: before, afterTheme: theme)
        XCTAssertEqual(back.changes.suffix(2).map(\.line), ["removed \"y\" from 100, 0, 50 × 40 pt", "removed \"z\" from 150, 0, 50 × 40 pt"])
    }

    func testThePictureOutlinesChangedKeysOnly() throws {
        let (before, theme) = try scene(keys: "[a, b]", columns: 2)
        let (after, dark) = try scene(keys: "[a, b]", columns: 2, theme: "dark")
        let diff = try KeyboardDiff(before: before, beforeTheme: theme, after: after, afterTheme: dark)
        XCTAssertTrue(diff.changes.contains { $0.line.hasPrefix("restyled \"a\" normal fill ") }, "\(diff.changes.map(\.line))")
        XCTAssertTrue(diff.changes.contains { $0.change == "keyboard" && $0.field == "background" })
        let renderer = try Renderer()
        let picture = diff.picture(before: try renderer.rasterize(before), after: try renderer.rasterize(after))
        XCTAssertEqual(picture.width, 400 + KeyboardDiff.panelGap + 400)
        let magenta = (r: UInt8(255), g: UInt8(0), b: UInt8(255), a: UInt8(255))
        for (x, y) in [(0, 0), (2, 40), (199, 79), (200, 40), (408 + 2, 40), (408 + 399, 79)] {
            XCTAssertTrue(try XCTUnwrap(picture.pixel(x: x, y: y)) == magenta, "outline at \(x), \(y)")
        }
        XCTAssertFalse(try XCTUnwrap(picture.pixel(x: 100, y: 40)) == magenta, "inside a key")
        XCTAssertTrue(try XCTUnwrap(picture.pixel(x: 403, y: 40)) == (128, 128, 128, 255), "the gap")
    }
}
