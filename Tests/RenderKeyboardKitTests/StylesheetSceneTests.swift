import Foundation
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer
@testable import RenderKeyboardKit
import XCTest

/// Snygg stylesheets and app layouts through the one pipeline: a stylesheet styles an app's
/// layout and the engine's own alike, with its warnings (docs/android-imes.md).
final class StylesheetSceneTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LayoutEngineTests/IMELayouts")

    func request(_ layout: String, theme: String) -> RenderRequest {
        var request = RenderRequest()
        request.layout = layout.contains("/") ? Self.fixtures.appendingPathComponent(layout).path : layout
        request.theme = Self.fixtures.appendingPathComponent("snygg/" + theme).path
        return request
    }

    func color(_ hex: String) -> Color { Color(hex: hex)! }

    /// floris_night on FlorisBoard's letters: window #212121, keys #424242 with white text,
    /// enter in primary green, the mode key at 18 pt, space's text at 12 pt.
    func testFlorisNightOnFlorisBoardLetters() throws {
        let (scene, warnings) = try request("florisboard/characters/qwerty.json", theme: "floris_night.json").sceneAndWarnings()
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(scene.background, .color(color("#212121")))
        let q = try XCTUnwrap(scene.keys.first { $0.label == "q" })
        XCTAssertEqual([q.style.fill, q.style.text], [color("#424242"), color("#ffffff")])
        XCTAssertEqual(scene.keys.first { $0.frame.key.ime?.code == 10 }?.style.fill, color("#4caf50"))
        XCTAssertEqual(scene.keys.first { $0.label == "?123" }?.style.textSize, 18)
        XCTAssertEqual(scene.font.family, "Roboto")
    }

    /// The engine's built-in letters in floris_day: done (code 10) in primary, its mode key
    /// (mode-number, −202) at 18 pt; shift locked draws shift's caps-lock colour.
    func testAStylesheetStylesTheEnginesOwnLayouts() throws {
        var request = request("letters", theme: "floris_day.json")
        request.device = "android-phone"
        let scene = try request.scene()
        XCTAssertEqual(scene.keys.first { $0.frame.key.code == .done }?.style.fill, color("#4caf50"))
        XCTAssertEqual(scene.keys.first { $0.frame.key.code == .modeNumber }?.style.textSize, 18)
        XCTAssertEqual(scene.keys.first { $0.frame.key.code == .shift }?.style.text, color("#000000"))
        request.shift = .locked
        XCTAssertEqual(try request.scene().keys.first { $0.frame.key.code == .shift }?.style.text, color("#ff9800"))
    }

    /// A stylesheet on an Android pad: its delete key (−5, delete by meaning) takes no special
    /// rule, its OK key (code 10) takes the enter rule.
    func testAStylesheetOnAnAndroidPad() throws {
        var request = request("letters", theme: "floris_day.json")
        request.layout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("LayoutEngineTests/AndroidApps/aosp/res/xml/password_kbd_numeric.xml").path
        request.device = "pixel-8"
        let scene = try request.scene()
        XCTAssertEqual(scene.keys.first { $0.frame.key.android?.code == 10 }?.style.fill, color("#4caf50"))
        XCTAssertEqual(scene.keys.first { $0.frame.key.android?.code == 49 }?.style.fill, color("#ffffff"))
    }

    /// The wallpaper-colour and cut-corner warnings reach the caller with the layout's.
    func testTheStylesheetsWarningsAreReturned() throws {
        let (_, warnings) = try request("heliboard/main/qwerty.txt", theme: "material_you.json").sceneAndWarnings()
        XCTAssertEqual(warnings.count, 2, "\(warnings)")
        XCTAssertTrue(warnings.contains { $0.reason.contains("Material 3 baseline") })
    }

    /// `--ime-mode` reaches the multi-keyboard commands through the Android options.
    func testTheModeTravelsWithTheAndroidOptions() throws {
        var options = AndroidFileOptions()
        options.imeMode = "symbols"
        let request = options.applied(to: self.request("heliboard/main/qwerty.txt", theme: "floris_day.json"))
        XCTAssertEqual(request.imeMode, "symbols")
        XCTAssertEqual(AndroidFileOptions(of: request), options)
        XCTAssertEqual(try request.frames().keys.first?.key.label, "1")
    }
}
