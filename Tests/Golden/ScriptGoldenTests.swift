import Foundation
import KeyboardSnapshotTesting
import XCTest

/// One keyboard of each script family the apps ship in, drawn with the pinned fonts: the
/// default face where it has the letters, else the Noto face of the script (docs/android-imes.md
/// "Languages"). Each is a HeliBoard layout written here (`Tests/LayoutEngineTests/IMELayouts/
/// heliboard/main`), on `pixel-8`, with the locale its name pairs with; Arabic also with its
/// number row. Drawing goes through the snapshot library's check, so a box instead of a letter
/// fails before any pixel is compared.
final class ScriptGoldenTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LayoutEngineTests/IMELayouts/heliboard/main")

    /// Layout file, locale (nil: the one the app pairs with the file), number row.
    static let keyboards: [(file: String, locale: String?, numberRow: Bool)] = [
        ("hindi", nil, false), ("tamil", nil, false), ("bengali", "bn-BD", false), ("thai", nil, false),
        ("arabic", nil, false), ("arabic", nil, true), ("hebrew", nil, false), ("georgian", nil, false),
        ("amharic", nil, false), ("korean", "ko", false),
    ]

    func testOneKeyboardPerScriptFamily() {
        withEvery("keyboard", in: Self.keyboards.map { "\($0.file) \($0.locale ?? "-") \($0.numberRow)" }) { shown in
            let keyboard = Self.keyboards.first { "\($0.file) \($0.locale ?? "-") \($0.numberRow)" == shown }!
            var request = RenderRequest()
            request.layout = "heliboard:" + Self.fixtures.appendingPathComponent(keyboard.file + ".txt").path
            request.theme = "material"
            request.locale = keyboard.locale
            request.numberRow = keyboard.numberRow
            let name = "script-\(keyboard.file)" + (keyboard.locale.map { "-\($0)" } ?? "") + (keyboard.numberRow ? "-number-row" : "") + ".material.portrait.pixel-8"
            assertGolden(of: request, as: .png, named: name)
        }
    }
}
