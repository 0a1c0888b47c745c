import Foundation
import XCTest

/// Metrics tables and the geometry additions of docs/ios-keyboard.md as users meet them on the command
/// line: `list --metrics`, and each error exits 1 naming the file and the field.
final class MetricsCommandTests: CommandTestCase {
    func testListPrintsATable() throws {
        let result = try run(["list", "--metrics", "ios-ipad"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.first, "ios-ipad (metrics/ios-ipad.csv): 20 columns, 4 rows")
        XCTAssertEqual(lines[1], "device  orientation  area  height  band  top   bottom  side  gap   rowGap  row0    delete  indent  return  shiftL  shiftR  n123   globe  mic    n123R   dismiss  radius")
        XCTAssertEqual(lines[2], "ipad-6  portrait     768   264     0     7.25  8       6     12    9       1.0273  61      29      106     56      76      56     56     56     90      90       5")
        XCTAssertEqual(lines.count, 6)
        let list = try run(["list"])
        XCTAssertTrue(list.stdout.contains("\nmetrics: ios, ios-ipad, ios26\n"), list.stdout)
        XCTAssertTrue(list.stdout.contains("\n  iphone-14 (also iphone-390x844): portrait 390 pt, landscape 844 pt, scale 3, screen 1170 × 2532 px\n"), list.stdout)
        let missing = try run(["list", "--metrics", "iso"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "--metrics: no built-in metrics table or file named \"iso\"; built-in metrics tables: ios, ios-ipad, ios26; did you mean ios?\n")
    }

    /// A preset's size name is the preset.
    func testAnAliasDrawsItsPreset() throws {
        let named = try run(["frames", "--layout", "ios", "--device", "iphone-14"])
        let aliased = try run(["frames", "--layout", "ios", "--device", "iphone-390x844"])
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertEqual(aliased.stdout, named.stdout)
        XCTAssertTrue(named.stdout.contains("\"device\": \"iphone-14\""))
    }

    func testNoRowForTheDeviceDrawn() throws {
        let result = try run(["render", "--layout", "ios", "--device", "ipad-10", "-o", "-"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "layouts/ios.yaml: metrics: ios: no metrics row for ipad-10 portrait; metrics/ios.csv has rows for iphone-se-1, iphone-se, iphone-13-mini, iphone-14, iphone-15, iphone-8-plus, iphone-11, iphone-14-plus, iphone-15-pro-max, iphone-16-pro, iphone-16-pro-max\n")
    }

    /// A layout and its own table in a folder; `table` is the CSV.
    private func files(layout: String, table: String = "device,orientation,h,gap\niphone-15,portrait,100,6\n") throws -> URL {
        let dir = try temporaryDirectory()
        try layout.write(to: dir.appendingPathComponent("l.yaml"), atomically: true, encoding: .utf8)
        try table.write(to: dir.appendingPathComponent("t.csv"), atomically: true, encoding: .utf8)
        return dir
    }

    private func assertFails(_ layout: String, table: String? = nil, _ message: String, line: UInt = #line) throws {
        let dir = try table.map { try files(layout: layout, table: $0) } ?? files(layout: layout)
        let result = try run(["--layout", "l.yaml", "--device", "iphone-15", "-o", "k.png"], in: dir)
        XCTAssertEqual(result.status, 1, result.stderr, line: line)
        XCTAssertEqual(result.stderr, message + "\n", line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("k.png").path), "no image is written", line: line)
    }

    func testEachProblemNamesTheFileAndTheField() throws {
        try assertFails("metrics: t.csv\nkeys: [a]\nportrait: {height: $hh, rows: [{columns: 1}]}\n",
                        "l.yaml: portrait.height: metrics table t has no column \"hh\"; did you mean h?")
        try assertFails("metrics: t.csv\nkeys: [a]\nportrait: {height: $h, horizontalGap: $gap, rows: [{columns: 1}]}\n",
                        table: "device,orientation,h,gap\niphone-15,portrait,100,6\niphone-15,landscape,80,six\n",
                        "t.csv: line 3, gap: \"six\" is not a number")
        try assertFails("metrics: nope.csv\nkeys: [a]\nportrait: {height: 50, rows: [{columns: 1}]}\n",
                        "l.yaml: metrics: \"nope.csv\": cannot read file: No such file or directory")
        try assertFails("keys: [a, b]\nportrait: {height: 50, horizontalGap: 6, rows: [{columns: 2, widths: [200, 190]}]}\n",
                        "l.yaml: portrait.rows[0].widths: the fixed widths of keys[0]…keys[1] (390 pt) overflow the row: the segment from x 0 to 393 pt leaves -3 pt after gaps, paddings and fixed widths on a keyboard 393 pt wide")
        try assertFails("keys: [a, b]\nportrait: {height: 50, keyAreaWidth: 400, rows: [{columns: 2}]}\n",
                        "l.yaml: portrait.keyAreaWidth: the key area is 400 pt wide but the screen is 393 pt")
        let landscape = try files(layout: "keys: [a, b]\nportrait: {height: 50, keyAreaWidth: 800, rows: [{columns: 2}]}\n")
        let overlap = try run(["--layout", "l.yaml", "--device", "iphone-15", "--orientation", "landscape", "-o", "k.png"], in: landscape)
        XCTAssertEqual(overlap.status, 1)
        XCTAssertEqual(overlap.stderr, "l.yaml: portrait.keyAreaWidth: the key area, 800 pt centred on a screen 852 pt wide, leaves 26 pt at each side, where the device keeps 59 pt clear; at most 734 pt fits\n")
    }

    /// `validate` solves a layout with a table on the presets it has rows for, and reports a
    /// bad table.
    func testValidateChecksTheDevicesOfTheTable() throws {
        let ok = try run(["validate", "layouts/ios.yaml", "layouts/ios26.yaml", "layouts/ios-ipad.yaml", "themes/ios.yaml", "themes/ios26-dark.yaml"])
        XCTAssertEqual(ok.status, 0, ok.stdout + ok.stderr)
        XCTAssertEqual(ok.stdout, "layouts/ios.yaml: ok (layout)\nlayouts/ios26.yaml: ok (layout)\nlayouts/ios-ipad.yaml: ok (layout)\nthemes/ios.yaml: ok (theme)\nthemes/ios26-dark.yaml: ok (theme)\n")
        let dir = try files(layout: "metrics: t.csv\nkeys: [a]\nportrait: {height: $h, rows: [{columns: 1}]}\n", table: "device,orientation,h\niphone-15,portrait,-5\n")
        let bad = try run(["validate", "l.yaml"], in: dir)
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(bad.stdout, "l.yaml: portrait.height: must not be negative (found -5) (\"$h\" is -5 in metrics t, iphone-15 portrait)\n")
    }
}
