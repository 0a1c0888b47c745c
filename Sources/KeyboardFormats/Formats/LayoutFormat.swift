import KeyboardModel

/// One input format of layouts: how a file is recognised (the prefix that names the format
/// outright, the file's extension, a sniff of its content) and the reader that decodes it
/// to the model (`LayoutSource`). The formats are the rows of `all`; adding one is a row
/// here, a reader, and a case of `LayoutSource` when the model needs a new kind.
package struct LayoutFormat: Sendable {
    /// Which format a row is.
    package enum Name: String, Sendable, Hashable {
        /// YAML or JSON weights (docs/layouts-and-themes.md).
        case weights = "layout"
        /// An Android keyboard file (docs/android-xml.md).
        case androidXML = "android keyboard"
        /// A HeliBoard layout (docs/android-imes.md).
        case heliboard = "HeliBoard layout"
        /// A FlorisBoard layout (docs/android-imes.md).
        case florisboard = "FlorisBoard layout"
    }

    /// The format's name; its raw value is what `validate` calls such a file.
    package let name: Name
    /// The prefix that names the format outright (`heliboard:PATH`); nil when it has none.
    package let prefix: String?
    /// Whether a file named without a prefix is of this format, asked in the order of `all`.
    package let claims: @Sendable (LayoutInput) -> Bool
    /// Reads the file to the model.
    ///
    /// - Throws: `Diagnostic`/`DiagnosticList` naming the file and field; a `Diagnostic` of
    ///   the request field (`InputOrigin.requestField`) for an option the format refuses.
    package let read: @Sendable (LayoutInput) throws -> LoadedLayout

    /// Every format, in the order they are asked whether they claim a file: FlorisBoard (a
    /// `.json` list in a keyboard extension's package), HeliBoard (`.txt`, or any other
    /// `.json` list), Android keyboard XML (`.xml`), and weights, which takes the rest.
    package static let all: [LayoutFormat] = [.florisBoard, .heliBoard, .androidXML, .weights]

    /// Every prefix a layout or a theme may be named with (`heliboard`, `florisboard`, `snygg`).
    package static var prefixes: [String] {
        all.compactMap(\.prefix) + ThemeFormat.all.compactMap(\.prefix)
    }

    /// The format of `input`: the one its prefix names, else the first that claims it.
    ///
    /// - Throws: a `Diagnostic` of the file for a prefix that names a theme format.
    package static func of(_ input: LayoutInput) throws -> LayoutFormat {
        if let prefix = input.prefix {
            if let format = all.first(where: { $0.prefix == prefix }) { return format }
            throw Diagnostic(file: input.display, path: "", reason: "\(prefix): names a stylesheet, which is a theme; give it as the theme")
        }
        return all.first { $0.claims(input) } ?? .weights
    }

    /// Whether the file at `path` is an Android keyboard file: its extension is `.xml`.
    package static func isAndroidXML(_ path: String) -> Bool {
        FilePath.pathExtension(path).lowercased() == "xml"
    }

    /// Reads `input` with its format (`of(_:)`).
    ///
    /// - Throws: as `of(_:)` and the format's `read`.
    package static func read(_ input: LayoutInput) throws -> LoadedLayout {
        try of(input).read(input)
    }
}

extension LayoutFormat {
    /// YAML or JSON weights: any file no other format claims.
    static let weights = LayoutFormat(name: .weights, prefix: nil, claims: { _ in true }) { input in
        let folder = FilePath.folder(of: input.path)
        let decoded = try LayoutDecoder.decode(try input.bytes(), file: input.display, baseDirectory: folder, metrics: input.files.metricsTables(for: input.display, in: folder))
        return LoadedLayout(source: .weights(decoded.layout), format: .weights, file: input.display, warnings: decoded.warnings)
    }

    /// Android keyboard XML: a `.xml` file, read with its values files.
    static let androidXML = LayoutFormat(name: .androidXML, prefix: nil, claims: { isAndroidXML($0.path) }) { input in
        try AndroidKeyboardReader.read(input)
    }

    /// HeliBoard: a `.txt` file, or a `.json` list in no FlorisBoard package.
    static let heliBoard = LayoutFormat(name: .heliboard, prefix: "heliboard", claims: { input in
        input.fileExtension == "txt" || (input.fileExtension == "json" && IMELayoutReader.isList(input))
    }) { input in
        try IMELayoutReader.read(input, source: .heliboard)
    }

    /// FlorisBoard: a `.json` list whose folder's parent holds a keyboard extension's
    /// `extension.json`.
    static let florisBoard = LayoutFormat(name: .florisboard, prefix: "florisboard", claims: { input in
        input.fileExtension == "json" && IMELayoutReader.isList(input) && FlorisBoardPackage.of(input) != nil
    }) { input in
        try IMELayoutReader.read(input, source: .florisboard)
    }
}
