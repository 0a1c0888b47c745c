import KeyboardModel

/// What HeliBoard knows of locales, as the engine's own tables: which locales its method list
/// pairs with each layout file, each locale's key texts (`HeliBoardLocaleTable`, in the model),
/// and which languages are written right to left.
///
/// Source: Helium314/HeliBoard, `app/src/main/res/xml/method.xml` (each subtype's
/// `imeSubtypeLocale` and its `KeyboardLayoutSet=MAIN:…`); facts only, no file of the app
/// (GPL-3.0) is copied.
package enum HeliBoardLocales {
    /// The locales HeliBoard's method list pairs with each layout file, by file stem; a
    /// layout of several unrelated locales (qwerty, azerty, qwertz) is left out.
    static let pairs: [String: [String]] = [
        "akan": ["ak"], "arabic": ["ar"], "arabic_pc": ["ar"], "arabic_hijai": ["ar"], "armenian_phonetic": ["hy-AM"],
        "belarusian": ["be-BY"], "bemba": ["bem"], "bengali_akkhor": ["bn-BD"], "bengali_baishakhi": ["bn-IN"],
        "bengali_inscript": ["bn-IN"], "bengali_probhat": ["bn-BD"], "bengali_unijoy": ["bn-BD"], "bulgarian": ["bg"],
        "bulgarian_bds": ["bg"], "bulgarian_bekl": ["bg"], "central_kurdish": ["ckb"], "chuvash": ["cv"], "dagbani": ["dag"],
        "dargwa_urakhi": ["dru"], "esperanto": ["eo"], "ewe": ["ee"], "farsi": ["fa"], "ga": ["gaa"], "georgian": ["ka-GE"],
        "greek": ["el"], "gujarati": ["gu"], "hausa": ["ha"], "hebrew": ["iw"], "hebrew_1452_2": ["iw"], "hindi": ["hi"],
        "hindi_compact": ["hi"], "hindi_phonetic": ["hi"], "hungarian_extended_qwertz": ["hu"], "igbo": ["ig"],
        "kannada": ["kn-IN"], "kannada_extended": ["kn-IN"], "khmer": ["km-KH"], "kikuyu": ["ki"], "lao": ["lo-LA"],
        "lingala": ["ln"], "luganda": ["lg"], "macedonian": ["mk"], "malayalam": ["ml-IN"], "marathi": ["mr-IN"],
        "mongolian": ["mn-MN"], "nepali_romanized": ["ne-NP"], "nepali_traditional": ["ne-NP"], "russian": ["kk", "ky", "ru"],
        "russian_extended": ["ru"], "russian_student": ["ru"], "serbian": ["sr"], "sesotho": ["st"], "sinhala": ["si-LK"],
        "tamil": ["ta-IN", "ta-LK", "ta-SG"], "telugu": ["te-IN"], "thai": ["th"], "turkish": ["tr"], "ukrainian": ["uk"],
        "ukrainian_extended": ["uk"], "uzbek": ["uz-UZ"], "yoruba": ["yo"],
        "korean_phonetic": ["ko"], "korean_sebeolsik_390": ["ko"], "korean_sebeolsik_final": ["ko"],
    ]

    /// Languages written right to left: HeliBoard takes the `rtl` branch of a
    /// `layout_direction_selector` for them.
    static let rightToLeft: Set<String> = ["ar", "fa", "iw", "he", "ur", "ckb", "ug", "ps", "sd", "yi", "dv", "ku"]

    /// The locale the method list pairs with the layout `stem`: its one locale, or the one
    /// language all its locales share (`tamil`: ta-IN, ta-SG → `ta`); nil otherwise.
    package static func defaultLocale(forLayout stem: String) -> String? {
        guard let locales = pairs[stem], let first = locales.first else { return nil }
        if locales.count == 1 { return first }
        let language = LocaleTag.language(first)
        return locales.allSatisfy { LocaleTag.language($0) == language } ? language : nil
    }

    /// The key texts file HeliBoard reads for `tag`: the whole tag (`bn-BD`, `hi-Latn`; letter
    /// case as BCP 47 writes it), else its language (`hi-IN` → `hi`, `ru-RU` → `ru`); `he` is
    /// HeliBoard's `iw`. Nil when it has no file for either.
    package static func file(for tag: String) -> String? {
        var language = LocaleTag.language(tag)
        if language == "he" { language = "iw" }
        return [LocaleTag.canonical(tag), language].first(where: HeliBoardLocaleTable.files.contains)
    }

    /// The built-in texts of `tag` — labels, number row and popup keys — from the file
    /// HeliBoard reads for it (`file(for:)`); a file keeping the defaults (`en`) gives empty
    /// texts. Nil when HeliBoard has no file for it.
    package static func builtinTexts(_ tag: String) -> IMELocaleTexts? {
        guard let file = file(for: tag) else { return nil }
        let entry = HeliBoardLocaleTable.texts[file]
        let labels = Dictionary((entry?.labels ?? [:]).map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        return IMELocaleTexts(labels: labels, numberRow: entry?.numberRow.map { ScalarText.words($0) },
                              popups: (HeliBoardLocaleTable.popups[file] ?? [:]).mapValues { ScalarText.words($0) })
    }

    /// Whether `tag`'s language is written right to left.
    package static func isRightToLeft(_ tag: String) -> Bool {
        rightToLeft.contains(LocaleTag.language(tag))
    }
}
