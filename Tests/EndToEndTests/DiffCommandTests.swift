import Foundation
import XCTest

/// `render-keyboard diff`: keys added, removed, moved, resized and restyled, as lines and JSON.
final class DiffCommandTests: CommandTestCase {
    private func packageFile(_ path: String) throws -> String {
        try String(contentsOf: Self.packageDirectory.appendingPathComponent(path), encoding: .utf8)
    }

    func testARecolouredClassNamesEveryKeyOfItInTheStateThatChanged() throws {
        let dir = try temporaryDirectory()
        let theme = try packageFile("themes/default.yaml")
        // The function keys' pressed fill changes; nothing else does.
        let changed = theme.replacingOccurrences(of: "    pressed: {fill: \"#FFFFFF\"}", with: "    pressed: {fill: \"#EEEEEE\"}")
        XCTAssertNotEqual(changed, theme)
        try changed.write(to: dir.appendingPathComponent("after.yaml"), atomically: true, encoding: .utf8)
        let result = try run(["diff", "default", "after.yaml", "--layout", "numbers", "-o", "diff.png"], in: dir)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, """
            restyled "delete" pressed fill #FFFFFFFF → #EEEEEEFF
            restyled "collapse" pressed fill #FFFFFFFF → #EEEEEEFF

            """)
        let png = [UInt8](try Data(contentsOf: dir.appendingPathComponent("diff.png")))
        func word(_ i: Int) -> Int { Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3]) }
        let frames = try run(["frames", "--layout", "numbers"], in: dir)
        let imageWidth = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(frames.stdout.utf8)) as? [String: Any])?["imageWidth"] as? Int)
        XCTAssertEqual(word(16), 2 * imageWidth + 8, "before | after, 8 px apart")

        let json = try run(["diff", "default", "after.yaml", "--layout", "numbers", "--json"], in: dir)
        XCTAssertEqual(json.status, 1)
        let list = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(list.count, 2)
        XCTAssertEqual(list[0]["change"] as? String, "restyled")
        XCTAssertEqual(list[0]["key"] as? String, "delete")
        XCTAssertEqual(list[0]["state"] as? String, "pressed")
        XCTAssertEqual(list[0]["field"] as? String, "fill")
        XCTAssertEqual(list[0]["after"] as? String, "#EEEEEEFF")

        let same = try run(["diff", "default", "default"], in: dir)
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertEqual(same.stdout, "no changes\n")
    }

    /// A change no key shows — the background, the toolbar — is still a change.
    func testTheKeyboardsOwnLookCounts() throws {
        let dir = try temporaryDirectory()
        let theme = try packageFile("themes/default.yaml")
        let changed = theme.replacingOccurrences(of: "background: \"#D1D3D9\"", with: "background: \"#202020\"")
            .replacingOccurrences(of: "toolbar: {fill: \"#F7F7F7\"", with: "toolbar: {fill: \"#EEEEEE\"")
        try changed.write(to: dir.appendingPathComponent("after.yaml"), atomically: true, encoding: .utf8)
        let result = try run(["diff", "default", "after.yaml", "--layout", "numbers"], in: dir)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, """
            keyboard background #D1D3D9FF → #202020FF
            keyboard toolbar.fill #F7F7F7FF → #EEEEEEFF

            """)
    }

    func testAMovedAndAnAddedKeyInPoints() throws {
        let dir = try temporaryDirectory()
        let layout = """
            name: row
            keys: [a, b, c]
            portrait: {height: 50, horizontalGap: 0, verticalGap: 0, insets: {top: 0, left: 0, bottom: 0, right: 0}, rows: [{columns: 3}]}

            """
        try layout.write(to: dir.appendingPathComponent("before.yaml"), atomically: true, encoding: .utf8)
        try layout.replacingOccurrences(of: "[a, b, c]", with: "[b, a, c, d]").replacingOccurrences(of: "columns: 3", with: "columns: 4")
            .write(to: dir.appendingPathComponent("after.yaml"), atomically: true, encoding: .utf8)
        // 300 pt wide: three keys of 100 pt become four of 75 pt.
        let result = try run(["diff", "before.yaml", "after.yaml", "--width", "300"], in: dir)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, """
            moved "b" by -100, 0 pt (100, 0 → 0, 0)
            resized "b" by -25 × 0 pt (100 × 50 → 75 × 50)
            moved "a" by +75, 0 pt (0, 0 → 75, 0)
            resized "a" by -25 × 0 pt (100 × 50 → 75 × 50)
            moved "c" by -50, 0 pt (200, 0 → 150, 0)
            resized "c" by -25 × 0 pt (100 × 50 → 75 × 50)
            added "d" at 225, 0, 75 × 50 pt

            """)
    }

    func testALayoutAgainstAThemeIsAUsageError() throws {
        let dir = try temporaryDirectory()
        let result = try run(["diff", "letters", "dark"], in: dir)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("Error: \"letters\" is a layout and \"dark\" a theme; give two layouts or two themes\n"), result.stderr)
        // A missing or invalid input is not a change: exit 2 (the exit contract).
        let missing = try run(["diff", "letters", "nothing.yaml"], in: dir)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("nothing.yaml: cannot read file: No such file or directory"), missing.stderr)
        try "keys: {content: {normal: {fill: \"#GGG\"}}}\n".write(to: dir.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        let invalid = try run(["diff", "default", "bad.yaml"], in: dir)
        XCTAssertEqual(invalid.status, 2)
        XCTAssertTrue(invalid.stderr.contains("bad.yaml: keys.content.normal.fill: \"#GGG\" is not a colour"), invalid.stderr)
    }
}
