import KeyboardFormats
import KeyboardModel
import KeyboardRenderer

/// A captions file (docs/store-screenshots.md): one caption per locale, YAML or JSON,
/// `en-US: "Type in 40 languages"`, in the file's order. Locales are fastlane's folder names
/// (`en-US`, `de-DE`, `ar-SA`, `hi`, `zh-Hans`), so each must be a language tag.
package struct LocalizedCaptions: Sendable, Hashable {
    /// One locale's caption.
    package struct Entry: Sendable, Hashable {
        /// The locale, as the file writes it (a folder name).
        package var locale: String
        /// The caption.
        package var caption: String
    }

    /// The file as messages name it.
    package var file: String
    /// Every caption, in the file's order.
    package var entries: [Entry]

    /// Reads the file at `path` (at most `Limits.maxFileSize` bytes).
    ///
    /// - Throws: `Diagnostic` when it cannot be read or parsed; `DiagnosticList` with every
    ///   locale that is not a language tag, every caption that is not text, or no locale at all.
    package static func load(_ path: String) throws -> LocalizedCaptions {
        let file = FilePath.shown(path)
        let bytes = try FileAccess.read(path)
        let (entries, _) = try FieldReader.decode(bytes, file: file) { document, reader -> [Entry] in
            // A file none of whose keys is a locale is no captions file at all (it may be any
            // file the user can read): one error, and nothing of it quoted.
            guard case .mapping(let pairs) = document, pairs.isEmpty || pairs.contains(where: { localeProblem($0.key) == nil }) else {
                reader.error("", "not a captions file: a mapping of locales to captions (en-US: \"…\")")
                return []
            }
            var entries: [Entry] = []
            for (locale, value) in pairs {
                if let problem = localeProblem(locale) { reader.error(locale, problem); continue }
                guard let caption = reader.string(value, locale) else { continue }
                if let problem = ComposeRequest.captionProblem(caption) { reader.error(locale, problem); continue }
                entries.append(Entry(locale: locale, caption: caption))
            }
            if pairs.isEmpty { reader.error("", "holds no locale: give one caption per locale (en-US: \"…\")") }
            if pairs.count > Limits.maxLocales { reader.error("", "holds \(pairs.count) locales; at most \(Limits.maxLocales) are read") }
            return entries
        }
        return LocalizedCaptions(file: file, entries: entries)
    }

    /// Why `locale` is not a locale folder name (a language tag of letters, digits and `-`
    /// such as `en-US`, `zh-Hans` or `hi`), or nil.
    package static func localeProblem(_ locale: String) -> String? {
        let parts = locale.split(separator: "-", omittingEmptySubsequences: false)
        let tag = parts.count <= 4 && (2...3).contains(parts[0].count) && parts[0].allSatisfy { $0.isASCII && $0.isLetter }
            && parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        return tag ? nil : "\(Diagnostic.quote(locale)) is not a locale such as en-US, de-DE or zh-Hans (a language tag: letters and digits joined by -)"
    }

    /// The entries of `locales` in that order, or every entry for nil.
    ///
    /// - Throws: `Diagnostic` of the file naming a locale it has no caption for.
    package func selecting(_ locales: [String]?) throws -> [Entry] {
        guard let locales else { return entries }
        return try locales.map { locale in
            guard let entry = entries.first(where: { $0.locale == locale }) else {
                throw Diagnostic(file: file, path: "", reason: "has no caption for \(Diagnostic.quote(locale)); it has \(entries.map(\.locale).joined(separator: ", "))")
            }
            return entry
        }
    }
}

extension ComposeRequest {
    /// Where one locale's screenshot of a set goes under `folder`: `LOCALE/NN_NAME_STORE.EXT`
    /// for `deliver`, `LOCALE/images/FOLDER/NN.EXT` for `supply` (`phoneScreenshots`,
    /// `sevenInchScreenshots` or `tenInchScreenshots` by the store).
    ///
    /// - Parameter store: the canvas's name in file names: the store preset's, or `WxH`, with
    ///   `-landscape` in landscape.
    func setPath(in folder: String, locale: String, store: String, preset: StorePreset?) -> String {
        let number = (self.number < 10 ? "0" : "") + String(self.number)
        let ext = resolvedFormat == .jpeg ? "jpg" : "png"
        switch layoutKind {
        case .deliver:
            return FilePath.joined(folder, "\(locale)/\(number)_\(name)_\(store).\(ext)")
        case .play:
            let kind = preset?.supplyFolder ?? "phoneScreenshots"
            return FilePath.joined(folder, "\(locale)/images/\(kind)/\(number).\(ext)")
        }
    }
}
