import Foundation
import KeyboardModel

/// Language tags as the apps name their locales: `ar`, `hi-IN`, `sr-Latn`; the `_` of
/// Android's subtype locales (`hi_IN`) is read as `-`.
package enum LocaleTag {
    /// Why `tag` is not a language tag: empty, or not letters and digits in parts of 1–8
    /// joined by `-` or `_`, starting with a language of 2–3 letters. Nil for a tag.
    package static func problem(_ tag: String) -> String? {
        let parts = normalized(tag).split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }),
              parts.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }) else {
            return "\(Diagnostic.quote(tag)) is not a language tag (such as ar, hi or sr-Latn)"
        }
        return nil
    }

    /// `tag` with `_` as `-`.
    package static func normalized(_ tag: String) -> String {
        tag.replacingOccurrences(of: "_", with: "-")
    }

    /// `tag` with `-` and each part in the letter case BCP 47 writes it: the language lower
    /// case, a script of 4 letters title case, a region of 2 letters upper case (`sr_latn` →
    /// `sr-Latn`, `bn-bd` → `bn-BD`).
    package static func canonical(_ tag: String) -> String {
        normalized(tag).split(separator: "-", omittingEmptySubsequences: false).enumerated().map { i, part in
            if i == 0 { return part.lowercased() }
            if part.count == 4, part.allSatisfy(\.isLetter) { return part.prefix(1).uppercased() + part.dropFirst().lowercased() }
            return part.count == 2 ? part.uppercased() : part.lowercased()
        }.joined(separator: "-")
    }

    /// The language of `tag`, lower-cased (`hi-IN` → `hi`).
    package static func language(_ tag: String) -> String {
        String(normalized(tag).split(separator: "-").first ?? "").lowercased()
    }
}
