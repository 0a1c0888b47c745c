/// The layouts of HeliBoard's method list and the locales it pairs with each.
///
/// Source: Helium314/HeliBoard, `app/src/main/res/xml/method.xml`, read whole at
/// commit 00038c7590f9998c5c4a44d17f870c5451566d24 (each `<subtype>`'s `imeSubtypeLocale` and
/// the `MAIN:` of its `KeyboardLayoutSet`; a subtype naming none is `qwerty`); commit
/// c2a832253abf54e675f2adeb3ea3bfe0786820c6 adds `korean_phonetic` (ko) and two `qwerty`
/// subtypes (la, bn-BD). `ta_LK` is commented out in both. Facts only: no file of the app
/// (GPL-3.0) is copied.
package enum HeliBoardMethodList {
    /// Every layout file HeliBoard's method list names, by stem, with the locales of its
    /// subtypes in the list's order (`_` as `-`; `hi_ZZ` and `sr_ZZ` are HeliBoard's `hi-Latn`
    /// and `sr-Latn`).
    package static let pairs: [String: [String]] = [
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
}
