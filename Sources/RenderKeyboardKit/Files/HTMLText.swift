import Foundation

/// The HTML rules of the galleries and the comparison reports: one escaper for text and
/// attribute values, one form for links to files.
package enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as entities: safe in HTML text and in
    /// quoted attribute values.
    package static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            if let entity = entities[character] { result += entity } else { result.append(character) }
        }
        return result
    }

    /// A quoted attribute's value (`href`, `src`) that links to `file`, a `/`-separated name
    /// relative to the page's folder: percent-encoded as a URL path, so `%`, `#`, `?`,
    /// spaces and non-ASCII letters never end or change the link, then escaped.
    package static func link(_ file: String) -> String {
        escape(file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? file)
    }

    private static let entities: [Character: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"]
}
