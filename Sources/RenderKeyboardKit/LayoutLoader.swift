import Foundation

/// A layout read from a file, with where it came from.
public struct LoadedLayout: Sendable {
    public var layout: Layout
    /// The file name used in messages.
    public var file: String
    /// Warnings found while decoding (e.g. truncated arrays).
    public var warnings: [Diagnostic]
}

/// Finds and decodes layouts by built-in name or by path.
public enum LayoutLoader {
    /// Loads `reference`, a built-in name or a path (`Reference`'s rule).
    ///
    /// - Throws: `DiagnosticList` with every problem in the file, or a `Diagnostic` for an
    ///   unknown name.
    public static func load(_ reference: String) throws -> LoadedLayout {
        let (path, display) = try Reference.locate(reference, kind: .layout)
        let bytes = try FileAccess.read(path, displayName: display)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let decoded = try LayoutDecoder.decode(bytes, file: display, baseDirectory: folder)
        return LoadedLayout(layout: decoded.layout, file: display, warnings: decoded.warnings)
    }
}
