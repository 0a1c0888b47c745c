
/// The one rule that tells a built-in name from a file path, for layouts and themes alike,
/// wherever they are named: options, manifests, previews and a theme's `extends`.
///
/// A reference is a **path** when it contains `/` or ends in `.yaml`, `.yml`, `.json` or
/// `.xml`. Otherwise it is a **name**: the built-in of that name, or, when there is none, the
/// file of that name in the folder it is relative to (the working folder, a manifest's folder,
/// or the extending theme's folder).
public enum Reference {
    /// What a reference names.
    public enum Kind: String, Sendable {
        /// A keyboard layout: built-ins in `layouts/`, files in YAML, JSON or Android XML.
        case layout
        /// A theme: built-ins in `themes/`, files in YAML or JSON.
        case theme

        var directory: String { self == .layout ? Resources.layoutsDirectory : Resources.themesDirectory }
        var names: [String] { self == .layout ? Resources.layoutNames : Resources.themeNames }
    }

    /// File extensions that make a reference a path.
    static let fileExtensions = ["yaml", "yml", "json", "xml"]

    /// Whether `reference` is a path rather than a name.
    public static func isPath(_ reference: String) -> Bool {
        reference.contains("/") || fileExtensions.contains(FilePath.pathExtension(reference).lowercased())
    }

    /// The file `reference` names, and how messages name it.
    ///
    /// - Parameters:
    ///   - reference: a built-in name or a path.
    ///   - kind: whether a layout or a theme is named.
    ///   - folder: where relative paths (and names that are no built-in) are looked up; nil
    ///     for the working folder.
    /// - Throws: `Diagnostic` for an empty reference or a name that is neither a built-in nor
    ///   a file.
    public static func locate(_ reference: String, kind: Kind, relativeTo folder: String? = nil) throws -> (path: String, display: String) {
        guard !reference.isEmpty else {
            throw Diagnostic(file: "\"\"", path: "", reason: "the \(kind.rawValue) name is empty")
        }
        if !isPath(reference), let file = Resources.builtinFile(reference, in: kind.directory) {
            return (file, String(file.dropFirst(Resources.directory.count + 1)))
        }
        let path = resolve(reference, against: folder)
        if isPath(reference) || FilePath.exists(path) {
            return (path, folder == nil ? reference : path)
        }
        throw unknownName(reference, kind: kind)
    }

    /// `reference` as a request should hold it when it was written in a file in `folder`:
    /// relative paths joined to `folder`, names unchanged.
    public static func resolved(_ reference: String, against folder: String) -> String {
        guard isPath(reference), !reference.hasPrefix("/") else { return reference }
        return resolve(reference, against: folder)
    }

    private static func resolve(_ reference: String, against folder: String?) -> String {
        guard let folder, !reference.hasPrefix("/") else { return reference }
        return FilePath.joined(folder, reference)
    }

    /// The message for a name that is neither a built-in nor a file.
    static func unknownName(_ name: String, kind: Kind) -> Diagnostic {
        unknownName(name, kind: kind.rawValue, names: kind.names)
    }

    /// The message for a name that is not one of `names` (layouts, themes, devices).
    static func unknownName(_ name: String, kind: String, names: [String]) -> Diagnostic {
        var reason = "no built-in \(kind) or file named \(Diagnostic.quote(name)); built-in \(kind)s: \(names.joined(separator: ", "))"
        if let near = FieldReader.nearest(name, in: names) { reason += "; did you mean \(near)?" }
        return Diagnostic(file: name, path: "", reason: reason)
    }
}
