import Foundation
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer
import RenderKeyboardKit
import XCTest

/// Nothing a theme draws is cut: an Android pad ends flush with its bottom row, so the image
/// grows at the bottom by the row's shadow; frames do not move.
final class ThemeOverhangTests: XCTestCase {
    func testTheBottomRowsShadowGrowsTheImage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("overhang-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        <Keyboard xmlns:android="http://schemas.android.com/apk/res/android" android:keyWidth="50%p" android:keyHeight="40px">
          <Row><Key android:keyLabel="a"/><Key android:keyLabel="b"/></Row>
        </Keyboard>
        """.write(to: folder.appendingPathComponent("pad.xml"), atomically: true, encoding: .utf8)
        try """
        background: "#0000FF"
        keys:
          base:
            normal: {fill: "#FFFFFF", cornerRadius: 0, shadowHeight: 3, shadowColor: "#FF0000"}
        """.write(to: folder.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        var request = RenderRequest()
        request.layout = folder.appendingPathComponent("pad.xml").path
        request.theme = folder.appendingPathComponent("t.yaml").path
        request.device = "1000x1000@2"

        // 40 px keys at density 2; a 3 pt shadow is 6 px under them.
        let scene = try request.scene()
        XCTAssertEqual([scene.imageWidth, scene.imageHeight], [1000, 46])
        XCTAssertEqual(scene.frames.keys.map(\.pixelFrame), [PixelRect(x: 0, y: 0, width: 500, height: 40), PixelRect(x: 500, y: 0, width: 500, height: 40)])
        XCTAssertEqual(scene.frames.keyboardOrigin, 0)
        XCTAssertEqual(try request.frames().imageHeight, 46, "the frames JSON reports the image drawn")

        let image = try Renderer().rasterize(scene)
        XCTAssertEqual(image.height, 46)
        for y in [40, 45] {
            let pixel = try XCTUnwrap(image.pixel(x: 250, y: y))
            XCTAssertEqual([pixel.r, pixel.g, pixel.b], [255, 0, 0], "shadow at y \(y)")
        }

        // Without a shadow nothing grows.
        try "keys: {base: {normal: {shadowHeight: 0}}}".write(to: folder.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try request.scene().imageHeight, 40)
    }
}
