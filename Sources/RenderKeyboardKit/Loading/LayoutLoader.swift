import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// Finds and decodes layouts by built-in name or by path.
public enum LayoutLoader {
    /// Loads `reference`, a built-in name or a path (`Reference`'s rule).
    ///
    /// - Throws: `DiagnosticList` with every problem in the file, or `Reference.NotFound` for
    ///   a name that is neither a built-in nor a file (the caller reports it where the name
    ///   was written).
    ///
    /// A path ending in `.xml` is an Android keyboard file, read with `values` (extra values
    /// files, docs/android-xml.md) and, when `siblingValues`, the values folder beside its `res/xml`.
    /// A HeliBoard or FlorisBoard layout (`heliboard:PATH`, `florisboard:PATH`, or detected,
    /// docs/android-imes.md) is read in its folder's mode, or `imeMode` when given.
    public static func load(_ reference: String, values: [String] = [], siblingValues: Bool = true, imeMode: String? = nil) throws -> LoadedLayout {
        try load(reference, options: LayoutReadingOptions(values: values, siblingValues: siblingValues, imeMode: imeMode))
    }

    /// Loads `reference` with every reading option (`LayoutReadingOptions`): also the locale
    /// whose key texts an app's layout takes, and its number row.
    ///
    /// - Throws: as `load(_:values:siblingValues:imeMode:)`.
    package static func load(_ reference: String, options: LayoutReadingOptions) throws -> LoadedLayout {
        let (path, display) = try Reference.locate(reference, kind: .layout)
        let (prefix, _) = Reference.formatPrefix(of: reference)
        return try LayoutFormat.read(LayoutInput(path: path, display: display, prefix: prefix, options: options, files: LoadingFiles()))
    }
}

/// The files the formats read besides a layout file, read as every input file is read
/// (`FileAccess.read`: size limits, built-in files) and metrics tables found as
/// `MetricsLoader` finds them.
struct LoadingFiles: FormatFiles {
    func read(_ path: String, display: String, confinedTo folder: String?) throws -> [UInt8] {
        try FileAccess.read(path, displayName: display, confinedTo: folder)
    }

    func names(inFolder path: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    }

    func metricsTables(for file: String, in folder: String) -> LayoutDecoder.MetricsTableLoader {
        MetricsLoader.loader(for: file, in: folder)
    }
}
