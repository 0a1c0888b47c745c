import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine
import XCTest
@testable import RenderKeyboardKit

/// Input callouts from the theme to the pixels.
final class CalloutTests: XCTestCase {
    private func scene(layout: String = "letters", theme: String = "default", pressed: [String], orientation: Orientation = .portrait) throws -> KeyboardScene {
        var request = RenderRequest()
        request.layout = layout
        request.theme = theme
        request.pressed = pressed
        request.orientation = orientation
        request.seed = 1
        return try request.scene()
    }

    func testAPressedLetterOnTheTopRowGrowsTheImageUpward() throws {
        let plain = try scene(pressed: [])
        let pressed = try scene(pressed: ["q"])
        // q sits 8 pt from the top; the 55 pt bubble overhangs by 47 pt = 141 px at scale 3.
        XCTAssertEqual(pressed.frames.keyboardOrigin, 47)
        XCTAssertEqual(pressed.imageHeight, plain.imageHeight + 141)
        XCTAssertEqual(pressed.frames.keys[0].frame.y, plain.frames.keys[0].frame.y + 47)
        XCTAssertEqual(pressed.frames.keys[0].pixelFrame.y, plain.frames.keys[0].pixelFrame.y + 141)
        XCTAssertEqual(pressed.callouts.count, 1)
        let callout = try XCTUnwrap(pressed.callouts.first)
        XCTAssertEqual(callout.label, "q")
        XCTAssertEqual(callout.bubble.y, 0, accuracy: 1e-9)
        XCTAssertEqual(callout.bubble.x, 3, accuracy: 1e-9, "clamped 3 pt inside the left edge")
        XCTAssertEqual(callout.textSize, 44, "twice the key's 22 pt")
        XCTAssertTrue(pressed.frames.json().contains("\n  \"keyboardOrigin\": 47,\n"))
    }

    func testASecondRowLetterFitsWithoutGrowing() throws {
        let pressed = try scene(pressed: ["g"])
        XCTAssertEqual(pressed.frames.keyboardOrigin, 0)
        XCTAssertEqual(pressed.callouts.map(\.label), ["g"])
    }

    func testNoCalloutOnSecurePadsFunctionKeysOrNumberPads() throws {
        XCTAssertEqual(try scene(theme: "secure", pressed: ["g"]).callouts.count, 0)
        XCTAssertEqual(try scene(pressed: ["done"]).callouts.count, 0)
        XCTAssertEqual(try scene(pressed: ["delete"]).callouts.count, 0)
        XCTAssertEqual(try scene(layout: "numbers", pressed: ["5"]).callouts.count, 0)
        XCTAssertEqual(try scene(layout: "symbols", pressed: ["&"]).callouts.count, 1)
        XCTAssertEqual(try scene(theme: "dark", pressed: ["g"]).callouts.count, 1)
        XCTAssertEqual(try scene(theme: "image", pressed: ["g"]).callouts.count, 1)
    }

    func testAThemeCanTurnTheCalloutOffOrRecolourIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("callout-theme-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let off = folder.appendingPathComponent("off.yaml")
        try "extends: default\nkeys: {content: {callout: {enabled: false}}}\n".write(to: off, atomically: true, encoding: .utf8)
        XCTAssertEqual(try scene(theme: off.path, pressed: ["g"]).callouts.count, 0)
        let red = folder.appendingPathComponent("red.yaml")
        try "extends: default\nkeys: {content: {callout: {fill: \"#FF0000\", textSize: 30}}}\n".write(to: red, atomically: true, encoding: .utf8)
        let callout = try XCTUnwrap(try scene(theme: red.path, pressed: ["g"]).callouts.first)
        XCTAssertEqual(callout.fill, Color(red: 255, green: 0, blue: 0))
        XCTAssertEqual(callout.textSize, 30)
    }

    func testTheBubbleIsPaintedOverTheRowAbove() throws {
        let scene = try self.scene(pressed: ["g"])
        let image = try Renderer().rasterize(scene)
        let callout = try XCTUnwrap(scene.callouts.first)
        let s = scene.scale
        func pixel(_ x: Double, _ y: Double) -> [UInt8] {
            guard let p = image.pixel(x: Int(x * s), y: Int(y * s)) else { return [] }
            return [p.r, p.g, p.b, p.a]
        }
        // Just inside the bubble's top-left corner region, on its straight top edge: white.
        XCTAssertEqual(pixel(callout.bubble.x + 12, callout.bubble.y + 2), [255, 255, 255, 255])
        // In the gap left of the key, 12 pt below its top: the fillet has almost reached the
        // key's side there, so this is background; 1 pt below the bubble, 3 pt out, is fillet.
        let key = scene.frames.keys[callout.keyIndex].frame
        XCTAssertEqual(pixel(key.x - 3, key.y + 12), [0xD1, 0xD3, 0xD9, 255], "background beside the fillet")
        XCTAssertEqual(pixel(key.x - 3, key.y + 0.5), [255, 255, 255, 255], "the fillet")
        // The key's own bottom edge is part of the shape (drawn in the callout's fill).
        XCTAssertEqual(pixel(key.x + key.width / 2, key.maxY - 1), [255, 255, 255, 255])
    }
}
