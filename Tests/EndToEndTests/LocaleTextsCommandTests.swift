import Foundation
import XCTest

/// Each locale's texts in the frames JSON, through the built binary (docs/android-imes.md
/// "Languages"): HeliBoard's labels, number rows and popups of the locale its method list
/// pairs with the layout or `--locale` names, in several scripts; FlorisBoard's presets —
/// currency set, popup mapping, number row, the default locale of the preset that names the
/// layout — from its own built-in presets and from the extensions beside a package.
final class LocaleTextsCommandTests: CommandTestCase {
    static let imeLayouts = "Tests/LayoutEngineTests/IMELayouts"

    /// The keys of the frames JSON of `arguments`.
    func keys(_ arguments: [String], in folder: URL? = nil) throws -> [[String: Any]] {
        let result = try run(["frames"] + arguments, in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
        return try XCTUnwrap(object["keys"] as? [[String: Any]])
    }

    func label(_ key: [String: Any]) -> String { key["label"] as? String ?? "" }
    func ime(_ key: [String: Any], _ field: String) -> Any? { (key["ime"] as? [String: Any])?[field] }

    /// The popups of the key labelled `label`, nil when it has none.
    func popups(of label: String, in keys: [[String: Any]]) -> [String]? {
        keys.first { self.label($0) == label }.flatMap { ime($0, "popups") as? [String] }
    }

    /// A HeliBoard folder `main/` in a new folder with a small Cyrillic layout under each name.
    func cyrillicLayouts(_ names: [String]) throws -> URL {
        let folder = try temporaryDirectory()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("main"), withIntermediateDirectories: true)
        for name in names {
            try Data("й\nц\nу\nк\nе\nг\nі\n\nф\nы\nв\nа\nи\nь\n\nя\nч\nс\n".utf8).write(to: folder.appendingPathComponent("main/\(name).txt"))
        }
        return folder
    }

    /// ru, uk, bg, sr: the locale the method list pairs with the layout (none for russian,
    /// which kk, ky and ru share) or `--locale`; the alphabet key of the symbols reads АБВ, the
    /// letters keep their popups; the number row is the Latin one, no Cyrillic file giving one.
    func testCyrillicLocalesInTheFramesJSON() throws {
        let folder = try cyrillicLayouts(["serbian", "ukrainian", "bulgarian", "russian"])
        let cases: [(file: String, locale: [String], key: String, popups: [String]?)] = [
            ("serbian", [], "е", ["ѐ"]), ("ukrainian", [], "г", ["ґ"]), ("bulgarian", [], "и", ["ѝ"]),
            ("russian", ["--locale", "ru"], "е", ["ё"]), ("russian", ["--locale", "uk"], "і", ["ї"]), ("russian", [], "е", nil),
        ]
        for (file, locale, key, expected) in cases {
            let layout = ["--layout", "heliboard:main/\(file).txt"] + locale
            let letters = try keys(layout, in: folder)
            XCTAssertEqual(popups(of: key, in: letters), expected, "\(file) \(locale)")
            let symbols = try keys(layout + ["--ime-mode", "symbols"], in: folder)
            let alpha = symbols.first { ime($0, "label") as? String == "symbol_alpha" }.map(label)
            XCTAssertEqual(alpha, expected == nil ? "ABC" : "АБВ", "\(file) \(locale)")
        }
        let row = try keys(["--layout", "heliboard:main/serbian.txt", "--number-row"], in: folder).filter { $0["row"] as? Int == 0 }.map(label)
        XCTAssertEqual(row, ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"])
    }

    /// Devanagari, Bengali, Thai, Persian, Greek: the symbol key, the period, the number row.
    func testOtherScriptsInTheFramesJSON() throws {
        let qwerty = "heliboard:\(Self.imeLayouts)/heliboard/main/qwerty.txt"
        let cases: [(locale: String, symbol: String, period: String, row: String)] = [
            ("hi", "?१२३", "।", "१२३४५६७८९०"), ("bn-BD", "?১২৩", "।", "১২৩৪৫৬৭৮৯০"), ("th", "?123", ".", "๑๒๓๔๕๖๗๘๙๐"),
            ("fa", "۳۲۱؟", ".", "۱۲۳۴۵۶۷۸۹۰"), ("mr-IN", "?१२३", ".", "१२३४५६७८९०"), ("hi-Latn", "?123", ".", "1234567890"),
        ]
        for (locale, symbol, period, row) in cases {
            let found = try keys(["--layout", qwerty, "--locale", locale, "--number-row"])
            XCTAssertEqual(found.first { ime($0, "label") as? String == "symbol_alpha" }.map(label), symbol, locale)
            XCTAssertEqual(found.first { ime($0, "label") as? String == "period" }.map(label), period, locale)
            XCTAssertEqual(found.filter { $0["row"] as? Int == 0 }.map(label).joined(), row, locale)
        }
        let greek = try keys(["--layout", qwerty, "--locale", "el", "--ime-mode", "symbols"])
        XCTAssertEqual(greek.first { ime($0, "label") as? String == "symbol_alpha" }.map(label), "ΑΒΓ")
        let armenian = try keys(["--layout", qwerty, "--locale", "hy"]).first { ime($0, "label") as? String == "period" }
        XCTAssertEqual(armenian.map(label), "։")
        XCTAssertEqual((armenian.flatMap { ime($0, "popups") as? [String] }).map { Array($0.prefix(3)) }, ["!autoColumnOrder!8", "\\,", "՞"], "the punctuation popups")
    }

    /// FlorisBoard's own presets: the currency set of `--locale`'s preset on the currency slot,
    /// the dollar set without one; the popup mapping read from the localization extension
    /// beside the package (a fixture copy of FlorisBoard's).
    func testFlorisBoardPresetsInTheFramesJSON() throws {
        let symbols = "florisboard:\(Self.imeLayouts)/florisboard/symbols/western.json"
        for (locale, currency) in [(nil, "$"), ("ru", "₽"), ("uk", "₴"), ("fr-FR", "€"), ("hy", "֏"), ("ka-GE", "$")] as [(String?, String)] {
            let found = try keys(["--layout", symbols] + (locale.map { ["--locale", $0] } ?? []))
            XCTAssertEqual(found.first { ime($0, "label") as? String == "currency_slot_1" }.map(label), currency, locale ?? "none")
        }
        let qwerty = "florisboard:\(Self.imeLayouts)/florisboard/characters/qwerty.json"
        let russian = try keys(["--layout", qwerty, "--locale", "ru"])
        XCTAssertEqual(popups(of: ".", in: russian), [",", "&", "%", "+", "\"", "-", ":", "'", "@", ";", "/", "(", ")", "#", "!", "?"])
        XCTAssertNil(popups(of: ".", in: try keys(["--layout", qwerty])), "qwerty is every English preset's: no default locale")
        let empty = try temporaryDirectory().appendingPathComponent("texts.txt")
        try Data("[labels]\nsymbol: 123\n".utf8).write(to: empty)
        let replaced = try keys(["--layout", qwerty, "--locale", "ru", "--locale-texts", empty.path])
        XCTAssertNil(popups(of: ".", in: replaced), "a texts file replaces the preset's texts")
        XCTAssertEqual(replaced.first { ime($0, "label") as? String == "view_symbols" }.map(label), "123")
    }

    /// A package's own preset names its layouts: without `--locale` the symbols take its
    /// currency set and its number row from the package; the popup mapping of a sibling
    /// extension applies; a preset of the wrong form is an error naming the file and field.
    func testAPackagesOwnPresets() throws {
        let root = try temporaryDirectory()
        let package = root.appendingPathComponent("my.layouts")
        for folder in ["symbols", "numericRow", "characters"] {
            try FileManager.default.createDirectory(at: package.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let fixtures = Self.packageDirectory.appendingPathComponent("\(Self.imeLayouts)/florisboard")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("symbols/western.json"), to: package.appendingPathComponent("symbols/mine.json"))
        try FileManager.default.copyItem(at: Self.packageDirectory.appendingPathComponent("\(Self.imeLayouts)/florisboard-localization"),
                                         to: root.appendingPathComponent("org.florisboard.localization"))
        let digits = "١٢٣٤٥٦٧٨٩٠".map { "{\"code\": \($0.unicodeScalars.first!.value), \"label\": \"\($0)\", \"type\": \"numeric\"}" }
        try Data("[[\(digits.joined(separator: ", "))]]".utf8).write(to: package.appendingPathComponent("numericRow/eastern.json"))
        try Data(#"[[{"code": 1077, "label": "е"}, {"code": 1100, "label": "ь"}]]"#.utf8).write(to: package.appendingPathComponent("characters/cyr.json"))
        func manifest(_ presets: String) throws {
            try Data(#"{"$": "ime.extension.keyboard", "meta": {"id": "my.layouts"}, "subtypePresets": [\#(presets)]}"#.utf8)
                .write(to: package.appendingPathComponent("extension.json"))
        }
        try manifest(#"""
            {"languageTag": "ar-EG", "currencySet": "org.florisboard.currencysets:rial", "preferred": {"symbols": "my.layouts:mine", "numericRow": "my.layouts:eastern"}},
            {"languageTag": "ru-RU", "popupMapping": "org.florisboard.localization:ru", "preferred": {"characters": "my.layouts:cyr"}}
            """#)
        let found = try keys(["--layout", "florisboard:my.layouts/symbols/mine.json"], in: root)
        XCTAssertEqual(found.filter { $0["row"] as? Int == 0 }.map(label).joined(), "١٢٣٤٥٦٧٨٩٠")
        XCTAssertEqual(found.first { ime($0, "label") as? String == "currency_slot_1" }.map(label), "﷼")
        let english = try keys(["--layout", "florisboard:my.layouts/symbols/mine.json", "--locale", "en-US"], in: root)
        XCTAssertEqual(english.filter { $0["row"] as? Int == 0 }.map(label).joined(), "1234567890")
        XCTAssertEqual(popups(of: "е", in: try keys(["--layout", "florisboard:my.layouts/characters/cyr.json"], in: root)), ["ё"])
        try manifest(#"{"languageTag": 7, "preferred": {"symbols": ["my.layouts:mine"]}}"#)
        let bad = try run(["frames", "--layout", "florisboard:my.layouts/symbols/mine.json"], in: root)
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("my.layouts/extension.json: subtypePresets[0].preferred.symbols"), bad.stderr)
    }
}
