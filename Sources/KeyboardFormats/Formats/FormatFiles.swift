
/// The files a format may read besides the one it was given (an Android file's values
/// folder, a FlorisBoard package's `extension.json` and mods, a layout's metrics table).
/// Every read goes through the caller, which applies the size limits, the confinement of
/// named files and the built-in files; a format never opens a file itself.
///
/// Every file a layout names or finds beside itself is confined as a theme's images and
/// fonts are: the file actually opened (symlinks followed) must lie in the folder it
/// belongs to — a FlorisBoard package's files in the package, the values folder's files in
/// the `res` folder, a metrics table in the layout's folder — so no layout can make the tool
/// read a file outside its own tree.
package protocol FormatFiles: Sendable {
    /// The bytes of the file at `path`, named `display` in messages; with `folder`, the file
    /// opened must really lie inside that folder, or the read is refused.
    ///
    /// - Throws: `Diagnostic` naming `display` when the file cannot be read, breaks a limit or
    ///   leaves `folder`.
    func read(_ path: String, display: String, confinedTo folder: String?) throws -> [UInt8]

    /// The names in the folder at `path` (no `.` or `..`), in no particular order; empty when
    /// it cannot be listed.
    func names(inFolder path: String) -> [String]

    /// What the layout `file`, in `folder`, reads its `metrics:` with: a built-in table's
    /// name or a CSV path relative to `folder`.
    func metricsTables(for file: String, in folder: String) -> LayoutDecoder.MetricsTableLoader
}

extension FormatFiles {
    /// The bytes of a file the user named (the layout itself, a `--values` file): read
    /// wherever it lies.
    package func read(_ path: String, display: String) throws -> [UInt8] {
        try read(path, display: display, confinedTo: nil)
    }
}

/// How a layout is asked for: the options of the formats that take any. Each format reads
/// those it knows and leaves the rest.
package struct LayoutReadingOptions: Sendable, Hashable {
    /// Extra values files of an Android keyboard file, paths.
    package var values: [String] = []
    /// Whether an Android keyboard file in a `res/xml` folder also reads the `res/values`
    /// folder beside it.
    package var siblingValues = true
    /// The mode a HeliBoard or FlorisBoard layout is read in instead of its folder's.
    package var imeMode: String?
    /// The locale whose key texts a HeliBoard or FlorisBoard layout takes; nil: the one the
    /// app pairs with the layout.
    package var locale: String?
    /// A key texts file in HeliBoard's format, read instead of the locale's built-in texts.
    package var localeTexts: String?
    /// Whether the app's number row is added above the letters.
    package var numberRow = false

    /// Options with every field given; those left out take the defaults.
    package init(values: [String] = [], siblingValues: Bool = true, imeMode: String? = nil, locale: String? = nil, localeTexts: String? = nil, numberRow: Bool = false) {
        self.values = values
        self.siblingValues = siblingValues
        self.imeMode = imeMode
        self.locale = locale
        self.localeTexts = localeTexts
        self.numberRow = numberRow
    }
}

/// One layout file to read: where it is, how messages name it, the format its name's prefix
/// names (`heliboard:`), the options, and the files the format may read beside it.
package struct LayoutInput: Sendable {
    /// The path, without a prefix.
    package var path: String
    /// The file as messages name it.
    package var display: String
    /// The prefix the file was named with (`heliboard`), nil without one.
    package var prefix: String?
    /// The options of the request.
    package var options: LayoutReadingOptions
    /// What the format may read besides the file.
    package var files: any FormatFiles

    /// An input with every field given.
    package init(path: String, display: String, prefix: String?, options: LayoutReadingOptions, files: any FormatFiles) {
        self.path = path
        self.display = display
        self.prefix = prefix
        self.options = options
        self.files = files
    }

    /// The file's bytes.
    ///
    /// - Throws: the reader's `Diagnostic`.
    package func bytes() throws -> [UInt8] {
        try files.read(path, display: display)
    }

    /// The file's extension, lower-cased, without its dot.
    package var fileExtension: String { FilePath.pathExtension(path).lowercased() }
}
