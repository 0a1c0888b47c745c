// FlorisBoard's own subtype presets and currency sets (florisboard/florisboard, Apache-2.0), as
// the engine's table: `org.florisboard.localization/extension.json` `subtypePresets` read at
// commit 03c905f763c553aec876eb2ffb79dd8a42533ed3, `org.florisboard.currencysets/extension.json`
// at commit 7fde50df4eba5fe18a282b268e944df75c2c5236 (the commit SPEC §15 names, e4a640ba, is
// not among the stored versions). A preset is `TAG CURRENCY_SET POPUP_MAPPING TYPE=LAYOUT…`
// (`-`: no popup mapping), its references into org.florisboard.currencysets, .localization and
// .layouts; the sets georgian_lari and bangladeshi_taka the presets name are in neither version
// read, so they take the dollar set as the app does for a set it lacks.
/// FlorisBoard's own subtype presets and currency sets as data; `FlorisBoardLocalization`
/// (KeyboardFormats) reads them.
package enum FlorisBoardPresetTable {
    /// Each preset: `TAG CURRENCY_SET POPUP_MAPPING TYPE=LAYOUT…`.
    package static let presets: [String] = [
        "en-US dollar en characters=qwerty", "en-UK pound en characters=qwerty", "en-CA dollar en characters=qwerty",
        "en-AU dollar en characters=qwerty", "de-DE euro de characters=qwertz", "de-AT euro de characters=qwertz",
        "de-CH euro de characters=swiss_german", "de-DE-neobone euro de-DE-neobone characters=neo2 symbols=neo2 numericRow=neo2",
        "fr-FR euro fr characters=azerty", "fr-CA dollar fr characters=canadian_french", "fr-CH euro fr characters=swiss_french",
        "it-IT euro it characters=qwerty", "it-CH euro it characters=swiss_italian", "es-ES euro es characters=spanish",
        "es-US dollar es characters=spanish", "es-419 dollar es characters=spanish", "pt-PT euro pt characters=qwerty",
        "pt-BR dollar pt-BR characters=qwerty", "nb-NO dollar nb characters=norwegian", "nn-NO dollar nn characters=norwegian",
        "sv-SE dollar sv characters=swedish_finnish", "fi-FI euro fi characters=swedish_finnish", "da-DK dollar da characters=danish",
        "id dollar id characters=qwerty", "is-IS dollar is characters=icelandic", "fo dollar fo characters=faroese",
        "fa-FA rial fa characters=persian symbols=persian symbols2=persian numericRow=persian",
        "fa-FA rial fa2 characters=persian2 symbols=persian symbols2=persian numericRow=persian",
        "fa-FA rial fa3 characters=persian3 symbols=persian symbols2=persian numericRow=western_arabic",
        "ar rial ar characters=arabic symbols=eastern symbols2=eastern numericRow=eastern_arabic",
        "az azerbaijani_manat tr characters=azerbaijani", "hu euro hu characters=hungarian", "eo dollar eo characters=esperanto",
        "hr euro hr characters=qwertz", "hy armenian_dram hy characters=armenian_alt_phonetic symbols=armenian",
        "hy armenian_dram hy characters=western_armenian symbols=armenian", "hy armenian_dram hy characters=eastern_armenian symbols=armenian",
        "ka-GE georgian_lari ka-std characters=georgian_standard", "ru russian_ruble ru characters=jcuken_russian",
        "rue euro rue characters=rusyn", "uk ukrainian_hryvnia uk characters=jcuken_ukrainian", "el euro el characters=greek",
        "ro euro ro characters=qwerty", "pl euro pl characters=qwerty", "bg-bg dollar bg characters=bulgarian_phonetic",
        "tr turkish_lira tr characters=qwerty", "iw-IL israeli_new_shekel iw characters=hebrew",
        "ckb dollar ckb characters=kurdish symbols=eastern symbols2=eastern numericRow=eastern_arabic",
        "sr-RS dollar sr characters=serbian_cyrillic", "sl-SI euro sl-SI characters=slovenian", "lv-LV euro lv characters=qwerty",
        "ku dollar ku characters=kurdish_kurmanci", "ca euro ca characters=catalan", "IPA-IPA dollar - characters=ipa symbols=ipa symbols2=ipa",
        "sk euro sk characters=qwertz", "cs euro cs characters=qwertz", "ko south_korean_won ko characters=korean",
        "ko-KR south_korean_won ko characters=korean_phonetic", "lt-LT euro lt characters=qwerty",
        "ja-JP-jis yen ja-JP-jis characters=jis symbols=cjk symbols2=cjk numericRow=cjk",
        "th-kd thai_baht - characters=thai_kedmanee numericRow=thai", "vi-VN vietnamese_dong vi-VN characters=qwerty",
        "ig-NG nigerian_naira - characters=igbo", "hoc indian_rupee - characters=warang_citi numericRow=warang_citi",
        "udm russian_ruble udm characters=udmurt_extended", "ur-PK pakistani_rupee ur-PK characters=urdu_phonetic",
        "zh-CN-zhengma yen cjk characters=qwerty symbols=cjk symbols2=cjk",
        "bn-BD bangladeshi_taka bn-BD characters=bengali_bd numericRow=bengali numericAdvanced=bengali",
        "hi-IN indian_rupee hi-IN characters=hindi_in numericRow=devanagari", "ast euro ast characters=qwerty",
        "ta-lk indian_rupee - characters=tamil", "kab euro kab characters=qwerty",
    ]

    /// Each currency set: its id, then its six slot labels.
    package static let currencySets: [String] = [
        "armenian_dram ֏ $ € ¢ £ ¥", "azerbaijani_manat ₼ $ € ¢ £ ¥", "bitcoin ₿ $ € ¢ £ ¥", "dollar $ ¢ € £ ¥ ₱",
        "euro € ¢ $ £ ¥ ₱", "indian_rupee ₹ $ € ¢ £ ¥", "israeli_new_shekel ₪ $ € ¢ £ ¥", "kazakhstani_tenge ₸ $ € ¢ £ ¥",
        "lao_kip ₭ $ € ¢ £ ¥", "mongolian_togrog ₮ $ € ¢ £ ¥", "nigerian_naira ₦ $ € ¢ £ ¥", "pakistani_rupee ₨ $ € ¢ £ ¥",
        "paraguayan_guarani ₲ $ € ¢ £ ¥", "peso ₱ $ € ¢ £ ¥", "pound £ ¢ € $ ¥ ₱", "rial ﷼ $ € ¢ £ ¥", "russian_ruble ₽ $ € ¢ £ ¥",
        "south_korean_won ₩ $ € ¢ £ ¥", "thai_baht ฿ $ € ¢ £ ¥", "turkish_lira ₺ $ € ¢ £ ¥", "ukrainian_hryvnia ₴ $ € ¢ £ ¥",
        "vietnamese_dong ₫ $ € ¢ £ ¥", "yen ¥ $ € ¢ £ ₱",
    ]
}
