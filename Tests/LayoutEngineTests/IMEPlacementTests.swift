import Foundation
import XCTest
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer

/// HeliBoard and FlorisBoard layouts placed as the apps place them (docs/format.md "HeliBoard and FlorisBoard layouts"), on
/// `pixel-8` (1080 × 2400 px at 2.625) with the apps' default settings. The numbers are the
/// appendix's worked examples, and for the other modes the same rules worked by hand (in the
/// comments).
final class IMEPlacementTests: XCTestCase {
    static let folder = TestFiles.testsDirectory.appendingPathComponent("IMELayouts")
    static let pixel8 = Canvas(device: Device.named("pixel-8")!, orientation: .portrait)

    /// A HeliBoard fixture (`heliboard/MODE/NAME`) placed on `pixel-8` in its folder's mode.
    func heliBoard(_ path: String) throws -> KeyboardFrames {
        let url = Self.folder.appendingPathComponent("heliboard/" + path)
        let mode = IMESource.heliboard.mode(ofFolder: url.deletingLastPathComponent().lastPathComponent)
        let keyboard = try HeliBoardReader.read(TestFiles.bytes(url), file: path, name: url.deletingPathExtension().lastPathComponent, mode: mode)
        return try keyboard.place(on: Self.pixel8, file: path)
    }

    /// A FlorisBoard fixture of the package in `florisboard/`, with the package's mods.
    func florisBoard(_ path: String) throws -> KeyboardFrames {
        let package = Self.folder.appendingPathComponent("florisboard")
        let url = package.appendingPathComponent(path)
        let mode = IMESource.florisboard.mode(ofFolder: url.deletingLastPathComponent().lastPathComponent)
        func rows(_ folder: String, _ name: String) throws -> [[IMEKey]] {
            try FlorisBoardReader.rows(TestFiles.bytes(package.appendingPathComponent("\(folder)/\(name).json")), file: "\(folder)/\(name).json", mode: mode)
        }
        let main = try FlorisBoardReader.rows(TestFiles.bytes(url), file: path, mode: mode)
        let mod = try FlorisBoardReader.modFolder(of: mode).map { try rows($0, "default") }
        let numericRow = mode == .symbols ? try rows("numericRow", "western_arabic") : nil
        let keyboard = FlorisBoardReader.assemble(name: url.deletingPathExtension().lastPathComponent, mode: mode, main: main, numericRow: numericRow, mod: mod)
        return try keyboard.place(on: Self.pixel8, file: path)
    }

    /// The keys of `row` as `x y width height` in pixels (HeliBoard: `pixelFrame`).
    func pixels(_ frames: KeyboardFrames, row: Int) -> [[Int]] {
        frames.keys.filter { $0.row == row }.map { [$0.pixelFrame.x, $0.pixelFrame.y, $0.pixelFrame.width, $0.pixelFrame.height] }
    }

    /// FlorisBoard's cells of `row`, widths in float pixels.
    func cellWidths(_ frames: KeyboardFrames, row: Int) -> [Double] {
        frames.keys.filter { $0.row == row }.map { ($0.cell?.width ?? .nan) * 2.625 }
    }

    func assertPixels(_ actual: [Double], _ expected: [Double], tolerance: Double = 0.01, _ what: String, line: UInt = #line) {
        XCTAssertEqual(actual.count, expected.count, "\(what): \(actual)", line: line)
        for (a, e) in zip(actual, expected) { assertClose(a, e, tolerance: tolerance, what, line: line) }
    }

    // MARK: - HeliBoard

    /// Appendix A: H 667, top 15, bottom 31, vGap 40, hGap 18.78, baseH 661, row 165.25.
    func testHeliBoardGeometryAtPixel8() {
        let g = IMEKeyboard.HeliBoardGeometry(width: 1080, screenHeight: 2400, density: 2.625, rows: 4)
        XCTAssertEqual([g.height, g.top, g.bottom, g.verticalGap], [667, 15, 31, 40])
        assertClose(Double(g.horizontalGap), 18.78, tolerance: 0.005, "hGap")
        XCTAssertEqual(g.rowHeight, 165.25)
    }

    /// Appendix A's worked example: letters 89 × 125 with q at 9,15; a 54-px spacer puts a at
    /// 63; shift and delete 143; space 521. Rows at y 15, 180 (180.25), 346 (345.5), 511.
    func testHeliBoardQwertyLetters() throws {
        let frames = try heliBoard("main/qwerty.txt")
        XCTAssertEqual(frames.source, .heliboard)
        XCTAssertEqual([frames.imageWidth, frames.imageHeight], [1080, 667])
        XCTAssertEqual(pixels(frames, row: 0).first, [9, 15, 89, 125])
        XCTAssertEqual(pixels(frames, row: 0).map { $0[0] }, [9, 117, 225, 333, 441, 549, 657, 765, 873, 981])
        XCTAssertEqual(pixels(frames, row: 1).first, [63, 180, 89, 125])
        // shift, z…m, delete: slots 0.15 + 7 × 0.1 + 0.15 from x = 0
        XCTAssertEqual(pixels(frames, row: 2).map { $0[0] }, [9, 171, 279, 387, 495, 603, 711, 819, 927])
        XCTAssertEqual(pixels(frames, row: 2).map { $0[2] }, [143] + Array(repeating: 89, count: 7) + [143])
        XCTAssertEqual(pixels(frames, row: 2).first?[1], 346)
        // symbol_alpha 0.15, comma 0.1, space 0.5 (fills), period 0.1, action 0.15
        XCTAssertEqual(pixels(frames, row: 3), [[9, 511, 143, 125], [171, 511, 89, 125], [279, 511, 521, 125], [819, 511, 89, 125], [927, 511, 143, 125]])
        let bottom = frames.keys.filter { $0.row == 3 }.map(\.key)
        XCTAssertEqual(bottom.map(\.label), ["?123", ",", "", ".", ""])
        XCTAssertEqual(bottom.map(\.keyClass), [.function, .function, .content, .function, .enter])
        XCTAssertEqual(bottom.map { $0.ime?.label }, ["symbol_alpha", "comma", "space", "period", "action"])
        XCTAssertEqual(frames.keys.first { $0.key.ime?.label == "shift" }?.key.icon, .shift)
    }

    /// Symbols: the first row becomes 1…0, the 2-key last row (`,` `.`) takes the place of
    /// comma and period; the bottom row adds numpad, so space is 1 − 0.6 = 0.4 → 432 px slot,
    /// 413 px key at x 387.
    func testHeliBoardSymbols() throws {
        let frames = try heliBoard("symbols/symbols.txt")
        XCTAssertEqual(frames.keys.filter { $0.row == 0 }.map(\.key.label), ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"])
        XCTAssertEqual(frames.keys.filter { $0.row == 2 }.map(\.key.label), ["=\\<", "*", "\"", "'", ":", ";", "!", "?", ""])
        XCTAssertEqual(pixels(frames, row: 3).map { [$0[0], $0[2]] }, [[9, 143], [171, 89], [279, 89], [387, 413], [819, 89], [927, 143]])
        let bottom = frames.keys.filter { $0.row == 3 }.map(\.key)
        XCTAssertEqual(bottom.map(\.label), ["ABC", ",", "123", "", ".", ""])
        // groupId 1 and 2 on the symbols are functional keys
        XCTAssertEqual(bottom[1].keyClass, .function)
        XCTAssertEqual(frames.keys.count, 10 + 10 + 9 + 6)
    }

    /// More symbols: shift (?123) + 8 keys + delete = 1.1: the 8 keys shrink by
    /// (1 − 0.3)/0.8 = 0.875 to 0.0875 (94.5 px slots, 76 px keys).
    func testHeliBoardMoreSymbolsShrinksTheMainKeys() throws {
        let frames = try heliBoard("more_symbols/more_symbols.txt")
        let row = pixels(frames, row: 2)
        XCTAssertEqual(row.map { $0[2] }, [143] + Array(repeating: 76, count: 8) + [143])
        XCTAssertEqual(row.map { $0[0] }, [9, 171, 266, 360, 455, 549, 644, 738, 833, 927])
        XCTAssertEqual(frames.keys.filter { $0.row == 2 }.first?.key.label, "?123")
        // ‹ › take comma's and period's places; space fills 0.5
        XCTAssertEqual(frames.keys.filter { $0.row == 3 }.map(\.key.label), ["ABC", "‹", "", "›", ""])
        XCTAssertEqual(pixels(frames, row: 3)[2][2], 521)
    }

    /// Appendix A: number.json's digits are 0.27667 each beside a 0.17 key: 298.8 px slots,
    /// 280 px keys; the 0.17 key 165 px at x 906. Bottom: 0.17 + 3 × 0.22 + 0.17.
    func testHeliBoardNumberPad() throws {
        let frames = try heliBoard("number/number.json")
        XCTAssertEqual(pixels(frames, row: 0), [[9, 15, 280, 125], [308, 15, 280, 125], [607, 15, 280, 125], [906, 15, 165, 125]])
        XCTAssertEqual(pixels(frames, row: 3).map { [$0[0], $0[2]] }, [[9, 165], [193, 219], [431, 219], [668, 219], [906, 165]])
        XCTAssertEqual(frames.keys.filter { $0.row == 3 }.map(\.key.keyClass), [.function, .content, .content, .content, .enter])
        XCTAssertEqual([frames.imageWidth, frames.imageHeight], [1080, 667])
    }

    /// Numpad: 5 keys a row, 0.17 beside fills: (1 − 0.34)/3 = 0.22 → 237.6 px slots; the
    /// bottom row's fixed keys (4 × 0.1 + 0.17 action… ) leave 3 fills of (1 − 0.57)/3.
    func testHeliBoardNumpad() throws {
        let frames = try heliBoard("numpad/numpad.json")
        XCTAssertEqual(pixels(frames, row: 0).map { [$0[0], $0[2]] }, [[9, 165], [193, 219], [431, 219], [668, 219], [906, 165]])
        // alpha, /, = at 0.1; action 0.17; fills (1 − 0.47)/3 = 0.17667 → 190.8 px slots
        XCTAssertEqual(pixels(frames, row: 3).map { [$0[0], $0[2]] }, [[9, 89], [117, 89], [225, 172], [416, 172], [607, 172], [798, 89], [906, 165]])
    }

    /// Phone and phone symbols: as the number pad (3 fills of 0.27667 beside 0.17).
    func testHeliBoardPhonePads() throws {
        for path in ["phone/phone.json", "phone_symbols/phone_symbols.json"] {
            let frames = try heliBoard(path)
            XCTAssertEqual(pixels(frames, row: 1).map { [$0[0], $0[2]] }, [[9, 280], [308, 280], [607, 280], [906, 165]], path)
            XCTAssertEqual(frames.imageHeight, 667, path)
        }
    }

    /// The JSON form: a `//` line and trailing commas are read; `case_selector` takes `lower`,
    /// `shift_state_selector` `unshifted`; a key only the emoji setting shows is dropped. The
    /// first row's 11 keys shrink to 1/1.1 each (98.18 px slots).
    func testHeliBoardJSONSelectors() throws {
        let frames = try heliBoard("main/qwertz.json")
        XCTAssertEqual(frames.keys.filter { $0.row == 2 }.map(\.key.label), ["", "y", "x", "c", "v", "b", "n", "m", ""])
        XCTAssertEqual(pixels(frames, row: 0).map { $0[0] }, [9, 108, 206, 304, 402, 500, 598, 697, 795, 893, 991])
        XCTAssertEqual(pixels(frames, row: 0).first?[2], 79)
    }

    /// A no-shift layout (HeliBoard's `hebrew`): the last row has delete only; 9 letters +
    /// 0.15 = 1.05, so the letters shrink by 0.85/0.9 (102 px slots).
    func testHeliBoardNoShiftLayout() throws {
        let frames = try heliBoard("main/hebrew.txt")
        let row = frames.keys.filter { $0.row == 2 }
        XCTAssertEqual(row.count, 10)
        XCTAssertNil(row.first { $0.key.ime?.label == "shift" })
        XCTAssertEqual(row.map(\.pixelFrame.x), [9, 111, 213, 315, 417, 519, 621, 723, 825, 927])
    }

    /// Step 5 of the rows: a last row of 0.1 keys under a row of 0.095 keys (5 % wider, at most
    /// 10 %) takes 0.095, with spacers of 7 × 0.005 / 2 = 0.0175 (18.9 px) at both ends.
    func testHeliBoardAlignsALastRowALittleWiderThanTheRowAbove() throws {
        let above = (0..<10).map { #"{"label": "\#($0)", "width": 0.095}"# }.joined(separator: ", ")
        let last = "abcdefg".map { #"{"label": "\#($0)"}"# }.joined(separator: ", ")
        let keyboard = try HeliBoardReader.read(Array("[[\(above)], [\(last)]]".utf8), file: "aligned.json", name: "aligned", mode: .main)
        let frames = try keyboard.place(on: Self.pixel8, file: "aligned.json")
        // shift 0.15, spacer, 7 × 0.095 (102.6 px slots), spacer, delete 0.15
        XCTAssertEqual(pixels(frames, row: 1).map { [$0[0], $0[2]] }, [[9, 143], [190, 84], [293, 84], [395, 84], [498, 84], [601, 84], [703, 84], [806, 84], [927, 143]])
        // A row more than 10 % wider keeps its width. (Three rows: 165.25 × 4/3 tall, row 1 at 235.)
        let wide = try HeliBoardReader.read(Array("[[\(above.replacingOccurrences(of: "0.095", with: "0.09"))], [\(last)]]".utf8), file: "wide.json", name: "wide", mode: .main)
        XCTAssertEqual(pixels(try wide.place(on: Self.pixel8, file: "wide.json"), row: 1)[1], [171, 235, 89, 180])
    }

    /// A HeliBoard JSON layout is told by its first character after `//` comment lines.
    func testListShapedJSONIsToldAfterCommentLines() {
        XCTAssertTrue(LenientJSON.isList(Array("  // a comment\n\n  [[]]".utf8)))
        XCTAssertTrue(LenientJSON.isList(Array("[".utf8)))
        XCTAssertFalse(LenientJSON.isList(Array("{\"keys\": []}".utf8)))
        XCTAssertFalse(LenientJSON.isList(Array("/ [".utf8)))
        XCTAssertFalse(LenientJSON.isList(Array("// only a comment [".utf8)))
    }

    // MARK: - FlorisBoard

    /// Appendix A's worked example: u 108, mH 5.25, mV 13.125; rows 149.30 (drawn 123.05); row
    /// 1 cells 106.95; row 3 shift 164.96, letters 105.65; row 2 centred, a drawn at x 59.25;
    /// bottom 168.48/108/108/408.54/108/168.48 (the language key is hidden).
    func testFlorisBoardQwerty() throws {
        let frames = try florisBoard("characters/qwerty.json")
        XCTAssertEqual(frames.source, .florisboard)
        XCTAssertEqual([frames.imageWidth, frames.imageHeight], [1080, 597])
        assertPixels(cellWidths(frames, row: 0), Array(repeating: 106.95, count: 10), "row 1")
        assertPixels(cellWidths(frames, row: 2), [164.96] + Array(repeating: 105.654, count: 7) + [164.96], "row 3")
        assertPixels(cellWidths(frames, row: 3), [168.48, 108, 108, 408.54, 108, 168.48], "bottom row")
        let a = try XCTUnwrap(frames.keys.first { $0.key.label == "a" })
        assertClose(a.frame.x * 2.625, 59.25, tolerance: 0.01, "a drawn")
        assertClose(a.frame.width * 2.625, 97.5, tolerance: 0.01, "a drawn width")
        assertClose(try XCTUnwrap(a.cell).x * 2.625, 5.25, tolerance: 0.01, "a's cell")
        assertClose(a.frame.y * 2.625, 149.296875 + 13.125, tolerance: 0.01, "row 2 drawn top")
        assertClose(a.frame.height * 2.625, 123.046875, tolerance: 0.01, "drawn height")
        assertClose(try XCTUnwrap(a.cell).height * 2.625, 149.296875, tolerance: 0.01, "cell height")
        let q = try XCTUnwrap(frames.keys.first)
        assertClose(q.frame.x * 2.625, 10.5, tolerance: 0.01, "q drawn")
        XCTAssertNil(frames.keys.first { $0.key.ime?.code == -227 })
        XCTAssertEqual(frames.keys.filter { $0.row == 3 }.map(\.key.keyClass), [.function, .content, .function, .content, .content, .enter])
    }

    /// Appendix A: numeric keys are 2.68 u and shrink evenly: 4 × 267.375 px.
    func testFlorisBoardNumeric() throws {
        let frames = try florisBoard("numeric/western_arabic.json")
        for row in 0..<4 { assertPixels(cellWidths(frames, row: row), Array(repeating: 267.375, count: 4), "row \(row + 1)") }
        XCTAssertEqual(frames.imageHeight, 597)
    }

    /// Symbols: the number row + the file + symbolsMod. Row 3 (−203, 7 symbols, delete):
    /// over 0.21722 shrinks by s/8.5: 168.48 / 105.24 / 164.34. Bottom as the letters.
    func testFlorisBoardSymbols() throws {
        let frames = try florisBoard("symbols/western.json")
        XCTAssertEqual(frames.keys.filter { $0.row == 0 }.map(\.key.label), ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"])
        assertPixels(cellWidths(frames, row: 2), [168.48] + Array(repeating: 105.24, count: 7) + [164.34], "row 3")
        assertPixels(cellWidths(frames, row: 3), [168.48, 108, 108, 408.54, 108, 168.48], "bottom row")
        XCTAssertEqual(frames.keys.filter { $0.row == 3 }.map(\.key.label), ["ABC", ",", "123", "", ".", ""])
    }

    /// Symbols 2: the file + symbols2Mod; 10 keys a row as the letters' first row.
    func testFlorisBoardSymbols2() throws {
        let frames = try florisBoard("symbols2/western.json")
        assertPixels(cellWidths(frames, row: 0), Array(repeating: 106.95, count: 10), "row 1")
        XCTAssertEqual(frames.keys.filter { $0.row == 1 }.prefix(4).map(\.key.label), ["¥", "€", "£", "¢"])
        XCTAssertEqual(frames.keys.filter { $0.row == 3 }.map(\.key.label), ["ABC", "<", "123", "", ">", ""])
    }

    /// numericAdvanced: 1.56-wide keys, digits grow: row 1 extra 2.10278 over 3 digits →
    /// 244.18; bottom row extra 0.70278 all to 0 → 244.38.
    func testFlorisBoardNumericAdvanced() throws {
        let frames = try florisBoard("numericAdvanced/western_arabic.json")
        assertPixels(cellWidths(frames, row: 0), [168.48, 244.18, 244.18, 244.18, 168.48], "row 1")
        assertPixels(cellWidths(frames, row: 3), [168.48, 108, 136.08, 244.38, 136.08, 108, 168.48], "bottom row")
    }

    /// Phone pads: 2.68 u each, shrunk evenly to 267.375.
    func testFlorisBoardPhonePads() throws {
        for path in ["phone/telpad.json", "phone2/telpad.json"] {
            let frames = try florisBoard(path)
            assertPixels(cellWidths(frames, row: 3), Array(repeating: 267.375, count: 4), path)
        }
    }
}
