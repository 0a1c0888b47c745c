import XCTest
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer

/// What a layout file means: the defaults of docs/format.md.
final class LayoutDecoderTests: XCTestCase {
    func testKeyDefaults() throws {
        let layout = try decodeLayout("""
        keys:
          - q
          - {label: "2", value: "two"}
          - {code: space}
          - {code: done}
          - {code: shift}
          - {code: delete, rowSpan: 1}
          - {code: collapse}
          - {code: mode-letter}
          - {code: mode-number}
          - {code: mode-symbol}
          - {code: cancel, style: enter, icon: globe, label: Esc, shiftLabel: ESC!, shiftValue: x}
        portrait:
          height: 216
          rows: [{columns: 11}]
        """, file: "layouts/custom.yaml").layout
        XCTAssertEqual(layout.name, "custom", "the name defaults to the file's")
        XCTAssertEqual(layout.kind, .custom)
        XCTAssertFalse(layout.shuffle)
        XCTAssertNil(layout.toolbar)
        XCTAssertNil(layout.landscape)

        let k = layout.keys
        XCTAssertEqual(k[0], Key(label: "q", value: "q", shiftLabel: "Q", shiftValue: "Q", code: .input, keyClass: .content, rowSpan: 1, icon: KeyIcon.none))
        XCTAssertEqual([k[1].label, k[1].value, k[1].shiftLabel, k[1].shiftValue], ["2", "two", "2", "TWO"])
        XCTAssertEqual([k[2].label, k[2].value], ["space", " "])
        XCTAssertEqual(k[2].keyClass, .content)
        XCTAssertEqual(k[3].label, "Done")
        XCTAssertEqual(k[3].keyClass, .enter)
        XCTAssertEqual(k[4].icon, .shift)
        XCTAssertEqual(k[4].keyClass, .function)
        XCTAssertEqual(k[5].icon, .delete)
        XCTAssertEqual(k[6].icon, .collapse)
        XCTAssertEqual(k[7...9].map(\.label), ["ABC", "123", "#+="])
        XCTAssertEqual(k[7...9].map(\.code.numericValue), [-3, -2, -4])
        XCTAssertEqual(k[10].keyClass, .enter)
        XCTAssertEqual(k[10].icon, .globe)
        XCTAssertEqual([k[10].label, k[10].shiftLabel, k[10].shiftValue], ["Esc", "ESC!", "x"])
        XCTAssertEqual(k.map(\.code.numericValue), [0, 0, 0, -6, -1, -7, -8, -3, -2, -4, -5])
    }

    func testLayoutDefaultsByKind() throws {
        for (kind, shuffles) in [("letter", false), ("number", true), ("symbol", true), ("idcard", true), ("custom", false)] {
            let layout = try decodeLayout("kind: \(kind)\n" + simpleLayoutYAML).layout
            XCTAssertEqual(layout.shuffle, shuffles, kind)
        }
        let explicit = try decodeLayout("kind: number\nshuffle: false\n" + simpleLayoutYAML).layout
        XCTAssertFalse(explicit.shuffle)
    }

    func testToolbarDefaults() throws {
        let layout = try decodeLayout("toolbar: {title: Pay}\n" + simpleLayoutYAML).layout
        XCTAssertEqual(layout.toolbar, Toolbar(title: "Pay", height: 36))
        let tall = try decodeLayout("toolbar: {height: 44}\n" + simpleLayoutYAML).layout
        XCTAssertEqual(tall.toolbar, Toolbar(title: "", height: 44))
    }

    func testGeometryDefaultsAndArrays() throws {
        let decoded = try decodeLayout("""
        keys: [a, b, c, d, e]
        portrait:
          keyAspectRatio: 1.2
          rows:
            - {columns: 3, widthWeights: [2], heightWeights: [1, 1, 1, 5, 5], paddings: [1, 2]}
            - {columns: 2, margin: {left: "2.5%", right: 7}}
        landscape:
          height: 150
          horizontalGap: 4
          verticalGap: 3
          insets: {top: 1, left: 2, bottom: 3, right: 4}
          rows: [{columns: 5}]
        """)
        let portrait = decoded.layout.portrait
        XCTAssertEqual(portrait.sizing, .keyAspectRatio(1.2, referenceRow: 0))
        XCTAssertEqual(portrait.horizontalGap, 0)
        XCTAssertEqual(portrait.verticalGap, 0)
        XCTAssertEqual(portrait.insets, .zero)
        XCTAssertEqual(portrait.rows[0].widthWeights, [2, 1, 1])
        XCTAssertEqual(portrait.rows[0].heightWeights, [1, 1, 1])
        XCTAssertEqual(portrait.rows[0].paddings, [1, 2, 0])
        XCTAssertEqual(portrait.rows[1].marginLeft, .percent(2.5))
        XCTAssertEqual(portrait.rows[1].marginRight, .points(7))
        XCTAssertEqual(decoded.warnings.map(\.path), ["portrait.rows[0].heightWeights"])
        XCTAssertTrue(decoded.warnings[0].reason.contains("ignored"), decoded.warnings[0].reason)

        let landscape = try XCTUnwrap(decoded.layout.landscape)
        XCTAssertEqual(landscape.sizing, .height(150))
        XCTAssertEqual(landscape.insets, EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        XCTAssertEqual([landscape.horizontalGap, landscape.verticalGap], [4, 3])
    }

    func testJSONLayout() throws {
        let layout = try decodeLayout("""
        {"name": "pad", "keys": ["1", {"code": "delete", "rowSpan": 2}, "2"],
         "portrait": {"height": 100, "rows": [{"columns": 2}, {"columns": 1}]}}
        """, file: "pad.json").layout
        XCTAssertEqual(layout.name, "pad")
        XCTAssertEqual(layout.keys.map(\.rowSpan), [1, 2, 1])
    }

    func testQuotedAndUnusualLabelsStayStrings() throws {
        let layout = try decodeLayout("""
        keys: ["1", yes, "null", '''', "\\\\", "é", "😀"]
        portrait: {height: 100, rows: [{columns: 7}]}
        """).layout
        XCTAssertEqual(layout.keys.map(\.label), ["1", "yes", "null", "'", "\\", "é", "😀"])
    }

    func testAppearanceIsReadWithTheThemeStyleRules() throws {
        let layout = try decodeLayout("""
        keys:
          - {label: a, appearance: {normal: {fill: "#FF0000"}, pressed: {textSize: 30}}}
        portrait: {height: 100, rows: [{columns: 1}]}
        """).layout
        let appearance = try XCTUnwrap(layout.keys[0].appearance)
        XCTAssertEqual(appearance.normal?.fill, Color(red: 255, green: 0, blue: 0))
        XCTAssertEqual(appearance.pressed?.textSize, 30)

        let problems = diagnostics(of: """
        keys:
          - {label: a, appearance: {normal: {fill: "#GGG"}}}
        portrait: {height: 100, rows: [{columns: 1}]}
        """)
        XCTAssertEqual(problems.map(\.path), ["keys[0].appearance.normal.fill"])
    }

    func testBuiltInLayoutsAreValid() throws {
        for name in BuiltInLayoutTests.names {
            let url = TestFiles.layouts.appendingPathComponent("\(name).yaml")
            let decoded = try LayoutDecoder.decode(TestFiles.bytes(url), file: "\(name).yaml", baseDirectory: TestFiles.layouts.path)
            XCTAssertEqual(decoded.layout.name, name)
            XCTAssertNotNil(decoded.layout.landscape, name)
        }
    }
}
