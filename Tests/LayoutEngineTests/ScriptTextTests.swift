import XCTest
@testable import KeyboardModel
@testable import KeyboardFormats

/// The text formats read every script: lines and words split on Unicode scalars, never on
/// grapheme clusters (a blank followed by a combining mark is one `Character`), and HeliBoard's
/// locale key texts with their sections.
final class ScriptTextTests: XCTestCase {
    /// One key per script whose popups start with a combining mark: the label is the letter
    /// alone, never the letter glued to its popups.
    static let keysWithCombiningPopups: [(script: String, line: String, label: String)] = [
        ("Kannada", "ಋ ್ರ ೃ", "ಋ"),
        ("Devanagari", "र ्र ृ", "र"),
        ("Bengali", "র ্র ৃ", "র"),
        ("Tamil", "க ் ா", "க"),
        ("Telugu", "ర ్ర ృ", "ర"),
        ("Malayalam", "ര ്ര ൃ", "ര"),
        ("Thai", "ก ั ิ", "ก"),
        ("Arabic", "ا َ ً", "ا"),
        ("Hebrew", "ב ּ ַ", "ב"),
        ("Latin", "e \u{301} \u{300}", "e"),
    ]

    func testSimpleLayoutsSplitOnScalars() throws {
        for (script, line, label) in Self.keysWithCombiningPopups {
            let rows = try HeliBoardReader.simpleRows("\(line)\nx\n", file: "\(script).txt")
            XCTAssertEqual(rows.first?.map(\.label), [label, "x"], script)
            XCTAssertEqual(rows.first?.first?.column, 1, script)
        }
    }

    func testCarriageReturnLinesAreLines() throws {
        let rows = try HeliBoardReader.simpleRows("a\r\nb\r\n\r\nc\r\n", file: "crlf.txt")
        XCTAssertEqual(rows.map { $0.map(\.label) }, [["a", "b"], ["c"]])
        XCTAssertEqual(rows.dropFirst().first?.first?.line, 4)
    }

    func testLocaleTextsSectionsAndCombiningPopups() throws {
        let text = "[popup_keys]\nا !fixedColumnOrder!3 آ أ\npunctuation  َ  ُ\n\n[labels]\nsymbol: ٣٢١؟\ncomma: ،\n\n[number_row]\n١ ٢ ٣\n\n[tlds]\nsa\n"
        let texts = try IMELocaleTexts.read(Array(text.utf8), file: "ar.txt")
        XCTAssertEqual(texts.labels, ["symbol": "٣٢١؟", "comma": "،"])
        XCTAssertEqual(texts.numberRow, ["١", "٢", "٣"])
        XCTAssertEqual(texts.popups["ا"], ["!fixedColumnOrder!3", "آ", "أ"])
        XCTAssertEqual(texts.popups["punctuation"], ["\u{64E}", "\u{64F}"])
    }

    func testLocaleTextsErrorsNameTheLine() {
        XCTAssertThrowsError(try IMELocaleTexts.read(Array("[labels]\nsymbl: x\nperiod\n".utf8), file: "t.txt")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("t.txt: line 2: unknown label \"symbl\""), text)
            XCTAssertTrue(text.contains("t.txt: line 3: expected a label as name: text"), text)
        }
    }

    func testTheMethodListPairsALayoutWithOneLanguage() {
        XCTAssertEqual(HeliBoardLocales.defaultLocale(forLayout: "arabic"), "ar")
        XCTAssertEqual(HeliBoardLocales.defaultLocale(forLayout: "tamil"), "ta")
        XCTAssertNil(HeliBoardLocales.defaultLocale(forLayout: "russian"), "kk, ky and ru are three languages")
        XCTAssertNil(HeliBoardLocales.defaultLocale(forLayout: "qwerty"))
        XCTAssertEqual(HeliBoardLocales.builtinTexts("hi-IN")?.labels["period"], "।")
        XCTAssertEqual(HeliBoardLocales.builtinTexts("he")?.labels["alphabet"], "אבג")
        XCTAssertEqual(HeliBoardLocales.builtinTexts("de")?.labels, [:], "German keeps the Latin labels; its file gives popups")
        XCTAssertTrue(HeliBoardLocales.isRightToLeft("ar"))
        XCTAssertTrue(HeliBoardLocales.isRightToLeft("iw"))
        XCTAssertFalse(HeliBoardLocales.isRightToLeft("hi"))
    }

    func testLocaleTags() {
        XCTAssertNil(LocaleTag.problem("bn-BD"))
        XCTAssertNil(LocaleTag.problem("hi_IN"))
        XCTAssertNotNil(LocaleTag.problem("hi IN"))
        XCTAssertNotNil(LocaleTag.problem(""))
    }
}

extension ScriptTextTests {
    /// `label|text` shows the label (Central Kurdish's `ھ|ه`); a lone `|` is a label.
    func testALabelWithItsTextShowsTheLabel() throws {
        let rows = try HeliBoardReader.simpleRows("ھ|ه ە\n|\n", file: "ckb.txt")
        XCTAssertEqual(rows.first?.map(\.label), ["ھ", "|"])
    }
}

extension ScriptTextTests {
    /// What HeliBoard's own JSON layouts write and the app reads: `"\?"` (Thai, Khmer), a label
    /// with its text (`" ุ|ุ"`: a space and the mark show, the mark is typed), and `groupId: -1`
    /// (KALQ). FlorisBoard's labels are shown as written.
    func testHeliBoardJSONAsTheAppReadsIt() throws {
        let json = """
        [
          [
            { "$": "shift_state_selector", "manualOrLocked": { "label": "x" }, "default": { "label": "\\?" } },
            { "label": " \u{0E38}|\u{0E38}" },
            { "label": "a|b", "groupId": -1 },
            { "label": "\\\\" },
          ]
        ]
        """
        let keyboard = try HeliBoardReader.read(Array(json.utf8), file: "thai.json", name: "thai", mode: .main)
        XCTAssertEqual(keyboard.rows.first?.map(\.label), ["?", " \u{0E38}", "a", "\\"])
        XCTAssertEqual(keyboard.rows.first?[2].groupId, -1)
        XCTAssertThrowsError(try HeliBoardReader.read(Array(#"[[{"label": "a", "groupId": -1000001}]]"#.utf8), file: "g.json", name: "g", mode: .main)) { error in
            XCTAssertTrue("\(error)".contains("rows[0][0].groupId: -1000001 is out of range -1000000…1000000"), "\(error)")
        }
    }
}
