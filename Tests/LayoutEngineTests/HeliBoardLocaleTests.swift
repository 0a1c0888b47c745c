import XCTest
@testable import KeyboardModel
@testable import KeyboardFormats

/// HeliBoard's locales as the engine's tables hold them (docs/android-imes.md "Languages"): the
/// locale its method list pairs with every layout file it names, the key texts file each
/// locale reads, and those files' labels, number rows and popup keys in several scripts.
final class HeliBoardLocaleTests: XCTestCase {
    /// Every layout HeliBoard's `res/xml/method.xml` names, with the locale `--locale` defaults
    /// to (nil: the layout serves several languages) and the key texts file that locale reads
    /// (nil: HeliBoard has none for it, the Latin defaults).
    static let methodList: [String: (locale: String?, file: String?)] = [
        "akan": ("ak", nil), "arabic": ("ar", "ar"), "arabic_hijai": ("ar", "ar"), "arabic_pc": ("ar", "ar"),
        "armenian_phonetic": ("hy-AM", "hy"), "azerty": (nil, nil), "belarusian": ("be-BY", nil), "bemba": ("bem", nil),
        "bengali_akkhor": ("bn-BD", "bn-BD"), "bengali_baishakhi": ("bn-IN", "bn-IN"), "bengali_inscript": ("bn-IN", "bn-IN"),
        "bengali_probhat": ("bn-BD", "bn-BD"), "bengali_unijoy": ("bn-BD", "bn-BD"), "bulgarian": ("bg", "bg"),
        "bulgarian_bds": ("bg", "bg"), "bulgarian_bekl": ("bg", "bg"), "central_kurdish": ("ckb", "ckb"), "chuvash": ("cv", "cv"),
        "dagbani": ("dag", nil), "dargwa_urakhi": ("dru", "dru"), "esperanto": ("eo", "eo"), "ewe": ("ee", nil), "farsi": ("fa", "fa"),
        "ga": ("gaa", nil), "georgian": ("ka-GE", "ka"), "greek": ("el", "el"), "gujarati": ("gu", "gu"), "hausa": ("ha", nil),
        "hebrew": ("iw", "iw"), "hebrew_1452_2": ("iw", "iw"), "hindi": ("hi", "hi"), "hindi_compact": ("hi", "hi"),
        "hindi_phonetic": ("hi", "hi"), "hungarian_extended_qwertz": ("hu", "hu"), "igbo": ("ig", nil), "kabyle": ("kab", "kab"),
        "kaitag": ("xdq", "xdq"), "kannada": ("kn-IN", "kn"), "kannada_extended": ("kn-IN", "kn"), "khmer": ("km-KH", nil),
        "kikuyu": ("ki", nil), "korean": ("ko", "ko"), "korean_phonetic": ("ko", "ko"), "korean_sebeolsik_390": ("ko", "ko"),
        "korean_sebeolsik_final": ("ko", "ko"), "lao": ("lo-LA", nil), "lingala": ("ln", nil), "luganda": ("lg", nil),
        "macedonian": ("mk", nil), "malayalam": ("ml-IN", "ml"), "mansi_north": ("mns", "mns"), "marathi": ("mr-IN", "mr"),
        "mari": ("mhr", "mhr"), "mongolian": ("mn-MN", nil), "nepali_romanized": ("ne-NP", "ne"), "nepali_traditional": ("ne-NP", "ne"),
        "qwerty": (nil, nil), "qwerty+": (nil, nil), "qwertz": (nil, nil), "qwertz+": (nil, nil), "russian": (nil, nil),
        "russian_extended": ("ru", "ru"), "russian_student": ("ru", "ru"), "serbian": ("sr", "sr"), "sesotho": ("st", nil),
        "sinhala": ("si-LK", nil), "tamil": ("ta", "ta"), "telugu": ("te-IN", "te"), "thai": ("th", "th"), "turkish": ("tr", "tr"),
        "ukrainian": ("uk", "uk"), "ukrainian_extended": ("uk", "uk"), "urdu": ("ur-PK", "ur"), "uzbek": ("uz-UZ", "uz"),
        "yoruba": ("yo", nil),
    ]

    func testTheMethodListPairsEveryLayoutItNames() {
        XCTAssertEqual(Set(HeliBoardMethodList.pairs.keys), Set(Self.methodList.keys), "the layouts the method list names")
        for (stem, expected) in Self.methodList.sorted(by: { $0.key < $1.key }) {
            let locale = HeliBoardLocales.defaultLocale(forLayout: stem)
            XCTAssertEqual(locale, expected.locale, stem)
            XCTAssertEqual(locale.flatMap(HeliBoardLocales.file(for:)), expected.file, stem)
        }
        XCTAssertEqual(HeliBoardMethodList.pairs["russian"], ["kk", "ky", "ru"])
        XCTAssertEqual(HeliBoardMethodList.pairs["tamil"], ["ta-IN", "ta-SG"], "ta_LK is commented out of the list")
        XCTAssertEqual(HeliBoardMethodList.pairs["qwerty"]?.count, 28)
    }

    /// The file a tag reads: the whole tag in BCP 47's letter case, else the language; a
    /// tag whose own file exists never falls back to its language's (hi-Latn is not Hindi).
    func testTheFileATagReads() {
        let cases: [(String, String?)] = [
            ("ru", "ru"), ("ru-RU", "ru"), ("RU", "ru"), ("bn-bd", "bn-BD"), ("bn_BD", "bn-BD"), ("bn", nil), ("hi-IN", "hi-IN"),
            ("hi-in", "hi-IN"), ("hi-Latn", "hi-Latn"), ("hi-latn", "hi-Latn"), ("sr_Latn", "sr-Latn"), ("sr-RS", "sr"),
            ("he", "iw"), ("he-IL", "iw"), ("iw", "iw"), ("de-CH", "de-CH"), ("de-AT", "de"), ("en-US", "en"), ("xx", nil),
            ("zz", "zz"), ("es-419", "es"),
        ]
        for (tag, file) in cases { XCTAssertEqual(HeliBoardLocales.file(for: tag), file, tag) }
        XCTAssertEqual(HeliBoardLocaleTable.files.count, 74, "every locale_key_texts file but the three more_popup ones")
        XCTAssertNil(HeliBoardLocales.builtinTexts("xx"))
        XCTAssertEqual(HeliBoardLocales.builtinTexts("en"), IMELocaleTexts())
        XCTAssertEqual(HeliBoardLocales.builtinTexts("hi-Latn"), IMELocaleTexts(), "hi-Latn keeps the Latin labels")
    }

    /// Cyrillic: the alphabet key of ru, uk, bg and sr reads АБВ; each has its own popups.
    func testCyrillicTexts() throws {
        let expected: [(tag: String, key: String, popups: [String])] = [
            ("ru", "е", ["ё"]), ("ru", "ь", ["ъ"]), ("uk", "г", ["ґ"]), ("uk", "і", ["ї"]), ("bg", "и", ["ѝ"]),
            ("sr", "е", ["ѐ"]), ("sr", "и", ["ѝ"]), ("mhr", "н", ["ҥ"]), ("cv", "у", ["у\u{301}", "ү", "ӯ"]),
        ]
        for (tag, key, popups) in expected {
            let texts = try XCTUnwrap(HeliBoardLocales.builtinTexts(tag), tag)
            XCTAssertEqual(texts.labels, ["alphabet": "АБВ"], tag)
            XCTAssertNil(texts.numberRow, tag)
            XCTAssertEqual(texts.popups[key], popups, "\(tag) \(key)")
        }
        XCTAssertNil(HeliBoardLocales.builtinTexts("uk")?.popups["ь"], "a line of one word holds no popups")
        XCTAssertEqual(HeliBoardLocales.builtinTexts("ru")?.popups["'"], ["’", "‚", "‘", "›", "‹"])
        XCTAssertEqual(HeliBoardLocales.builtinTexts("sr-Latn")?.labels, [:])
        XCTAssertEqual(HeliBoardLocales.builtinTexts("sr-Latn")?.popups["d"], ["đ"])
    }

    /// Other scripts: labels, number rows and popups as HeliBoard's files give them.
    func testTextsOfOtherScripts() throws {
        let arabic = try XCTUnwrap(HeliBoardLocales.builtinTexts("ar"))
        XCTAssertEqual(arabic.labels, ["alphabet": "أ\u{200C}ب\u{200C}ج", "symbol": "٣٢١؟", "comma": "،", "question": "؟"])
        XCTAssertEqual(arabic.numberRow, ["١", "٢", "٣", "٤", "٥", "٦", "٧", "٨", "٩", "٠"])
        XCTAssertEqual(arabic.popups["ه"], ["ﻫ|ه\u{200D}"])
        XCTAssertEqual(arabic.popups["punctuation"]?.first, "!fixedColumnOrder!7")
        XCTAssertEqual(arabic.popups["punctuation"]?.count, 15)
        XCTAssertEqual(HeliBoardLocales.builtinTexts("fa")?.labels["alphabet"], "ا\u{200C}ب\u{200C}پ")
        XCTAssertEqual(HeliBoardLocales.builtinTexts("ur")?.labels["period"], "۔")
        let hindi = try XCTUnwrap(HeliBoardLocales.builtinTexts("hi-IN"))
        XCTAssertEqual(hindi.labels, ["alphabet": "कखग", "symbol": "?१२३", "period": "।"])
        XCTAssertEqual(hindi.numberRow?.first, "१")
        XCTAssertEqual(hindi.popups, [:], "hi-IN's popup lines stand before any section, so HeliBoard reads none")
        XCTAssertEqual(HeliBoardLocales.builtinTexts("hi")?.popups["क"], ["क\u{93C}", "ख"], "a key listed twice takes both lines' popups")
        XCTAssertEqual(HeliBoardLocales.builtinTexts("th")?.numberRow?.last, "๐")
        XCTAssertEqual(HeliBoardLocales.builtinTexts("bn-BD")?.numberRow?.first, "১")
        XCTAssertEqual(HeliBoardLocales.builtinTexts("el")?.popups["ω"], ["ώ"])
        XCTAssertEqual(HeliBoardLocales.builtinTexts("kab")?.labels["alphabet"], "AƐΓ")
        XCTAssertEqual(HeliBoardLocales.builtinTexts("de-DE")?.popups["s"], ["ß"])
        XCTAssertEqual(HeliBoardLocales.builtinTexts("vi")?.popups["d"], ["đ"])
        XCTAssertEqual(HeliBoardLocales.builtinTexts("ta-SG")?.labels["alphabet"], "தமிழ்")
    }

    func testCanonicalTags() {
        XCTAssertEqual(LocaleTag.canonical("sr_latn_rs"), "sr-Latn-RS")
        XCTAssertEqual(LocaleTag.canonical("EN-us"), "en-US")
        XCTAssertEqual(LocaleTag.canonical("es-419"), "es-419")
    }
}
