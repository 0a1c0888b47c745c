import Foundation
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer
import RenderKeyboardKit
import XCTest

/// An Android key taller than its row reaches into the rows below (Android's way to span
/// rows); the keys of those rows are drawn later but never cover its label.
final class OverlappingKeysTests: XCTestCase {
    func testALaterKeyDoesNotCoverATallKeysLabel() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("overlap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // OK spans rows 0 and 1 (y 0…80) on the right; row 1's wide key covers y 40…80.
        try """
        <Keyboard xmlns:android="http://schemas.android.com/apk/res/android" android:keyWidth="50%p" android:keyHeight="40px">
          <Row><Key android:keyLabel="A"/><Key android:codes="-4" android:keyLabel="OKOKOK" android:keyHeight="80px"/></Row>
          <Row><Key android:keyLabel="B" android:keyWidth="100%p"/></Row>
        </Keyboard>
        """.write(to: folder.appendingPathComponent("pad.xml"), atomically: true, encoding: .utf8)
        try """
        background: "#0000FF"
        keys:
          base:
            normal: {fill: "#FFFFFF", text: "#FF0000", textSize: 30, cornerRadius: 0, shadowHeight: 0}
        """.write(to: folder.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        var request = RenderRequest()
        request.layout = folder.appendingPathComponent("pad.xml").path
        request.theme = folder.appendingPathComponent("t.yaml").path
        request.device = "1000x1000@1"
        let scene = try request.scene()
        XCTAssertEqual(scene.keys[1].frame.pixelFrame, PixelRect(x: 500, y: 0, width: 500, height: 80))
        XCTAssertEqual(scene.keys[2].frame.pixelFrame, PixelRect(x: 0, y: 40, width: 1000, height: 40))

        // OK's label is centred at (750, 40): its lower half lies on B's face, right of B's own
        // label (centred at x 500). Red pixels there are OK's glyphs.
        let image = try Renderer().rasterize(scene)
        var red = 0
        for y in 41..<80 {
            for x in 620..<880 {
                if let p = image.pixel(x: x, y: y), p.r > 200, p.g < 80, p.b < 80 { red += 1 }
            }
        }
        XCTAssertGreaterThan(red, 50, "the lower half of OK's label is covered by the later key")
    }
}
