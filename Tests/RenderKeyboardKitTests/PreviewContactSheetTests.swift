import KeyboardPreview
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import RenderKeyboardKit
import XCTest

final class PreviewContactSheetTests: XCTestCase {
    func testItemsPutThemesInColumnsAndCaptionEveryCell() {
        var request = PreviewRequest()
        request.themes = ["default", "themes/ocean.yaml"]
        request.layouts = ["letters", "numbers"]
        request.orientations = [.portrait, .landscape]
        request.states = true
        let items = request.items
        XCTAssertEqual(items.count, 24)
        XCTAssertEqual(items.prefix(3).map(request.caption(of:)), [
            "default · letters · portrait · normal",
            "ocean · letters · portrait · normal",
            "default · letters · portrait · pressed",
        ])
        XCTAssertEqual(request.caption(of: items[23]), "ocean · numbers · landscape · shift on")
        request.states = false
        XCTAssertEqual(request.caption(of: request.items[1]), "ocean · letters · portrait")
    }

    /// A pad that shifts nothing (no shift key, no shift label that differs) gets no
    /// "shift on" cell: it would repeat the normal one. The letters, and an Android letter
    /// pad with a shift key, keep theirs.
    func testShiftCellsOnlyForLayoutsThatShift() throws {
        var request = PreviewRequest()
        request.themes = ["default"]
        request.layouts = ["letters", "numbers", "idcard", "Tests/LayoutEngineTests/AndroidApps/securitykeyboard/res/xml/qwerty.xml"]
        request.device = "pixel-8"
        request.states = true
        let items = try PreviewSceneBuilder(request).items()
        XCTAssertEqual(items.map(request.caption(of:)), [
            "default · letters · portrait · normal", "default · letters · portrait · pressed", "default · letters · portrait · shift on",
            "default · numbers · portrait · normal", "default · numbers · portrait · pressed",
            "default · idcard · portrait · normal", "default · idcard · portrait · pressed",
            "default · qwerty · portrait · normal", "default · qwerty · portrait · pressed", "default · qwerty · portrait · shift on",
        ])
        XCTAssertEqual(try ContactSheet.plan(request).items, items)
    }

    func testDefaultsAreEveryBuiltInThemeWithLettersPortrait() {
        let request = PreviewRequest()
        XCTAssertEqual(request.themes, Resources.themeNames)
        XCTAssertEqual(request.items.map(\.layout), Array(repeating: "letters", count: Resources.themeNames.count))
        XCTAssertEqual(Set(request.items.map(\.orientation)), [.portrait])
    }

    func testGridGeometryIsExact() {
        // Four letters keyboards on iphone-15 portrait: 1179 × 750 px at scale 3.
        let geometry = ContactSheetGeometry(count: 4, columns: 4, imageWidth: 1179, imageHeight: 750, scale: 3, longestCaption: 27)
        XCTAssertEqual(geometry.margin, 48)
        XCTAssertEqual(geometry.captionSize, 42)
        XCTAssertEqual(geometry.captionBand, 80)
        XCTAssertEqual(geometry.cellWidth, 1179)
        XCTAssertEqual(geometry.cellHeight, 830)
        XCTAssertEqual(geometry.width, 4956)
        XCTAssertEqual(geometry.height, 926)
        XCTAssertEqual(geometry.cellOrigin(3).x, 48 + 3 * 1227)
        let wrapped = ContactSheetGeometry(count: 5, columns: 2, imageWidth: 100, imageHeight: 60, scale: 1, longestCaption: 10)
        XCTAssertEqual([wrapped.columns, wrapped.rows, wrapped.margin], [2, 3, 16])
        XCTAssertEqual([wrapped.width, wrapped.height], [16 + 2 * 116, 16 + 3 * (27 + 60 + 16)])
        // A long caption in a narrow cell shrinks so it stays inside the cell.
        let narrow = ContactSheetGeometry(count: 1, columns: 1, imageWidth: 200, imageHeight: 100, scale: 3, longestCaption: 40)
        XCTAssertEqual(narrow.captionSize, 8)
    }

    func testSheetHasTheGridSizeAndCaptionsOnlyInTheirBands() throws {
        var request = PreviewRequest()
        request.themes = ["default", "dark", "secure"]
        request.layouts = ["numbers"]
        request.columns = 2
        request.device = "iphone-se"
        request.seed = 5
        let sheet = try ContactSheet.render(request, with: try Renderer())
        let g = sheet.geometry
        // numbers on iphone-se portrait: 375 pt × 2 = 750 px wide.
        XCTAssertEqual(g.cellWidth, 750)
        XCTAssertEqual([g.columns, g.rows, g.margin, g.captionBand], [2, 2, 32, 53])
        XCTAssertEqual(sheet.image.width, 32 + 2 * (750 + 32))
        XCTAssertEqual(sheet.image.height, 32 + 2 * (g.cellHeight + 32))
        XCTAssertEqual([sheet.image.width, sheet.image.height], [g.width, g.height])
        XCTAssertEqual(sheet.scale, 2)
        XCTAssertFalse(sheet.isScaledDown)

        let image = sheet.image
        func isBackground(_ x: Int, _ y: Int) -> Bool {
            guard let p = image.pixel(x: x, y: y) else { return false }
            return p.r == 0xE8 && p.g == 0xE8 && p.b == 0xEB && p.a == 255
        }
        func isInk(_ x: Int, _ y: Int) -> Bool {
            guard let p = image.pixel(x: x, y: y) else { return false }
            return Int(p.r) + Int(p.g) + Int(p.b) < 3 * 110
        }
        for i in 0..<3 {
            let cell = g.cellOrigin(i)
            var ink = 0
            for y in cell.y..<(cell.y + g.captionBand) {
                for x in cell.x..<(cell.x + g.cellWidth) where isInk(x, y) { ink += 1 }
            }
            XCTAssertGreaterThan(ink, 300, "caption of cell \(i)")
            // The band's first and last rows hold no ink: the caption sits inside it.
            XCTAssertTrue((cell.x..<(cell.x + g.cellWidth)).allSatisfy { isBackground($0, cell.y) && isBackground($0, cell.y + g.captionBand - 1) }, "cell \(i)")
        }
        // Margins: every pixel is the background.
        for y in 0..<image.height {
            for column in 0...g.columns {
                let left = column * (g.cellWidth + g.margin)
                for x in left..<(left + g.margin) { XCTAssertTrue(isBackground(x, y), "(\(x), \(y))"); if !isBackground(x, y) { return } }
            }
        }
        for row in 0...g.rows {
            let top = row * (g.cellHeight + g.margin)
            for y in top..<(top + g.margin) {
                for x in 0..<image.width where !isBackground(x, y) { return XCTFail("(\(x), \(y))") }
            }
        }
        // The empty fourth cell stays background.
        let empty = g.cellOrigin(3)
        for y in empty.y..<(empty.y + g.cellHeight) {
            for x in empty.x..<(empty.x + g.cellWidth) where !isBackground(x, y) { return XCTFail("empty cell at (\(x), \(y))") }
        }
    }

    func testLargeSheetsAreDrawnAtASmallerScaleToStayWithinTheLimit() throws {
        var request = PreviewRequest()
        request.themes = ["default", "dark", "secure", "image"]
        request.layouts = ["letters", "numbers", "symbols", "idcard"]
        request.orientations = [.portrait, .landscape]
        request.states = true
        request.seed = 1
        let plan = try ContactSheet.plan(request)
        // 4 themes × 2 orientations × (3 letters states + 2 for each pad that has no shift).
        XCTAssertEqual(plan.scenes.count, 72)
        XCTAssertEqual(plan.deviceScale, 3)
        // The pressed letters and symbols cells are 47 pt taller (the input callout over the
        // top row). 16384 px a side alone would allow 2; the 64 Mi px budget of one image
        // allows 1.76.
        XCTAssertEqual(plan.scale, 1.76, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(plan.geometry.width, 16384)
        XCTAssertLessThanOrEqual(plan.geometry.height, 16384)
        XCTAssertLessThanOrEqual(plan.geometry.width * plan.geometry.height, Limits.maxImagePixels)
        XCTAssertGreaterThan(plan.geometry.width * plan.geometry.height, Limits.maxImagePixels * 9 / 10)
        XCTAssertEqual(Set(plan.scenes.map(\.scale)), [1.76])
    }

    func testBadOptionsAreDiagnostics() {
        var request = PreviewRequest()
        request.device = "iphone-16"
        XCTAssertThrowsError(try ContactSheet.plan(request)) { error in
            XCTAssertTrue("\(error)".contains("did you mean iphone-16-pro?"), "\(error)")
        }
        request = PreviewRequest()
        request.themes = []
        XCTAssertThrowsError(try ContactSheet.plan(request)) { error in
            XCTAssertEqual("\(error)", "themes: give one or more names or files, separated by commas")
        }
        request = PreviewRequest()
        request.themes = ["nosuch"]
        XCTAssertThrowsError(try ContactSheet.plan(request)) { error in
            XCTAssertTrue("\(error)".hasPrefix("themes: no built-in theme"), "\(error)")
        }
    }
}
