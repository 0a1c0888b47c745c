import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine


/// The one rule that tells a built-in name from a file path, for layouts, themes and metrics
/// tables alike, wherever they are named: options, manifests, previews, a theme's `extends`
/// and a layout's `metrics`.
///
/// A reference is a **path** when it starts with a format prefix (`heliboard:`,
/// `florisboard:`, `snygg:`; the path follows it), contains `/` or ends in `.yaml`, `.yml`,
/// `.json`, `.xml`, `.csv` or `.txt`. Otherwise it is a **name**: the built-in of that name, or,
/// when there is none, the file of that name in the folder it is relative to (the working
/// folder, a manifest's folder, or the extending theme's folder).
public enum Reference {
    /// What a reference names.
    package enum Kind: String, Sendable {
        /// A keyboard layout: built-ins in `layouts/`, files in YAML, JSON or Android XML.
        case layout
        /// A theme: built-ins in `themes/`, files in YAML or JSON.
        case theme
        /// A metrics table (docs/ios-keyboard.md): built-ins in `metrics/`, files in CSV.
        case metrics

        var directory: String {
            switch self {
            case .layout: return Resources.layoutsDirectory
            case .theme: return Resources.themesDirectory
            case .metrics: return Resources.metricsDirectory
            }
        }

        var names: [String] {
            switch self {
            case .layout: return Resources.layoutNames
            case .theme: return Resources.themeNames
            case .metrics: return Resources.metricsNames
            }
        }

        /// The extensions of its built-in files.
        var extensions: [String] { self == .metrics ? Resources.metricsExtensions : Resources.documentExtensions }

        /// The kind as a message names it: `layout`, `theme`, `metrics table`.
        var word: String { self == .metrics ? "metrics table" : rawValue }
    }

    /// File extensions that make a reference a path.
    static let fileExtensions = ["yaml", "yml", "json", "xml", "csv", "txt"]

    /// The prefixes that name a file's format (docs/android-imes.md): `heliboard:` and `florisboard:` for
    /// layouts, `snygg:` for themes, as the layout and theme format tables give them.
    package static let formatPrefixes = LayoutFormat.prefixes

    /// The format prefix of `reference` and the path after it; nil and `reference` when it has
    /// none.
    package static func formatPrefix(of reference: String) -> (format: String?, path: String) {
        for format in formatPrefixes where reference.hasPrefix(format + ":") {
            return (format, String(reference.dropFirst(format.count + 1)))
        }
        return (nil, reference)
    }

    /// Whether `reference` is a path rather than a name.
    package static func isPath(_ reference: String) -> Bool {
        formatPrefix(of: reference).format != nil || reference.contains("/")
            || fileExtensions.contains(FilePath.pathExtension(reference).lowercased())
    }

    /// The file `reference` names, and how messages name it: a built-in by its place among the
    /// resources (`themes/dark.yaml`), a file by `FilePath.shown`.
    ///
    /// - Parameters:
    ///   - reference: a built-in name or a path.
    ///   - kind: whether a layout or a theme is named.
    ///   - folder: where relative paths (and names that are no built-in) are looked up; nil
    ///     for the working folder.
    /// - Throws: `Reference.NotFound` for an empty reference or a name that is neither a
    ///   built-in nor a file; the caller knows which file and field (or option) named it and
    ///   reports it there with `NotFound.located(in:at:)`.
    package static func locate(_ reference: String, kind: Kind, relativeTo folder: String? = nil) throws -> (path: String, display: String) {
        let (format, file) = formatPrefix(of: reference)
        if format != nil {
            guard !file.isEmpty else {
                throw NotFound(name: reference, kind: kind, reason: "\(Diagnostic.quote(reference)) names no file after the \(format ?? ""): prefix")
            }
            let path = resolve(file, against: folder)
            return (path, folder == nil ? file : path)
        }
        guard !reference.isEmpty else {
            throw NotFound(name: reference, kind: kind, reason: "the \(kind.word) name is empty")
        }
        if !isPath(reference), let file = Resources.builtinFile(reference, in: kind.directory, extensions: kind.extensions) {
            return (file, display(of: file))
        }
        let path = resolve(reference, against: folder)
        if isPath(reference) || Resources.exists(path) {
            return (path, display(of: path))
        }
        throw unknownName(reference, kind: kind)
    }

    /// How messages name the file at `path`: a built-in by its place among the built-ins
    /// (`themes/dark.yaml`), any other file as `FilePath.shown` names it.
    static func display(of path: String) -> String {
        let root = Resources.directory + "/"
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : FilePath.shown(path)
    }

    /// `reference` as a request should hold it when it was written in a file in `folder`:
    /// relative paths joined to `folder`, names unchanged.
    package static func resolved(_ reference: String, against folder: String) -> String {
        let (format, file) = formatPrefix(of: reference)
        guard isPath(reference), !file.hasPrefix("/") else { return reference }
        return (format.map { $0 + ":" } ?? "") + resolve(file, against: folder)
    }

    private static func resolve(_ reference: String, against folder: String?) -> String {
        guard let folder, !reference.hasPrefix("/") else { return reference }
        return FilePath.joined(folder, reference)
    }

    /// The error for a name that is neither a built-in nor a file: the built-ins of its kind
    /// with the nearest one suggested (names differing only in case included), or, when no
    /// built-ins were found at all, where they were looked for.
    static func unknownName(_ name: String, kind: Kind) -> NotFound {
        let names = kind.names
        var reason = "no built-in \(kind.word) or file named \(Diagnostic.quote(name))"
        if names.isEmpty {
            reason += "; no built-in \(kind.word)s were found in \(Resources.missingBuiltinsPlace)"
        } else {
            reason += "; built-in \(kind.word)s: \(names.joined(separator: ", "))" + FieldReader.didYouMean(name, in: names)
        }
        return NotFound(name: name, kind: kind, reason: reason)
    }

    /// A layout or theme name that is neither a built-in nor a file (or an empty name).
    ///
    /// It carries no file: whoever read the name reports it where the name was written, a
    /// theme's `extends` as `theme.yaml: extends: reason`, a request's field as the request
    /// field (`--theme: reason` on the command line) or `manifest.yaml: jobs[1].theme: reason`.
    public struct NotFound: Error, Sendable, Hashable, CustomStringConvertible {
        /// The name as written.
        public var name: String
        /// Whether a layout or a theme was named.
        package var kind: Kind
        /// What was looked for and what exists, without the name's origin.
        public var reason: String

        /// The problem as a diagnostic of the file (or option) that wrote the name, at `path`.
        public func located(in file: String, at path: String) -> Diagnostic {
            Diagnostic(file: file, path: path, reason: reason)
        }

        /// The problem as a `RequestError` of the request field that named it.
        package var requestError: RequestError {
            RequestError(field: kind == .theme ? .theme : .layout, reason: reason)
        }

        /// `layout: reason` or `theme: reason`: the request field that named it (the command
        /// line shows its option, `--layout: reason`).
        public var description: String { requestError.description }
    }
}
