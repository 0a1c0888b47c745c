import Foundation
import XCTest
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer

/// FlorisBoard Snygg stylesheets read as themes (docs/format.md "Snygg stylesheets").
final class SnyggTests: XCTestCase {
    static let folder = IMEPlacementTests.folder.appendingPathComponent("snygg")

    func sheet(_ name: String) throws -> Theme {
        try SnyggDecoder.decode(TestFiles.bytes(Self.folder.appendingPathComponent(name)), file: name)
    }

    func sheet(text: String) throws -> Theme {
        try SnyggDecoder.decode(Array(text.utf8), file: "sheet.json")
    }

    /// The style a key with `code` gets: a 100 × 50 pt key in `mode` with `shift`.
    func style(_ theme: Theme, code: KeyCode, value: String = "a", state: KeyState = .normal, mode: String? = "characters", shift: ShiftState = .off) throws -> ResolvedKeyStyle {
        let key = Key(label: value, value: value, code: code)
        return try SceneComposer.resolveStyle(for: key, state: state, theme: theme, frame: Rect(x: 0, y: 0, width: 100, height: 50),
                                              context: KeyStyleContext(mode: mode, shift: shift), image: { _ in SceneImage(id: "", png: []) })
    }

    func color(_ hex: String) -> Color { Color(hex: hex)! }

    /// floris_day: window background; the key rule (surface, on-surface, 22sp, 8dp corners, a
    /// shadow); enter (code 10) in primary; space 12sp in on-surface-variant; mode keys 18sp;
    /// pressed keys in surface-variant; shift's caps-lock colour only when locked.
    func testFlorisDay() throws {
        let theme = try sheet("floris_day.json")
        XCTAssertEqual(theme.background, .color(color("#e0e0e0")))
        XCTAssertEqual(theme.font?.family, "Roboto")
        XCTAssertTrue(theme.warnings.isEmpty, "\(theme.warnings)")
        let letter = try style(theme, code: .input)
        XCTAssertEqual([letter.fill, letter.text], [color("#ffffff"), color("#000000")])
        XCTAssertEqual(letter.textSize, 22)
        XCTAssertEqual(letter.cornerRadius, 8)
        XCTAssertEqual(letter.shadowHeight, 1)
        XCTAssertEqual(letter.shadowColor, Color(red: 0, green: 0, blue: 0, alpha: 0x40))
        XCTAssertEqual(try style(theme, code: .done).fill, color("#4caf50"))
        XCTAssertEqual(try style(theme, code: .done, state: .pressed).fill, color("#388e3c"))
        XCTAssertEqual(try style(theme, code: .input, state: .pressed).fill, color("#f5f5f5"))
        let space = try style(theme, code: .space, value: " ")
        XCTAssertEqual([space.textSize], [12])
        XCTAssertEqual(space.text, color("#5f5f5f"))
        XCTAssertEqual(try style(theme, code: .modeNumber).textSize, 18)
        XCTAssertEqual(try style(theme, code: .shift).text, color("#000000"))
        XCTAssertEqual(try style(theme, code: .shift, shift: .locked).text, color("#ff9800"))
        XCTAssertEqual(try style(theme, code: .shift, shift: .on).text, color("#000000"))
    }

    /// What is not drawn is listed: other elements in one line, properties of key rules that
    /// are not drawn, other states.
    func testIgnoredPartsAreListed() throws {
        let theme = try sheet("floris_day.json")
        let lines = theme.ignored.map(\.description)
        XCTAssertTrue(lines.contains { $0.hasPrefix("floris_day.json: ignored: the rules of elements that are not drawn (only key and window are): window-move-handle, window-resize-handle") }, "\(lines)")
        XCTAssertTrue(lines.contains("floris_day.json: key.text-max-lines: ignored: text-max-lines is not drawn"), "\(lines)")
        XCTAssertTrue(lines.contains("floris_day.json: window.foreground: ignored: the window draws only its background"), "\(lines)")
        XCTAssertTrue(lines.contains("floris_day.json: window[windowmode=`floating`]: ignored: only the window of the fixed window mode, unpressed, is drawn"), "\(lines)")
    }

    /// Version 1 (no `$schema`, Catppuccin Latte): `keyboard` is the window, shift state 3 is
    /// caps lock, rgba() opacities are fractions; read with a warning.
    func testVersion1Sheet() throws {
        let theme = try sheet("ctp_latte.json")
        XCTAssertEqual(theme.background, .color(Color(red: 220, green: 224, blue: 232)))
        XCTAssertEqual(theme.warnings.map(\.reason).first?.hasPrefix("no $schema: read as a Snygg version 1 stylesheet"), true)
        XCTAssertEqual(try style(theme, code: .shift, shift: .locked).text, Color(red: 136, green: 57, blue: 239))
        XCTAssertEqual(try style(theme, code: .done).fill, Color(red: 114, green: 135, blue: 253))
    }

    /// Wallpaper colours are the Material 3 baseline (surfaceDim #DED8E1, onSurface #1D1B20),
    /// with a warning; var() through var(); % and circle() corners of the shorter side; margin
    /// is the face's inset; the plain rule's font; cut corners drawn rounded with a warning; a
    /// mode attribute; :focus not drawn.
    func testMaterialYouSheet() throws {
        let theme = try sheet("material_you.json")
        XCTAssertEqual(theme.background, .color(color("#DED8E1")))
        XCTAssertEqual(theme.font, Theme.Font(family: "Roboto", weight: .medium))
        let letter = try style(theme, code: .input)
        XCTAssertEqual(letter.text, color("#1D1B20"))
        XCTAssertEqual(letter.fill, color("#FEF7FF"))
        XCTAssertEqual(letter.cornerRadius, 10)   // 20 % of 50 pt
        XCTAssertEqual(letter.inset, EdgeInsets(top: 2, left: 1, bottom: 2, right: 1))
        XCTAssertEqual(try style(theme, code: .done).cornerRadius, 25)   // circle(): half the shorter side
        XCTAssertEqual(try style(theme, code: .done).fill, color("#6750A4"))
        let shift = try style(theme, code: .shift)
        XCTAssertEqual(shift.fill, color("#E8DEF8"))
        XCTAssertEqual(shift.borderColor, Color(red: 0, green: 0, blue: 0, alpha: 31))
        XCTAssertEqual(try style(theme, code: .modeLetter).fill, color("#E8DEF8"))
        XCTAssertEqual(try style(theme, code: .space, value: " ").cornerRadius, 8)
        XCTAssertEqual(try style(theme, code: .space, value: " ", mode: "numeric").cornerRadius, 10)
        XCTAssertEqual(try style(theme, code: .input, state: .pressed).fill, color("#ECE6F0"))
        let warnings = theme.warnings.map(\.description)
        XCTAssertTrue(warnings.contains("material_you.json: key[code=32][mode=`characters`].shape: cut corners are drawn rounded"), "\(warnings)")
        XCTAssertTrue(warnings.contains { $0.contains("drawn as the Material 3 baseline scheme") }, "\(warnings)")
        XCTAssertTrue(theme.ignored.map(\.description).contains("material_you.json: key:focus: ignored: :focus is not drawn"))
        XCTAssertTrue(theme.ignored.map(\.description).contains("material_you.json: @font `Brand`: ignored: the font files of @font \"Brand\" are not loaded; the family is taken from the pinned fonts when they have it"), "\(theme.ignored)")
        XCTAssertEqual(theme.fallbackFonts, [.family("Brand")], "@font names a fallback family")
    }

    /// Rules are laid fewer attributes first whatever their order in the file, `:pressed` last.
    func testRuleOrder() throws {
        let theme = try sheet(text: """
            {"$schema": "https://schemas.florisboard.org/snygg/v2/stylesheet",
             "key[code=10][mode=`characters`]:pressed": {"background": "#000001"},
             "key[code=10][mode=`characters`]": {"background": "#000002"},
             "key[code=10]": {"background": "#000003"},
             "key:pressed": {"background": "#000004"},
             "key": {"background": "#000005"}}
            """)
        XCTAssertEqual(try style(theme, code: .done).fill, color("#000002"))
        XCTAssertEqual(try style(theme, code: .done, mode: "numeric").fill, color("#000003"))
        XCTAssertEqual(try style(theme, code: .done, state: .pressed).fill, color("#000001"))
        XCTAssertEqual(try style(theme, code: .input, state: .pressed).fill, color("#000004"))
        XCTAssertEqual(try style(theme, code: .input).fill, color("#000005"))
        XCTAssertEqual(theme.keyRules.map(\.selector), ["key", "key[code=10]", "key[code=10][mode=`characters`]", "key:pressed", "key[code=10][mode=`characters`]:pressed"])
    }

    /// Each error names the file, the rule and the property.
    func testErrorsNameTheRule() {
        let cases: [(String, String)] = [
            (##"{"key[code=abc]": {"background": "#000000"}}"##, "sheet.json: key[code=abc]: not a Snygg rule: \"abc\" is no integer, range a..b or `name`"),
            (##"{"key": {"background": "#GGGGGG"}}"##, "sheet.json: key.background: a colour is #RRGGBB or #RRGGBBAA"),
            (##"{"key": {"background": "var(--nope)"}}"##, "sheet.json: key.background: var(--nope) is not defined in @defines"),
            // A font size is told its own limit, whatever is wrong with it.
            (##"{"key": {"font-size": "12dp"}}"##, "sheet.json: key.font-size: expected a size such as 8sp, greater than 0 and at most 1000sp"),
            (##"{"key": {"font-size": "1e9sp"}}"##, "sheet.json: key.font-size: expected a size such as 8sp, greater than 0 and at most 1000sp"),
            (##"{"key": {"font-size": "0sp"}}"##, "sheet.json: key.font-size: expected a size such as 8sp, greater than 0 and at most 1000sp"),
            (##"{"key": {"border-width": "-1dp"}}"##, "sheet.json: key.border-width: expected a size such as 8dp, from 0 to 100000dp"),
            // A value taken through var() is wrong where it is written: in @defines.
            (##"{"@defines": {"--c": "#GGG"}, "key[code=10]": {"background": "var(--c)"}}"##,
             "sheet.json: @defines.--c: a colour is #RRGGBB or #RRGGBBAA (the value of var(--c), which key[code=10].background uses)"),
            (##"{"@defines": {"--s": "9000sp", "--t": "var(--s)"}, "key": {"font-size": "var(--t)"}}"##,
             "sheet.json: @defines.--s: expected a size such as 8sp, greater than 0 and at most 1000sp (the value of var(--s), which key.font-size uses)"),
            (##"{"key": {"shape": "rounded-corner(1dp, 2dp)"}}"##, "sheet.json: key.shape: rounded-corner() takes four corner sizes"),
            (##"{"key": {"background": "rgba(0, 0, 0, 2)"}}"##, "sheet.json: key.background: the opacity of rgba() is a number from 0 to 1"),
            (##"{"key": {"margin": "1dp 2dp 3dp"}}"##, "sheet.json: key.margin: a margin is one, two (horizontal vertical) or four (start top end bottom) dp sizes"),
            (##"{"@defines": {"--a": "var(--b)", "--b": "var(--a)"}, "key": {"background": "var(--a)"}}"##, "sheet.json: key.background: var(--a) is defined through itself or through more than 64 variables"),
            (##"{"key:active": {"background": "#000000"}}"##, "sheet.json: key:active: not a Snygg rule: the state after : is one of pressed, focus, hover, disabled"),
            (##"{"key": {"background": "dynamic-dark-color(tertiaryFixed)"}}"##, "sheet.json: key.background: \"tertiaryFixed\" is not a colour of the Material 3 baseline"),
            (##"{"$schema": "https://schemas.florisboard.org/snygg/v3/stylesheet", "key": {}}"##, "sheet.json: $schema: \"https://schemas.florisboard.org/snygg/v3/stylesheet\" is not Snygg version 2"),
            (##"{"key": {"background": 7}}"##, "sheet.json: key.background: "),
        ]
        for (text, expected) in cases {
            do {
                _ = try sheet(text: text)
                XCTFail("accepted: \(text)")
            } catch let list as DiagnosticList {
                XCTAssertTrue(list.diagnostics.contains { $0.description.hasPrefix(expected) }, "\(text): \(list.diagnostics.map(\.description))")
            } catch {
                XCTFail("\(error)")
            }
        }
    }

    /// A stylesheet styles the engine's own keys by their codes (done 10, space 32, shift −11,
    /// delete −7, mode keys −201…−203) and mode (a letter layout is `characters`).
    func testTheEnginesCodes() {
        XCTAssertEqual(Key(label: "Done", code: .done).styleCode, 10)
        XCTAssertEqual(Key(label: "", code: .shift).styleCode, -11)
        XCTAssertEqual(Key(label: "", code: .delete).styleCode, -7)
        XCTAssertEqual(Key(label: "ABC", code: .modeLetter).styleCode, -201)
        XCTAssertEqual(Key(label: "123", code: .modeNumber).styleCode, -202)
        XCTAssertEqual(Key(label: "#+=", code: .modeSymbol).styleCode, -203)
        XCTAssertEqual(Key(label: "q").styleCode, 113)
        XCTAssertNil(Key(label: "Cancel", code: .cancel).styleCode)
    }
}
