import KeyboardModel

/// FlorisBoard's localization (docs/android-imes.md "Languages"): the subtype presets that name
/// a locale's layouts, currency set and popup mapping; the currency sets; the popup mappings.
/// Read from the keyboard extensions beside a layout — its package's `extension.json`, then
/// those of the packages in the folder above it, as the app has every installed extension —
/// then FlorisBoard's own presets and currency sets, built in (`FlorisBoardPresetTable`).
package struct FlorisBoardLocalization: Sendable {
    /// One subtype preset; references are `PACKAGE:ID`.
    package struct Preset: Sendable, Hashable {
        /// The preset's `languageTag` (`ru`, `fa-FA`).
        package var languageTag: String
        /// The currency set; nil: FlorisBoard's default, the dollar set.
        package var currencySet: String?
        /// The popup mapping; nil: none.
        package var popupMapping: String?
        /// The layout of each type the preset prefers (`characters`, `numericRow` …).
        package var preferred: [String: String] = [:]
    }

    /// Every preset, those of the extensions first.
    package var presets: [Preset] = []
    /// The six slot labels of each currency set, by `PACKAGE:ID`.
    package var currencySets: [String: [String]] = [:]
    /// The popup mapping files (`popupMappings/ID.json` of the extension declaring it) by
    /// `PACKAGE:ID`: path, and how messages name it.
    package var popupMappings: [String: (path: String, display: String)] = [:]

    /// The preset `--locale tag` picks for the layout `layout` (`PACKAGE:NAME`) of `type`: of
    /// the presets of that tag (letter case aside), else of its language, the first that
    /// prefers the layout, else the first; nil when no preset has the language.
    package func preset(for tag: String, layout: String, type: String) -> Preset? {
        let wanted = LocaleTag.canonical(tag)
        for matches in [{ (p: Preset) in LocaleTag.canonical(p.languageTag) == wanted },
                        { (p: Preset) in LocaleTag.language(p.languageTag) == LocaleTag.language(tag) }] {
            let found = presets.filter(matches)
            if let first = found.first { return found.first { $0.preferred[type] == layout } ?? first }
        }
        return nil
    }

    /// The locale of the presets that prefer `layout` for `type`: their one language tag, or
    /// the one language they share (es-ES, es-US, es-419 → `es`); nil otherwise.
    package func defaultLocale(layout: String, type: String) -> String? {
        let tags = presets.filter { $0.preferred[type] == layout }.map(\.languageTag)
        guard let first = tags.first else { return nil }
        if tags.allSatisfy({ LocaleTag.canonical($0) == LocaleTag.canonical(first) }) { return first }
        let language = LocaleTag.language(first)
        return tags.allSatisfy { LocaleTag.language($0) == language } ? language : nil
    }

    /// The slot labels of a preset's currency set (`currency_slot_1` … `currency_slot_6`);
    /// a set no extension declares and FlorisBoard lacks is its default, the dollar set.
    package func currencyLabels(of preset: Preset) -> [String: String] {
        let slots = preset.currencySet.flatMap { currencySets[$0] } ?? currencySets[Self.core("currencysets", "dollar")] ?? []
        return Dictionary(uniqueKeysWithValues: slots.enumerated().map { ("currency_slot_\($0 + 1)", $1) })
    }

    /// `org.florisboard.KIND:ID`, a reference into one of FlorisBoard's own extensions.
    static func core(_ kind: String, _ id: String) -> String {
        "org.florisboard.\(kind):\(id)"
    }
}

extension FlorisBoardLocalization {
    /// Adds what a keyboard extension declares: its `subtypePresets`, `currencySets` and
    /// `popupMappings`. `document` is its parsed `extension.json`, named `file` in messages,
    /// in the folder `folder`.
    ///
    /// - Throws: `DiagnosticList` naming `file` and the field of every entry that is not of
    ///   FlorisBoard's form.
    mutating func add(_ document: Document, file: String, folder: (path: String, display: String)) throws {
        let reader = FieldReader(file: file)
        guard case let .scalar(id, _)? = document["meta"]?["id"] else { return }
        for (i, item) in (document["subtypePresets"].flatMap { reader.list($0, "subtypePresets") } ?? []).enumerated() {
            let path = reader.join("subtypePresets", i)
            guard let tag = item["languageTag"].flatMap({ reader.string($0, reader.join(path, "languageTag")) }) else {
                reader.error(path, "a subtype preset needs a languageTag")
                continue
            }
            var preset = Preset(languageTag: tag)
            preset.currencySet = item["currencySet"].flatMap { reader.string($0, reader.join(path, "currencySet")) }
            preset.popupMapping = item["popupMapping"].flatMap { reader.string($0, reader.join(path, "popupMapping")) }
            if case let .mapping(pairs)? = item["preferred"] {
                for pair in pairs { preset.preferred[pair.key] = reader.string(pair.value, reader.join(reader.join(path, "preferred"), pair.key)) }
            }
            presets.append(preset)
        }
        for (i, item) in (document["currencySets"].flatMap { reader.list($0, "currencySets") } ?? []).enumerated() {
            let path = reader.join("currencySets", i)
            guard let setID = item["id"].flatMap({ reader.string($0, reader.join(path, "id")) }),
                  let slots = item["slots"].flatMap({ reader.list($0, reader.join(path, "slots")) }) else { continue }
            currencySets["\(id):\(setID)"] = slots.enumerated().compactMap { n, slot in
                slot["label"].flatMap { reader.drawableString($0, reader.join(reader.join(path, "slots"), n) + ".label") }
            }
        }
        for (i, item) in (document["popupMappings"].flatMap { reader.list($0, "popupMappings") } ?? []).enumerated() {
            guard let mapping = item["id"].flatMap({ reader.string($0, reader.join(reader.join("popupMappings", i), "id")) }),
                  !mapping.contains("/"), !mapping.hasPrefix(".") else { continue }
            let name = "popupMappings/\(mapping).json"
            popupMappings["\(id):\(mapping)"] = (FilePath.joined(folder.path, name), IMELayoutReader.shown(folder.display, name))
        }
        try reader.throwIfFailed()
    }

    /// The popup keys of a popup mapping file by the label of the key they pop up from
    /// (`~left`, `~right`, `~enter`, `~kana`: the keys of groups 1, 2, 3 and 97): the `main`
    /// key then the `relevant` ones, labels after selectors, variation `normal` over `all`.
    ///
    /// - Throws: `DiagnosticList` naming the file and key of every problem.
    static func popups(_ bytes: [UInt8], file: String, direction: String) throws -> [String: [String]] {
        try FieldReader.decode(bytes, file: file) { document, reader in
            let keys = IMEKeyReader(reader: reader, selection: .init(source: .florisboard, mode: .characters, direction: direction))
            var popups: [String: [String]] = [:]
            for variation in ["all", "normal"] {
                guard case let .mapping(sets)? = document[variation] else { continue }
                for set in sets {
                    let path = reader.join(variation, set.key)
                    let main = set.value["main"].flatMap { keys.key($0, reader.join(path, "main")) }
                    let relevant = set.value["relevant"].flatMap { reader.list($0, reader.join(path, "relevant")) } ?? []
                    let found = [main].compactMap { $0 } + relevant.enumerated().compactMap { keys.key($1, reader.join(reader.join(path, "relevant"), $0)) }
                    popups[set.key] = found.map(\.label)
                }
            }
            return popups
        }.value
    }
}

extension FlorisBoardLocalization {
    /// FlorisBoard's own presets and currency sets, which the app always has.
    package static let builtin: FlorisBoardLocalization = {
        var localization = FlorisBoardLocalization()
        localization.presets = FlorisBoardPresetTable.presets.map { line in
            let words = line.split(separator: " ").map(String.init)
            var preset = Preset(languageTag: words[0], currencySet: core("currencysets", words[1]),
                                popupMapping: words[2] == "-" ? nil : core("localization", words[2]))
            for pair in words.dropFirst(3) {
                let parts = pair.split(separator: "=").map(String.init)
                preset.preferred[parts[0]] = core("layouts", parts[1])
            }
            return preset
        }
        for line in FlorisBoardPresetTable.currencySets {
            let words = line.split(separator: " ").map(String.init)
            localization.currencySets[core("currencysets", words[0])] = Array(words.dropFirst())
        }
        return localization
    }()
}
