import XCTest
@testable import KeyboardModel
@testable import KeyboardFormats

/// FlorisBoard's localization (docs/android-imes.md "Languages"): its own subtype presets and
/// currency sets, built in; the preset `--locale` picks and the default locale of a layout; an
/// extension's presets, currency sets and popup mappings read as the app reads them.
final class FlorisBoardLocalizationTests: XCTestCase {
    static let localization = TestFiles.testsDirectory.appendingPathComponent("IMELayouts/florisboard-localization")
    let builtin = FlorisBoardLocalization.builtin

    func layout(_ name: String) -> String { "org.florisboard.layouts:\(name)" }

    func testTheBuiltInPresets() throws {
        XCTAssertEqual(builtin.presets.count, 72)
        XCTAssertEqual(builtin.currencySets.count, 23)
        let russian = try XCTUnwrap(builtin.preset(for: "ru", layout: layout("qwerty"), type: "characters"))
        XCTAssertEqual(russian.preferred["characters"], layout("jcuken_russian"))
        XCTAssertEqual(russian.popupMapping, "org.florisboard.localization:ru")
        XCTAssertEqual(builtin.currencyLabels(of: russian)["currency_slot_1"], "₽")
        let currencies: [(String, [String])] = [
            ("uk", ["₴", "$", "€", "¢", "£", "¥"]), ("fr-FR", ["€", "¢", "$", "£", "¥", "₱"]), ("en-UK", ["£", "¢", "€", "$", "¥", "₱"]),
            ("hy", ["֏", "$", "€", "¢", "£", "¥"]), ("ar", ["﷼", "$", "€", "¢", "£", "¥"]), ("bg-BG", ["$", "¢", "€", "£", "¥", "₱"]),
            ("ka-GE", ["$", "¢", "€", "£", "¥", "₱"]),
        ]
        for (tag, slots) in currencies {
            let preset = try XCTUnwrap(builtin.preset(for: tag, layout: layout("qwerty"), type: "characters"), tag)
            XCTAssertEqual((1...6).map { builtin.currencyLabels(of: preset)["currency_slot_\($0)"] }, slots, tag)
        }
    }

    /// `--locale` picks a preset of its tag, else of its language, preferring the one that
    /// names the layout (FlorisBoard's three fa-FA presets differ by layout).
    func testThePresetALocalePicks() {
        XCTAssertEqual(builtin.preset(for: "fa-FA", layout: layout("persian2"), type: "characters")?.popupMapping, "org.florisboard.localization:fa2")
        XCTAssertEqual(builtin.preset(for: "fa", layout: layout("persian3"), type: "characters")?.popupMapping, "org.florisboard.localization:fa3")
        XCTAssertEqual(builtin.preset(for: "fa", layout: layout("qwerty"), type: "characters")?.popupMapping, "org.florisboard.localization:fa")
        XCTAssertEqual(builtin.preset(for: "sr", layout: layout("qwerty"), type: "characters")?.languageTag, "sr-RS")
        XCTAssertEqual(builtin.preset(for: "iw", layout: layout("hebrew"), type: "characters")?.languageTag, "iw-IL")
        XCTAssertNil(builtin.preset(for: "xx", layout: layout("qwerty"), type: "characters"))
    }

    /// The default locale: the tag of the presets that prefer the layout for its type, or the
    /// language they share; none when they differ.
    func testTheDefaultLocaleOfALayout() {
        let cases: [(String, String, String?)] = [
            ("jcuken_russian", "characters", "ru"), ("jcuken_ukrainian", "characters", "uk"), ("bulgarian_phonetic", "characters", "bg-bg"),
            ("serbian_cyrillic", "characters", "sr-RS"), ("arabic", "characters", "ar"), ("azerty", "characters", "fr-FR"),
            ("spanish", "characters", "es"), ("persian", "characters", "fa-FA"), ("western_armenian", "characters", "hy"),
            ("qwerty", "characters", nil), ("qwertz", "characters", nil), ("persian", "symbols", "fa-FA"), ("eastern", "symbols", nil),
            ("western", "symbols", nil), ("bengali_bd", "characters", "bn-BD"),
        ]
        for (name, type, locale) in cases {
            XCTAssertEqual(builtin.defaultLocale(layout: layout(name), type: type), locale, "\(type)/\(name)")
        }
    }

    /// An extension's own presets, currency sets and popup mappings; what it writes wrong is
    /// an error naming its file and the field.
    func testAnExtensionsLocalization() throws {
        let json = """
        {"$": "ime.extension.keyboard", "meta": {"id": "my.layouts"},
         "subtypePresets": [{"languageTag": "xx", "currencySet": "my.layouts:coins", "popupMapping": "my.layouts:xx", "preferred": {"characters": "my.layouts:mine"}}],
         "currencySets": [{"id": "coins", "slots": [{"label": "¤"}, {"label": "$"}]}],
         "popupMappings": [{"id": "xx"}, {"id": "../escape"}]}
        """
        var localization = FlorisBoardLocalization()
        try localization.add(try Document.parse(Array(json.utf8), file: "extension.json"), file: "pkg/extension.json", folder: ("/p/pkg", "pkg"))
        XCTAssertEqual(localization.defaultLocale(layout: "my.layouts:mine", type: "characters"), "xx")
        let preset = try XCTUnwrap(localization.preset(for: "xx", layout: "my.layouts:mine", type: "characters"))
        XCTAssertEqual(localization.currencyLabels(of: preset), ["currency_slot_1": "¤", "currency_slot_2": "$"])
        XCTAssertEqual(localization.popupMappings["my.layouts:xx"]?.path, "/p/pkg/popupMappings/xx.json")
        XCTAssertEqual(localization.popupMappings["my.layouts:xx"]?.display, "pkg/popupMappings/xx.json")
        XCTAssertEqual(localization.popupMappings.count, 1, "a mapping id naming another folder is not read")
        let bad = #"{"$": "ime.extension.keyboard", "meta": {"id": "my.layouts"}, "subtypePresets": [{"currencySet": 3}, {"languageTag": ["xx"]}]}"#
        XCTAssertThrowsError(try localization.add(try Document.parse(Array(bad.utf8), file: "extension.json"), file: "pkg/extension.json", folder: ("/p/pkg", "pkg"))) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("pkg/extension.json: subtypePresets[0]: a subtype preset needs a languageTag"), text)
            XCTAssertTrue(text.contains("pkg/extension.json: subtypePresets[1].languageTag"), text)
        }
    }

    /// A popup mapping (FlorisBoard's ru.json, a fixture): `main` then `relevant`, labels after
    /// selectors; the keys beside the space bar by their group names.
    func testAPopupMapping() throws {
        let url = Self.localization.appendingPathComponent("popupMappings/ru.json")
        let popups = try FlorisBoardLocalization.popups(TestFiles.bytes(url), file: "ru.json", direction: "ltr")
        XCTAssertEqual(popups["е"], ["ё"])
        XCTAssertEqual(popups["ь"], ["ъ"])
        XCTAssertEqual(popups["~right"], [",", "&", "%", "+", "\"", "-", ":", "'", "@", ";", "/", "(", ")", "#", "!", "?"])
        XCTAssertEqual(Set(popups.keys), ["е", "ь", "~right"], "the uri variation is not the default editor's")
        XCTAssertThrowsError(try FlorisBoardLocalization.popups(Array(#"{"all": {"a": {"relevant": [{"$": "no_key"}]}}}"#.utf8), file: "m.json", direction: "ltr")) { error in
            XCTAssertTrue("\(error)".contains("m.json: all.a.relevant[0].$: unknown class \"no_key\""), "\(error)")
        }
    }
}
