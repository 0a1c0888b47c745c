import KeyboardModel

/// A layout read from a file, with where it came from.
public struct LoadedLayout: Sendable {
    /// The layout as its format describes it: what the solver places.
    package var source: LayoutSource
    /// The format that read it.
    package var format: LayoutFormat.Name
    /// The file name used in messages.
    public var file: String
    /// Warnings found while decoding (e.g. truncated arrays).
    public var warnings: [Diagnostic]

    /// A layout `format` read from `file`.
    package init(source: LayoutSource, format: LayoutFormat.Name, file: String, warnings: [Diagnostic] = []) {
        self.source = source
        self.format = format
        self.file = file
        self.warnings = warnings
    }

    /// The layout's name: a weight layout's `name`, else the file's stem.
    public var name: String { source.name }

    /// The layout's keys in file order, unshuffled (`LayoutSource.keys(keyboardMode:file:)`):
    /// for an Android keyboard file, the rows of `keyboardMode` (nil: no mode).
    ///
    /// - Throws: placement's `Diagnostic` for a file that cannot be placed.
    public func keys(keyboardMode: String? = nil) throws -> [Key] {
        try source.keys(keyboardMode: keyboardMode, file: file)
    }
}
