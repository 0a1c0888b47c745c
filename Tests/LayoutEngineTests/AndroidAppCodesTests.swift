import Foundation
import XCTest
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer

/// App-specific key codes on the real pads of `AndroidApps/` read as their users mean them
/// (docs/android-xml.md "Keys"): a code is a character only when it is printable and its key's label or
/// output text is it, or it lies in the Basic Multilingual Plane; a function key's `keyIcon`
/// name says which icon it draws; a theme maps codes to icons.
extension AndroidAppsTests {
    /// SValence's `#+=` and `ABC` mode keys (code 100860, beyond the BMP, not their label) are
    /// function keys: not shuffled, typing nothing, drawn in the function class.
    func testSValenceModeKeysAreFunctionKeys() throws {
        for (pad, label) in [("keyboard_letter", "#+="), ("keyboard_symbol", "ABC")] {
            let frames = try place("svalence", pad)
            let key = try XCTUnwrap(frames.keys.first { $0.key.android?.code == 100860 }?.key, pad)
            XCTAssertEqual(key.label, label, pad)
            XCTAssertEqual(key.codeName, "function", pad)
            XCTAssertEqual(key.keyClass, .function, pad)
            XCTAssertNil(key.shuffleKind, pad)
            XCTAssertEqual(key.value, "", pad)
            let typed = frames.keys.filter { $0.key.code == .input }.map(\.key.value)
            XCTAssertFalse(typed.contains("\u{189FC}"), "\(pad) types U+189FC")
        }
    }

    /// A BMP code is a character whatever the label: SValence's `￡` key (U+FFE1 drawn) types
    /// £ (163); its symbols shuffle among symbols.
    func testSValenceBMPCodesAreCharacters() throws {
        let frames = try place("svalence", "keyboard_symbol")
        let pound = try XCTUnwrap(frames.keys.first { $0.key.android?.code == 163 }?.key)
        XCTAssertEqual(pound.codeName, "input")
        XCTAssertEqual(pound.label, "￡")
        XCTAssertEqual(pound.value, "£")
        XCTAssertEqual(pound.keyClass, .content)
        try checkShuffle("svalence", "keyboard_letter", fixed: ["-1", "-5", "-2", "32", "100860"])
    }

    /// A code beyond the BMP is a character when the label is it (an emoji key).
    func testACodeBeyondTheBMPIsACharacterWhenItIsTheLabel() {
        XCTAssertEqual(AndroidKeyCode(0x1F600, label: "😀", outputText: nil), .character("😀"))
        XCTAssertEqual(AndroidKeyCode(0x1F600, label: nil, outputText: "😀"), .character("😀"))
        XCTAssertEqual(AndroidKeyCode(0x1F600, label: ":)", outputText: nil), .other(0x1F600))
        XCTAssertEqual(AndroidKeyCode(0x4E2D, label: "X", outputText: nil), .character("中"))
    }

    /// Jinkeen's delete keys (code −23, `ic_abs_keyboard_delete`) draw the delete icon.
    func testJinkeenDeleteKeysDrawTheirIcon() throws {
        for pad in ["keyboard_number_layout", "keyboard_idcard_layout", "keyboard_qwerty_layout"] {
            let key = try XCTUnwrap(try place("jinkeen", pad).keys.first { $0.key.android?.code == -23 }?.key, pad)
            XCTAssertEqual(key.icon, .delete, pad)
            XCTAssertEqual(key.label, "", pad)
            XCTAssertEqual(key.codeName, "function", pad)
        }
    }

    /// The framework's digit drawables (`sym_keyboard_num1`, a name holding "keyboard") still
    /// draw their digits: the name rule is for function keys only.
    func testDigitDrawablesStillDrawTheirDigits() throws {
        let frames = try place("aosp", "password_kbd_numeric")
        XCTAssertEqual(frames.keys.prefix(9).map(\.key.label), ["1", "2", "3", "4", "5", "6", "7", "8", "9"])
        XCTAssertEqual(frames.keys.prefix(9).map(\.key.icon), Array(repeating: .none, count: 9))
    }

    /// The words of a drawable's name, in order of precedence; an arrow or a digit drawable of
    /// a keyboard is no collapse key.
    func testIconNames() {
        let cases: [(String, KeyIcon?)] = [
            ("@drawable/ic_abs_keyboard_delete", .delete), ("@drawable/ic_backspace", .delete), ("@mipmap/sym_keyboard_shift", .shift),
            ("@drawable/key_space", .space), ("@drawable/ic_enter", .return), ("@drawable/btn_done", .return),
            ("@drawable/sym_keyboard_return", .return), ("@drawable/ic_keyboard_down", .collapse), ("@drawable/hide", .collapse),
            ("@drawable/sym_keyboard", .collapse), ("@drawable/icon_del", .delete), ("@drawable/sym_keyboard_ok", .return),
            ("@mipmap/sym_keyboard_left", nil), ("@drawable/sym_keyboard_num1", nil), ("@drawable/ic_arrow_left", nil), ("@drawable/logo", nil),
        ]
        for (name, icon) in cases { XCTAssertEqual(AndroidKeyCode.icon(named: name), icon, name) }
    }

    /// A theme's `icons` maps an app's codes to icons: Jinkeen's confirm key (−21) drawn as
    /// return, its letter-case key (−20) as shift; codes of the engine's own layouts are not
    /// mapped.
    func testThemeIconsByCode() throws {
        let frames = try place("jinkeen", "keyboard_qwerty_layout")
        var theme = Theme()
        theme.icons = [-21: .return, -20: .shift]
        let scene = try SceneComposer.compose(frames: frames, theme: theme, image: { _ in SceneImage(id: "", png: []) })
        let confirm = try XCTUnwrap(scene.keys.first { $0.frame.key.android?.code == -21 })
        XCTAssertEqual(confirm.icon, SceneIcon(.return))
        XCTAssertEqual(confirm.label, "")
        XCTAssertEqual(scene.keys.first { $0.frame.key.android?.code == -20 }?.icon, SceneIcon(.shift))
        let plain = try SceneComposer.compose(frames: frames, theme: Theme(), image: { _ in SceneImage(id: "", png: []) })
        XCTAssertEqual(plain.keys.first { $0.frame.key.android?.code == -21 }?.icon, SceneIcon.none)
    }
}
