import Foundation
import KeyboardSnapshotTesting
import XCTest

/// Android keyboard files (docs/android-xml.md) drawn in the built-in themes on `pixel-8` (1080 × 2400 px
/// at 2.625): the ID-card pad with an X key in every theme, a PIN pad, and a letter pad in
/// both orientations. The pads are the examples in `docs/examples/android/res/xml`.
final class AndroidGoldenTests: XCTestCase {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/examples/android/res/xml")

    func golden(_ pad: String, theme: String, orientation: Orientation = .portrait, pressed: [String] = [], variant: String? = nil) -> (name: String, request: RenderRequest) {
        var request = RenderRequest()
        request.layout = Self.examples.appendingPathComponent("\(pad).xml").path
        request.theme = theme
        request.device = "pixel-8"
        request.orientation = orientation
        request.pressed = pressed
        let name = "android-\(pad).\(theme).\(orientation.rawValue).pixel-8" + (variant.map { ".\($0)" } ?? "")
        return (name, request)
    }

    func testIdCardPadInEveryTheme() {
        withEvery("theme", in: Resources.themeNames.sorted()) { theme in
            let (name, request) = golden("idcard_pad", theme: theme)
            assertGolden(of: try request.scene(), as: .png, named: name)
        }
    }

    /// The `RenderRequest` strategy of KeyboardSnapshotTesting takes an XML pad as any layout:
    /// same picture as the scene reference, and with a pixel device, `--shuffle` and a seed.
    func testThroughTheRequestStrategy() {
        var (name, request) = golden("idcard_pad", theme: "default")
        assertGolden(of: request, as: .png, named: name)
        request.device = "1080x2400@2.625"
        assertGolden(of: request, as: .png, named: name)
        request.forceShuffle = true
        request.seed = Golden.seed
        assertGolden(of: request, as: .png, named: "android-idcard_pad.default.portrait.pixel-8.shuffled")
    }

    func testPinPad() {
        withEvery("theme", in: ["default", "secure"]) { theme in
            let (name, request) = golden("pin_pad", theme: theme, pressed: ["5"], variant: "pressed-5")
            assertGolden(of: try request.scene(), as: .png, named: name)
        }
    }

    func testLetterPad() {
        withEvery("orientation", in: Orientation.allCases) { orientation in
            let (name, request) = golden("letter_pad", theme: "default", orientation: orientation)
            assertGolden(of: try request.scene(), as: .png, named: name)
        }
        let (name, request) = golden("letter_pad", theme: "dark")
        assertGolden(of: try request.scene(), as: .png, named: name)
    }

    /// Real apps' pads (`Tests/LayoutEngineTests/AndroidApps`): the framework's password pad,
    /// whose keys are all drawables (digits shown as their characters, OK as the return icon,
    /// delete as the delete icon), and a letter pad with an icon-only space bar (⎵).
    func testRealAppsPadsWithIconOnlyKeys() {
        let apps = Self.examples.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/LayoutEngineTests/AndroidApps")
        // Jinkeen's delete key (code −23) draws the icon its drawable's name says; SValence's `#+=`
        // key (code 100860) is a function key.
        for (app, pad) in [("aosp", "password_kbd_numeric"), ("securitykeyboard", "qwerty"), ("jinkeen", "keyboard_number_layout"), ("svalence", "keyboard_letter")] {
            var request = RenderRequest()
            request.layout = apps.appendingPathComponent("\(app)/res/xml/\(pad).xml").path
            request.theme = "default"
            request.device = "pixel-8"
            assertGolden(of: try request.scene(), as: .png, named: "android-\(app)-\(pad).default.portrait.pixel-8")
        }
    }
}
