/// What HeliBoard knows of locales, as the engine's own tables: which locales its method list
/// pairs with each layout file, the key texts of the locales whose labels or number row are
/// not the Latin defaults, and which languages are written right to left.
///
/// Source: Helium314/HeliBoard, `app/src/main/res/xml/method.xml` (each subtype's
/// `imeSubtypeLocale` and its `KeyboardLayoutSet=MAIN:…`) and the `[labels]` and
/// `[number_row]` sections of `app/src/main/assets/locale_key_texts/*.txt`; facts only, no file
/// of the app (GPL-3.0) is copied. Popup keys are not in the table: a `--locale-texts` file
/// gives them.
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

    /// `[labels]` and `[number_row]` of the locales whose texts are not the Latin defaults
    /// (`?123`, `ABC`, `,`, `.`), by the file's language tag.
    static let texts: [String: (labels: KeyValuePairs<String, String>, numberRow: String?)] = [
        "ar": (["alphabet": "أبج", "symbol": "٣٢١؟", "comma": "،", "question": "؟"], "١ ٢ ٣ ٤ ٥ ٦ ٧ ٨ ٩ ٠"),
        "bn-BD": (["alphabet": "কখগ", "symbol": "?১২৩", "period": "।"], "১ ২ ৩ ৪ ৫ ৬ ৭ ৮ ৯ ০"),
        "bn-IN": (["alphabet": "কখগ", "symbol": "?১২৩", "period": "।"], "১ ২ ৩ ৪ ৫ ৬ ৭ ৮ ৯ ০"),
        "ckb": (["alphabet": "ئپگ", "symbol": "٣٢١؟", "comma": "،", "question": "؟"], "١ ٢ ٣ ٤ ٥ ٦ ٧ ٨ ٩ ٠"),
        "el": (["alphabet": "ΑΒΓ"], nil),
        "fa": (["alphabet": "ابپ", "symbol": "۳۲۱؟", "comma": "،", "question": "؟"], "۱ ۲ ۳ ۴ ۵ ۶ ۷ ۸ ۹ ۰"),
        "gu": (["symbol": "?૧૨૩", "alphabet": "કખગ"], "૧ ૨ ૩ ૪ ૫ ૬ ૭ ૮ ૯ ૦"),
        "hi": (["alphabet": "कखग", "symbol": "?१२३", "period": "।"], "१ २ ३ ४ ५ ६ ७ ८ ९ ०"),
        "hy": (["alphabet": "ԱԲԳ", "period": "։"], nil),
        "iw": (["alphabet": "אבג"], nil),
        "ka": (["alphabet": "აბგ"], nil),
        "kn": (["alphabet": "ಅಆಇ", "symbol": "?೧೨೩"], "೧ ೨ ೩ ೪ ೫ ೬ ೭ ೮ ೯ ೦"),
        "ko": (["alphabet": "ㄱㄴㄷ"], nil),
        "ml": (["alphabet": "അ"], nil),
        "mr": (["alphabet": "कखग", "symbol": "?१२३"], "१ २ ३ ४ ५ ६ ७ ८ ९ ०"),
        "my": (["alphabet": "ကခဂ", "period": "။"], nil),
        "ne": (["alphabet": "कखग", "symbol": "?१२३", "period": "।"], "१ २ ३ ४ ५ ६ ७ ८ ९ ०"),
        "ta": (["alphabet": "தமிழ்"], nil),
        "te": (["alphabet": "అఆఇ"], nil),
        "th": (["alphabet": "กขค"], "๑ ๒ ๓ ๔ ๕ ๖ ๗ ๘ ๙ ๐"),
        "ur": (["alphabet": "ابپ", "comma": "،", "symbol": "۳۲۱؟", "period": "۔", "question": "؟"], "۱ ۲ ۳ ۴ ۵ ۶ ۷ ۸ ۹ ۰"),
    ]

    /// Languages written right to left: HeliBoard takes the `rtl` branch of a
    /// `layout_direction_selector` for them.
    static let rightToLeft: Set<String> = ["ar", "fa", "iw", "he", "ur", "ckb", "ug", "ps", "sd", "yi", "dv", "ku"]

    /// The locale the method list pairs with the layout `stem`: its one locale, or the one
    /// language all its locales share (`tamil`: ta-IN, ta-LK, ta-SG → `ta`); nil otherwise.
    package static func defaultLocale(forLayout stem: String) -> String? {
        guard let locales = pairs[stem], let first = locales.first else { return nil }
        if locales.count == 1 { return first }
        let language = LocaleTag.language(first)
        return locales.allSatisfy { LocaleTag.language($0) == language } ? language : nil
    }

    /// The built-in texts of `tag`, found as HeliBoard finds its file: the whole tag
    /// (`bn-BD`), else its language (`hi-IN` → `hi`); `he` is read as HeliBoard's `iw`. Nil
    /// when the locale keeps the defaults.
    package static func builtinTexts(_ tag: String) -> IMELocaleTexts? {
        let normalized = LocaleTag.normalized(tag)
        var language = LocaleTag.language(tag)
        if language == "he" { language = "iw" }
        guard let entry = texts[normalized] ?? texts[language] else { return nil }
        return IMELocaleTexts(labels: Dictionary(entry.labels.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last }),
                              numberRow: entry.numberRow.map { ScalarText.words($0) })
    }

    /// Whether `tag`'s language is written right to left.
    package static func isRightToLeft(_ tag: String) -> Bool {
        rightToLeft.contains(LocaleTag.language(tag))
    }
}
