import Foundation
import KeyboardSnapshotTesting
import XCTest

/// HeliBoard and FlorisBoard layouts (docs/android-imes.md) placed as the apps place them on `pixel-8`,
/// in FlorisBoard's own look: its light and dark stylesheets (`floris_day`, `floris_night`),
/// plus a version 1 sheet and one of wallpaper colours. The files are the fixtures of
/// `Tests/LayoutEngineTests/IMELayouts` (their sources in its NOTICE.md).
final class IMEGoldenTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LayoutEngineTests/IMELayouts")

    static let heliBoardLayouts = [
        "main/qwerty.txt", "main/qwertz.json", "symbols/symbols.txt", "more_symbols/more_symbols.txt",
        "number/number.json", "numpad/numpad.json", "phone_symbols/phone_symbols.json",
    ]
    static let florisBoardLayouts = [
        "characters/qwerty.json", "characters/azerty.json", "symbols/western.json", "symbols2/western.json",
        "numeric/western_arabic.json", "numericAdvanced/western_arabic.json", "phone2/telpad.json",
    ]

    /// `app/FOLDER/FILE` in `sheet`, named `app-FOLDER-STEM.SHEET.portrait.pixel-8`.
    func golden(_ app: String, _ layout: String, sheet: String, shift: ShiftState = .off) -> (name: String, request: RenderRequest) {
        var request = RenderRequest()
        request.layout = Self.fixtures.appendingPathComponent("\(app)/\(layout)").path
        request.theme = Self.fixtures.appendingPathComponent("snygg/\(sheet).json").path
        request.shift = shift
        let stem = layout.replacingOccurrences(of: "/", with: "-").split(separator: ".").first.map(String.init) ?? layout
        let name = "\(app)-\(stem).\(sheet).portrait.pixel-8" + (shift == .off ? "" : ".shift-\(shift.rawValue)")
        return (name, request)
    }

    func testHeliBoardLayoutsInFlorisBoardsLook() {
        withEvery("layout", in: Self.heliBoardLayouts) { layout in
            for sheet in ["floris_day", "floris_night"] {
                let (name, request) = golden("heliboard", layout, sheet: sheet)
                assertGolden(of: try request.scene(), as: .png, named: name)
            }
        }
    }

    func testFlorisBoardLayoutsInTheirOwnLook() {
        withEvery("layout", in: Self.florisBoardLayouts) { layout in
            for sheet in ["floris_day", "floris_night"] {
                let (name, request) = golden("florisboard", layout, sheet: sheet)
                assertGolden(of: try request.scene(), as: .png, named: name)
            }
        }
    }

    /// Caps lock in floris_day's secondary colour; a version 1 sheet; wallpaper colours as the
    /// Material 3 baseline with % corners, margins and a circular enter key.
    func testShiftStateAndOtherSheets() {
        let locked = golden("florisboard", "characters/qwerty.json", sheet: "floris_day", shift: .locked)
        assertGolden(of: try locked.request.scene(), as: .png, named: locked.name)
        let latte = golden("heliboard", "main/qwerty.txt", sheet: "ctp_latte")
        assertGolden(of: try latte.request.scene(), as: .png, named: latte.name)
        let material = golden("florisboard", "characters/qwerty.json", sheet: "material_you")
        assertGolden(of: try material.request.scene(), as: .png, named: material.name)
    }
}
