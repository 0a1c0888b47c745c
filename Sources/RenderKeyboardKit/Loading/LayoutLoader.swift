import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// A layout read from a file, with where it came from.
public struct LoadedLayout: Sendable {
    /// The decoded layout, every default applied. For an Android keyboard file it is only a
    /// stand-in named after the file, with no keys; `android` holds the keyboard.
    public var layout: Layout
    /// The file name used in messages.
    public var file: String
    /// Warnings found while decoding (e.g. truncated arrays).
    public var warnings: [Diagnostic]
    /// Set for an Android keyboard file (docs/android-xml.md), which is placed instead of solved.
    public var android: AndroidKeyboard?
    /// Set for a HeliBoard or FlorisBoard layout (docs/android-imes.md), which is placed as its app places
    /// it instead of solved.
    package var ime: IMEKeyboard?

    /// The layout's keys in file order, unshuffled: those of `layout`, or for an Android
    /// keyboard file the keys Android reads from it (`AndroidKeyboard.keys(keyboardMode:file:)`),
    /// with the rows of `keyboardMode` (nil: no mode).
    ///
    /// - Throws: placement's `Diagnostic` for an Android file that cannot be placed.
    public func keys(keyboardMode: String? = nil) throws -> [Key] {
        if let ime {
            // Which keys exist does not depend on the phone: placed on the default one.
            return try ime.place(on: Canvas(device: try Device.resolve(IMEKeyboard.defaultDevice), orientation: .portrait), file: file).keys.map(\.key)
        }
        guard let android else { return layout.keys }
        return try android.keys(keyboardMode: keyboardMode, file: file)
    }
}

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
        let (path, display) = try Reference.locate(reference, kind: .layout)
        let format = Reference.formatPrefix(of: reference).format
        if format == "snygg" {
            throw Diagnostic(file: display, path: "", reason: "snygg: names a stylesheet, which is a theme; give it as the theme")
        }
        if let (source, package) = IMELayoutLoader.detect(path, format: format) {
            return try IMELayoutLoader.load(path: path, display: display, source: source, package: package, imeMode: imeMode)
        }
        if AndroidKeyboardLoader.isAndroidKeyboardFile(path) {
            return try AndroidKeyboardLoader.load(path: path, display: display, valuesFiles: values, siblingValues: siblingValues)
        }
        let bytes = try FileAccess.read(path, displayName: display)
        let folder = FilePath.folder(of: path)
        let decoded = try LayoutDecoder.decode(bytes, file: display, baseDirectory: folder, metrics: MetricsLoader.loader(for: display, in: folder))
        return LoadedLayout(layout: decoded.layout, file: display, warnings: decoded.warnings)
    }
}
