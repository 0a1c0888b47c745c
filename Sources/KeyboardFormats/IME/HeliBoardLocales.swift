import KeyboardModel

/// What HeliBoard knows of locales, as the engine's own tables: which locales its method list
/// pairs with each layout file, each locale's key texts (`HeliBoardLocaleTable`, in the model),
/// and which languages are written right to left.
///
/// Source of the pairing: Helium314/HeliBoard, `app/src/main/res/xml/method.xml`, read whole at
/// commit 00038c7590f9998c5c4a44d17f870c5451566d24 (each `<subtype>`'s `imeSubtypeLocale` and
/// the `MAIN:` of its `KeyboardLayoutSet`; a subtype naming none is `qwerty`); commit
/// c2a832253abf54e675f2adeb3ea3bfe0786820c6 adds `korean_phonetic` (ko) and two `qwerty`
/// subtypes (la, bn-BD). `ta_LK` is commented out in both. Facts only: no file of the app
/// (GPL-3.0) is copied.
package enum HeliBoardLocales {
    /// Every layout file HeliBoard's method list names, by stem, with the locales of its
    /// subtypes in the list's order (`_` as `-`; `hi_ZZ` and `sr_ZZ` are HeliBoard's `hi-Latn`
    /// and `sr-Latn`).
    static let pairs: [String: [String]] = [
        "akan": ["ak"], "arabic": ["ar"], "arabic_hijai": ["ar"], "arabic_pc": ["ar"], "armenian_phonetic": ["hy-AM"],
        "azerty": ["fr", "nl-BE"], "belarusian": ["be-BY"], "bemba": ["bem"], "bengali_akkhor": ["bn-BD"],
        "bengali_baishakhi": ["bn-IN"], "bengali_inscript": ["bn-IN"], "bengali_probhat": ["bn-BD"], "bengali_unijoy": ["bn-BD"],
        "bulgarian": ["bg"], "bulgarian_bds": ["bg"], "bulgarian_bekl": ["bg"], "central_kurdish": ["ckb"], "chuvash": ["cv"],
        "dagbani": ["dag"], "dargwa_urakhi": ["dru"], "esperanto": ["eo"], "ewe": ["ee"], "farsi": ["fa"], "ga": ["gaa"],
        "georgian": ["ka-GE"], "greek": ["el"], "gujarati": ["gu"], "hausa": ["ha"], "hebrew": ["iw"], "hebrew_1452_2": ["iw"],
        "hindi": ["hi"], "hindi_compact": ["hi"], "hindi_phonetic": ["hi"], "hungarian_extended_qwertz": ["hu"], "igbo": ["ig"],
        "kabyle": ["kab"], "kaitag": ["xdq"], "kannada": ["kn-IN"], "kannada_extended": ["kn-IN"], "khmer": ["km-KH"],
        "kikuyu": ["ki"], "korean": ["ko"], "korean_phonetic": ["ko"], "korean_sebeolsik_390": ["ko"], "korean_sebeolsik_final": ["ko"],
        "lao": ["lo-LA"], "lingala": ["ln"], "luganda": ["lg"], "macedonian": ["mk"], "malayalam": ["ml-IN"], "mansi_north": ["mns"],
        "marathi": ["mr-IN"], "mari": ["mhr"], "mongolian": ["mn-MN"], "nepali_romanized": ["ne-NP"], "nepali_traditional": ["ne-NP"],
        "qwerty": ["en-AU", "en-US", "en-GB", "af", "az-AZ", "bn-BD", "en-IN", "fr-CA", "hi-Latn", "in", "is", "it", "la", "lt", "lv",
                   "ms-MY", "nl", "pl", "pms", "pt-BR", "pt-PT", "ro", "sk", "sl", "sw", "vi", "zu", "zz"],
        "qwerty+": ["ca", "da", "es", "es-US", "es-419", "et-EE", "eu-ES", "fi", "gl-ES", "nb", "sv", "tl"],
        "qwertz": ["cs", "de", "hr", "hu", "lb"], "qwertz+": ["de-CH", "de-DE", "fr-CH", "it-CH", "sr-Latn"],
        "russian": ["kk", "ky", "ru"], "russian_extended": ["ru"], "russian_student": ["ru"], "serbian": ["sr"], "sesotho": ["st"],
        "sinhala": ["si-LK"], "tamil": ["ta-IN", "ta-SG"], "telugu": ["te-IN"], "thai": ["th"], "turkish": ["tr"],
        "ukrainian": ["uk"], "ukrainian_extended": ["uk"], "urdu": ["ur-PK"], "uzbek": ["uz-UZ"], "yoruba": ["yo"],
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
