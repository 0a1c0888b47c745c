import Foundation
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer
import RenderKeyboardKit
import XCTest

/// A key style's `inset` draws the face inside the key's frame, on whole pixels; the frame
/// (where a touch lands) does not move, and a callout joins the face, not the frame.
final class KeyInsetTests: XCTestCase {
    func testTheFaceIsDrawnInsideTheFrameOnWholePixels() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inset-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        <Keyboard xmlns:android="http://schemas.android.com/apk/res/android" android:keyWidth="50%p" android:keyHeight="40px">
          <Row><Key android:keyLabel="a"/><Key android:keyLabel="b"/></Row>
        </Keyboard>
        """.write(to: folder.appendingPathComponent("pad.xml"), atomically: true, encoding: .utf8)
        // At density 2: left 5 px, top 4 px, right 3 px (1.4 pt rounds to 2.8 → 3), bottom 0.
        try """
        background: "#0000FF"
        keys:
          base:
            normal: {fill: "#FFFFFF", text: "#FFFFFF", cornerRadius: 0, shadowHeight: 0, inset: {left: 2.5, top: 2, right: 1.4}}
        """.write(to: folder.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        var request = RenderRequest()
        request.layout = folder.appendingPathComponent("pad.xml").path
        request.theme = folder.appendingPathComponent("t.yaml").path
        request.device = "1000x1000@2"
        let scene = try request.scene()
        XCTAssertEqual(scene.frames.keys.map(\.pixelFrame), [PixelRect(x: 0, y: 0, width: 500, height: 40), PixelRect(x: 500, y: 0, width: 500, height: 40)], "frames keep their place")
        let image = try Renderer().rasterize(scene)
        func rgb(_ x: Int, _ y: Int) throws -> [UInt8] {
            let p = try XCTUnwrap(image.pixel(x: x, y: y))
            return [p.r, p.g, p.b]
        }
        let blue: [UInt8] = [0, 0, 255], white: [UInt8] = [255, 255, 255]
        // The second key's face: x 505…996, y 4…39.
        XCTAssertEqual(try rgb(504, 20), blue)
        XCTAssertEqual(try rgb(505, 20), white)
        XCTAssertEqual(try rgb(996, 20), white)
        XCTAssertEqual(try rgb(997, 20), blue)
        XCTAssertEqual(try rgb(700, 3), blue)
        XCTAssertEqual(try rgb(700, 4), white)
        XCTAssertEqual(try rgb(700, 39), white)
    }

    func testACalloutJoinsTheInsetFace() throws {
        var plain = RenderRequest()
        plain.pressed = ["g"]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inset-callout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "extends: default\nkeys: {content: {normal: {inset: {left: 4, right: 4}}}}\n".write(to: folder.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        var inset = plain
        inset.theme = folder.appendingPathComponent("t.yaml").path
        let before = try XCTUnwrap(plain.scene().callouts.first), after = try XCTUnwrap(inset.scene().callouts.first)
        // iphone-15 is 3 px a point: 4 pt is 12 px on each side, and the bubble (face + 26 pt
        // wide) shrinks by the same 8 pt, centred where it was.
        XCTAssertEqual(after.bubble.width, before.bubble.width - 8, accuracy: 0.001)
        XCTAssertEqual(after.bubble.x + after.bubble.width / 2, before.bubble.x + before.bubble.width / 2, accuracy: 0.001)
    }
}
