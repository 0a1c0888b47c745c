import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine
import RenderKeyboardKit
import XCTest

/// The built-in iOS keyboards (docs/ios-keyboard.md): frames against the metrics tables on every preset and
/// orientation, and colours against docs/ios-keyboard.md's table. Expected frames are worked out here from
/// the table's columns by the rules docs/ios-keyboard.md states (letter = (area − 2·side − 9·gap) / 10,
/// centred key area, fixed widths), not taken from the solver.
final class IOSKeyboardTests: XCTestCase {
    /// The phones `ios` and `ios26` are drawn on, the iPads `ios-ipad` is drawn on.
    static let phones = Device.all.map(\.name).filter { $0.hasPrefix("iphone") }
    static let pads = ["ipad-6", "ipad-9"]

    private func frames(_ layout: String, _ device: String, _ orientation: Orientation) throws -> KeyboardFrames {
        var request = RenderRequest()
        request.layout = layout
        request.device = device
        request.orientation = orientation
        request.shuffle = false
        return try request.frames()
    }

    private func row(_ table: MetricsTable, _ device: String, _ orientation: Orientation, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Double] {
        try XCTUnwrap(table.row(device: device, orientation: orientation), "\(table.name) has no row for \(device) \(orientation)", file: file, line: line).values
    }

    /// Asserts a frame within 1 pt of (x, y, width, height).
    private func assertFrame(_ frame: KeyFrame, _ x: Double, _ y: Double, _ width: Double, _ height: Double, _ at: String, line: UInt = #line) {
        let f = frame.frame
        for (name, got, want) in [("x", f.x, x), ("y", f.y, y), ("width", f.width, width), ("height", f.height, height)] {
            XCTAssertLessThanOrEqual(abs(got - want), 1, "\(at) \(frame.key.label.isEmpty ? frame.key.codeName : frame.key.label).\(name): \(got), table \(want)", line: line)
        }
    }

    /// docs/ios-keyboard.md's own check.
    func testTheSpecsIPhone14Check() throws {
        let portrait = try frames("ios", "iphone-14", .portrait).keys[0]
        XCTAssertEqual(portrait.key.label, "q")
        XCTAssertEqual([portrait.frame.x, portrait.frame.y, portrait.frame.width, portrait.frame.height], [3, 8, 33, 42])
        let landscape = try frames("ios", "iphone-14", .landscape)
        let q = landscape.keys[0].frame
        XCTAssertEqual(q.x, 78, accuracy: 1e-9)
        XCTAssertEqual(q.y, 4, accuracy: 1e-9)
        XCTAssertEqual(q.width, 64.3, accuracy: 1e-9)
        XCTAssertEqual(q.height, 32, accuracy: 1e-9)
        // The return key is 0.19 of the 694-pt key area.
        XCTAssertEqual(landscape.keys[31].frame.width, 0.19 * 694, accuracy: 0.01)
    }

    /// `ios` and `ios26` on every iPhone preset in both orientations: each key where its
    /// table's row puts it, within 1 pt.
    func testPhoneFramesFollowTheirTables() throws {
        for layout in ["ios", "ios26"] {
            let table = try MetricsLoader.load(layout)
            for device in Self.phones {
                for orientation in Orientation.allCases where table.row(device: device, orientation: orientation) != nil {
                    try checkPhone(layout, table: table, device: device, orientation: orientation)
                }
            }
        }
    }

    private func checkPhone(_ layout: String, table: MetricsTable, device: String, orientation: Orientation) throws {
        let at = "\(layout) \(device) \(orientation.rawValue)"
        let m = try row(table, device, orientation)
        func v(_ column: String) -> Double { m[column] ?? .nan }
        let solved = try frames(layout, device, orientation)
        let screen = try XCTUnwrap(Device.named(device)).metrics(for: orientation).width
        let left = (screen - v("area")) / 2 + v("side"), right = (screen + v("area")) / 2 - v("side")
        let letter = (v("area") - 2 * v("side") - 9 * v("gap")) / 10
        let key = (v("height") - v("top") - v("bottom") - 3 * v("rowGap")) / 4
        func top(_ row: Int) -> Double { v("top") + Double(row) * (key + v("rowGap")) }
        let keys = solved.keys
        XCTAssertEqual(keys.count, 32, at)
        XCTAssertEqual(solved.height, v("height"), accuracy: 1e-9, at)
        XCTAssertEqual(solved.imageHeight, Int(((v("height") + v("band")) * Double(solved.canvas.scale)).rounded()), at)
        for i in 0..<10 { assertFrame(keys[i], left + Double(i) * (letter + v("gap")), top(0), letter, key, at) }
        for i in 0..<9 { assertFrame(keys[10 + i], left + v("indent") + Double(i) * (letter + v("gap")), top(1), letter, key, at) }
        assertFrame(keys[19], left, top(2), v("shift"), key, at)
        // z…m sit under s…j.
        for i in 0..<7 { assertFrame(keys[20 + i], keys[11 + i].frame.x, top(2), letter, key, at) }
        assertFrame(keys[27], right - v("shift"), top(2), v("shift"), key, at)
        let bottomGap = v("gap") + v("bottomPad")
        assertFrame(keys[28], left, top(3), v("system"), key, at)
        assertFrame(keys[29], left + v("system") + bottomGap, top(3), v("system"), key, at)
        let spaceX = left + 2 * (v("system") + bottomGap)
        assertFrame(keys[30], spaceX, top(3), right - v("return") - bottomGap - spaceX, key, at)
        assertFrame(keys[31], right - v("return"), top(3), v("return"), key, at)
    }

    /// `ios-ipad` on the iPad presets its table has rows for.
    func testPadFramesFollowTheirTable() throws {
        let table = try MetricsLoader.load("ios-ipad")
        for device in Self.pads {
            for orientation in Orientation.allCases {
                let at = "ios-ipad \(device) \(orientation.rawValue)"
                let m = try row(table, device, orientation)
                func v(_ column: String) -> Double { m[column] ?? .nan }
                let keys = try frames("ios-ipad", device, orientation).keys
                let left = v("side"), right = v("area") - v("side"), gap = v("gap")
                let unit = (v("height") - v("top") - v("bottom") - 3 * v("rowGap")) / (v("row0") + 3)
                let tops = [v("top"), v("top") + v("row0") * unit + v("rowGap")] + [2.0, 3.0].map { v("top") + v("row0") * unit + $0 * v("rowGap") + ($0 - 1) * unit }
                let letter0 = (right - left - 10 * gap - v("delete")) / 10
                for i in 0..<10 { assertFrame(keys[i], left + Double(i) * (letter0 + gap), tops[0], letter0, v("row0") * unit, at) }
                assertFrame(keys[10], right - v("delete"), tops[0], v("delete"), v("row0") * unit, at)
                let letter1 = (right - left - v("indent") - 9 * gap - v("return")) / 9
                for i in 0..<9 { assertFrame(keys[11 + i], left + v("indent") + Double(i) * (letter1 + gap), tops[1], letter1, unit, at) }
                assertFrame(keys[20], right - v("return"), tops[1], v("return"), unit, at)
                let letter2 = (right - left - 10 * gap - v("shiftL") - v("shiftR")) / 9
                assertFrame(keys[21], left, tops[2], v("shiftL"), unit, at)
                for i in 0..<9 { assertFrame(keys[22 + i], left + v("shiftL") + gap + Double(i) * (letter2 + gap), tops[2], letter2, unit, at) }
                assertFrame(keys[31], right - v("shiftR"), tops[2], v("shiftR"), unit, at)
                var x = left
                for (n, column) in ["n123", "globe", "mic"].enumerated() {
                    assertFrame(keys[32 + n], x, tops[3], v(column), unit, at)
                    x += v(column) + gap
                }
                let spaceEnd = right - v("dismiss") - gap - v("n123R") - gap
                assertFrame(keys[35], x, tops[3], spaceEnd - x, unit, at)
                assertFrame(keys[36], spaceEnd + gap, tops[3], v("n123R"), unit, at)
                assertFrame(keys[37], right - v("dismiss"), tops[3], v("dismiss"), unit, at)
            }
        }
    }

    /// Each of the 14 presets draws its keyboard, or says why not: `ipad-10` has the full
    /// iPad keyboard, which is out of scope, so no table has a row for it.
    func testEveryPresetDrawsItsKeyboardOrSaysWhyNot() throws {
        XCTAssertEqual(Self.phones.count + Self.pads.count + 1, 14)
        for device in Self.phones + Self.pads {
            for orientation in Orientation.allCases {
                XCTAssertNoThrow(try frames(Self.pads.contains(device) ? "ios-ipad" : "ios", device, orientation), "\(device) \(orientation)")
            }
        }
        for (layout, device) in [("ios-ipad", "ipad-10"), ("ios", "ipad-10"), ("ios26", "iphone-se-1"), ("ios26", "iphone-8-plus"), ("ios", "pixel-8")] {
            XCTAssertThrowsError(try frames(layout, device, .portrait)) { error in
                XCTAssertTrue("\(error)".hasPrefix("layouts/\(layout).yaml: metrics: \(layout): no metrics row for \(device) portrait; metrics/\(layout).csv has rows for "), "\(error)")
            }
        }
    }

    // MARK: - Colours

    /// docs/ios-keyboard.md's table: background, letter face (pressed), system face (pressed), label,
    /// shadow (height and colour), corner radius.
    private static let colours: [(theme: String, background: String, letter: String, letterPressed: String, system: String, systemPressed: String, label: String, shadow: (Double, String), radius: Double)] = [
        ("ios", "#D4D8DE", "#FFFFFF", "#B3B8C1", "#B3B8C1", "#FFFFFF", "#000000", (1, "#8B8C8F"), 5),
        ("ios-dark", "#2C2C2C", "#6B6B6B", "#474747", "#474747", "#6B6B6B", "#FFFFFF", (1, "#000000B3"), 5),
        ("ios26", "#DEDFE5", "#FFFFFF", "#E7E8EC", "#FFFFFF", "#E7E8EC", "#000000", (0, "-"), 8.5),
        ("ios26-dark", "#171717", "#3D3D3D", "#262626", "#3D3D3D", "#262626", "#FFFFFF", (0, "-"), 8.5),
    ]

    private func scene(_ theme: String, layout: String = "ios", device: String = "iphone-14", orientation: Orientation = .portrait, pressed: [String] = []) throws -> KeyboardScene {
        var request = RenderRequest()
        request.layout = layout
        request.theme = theme
        request.device = device
        request.orientation = orientation
        request.pressed = pressed
        return try request.scene()
    }

    private func assertColour(_ color: Color, _ hex: String, _ at: String, line: UInt = #line) {
        guard let want = Color(hex: hex) else { return XCTFail("bad hex \(hex)", line: line) }
        let channels = [(color.red, want.red), (color.green, want.green), (color.blue, want.blue), (color.alpha, want.alpha)]
        XCTAssertTrue(channels.allSatisfy { abs(Int($0) - Int($1)) <= 4 }, "\(at): \(color) is not within 4/255 of \(hex)", line: line)
    }

    func testThemeColoursFollowTheSpecTable() throws {
        for c in Self.colours {
            // Each theme with its layout: the iOS 26 themes' radius is the ios26 table's.
            let layout = c.theme.hasPrefix("ios26") ? "ios26" : "ios"
            let normal = try scene(c.theme, layout: layout)
            let pressed = try scene(c.theme, layout: layout, pressed: ["g", "delete"])
            guard case .color(let background) = normal.background else { return XCTFail("\(c.theme): no background colour") }
            assertColour(background, c.background, "\(c.theme) background")
            let g = try XCTUnwrap(normal.keys.first { $0.frame.key.label == "g" }), delete = try XCTUnwrap(normal.keys.first { $0.frame.key.code == .delete })
            let pressedG = try XCTUnwrap(pressed.keys.first { $0.frame.key.label == "g" }), pressedDelete = try XCTUnwrap(pressed.keys.first { $0.frame.key.code == .delete })
            assertColour(g.style.fill, c.letter, "\(c.theme) letter")
            assertColour(pressedG.style.fill, c.letterPressed, "\(c.theme) letter pressed")
            assertColour(delete.style.fill, c.system, "\(c.theme) system")
            assertColour(pressedDelete.style.fill, c.systemPressed, "\(c.theme) system pressed")
            for key in normal.keys { assertColour(key.style.text, c.label, "\(c.theme) \(key.frame.key.label) label") }
            XCTAssertEqual(g.style.shadowHeight, c.shadow.0, c.theme)
            if c.shadow.0 > 0 { assertColour(g.style.shadowColor, c.shadow.1, "\(c.theme) shadow") }
            XCTAssertEqual(g.style.cornerRadius, c.radius, c.theme)
            XCTAssertEqual(normal.font.family, "Inter", c.theme)
            XCTAssertEqual(g.style.textSize, 25, c.theme)
            XCTAssertEqual(delete.style.textSize, 16, c.theme)
        }
        // The radius is the layout's `radius` column where it has one: 7 on the iPad in landscape.
        let pad = try scene("ios", layout: "ios-ipad", device: "ipad-6", orientation: .landscape)
        XCTAssertEqual(pad.keys[0].style.cornerRadius, 7)
        XCTAssertEqual(try scene("ios", layout: "letters").keys[0].style.cornerRadius, 5, "a layout without a table takes the default")
        // Apple's blue return keys.
        var request = RenderRequest()
        request.layout = "letters"
        for (theme, blue) in [("ios", "#007AFF"), ("ios-dark", "#0A84FF"), ("ios26", "#007AFF"), ("ios26-dark", "#0A84FF")] {
            request.theme = theme
            let done = try XCTUnwrap(request.scene().keys.first { $0.frame.key.code == .done })
            assertColour(done.style.fill, blue, "\(theme) return")
            assertColour(done.style.text, "#FFFFFF", "\(theme) return label")
        }
    }
}
