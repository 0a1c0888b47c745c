import KeyboardModel

/// One input format of themes: a theme file (docs/layouts-and-themes.md) or a FlorisBoard
/// Snygg stylesheet (docs/android-imes.md), told apart as `LayoutFormat` tells layouts
/// apart, each with its decoder to the one `Theme`.
package struct ThemeFormat: Sendable {
    /// The prefix that names the format outright (`snygg:PATH`); nil when it has none.
    package let prefix: String?
    /// Whether a file named without a prefix is of this format (its path and bytes), asked
    /// in the order of `all`.
    package let claims: @Sendable (_ path: String, _ bytes: [UInt8]) -> Bool
    /// Decodes the file: bytes, the file as messages name it, its folder, and the metrics
    /// row of the layout it is drawn over.
    ///
    /// - Throws: `DiagnosticList` with the file's problems.
    package let decode: @Sendable (_ bytes: [UInt8], _ file: String, _ folder: String, _ metrics: MetricsRow?) throws -> Theme

    /// Every format: a Snygg stylesheet (a `.json` file whose `$schema` names snygg or that
    /// has a `key` rule), then a theme file, which takes the rest.
    package static let all: [ThemeFormat] = [.snygg, .theme]

    /// The format `prefix` names.
    ///
    /// - Throws: a `Diagnostic` of the file (`display`) for a prefix that names a layout format.
    package static func named(_ prefix: String, display: String) throws -> ThemeFormat {
        if let format = all.first(where: { $0.prefix == prefix }) { return format }
        throw Diagnostic(file: display, path: "", reason: "\(prefix): names a layout; give it as the layout, and a theme file or snygg:PATH as the theme")
    }

    /// The format of the file at `path` with content `bytes`, named without a prefix.
    package static func of(path: String, bytes: [UInt8]) -> ThemeFormat {
        all.first { $0.claims(path, bytes) } ?? .theme
    }

    /// Whether this is the stylesheet format.
    package var isStylesheet: Bool { prefix == "snygg" }

    /// A Snygg stylesheet.
    static let snygg = ThemeFormat(prefix: "snygg", claims: { path, bytes in
        guard FilePath.pathExtension(path).lowercased() == "json", let document = try? Document.parse(bytes, file: path) else { return false }
        return SnyggDecoder.isStylesheet(document)
    }, decode: { bytes, file, _, _ in try SnyggDecoder.decode(bytes, file: file) })

    /// A theme file (YAML or JSON).
    static let theme = ThemeFormat(prefix: nil, claims: { _, _ in true }, decode: { bytes, file, folder, metrics in
        try ThemeDecoder.decode(bytes, file: file, baseDirectory: folder, metrics: metrics)
    })
}
