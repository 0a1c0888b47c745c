import KeyboardModel

/// What HeliBoard knows of locales, as the engine's own tables: which locales its method list
/// pairs with each layout file (`HeliBoardMethodList`) and each locale's key texts
/// (`HeliBoardLocaleTable`), both in the model, and which languages are written right to left.
package enum HeliBoardLocales {
    /// Languages written right to left: HeliBoard takes the `rtl` branch of a
    /// `layout_direction_selector` for them.
    static let rightToLeft: Set<String> = ["ar", "fa", "iw", "he", "ur", "ckb", "ug", "ps", "sd", "yi", "dv", "ku"]

    /// The locale the method list pairs with the layout `stem`: its one locale, or the one
    /// language all its locales share (`tamil`: ta-IN, ta-SG → `ta`); nil otherwise.
    package static func defaultLocale(forLayout stem: String) -> String? {
        guard let locales = HeliBoardMethodList.pairs[stem], let first = locales.first else { return nil }
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
