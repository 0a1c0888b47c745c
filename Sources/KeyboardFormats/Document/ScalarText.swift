/// Splitting of the text formats (HeliBoard's simple layouts and locale key texts, metrics
/// tables) on Unicode scalars, never on grapheme clusters: a separator followed by a
/// combining mark (`" ್"`, a space and KANNADA SIGN VIRAMA) is one Swift `Character`, so a
/// split on characters would miss the separator and glue two fields together; and `"\r\n"`
/// is one character too.
package enum ScalarText {
    /// The lines of `text`, split at every U+000A, each without a final U+000D; the last line
    /// is kept when empty, as `split(omittingEmptySubsequences: false)` keeps it.
    package static func lines(_ text: String) -> [String] {
        var result: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                result.append(String(dropReturn(current)))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        result.append(String(dropReturn(current)))
        return result
    }

    /// The non-empty runs of `text` between scalars `isSeparator` accepts.
    package static func words(_ text: String, separatedBy isSeparator: (Unicode.Scalar) -> Bool = isBlank) -> [String] {
        text.unicodeScalars.split(whereSeparator: isSeparator).map { String(String.UnicodeScalarView($0)) }
    }

    /// The fields of `text` between every `separator` scalar, empty ones kept.
    package static func fields(_ text: String, separatedBy separator: Unicode.Scalar) -> [String] {
        text.unicodeScalars.split(separator: separator, omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
    }

    /// Space, tab or carriage return: the blanks between a simple layout's words.
    package static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\r"
    }

    private static func dropReturn(_ line: String.UnicodeScalarView) -> String.UnicodeScalarView {
        line.last == "\r" ? String.UnicodeScalarView(line.dropLast()) : line
    }
}
