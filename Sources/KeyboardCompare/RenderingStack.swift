import RenderKeyboardKit
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine
import TerminalText

/// What decides how pixels come out, recorded beside references so that a failing comparison
/// can tell a change of the code from a change of the machine: render-keyboard's version, the
/// versions of cairo, pango, harfbuzz, freetype, fontconfig and libpng as this process runs
/// them (asked from the libraries themselves), and the SHA-256 of each font file drawn.
///
/// `batch --compare DIR --record` writes it as `DIR/RENDERING-STACK.txt` and `batch --compare`
/// reads it; a Swift golden suite keeps `RenderingStack.current().text` beside its references
/// and compares with `changes(since:)`. The file form (`text`), one item a line:
///
/// ```
/// # The rendering stack the references were drawn with (render-keyboard batch --record).
/// render-keyboard 1.0.0
/// cairo 1.16.0
/// …
/// font 2b3c…9f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
/// ```
///
/// A font's name is its path as the run names it (a theme's file relative to the manifest's
/// folder, a pinned font by its absolute path), with `%` and what `TerminalText` escapes
/// (control characters, line breaks) written as `%XX`.
public struct RenderingStack: Sendable, Hashable {
    /// The file name beside the references.
    public static let fileName = "RENDERING-STACK.txt"
    /// The libraries whose versions are recorded, in the order `text` lists them.
    public static let libraryNames = DrawingLibraries.names

    /// render-keyboard's version (`RenderKeyboardVersion.current` when made by `current`).
    public var tool: String
    /// Version by library name (`cairo` → `1.16.0`).
    public var libraries: [String: String]
    /// SHA-256 (64 lowercase hexadecimal digits) by font file name.
    public var fonts: [String: String]

    /// A stack of the given versions and font digests.
    public init(tool: String, libraries: [String: String], fonts: [String: String]) {
        self.tool = tool
        self.libraries = libraries
        self.fonts = fonts
    }

    /// Reads the file form (`text`); blank lines, lines starting with `#`, `unknown` versions
    /// and lines it does not know are skipped, so a damaged file reads as a stack with items
    /// missing (which `changes(since:)` then names).
    public init(parsing text: String) {
        var tool = "", libraries: [String: String] = [:], fonts: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard parts.count >= 2, !parts[0].hasPrefix("#"), parts[1] != "unknown" else { continue }
            if parts[0] == "font", parts.count == 3 {
                fonts[Self.decoded(parts[2])] = parts[1]
            } else if parts.count == 2, parts[0] == "render-keyboard" {
                tool = parts[1]
            } else if parts.count == 2, Self.libraryNames.contains(parts[0]) {
                libraries[parts[0]] = parts[1]
            }
        }
        self.init(tool: tool, libraries: libraries, fonts: fonts)
    }

    /// This process's stack, with the digests of `fonts` (each a name for the record and the
    /// path to read it from).
    ///
    /// - Throws: `Diagnostic` naming a font file that cannot be read.
    public static func current(fonts: [(name: String, path: String)]) throws -> RenderingStack {
        var digests: [String: String] = [:]
        for font in fonts where digests[font.name] == nil {
            digests[font.name] = DrawingLibraries.sha256(try FileAccess.read(font.path, limit: Limits.maxFontFileSize, displayName: font.name))
        }
        let libraries = Dictionary(DrawingLibraries.versions().map { ($0.name, $0.version) }, uniquingKeysWith: { a, _ in a })
        return RenderingStack(tool: RenderKeyboardVersion.current, libraries: libraries, fonts: digests)
    }

    /// This process's stack with every font file the renderer can load (the pinned fonts),
    /// each named by its path: the record for a suite that draws with the built-in fonts.
    ///
    /// - Throws: `Diagnostic` naming a pinned font file that cannot be read.
    public static func current() throws -> RenderingStack {
        try current(fonts: DrawingLibraries.pinnedFontFiles.map { ($0, $0) })
    }

    /// The file form: a comment, the tool, each library in `libraryNames` order, then each
    /// font by name.
    public var text: String {
        var lines = ["# The rendering stack the references were drawn with: render-keyboard, the libraries that draw, and the SHA-256 of each font file drawn."]
        lines.append("render-keyboard \(tool.isEmpty ? "unknown" : tool)")
        for name in Self.libraryNames { lines.append("\(name) \(libraries[name] ?? "unknown")") }
        for name in fonts.keys.sorted() { lines.append("font \(fonts[name]!) \(Self.encoded(name))") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What differs from `recorded`, one item each: `cairo 1.16.0 → 1.18.0`, `font NAME
    /// changed`, `font NAME not recorded`. Only the fonts of `self` are looked at: a run that
    /// draws fewer fonts than the recording (one shard) changes nothing. Empty when they agree.
    /// A version is shown as messages show a name (`Diagnostic.clip`): a file may record any
    /// text, and a long one is cut after 60 characters with its length.
    public func changes(since recorded: RenderingStack) -> [String] {
        var changes: [String] = []
        func unknown(_ text: String?) -> String { (text ?? "").isEmpty ? "unknown" : Diagnostic.clip(text!) }
        if unknown(recorded.tool) != unknown(tool) { changes.append("render-keyboard \(unknown(recorded.tool)) → \(unknown(tool))") }
        for name in Self.libraryNames where unknown(recorded.libraries[name]) != unknown(libraries[name]) {
            changes.append("\(name) \(unknown(recorded.libraries[name])) → \(unknown(libraries[name]))")
        }
        for name in fonts.keys.sorted() where recorded.fonts[name] != fonts[name] {
            changes.append("font \(Self.encoded(name)) \(recorded.fonts[name] == nil ? "not recorded" : "changed")")
        }
        return changes
    }

    /// `self` with the fonts of `earlier` that `self` does not draw kept: what a recording of
    /// one shard leaves, so that the shards recorded one after another list every font.
    public func keepingFonts(of earlier: RenderingStack) -> RenderingStack {
        var merged = self
        merged.fonts.merge(earlier.fonts) { own, _ in own }
        return merged
    }

    private static func encoded(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            if scalar == "%" || TerminalText.needsEscape(scalar) {
                for byte in String(scalar).utf8 { out += "%" + String(byte, radix: 16, uppercase: true).leftPadded }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func decoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.first {
            if byte == UInt8(ascii: "%"), utf8.count >= 3, let value = UInt8(String(decoding: utf8.dropFirst().prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(byte)
                utf8 = utf8.dropFirst()
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

private extension String {
    /// Two hexadecimal digits.
    var leftPadded: String { count == 1 ? "0" + self : self }
}
