@testable import KeyboardPreview
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine
import XCTest
@testable import RenderKeyboardKit

/// `--path` parsing, every built-in theme's pattern block, and the painted pad.
final class PatternRequestTests: XCTestCase {
    private func message(_ body: () throws -> Any) -> String {
        do {
            _ = try body()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func testPathText() throws {
        XCTAssertEqual(try PatternRequest.parsePath("0,1,2,5,8"), [0, 1, 2, 5, 8])
        XCTAssertEqual(try PatternRequest.parsePath(" 3 , 4 "), [3, 4])
        XCTAssertEqual(try PatternRequest.parsePath(""), [])
        XCTAssertEqual(message { try PatternRequest.parsePath("0,,1") }, "path: [1]: \"\" is not a dot index (a whole number from 0)")
        XCTAssertEqual(message { try PatternRequest.parsePath("-1") }, "path: [0]: \"-1\" is not a dot index (a whole number from 0)")
        XCTAssertEqual(message { try PatternRequest.parsePath("1.5") }, "path: [0]: \"1.5\" is not a dot index (a whole number from 0)")
        XCTAssertEqual(message { try PatternRequest.parsePath("99999999999999999999") }, "path: [0]: \"99999999999999999999\" is not a dot index (a whole number from 0)")
        XCTAssertEqual(message { try PatternRequest.parsePath("٣") }, "path: [0]: \"٣\" is not a dot index (a whole number from 0)")
        XCTAssertEqual(message { try PatternRequest.parsePath(String(repeating: "0,", count: 200)) }, "path: a pattern has at most 144 dots (found 201)")
    }

    func testEveryBuiltInThemeHasAPatternBlock() throws {
        for name in Resources.themeNames {
            let theme = try ThemeLoader.load(name)
            XCTAssertNotNil(theme.pattern, name)
            XCTAssertNotNil(theme.pattern?.states[.selected]?.dot ?? theme.pattern?.background, name)
        }
    }

    func testThePaintedPad() throws {
        var request = PatternRequest()
        request.width = 300
        request.scale = 1
        request.path = [0, 2]
        request.state = .error
        let scene = try request.scene()
        let image = try Renderer().rasterize(scene)
        XCTAssertEqual(image.width, 300)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            guard let p = image.pixel(x: x, y: y) else { return [] }
            return [p.r, p.g, p.b, p.a]
        }
        // Corner: the default theme's background. Dot 1 (passed over) at (150, 50): the error
        // dot colour. Dot 7 at (150, 250): the normal dot colour. Between dot 0 and dot 1 at
        // (100, 50), away from the rings (radius 15): the error line (#FF3B30B0) over the
        // background (#D1D3D9), 0xB0/255 of the way.
        XCTAssertEqual(pixel(2, 2), [0xD1, 0xD3, 0xD9, 255])
        XCTAssertEqual(pixel(150, 50), [0xFF, 0x3B, 0x30, 255])
        XCTAssertEqual(pixel(150, 250), [0x8E, 0x8E, 0x93, 255])
        let a = 176.0 / 255
        let expected = [0xFF, 0x3B, 0x30].enumerated().map { i, c in UInt8((Double(c) * a + Double([0xD1, 0xD3, 0xD9][i]) * (1 - a)).rounded()) }
        let line = pixel(100, 50)
        for (got, want) in zip(line.prefix(3), expected) { XCTAssertEqual(Int(got), Int(want), accuracy: 1, "\(line)") }
        // The line is 4 pt wide (0.04 × 100): 6 px above its centre is background.
        XCTAssertEqual(pixel(100, 44), [0xD1, 0xD3, 0xD9, 255])
    }

    func testVectorsAreDeterministic() throws {
        var request = PatternRequest()
        request.path = [6, 4, 2]
        let renderer = try Renderer()
        let scene = try request.scene()
        XCTAssertEqual(try renderer.svg(scene), try renderer.svg(scene))
        XCTAssertEqual(try renderer.pdf(scene), try renderer.pdf(scene))
        XCTAssertTrue(String(decoding: try renderer.svg(scene), as: UTF8.self).contains("width=\"1179\""))
    }

    /// The pad's canvas follows the keyboard's rules, in the keyboard's words.
    func testCanvasProblemsAreTheKeyboardsOwn() {
        var request = PatternRequest()
        XCTAssertEqual(request.problems().map(\.description), [])
        request.width = 300
        request.device = "iphone-se"
        XCTAssertEqual(request.problems().map(\.description), ["device: give either a device or a width, not both"])
        request.width = nil
        request.device = nil
        request.scale = 2
        XCTAssertEqual(request.problems().map(\.description), ["scale: only applies with a width (a device sets its own)"])
        request.scale = nil
        request.theme = ""
        XCTAssertEqual(request.problems().map(\.field), [.theme])
    }
}

/// The pattern cells of a contact sheet.
final class PatternPreviewTests: XCTestCase {
    func testEachThemesPadFollowsTheKeyboards() throws {
        var request = PreviewRequest()
        request.themes = ["default", "dark"]
        request.patterns = true
        request.seed = 1
        let sheet = try ContactSheet.render(request, with: try Renderer())
        XCTAssertEqual(sheet.geometry.rows, 2)
        // Cell 2 (the default theme's pad, 750 px): origin (48 + (1179 − 750) / 2, 48 + 878 + 80)
        // = (262, 1006); its centre dot (dot 4, on the path) at (375, 375) is #007AFF.
        let p = try XCTUnwrap(sheet.image.pixel(x: 262 + 375, y: 1006 + 375))
        XCTAssertEqual([p.r, p.g, p.b], [0x00, 0x7A, 0xFF])
        // Dot 3 (off the path) at (125, 375) is the normal grey.
        let q = try XCTUnwrap(sheet.image.pixel(x: 262 + 125, y: 1006 + 375))
        XCTAssertEqual([q.r, q.g, q.b], [0x8E, 0x8E, 0x93])
        // The dark theme's pad (cell 3) has the dark background at its corner.
        let r = try XCTUnwrap(sheet.image.pixel(x: 48 + 1227 + 214 + 2, y: 1006 + 2))
        XCTAssertEqual([r.r, r.g, r.b], [0x2C, 0x2C, 0x2E])
    }

}
