import Foundation
import JSONText
import XCTest
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer

final class FramesJSONTests: XCTestCase {
    private func workedExample(on canvas: Canvas) throws -> KeyboardFrames {
        let url = TestFiles.fixtures.appendingPathComponent("worked-example/layout.yaml")
        let layout = try LayoutDecoder.decode(TestFiles.bytes(url), file: "layout.yaml", baseDirectory: "/tmp").layout
        return try Solver.solve(layout, on: canvas)
    }

    func testDocumentShape() throws {
        let frames = try workedExample(on: Canvas(deviceName: nil, orientation: .portrait, width: 400, scale: 1))
        let json = frames.json()
        let lines = json.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(Array(lines.prefix(12)), [
            "{",
            "  \"layout\": \"worked-example\",",
            "  \"orientation\": \"portrait\",",
            "  \"device\": null,",
            "  \"scale\": 1,",
            "  \"width\": 400,",
            "  \"height\": 216,",
            "  \"imageWidth\": 400,",
            "  \"imageHeight\": 216,",
            "  \"source\": \"weights\",",
            "  \"safeArea\": {\"left\": 0, \"right\": 0, \"bottom\": 0},",
            "  \"keys\": [",
        ])
        XCTAssertEqual(lines[12], """
            {"index": 0, "label": "1", "value": "1", "code": "input", "codeValue": 0, "style": "content", "row": 0, "slot": 0, "rowSpan": 1, "frame": {"x": 0, "y": 0, "width": 95.5, "height": 48}, "pixelFrame": {"x": 0, "y": 0, "width": 96, "height": 48}},
        """)
        XCTAssertEqual(lines[15], """
            {"index": 3, "label": "DEL", "value": "DEL", "code": "delete", "codeValue": -7, "style": "function", "row": 0, "slot": 3, "rowSpan": 2, "frame": {"x": 304.5, "y": 0, "width": 95.5, "height": 104}, "pixelFrame": {"x": 305, "y": 0, "width": 95, "height": 104}},
        """)
        XCTAssertEqual(lines[25], """
            {"index": 13, "label": "COLLAPSE", "value": "COLLAPSE", "code": "collapse", "codeValue": -8, "style": "function", "row": 3, "slot": 2, "rowSpan": 1, "frame": {"x": 203, "y": 168, "width": 95.5, "height": 48}, "pixelFrame": {"x": 203, "y": 168, "width": 96, "height": 48}}
        """)
        XCTAssertEqual(Array(lines.suffix(2)), ["  ]", "}"])
        XCTAssertEqual(json, frames.json(), "deterministic")
    }

    func testOutputIsValidJSONWithFieldsInOrder() throws {
        let device = try XCTUnwrap(Device.named("iphone-15"))
        let frames = try workedExample(on: Canvas(device: device, orientation: .landscape))
        let json = frames.json()
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(object["device"] as? String, "iphone-15")
        XCTAssertEqual(object["orientation"] as? String, "landscape")
        XCTAssertEqual((object["keys"] as? [Any])?.count, 14)
        XCTAssertEqual(object["imageHeight"] as? Int, (216 + 21) * 3)
        XCTAssertEqual(object["safeArea"] as? [String: Double], ["left": 59, "right": 59, "bottom": 21], "iphone-15 landscape")

        let topLevel = ["layout", "orientation", "device", "scale", "width", "height", "imageWidth", "imageHeight", "source", "safeArea", "keys"]
        let positions = topLevel.compactMap { json.range(of: "\n  \"\($0)\":")?.lowerBound }
        XCTAssertEqual(positions.count, topLevel.count)
        XCTAssertEqual(positions, positions.sorted())
        let keyFields = ["index", "label", "value", "code", "codeValue", "style", "row", "slot", "rowSpan", "frame", "pixelFrame"]
        for line in json.split(separator: "\n") where line.hasPrefix("    {") {
            let order = keyFields.compactMap { line.range(of: "\"\($0)\":")?.lowerBound }
            XCTAssertEqual(order.count, keyFields.count)
            XCTAssertEqual(order, order.sorted(), String(line))
        }
    }

    func testNumbers() {
        XCTAssertEqual(JSONText.number(3), "3")
        XCTAssertEqual(JSONText.number(3.0), "3")
        XCTAssertEqual(JSONText.number(-0.0), "0")
        XCTAssertEqual(JSONText.number(-12), "-12")
        XCTAssertEqual(JSONText.number(90.1), "90.1")
        XCTAssertEqual(JSONText.number(2.625), "2.625")
        XCTAssertEqual(JSONText.number(0.1 + 0.2), "0.30000000000000004")
        XCTAssertEqual(JSONText.number(100_000), "100000")
        XCTAssertEqual(Double(JSONText.number(1.0 / 3)), 1.0 / 3)
        XCTAssertEqual(JSONText.number(.nan), "null")
        for value in [1e-7, 1e20, 123.456e-10] {
            let text = JSONText.number(value)
            XCTAssertEqual(Double(text), value)
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)), text)
        }
    }

    func testStrings() throws {
        XCTAssertEqual(JSONText.string("a\"b\\c"), #""a\"b\\c""#)
        XCTAssertEqual(JSONText.string("\n\r\t\u{08}\u{0C}"), #""\n\r\t\b\f""#)
        XCTAssertEqual(JSONText.string("\u{01}\u{1F}\u{7F}"), #""\u0001\u001F\u007F""#)
        // C1 controls, noncharacters, line separators and bidirectional overrides too: printed
        // frames reach a terminal as plain text.
        XCTAssertEqual(JSONText.printable("\u{85}\u{9B}2J\u{FFFF}\u{1FFFE}\u{2028}\u{202E}"), #""\u0085\u009B2J\uFFFF\uD83F\uDFFE\u2028\u202E""#)
        XCTAssertEqual(JSONText.string("é😀/"), "\"é😀/\"")
        let tricky = "q\"\\\n\u{00}é😀"
        let parsed = try JSONSerialization.jsonObject(with: Data("[\(JSONText.string(tricky))]".utf8)) as? [String]
        XCTAssertEqual(parsed, [tricky])
    }

    func testLabelsAreEscapedInFrames() throws {
        let layout = try decodeLayout("""
        name: "quote\\"d"
        keys: ['"', '\\', {label: "tab", value: "tab\\there"}]
        portrait: {height: 50, rows: [{columns: 3}]}
        """).layout
        let frames = try Solver.solve(layout, on: Canvas(deviceName: nil, orientation: .portrait, width: 300, scale: 1))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(frames.json().utf8)) as? [String: Any])
        XCTAssertEqual(object["layout"] as? String, "quote\"d")
        let labels = (object["keys"] as? [[String: Any]])?.compactMap { $0["label"] as? String }
        XCTAssertEqual(labels, ["\"", "\\", "tab"])
        let values = (object["keys"] as? [[String: Any]])?.compactMap { $0["value"] as? String }
        XCTAssertEqual(values, ["\"", "\\", "tab\there"], "a value may hold a control character: it is typed, not drawn")
    }
}
