import KeyboardModel

/// The default-configuration resources of an Android project (`res/values/*.xml` and any
/// extra values files): what `@dimen/…`, `@integer/…`, `@string/…`, `@fraction/…` and
/// `@bool/…` references in a keyboard file resolve to (docs/format.md "Android keyboard XML").
public struct AndroidValues: Sendable, Hashable {
    /// One defined resource: its text as written and the file that defines it.
    package struct Entry: Sendable, Hashable {
        /// The element's text, its children's text appended (`<xliff:g>` in a string),
        /// untrimmed and with no escapes applied.
        package var text: String
        /// The values file that defines the resource, as named in messages.
        package var file: String
    }

    /// Entries by `type/name` (`dimen/key_width`).
    package private(set) var entries: [String: Entry] = [:]
    /// How the values files are named in messages (`res/values`).
    package var sourceDescription = "res/values"


    /// No resources; add values files with `add(_:file:)`.
    public init() {}

    /// Adds every resource of one values file (root `<resources>`): elements with a `name`
    /// attribute, typed by their element name or, for `<item>`, by their `type` attribute.
    /// Arrays, styles and styleables are skipped.
    ///
    /// - Throws: `Diagnostic` when the file is not safe, well-formed XML (see
    ///   `SafeXMLElement.parse`), its root is not `<resources>`, or it defines a resource a
    ///   file already added defines (as the build tools refuse).
    public mutating func add(_ bytes: [UInt8], file: String) throws {
        let root = try SafeXMLElement.parse(bytes, file: file)
        guard root.localName == "resources" else {
            throw Diagnostic(file: file, path: "", reason: "not an Android values file: its root element is not <resources>")   // nothing of the file is quoted
        }
        for element in root.children {
            guard let name = element.attribute("name") else { continue }
            var type = element.localName
            if type == "item" {
                guard let itemType = element.attribute("type") else { continue }
                type = itemType
            }
            guard ["dimen", "integer", "string", "fraction", "bool", "color", "id"].contains(type) else { continue }
            let key = type + "/" + name
            if let existing = entries[key] {
                throw Diagnostic(file: file, path: key, reason: "is also defined in \(existing.file)")
            }
            entries[key] = Entry(text: Self.innerText(element), file: file)
        }
    }

    /// The text of an element and its children (`<xliff:g>` inside a string).
    static func innerText(_ element: SafeXMLElement) -> String {
        // Children's text is appended in order after the element's own text; values files
        // of keyboards hold plain text, so the interleaving does not matter in practice.
        element.text + element.children.map(innerText).joined()
    }

    /// A value after following references: `nil` for `@null`.
    ///
    /// - Parameter raw: the attribute value as written.
    /// - Returns: the final text and whether it came from a resource (`via`: the first
    ///   reference, and `file`: the values file that defines the final text, for messages).
    /// - Throws: a reason (no file or path) for an undefined or framework reference, a
    ///   theme attribute, or a chain of references deeper than `maxReferenceDepth`.
    package func resolve(_ raw: String) throws(ReferenceProblem) -> (text: String, via: String?, file: String?)? {
        var text = raw
        var via: String?
        var file: String?
        var depth = 0
        while text.hasPrefix("@") || text.hasPrefix("?") {
            let reference = text.trimmingAndroidSpace()
            if reference == "@null" { return nil }
            if reference.hasPrefix("?") {
                throw ReferenceProblem(reason: "\(Diagnostic.clip(reference)) is a theme attribute; keyboard files are read without a theme, so give a value or an @-reference (\\? is a literal ?)")
            }
            guard let slash = reference.firstIndex(of: "/") else {
                throw ReferenceProblem(reason: "\(Diagnostic.clip(reference)) is not a resource reference (@type/name; \\@ is a literal @)")
            }
            var type = String(reference[reference.index(after: reference.startIndex)..<slash])
            let name = String(reference[reference.index(after: slash)...])
            if type.hasPrefix("+") { type.removeFirst() }
            if let colon = type.firstIndex(of: ":") {
                let package = type[..<colon]
                if package == "android" {
                    throw ReferenceProblem(reason: "\(Diagnostic.clip(reference)) is an Android framework resource; only the project's own values can be read")
                }
                type = String(type[type.index(after: colon)...])
            }
            guard let entry = entries[type + "/" + name] else {
                throw ReferenceProblem(reason: "\(Diagnostic.clip(reference)) is not defined in \(sourceDescription)")
            }
            via = via ?? reference
            depth += 1
            if depth > Limits.maxReferenceDepth {
                throw ReferenceProblem(reason: "\(Diagnostic.clip(via ?? reference)) leads through more than \(Limits.maxReferenceDepth) references (a loop?)")
            }
            text = type == "string" ? entry.text : entry.text.trimmingAndroidSpace()
            file = entry.file
        }
        return (text, via, file)
    }
}

/// Why a reference could not be resolved; the caller adds the file and field path.
package struct ReferenceProblem: Error, Sendable, Hashable {
    /// Why, e.g. `@dimen/key_width is not defined in res/values`.
    package var reason: String
}
