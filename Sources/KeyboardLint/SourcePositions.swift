import RenderKeyboardKit
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import Yams

/// A place in a layout or theme file: the file as a lint report names it, a field path
/// (`keys.enter.normal.fill`, `keys[3].appearance.normal.text`, `Row[2].Key[4]`) and, where
/// the file writes it, the line and column (from 1).
public struct SourcePosition: Sendable, Hashable {
    /// The file as `LintRoot` names it: relative to the root (`themes/brand.yaml`), absolute
    /// outside it, or a built-in's place among the built-ins (`themes/default.yaml`).
    public var file: String
    /// The field path, in the words of `FILE: field.path: reason` messages.
    public var field: String
    /// Line of the field's name (for an XML pad, of the element's start tag), from 1; nil
    /// when the field is not written in the file (the engine's default applies).
    public var line: Int?
    /// Column of the field's name (of the start tag's `<`), from 1, counted in Unicode
    /// scalars; nil with `line`.
    public var column: Int?
    /// Whether `file` is a built-in (compiled into the program, or in
    /// `RENDER_KEYBOARD_RESOURCES`), not a file of the user's.
    public var isBuiltIn: Bool = false
    /// For a value the file inherits through `extends`: where it is defined. The position
    /// is then the `extends` line of the file the user named.
    public var inherited: Definition?
    /// For a field of a Snygg stylesheet's rule (`key[code=10].background`): where the rule
    /// itself is written, its selector's line and column; the position is the property's.
    public var rule: Definition?

    /// Where an inherited value is written: the defining file, line and column.
    public struct Definition: Sendable, Hashable {
        /// The defining file, named as `SourcePosition.file` is.
        public var file: String
        /// Whether it is a built-in.
        public var isBuiltIn: Bool = false
        /// Line and column of the field's name there, from 1.
        public var line: Int?, column: Int?

        /// `themes/default.yaml:17`, as the text report shows it.
        public var shown: String { file + (line.map { ":\($0)" } ?? "") }
    }
}

/// The node tree of one YAML or JSON file (JSON is read as YAML), to find where a field is
/// written without changing the decoders.
struct SourceFile {
    /// The file as the report names it.
    let name: LintRoot.FileName
    private let root: Node?
    /// Marks already looked up, by path: a sweep asks for the same fields on every keyboard.
    private let marks = MarkCache()

    private final class MarkCache {
        var marks: [String: Mark?] = [:]
    }

    init(bytes: [UInt8], name: LintRoot.FileName) {
        self.name = name
        self.root = (try? Yams.compose(yaml: String(decoding: bytes, as: UTF8.self)))
    }

    var display: String { name.name }

    /// The node of the field's name at `path` (`a.b[2].c`), or nil when the file does not
    /// write it.
    func mark(of path: String) -> Mark? {
        if let known = marks.marks[path] { return known }
        let found = lookUp(path)
        marks.marks[path] = found
        return found
    }

    private func lookUp(_ path: String) -> Mark? {
        guard var node = root else { return nil }
        var nameMark: Mark?
        for component in Self.components(path) {
            switch component {
            case .name(let name):
                guard let mapping = node.mapping,
                      let pair = mapping.first(where: { $0.key.string == name }) else { return nil }
                nameMark = pair.key.mark
                node = pair.value
            case .index(let index):
                guard let sequence = node.sequence, index >= 0, index < sequence.count else { return nil }
                node = sequence[index]
                nameMark = node.mark
            }
        }
        return nameMark
    }

    /// Whether the file writes `path`.
    func has(_ path: String) -> Bool { mark(of: path) != nil }

    /// The marks of the top-level entry named `name` (a Snygg rule's selector as written, or,
    /// for a selector the decoder cut, its first characters before `…`) and of its field
    /// `field`; nil where the file writes none.
    func entryMarks(_ name: String, field: String) -> (entry: Mark, field: Mark?)? {
        guard let mapping = root?.mapping else { return nil }
        let cut = name.hasSuffix("…") ? String(name.dropLast()) : nil
        guard let pair = mapping.first(where: { pair in
            guard let key = pair.key.string else { return false }
            return key == name || cut.map { key.hasPrefix($0) } == true
        }) else { return nil }
        guard let entry = pair.key.mark else { return nil }
        return (entry, pair.value.mapping?.first { $0.key.string == field }?.key.mark)
    }

    /// The position of `path` in this file (without line and column when it is not written).
    func position(_ path: String) -> SourcePosition {
        let mark = mark(of: path)
        return SourcePosition(file: display, field: path, line: mark?.line, column: mark?.column, isBuiltIn: name.isBuiltIn)
    }

    private enum Component { case name(String), index(Int) }

    private static func components(_ path: String) -> [Component] {
        var out: [Component] = []
        for part in path.split(separator: ".") {
            var rest = Substring(part)
            if let open = rest.firstIndex(of: "[") {
                if open > rest.startIndex { out.append(.name(String(rest[..<open]))) }
                rest = rest[open...]
                while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                    out.append(.index(Int(rest[rest.index(after: rest.startIndex)..<close]) ?? -1))
                    rest = rest[rest.index(after: close)...]
                }
            } else {
                out.append(.name(String(rest)))
            }
        }
        return out
    }
}

/// Which file and field of a theme chain (and of a layout's per-key `appearance`) sets each
/// resolved style value, following the cascade of docs/layouts-and-themes.md: `base.normal < base.S <
/// class.normal < class.S < appearance.normal < appearance.S`, and within a layer the theme
/// that extends before the theme it extends.
///
/// A finding is located in the file the user named (docs/lint.md "Where a finding points"): a
/// value that the named theme inherits through `extends` is reported at the named theme's
/// `extends:` line, with the file and line that define it as `SourcePosition.inherited`.
struct StyleSources {
    /// The theme files, the named one first, then each one it extends.
    let themes: [SourceFile]
    /// The layout file, for per-key `appearance` and rows; nil for an Android keyboard file.
    let layout: SourceFile?
    /// An Android keyboard file's name; nil for other layouts.
    let androidFile: LintRoot.FileName?

    /// Reads the chain the way `ThemeLoader` follows it; `ThemeLoader.load` has already
    /// checked every file, so this only reads them again. Files are named by `root`.
    init(theme reference: String, layout: String, root: LintRoot) {
        var files: [SourceFile] = []
        var next: (String, String?)? = (reference, nil)
        while let (name, folder) = next, files.count < Limits.maxThemeChain,
              let (path, display) = try? Reference.locate(name, kind: .theme, relativeTo: folder),
              let bytes = try? FileAccess.read(path, displayName: display) {
            let base = FilePath.folder(of: path)
            files.append(SourceFile(bytes: bytes, name: root.name(of: path)))
            next = (try? ThemeDecoder.decode(bytes, file: display, baseDirectory: base))?.extends.map { ($0, base) }
        }
        themes = files
        let located = try? Reference.locate(layout, kind: .layout)
        if let (path, display) = located, !LayoutFormat.isAndroidXML(path),
           let bytes = try? FileAccess.read(path, displayName: display) {
            self.layout = SourceFile(bytes: bytes, name: root.name(of: path))
        } else {
            self.layout = nil
        }
        androidFile = located.flatMap { LayoutFormat.isAndroidXML($0.path) ? root.name(of: $0.path) : nil }
    }

    /// The file the user named for the theme.
    var namedTheme: SourceFile? { themes.first }

    /// `position`, written in the theme `depth` steps down the `extends` chain, as the report
    /// locates it: in the named theme, at its `extends:` line when `depth` > 0.
    private func blamed(_ position: SourcePosition, depth: Int) -> SourcePosition {
        guard depth > 0, let named = namedTheme else { return position }
        var located = named.position("extends")
        located.field = position.field
        located.inherited = .init(file: position.file, isBuiltIn: position.isBuiltIn, line: position.line, column: position.column)
        return located
    }

    /// Where a style field of a key is set: its position and its rank (higher is more
    /// specific), or the place to set it in the named theme (no line) when the engine's
    /// default applies.
    ///
    /// - Parameters:
    ///   - field: `fill`, `image`, `text`, `textSize`, …
    ///   - block: `normal`, `pressed` or `callout` (a callout falls back to the normal style).
    func source(of field: String, keyClass: KeyClass, block: String, keyIndex: Int?) -> (position: SourcePosition, rank: Int) {
        for layer in layers(field, keyClass: keyClass, block: block, keyIndex: keyIndex) {
            for (depth, file) in layer.files.enumerated() where file.has(layer.path) {
                // A layout layer holds one file, at depth 0: never blamed elsewhere.
                return (blamed(file.position(layer.path), depth: depth), Self.specificity(layer.path) * 100 - depth)
            }
        }
        return (SourcePosition(file: namedTheme?.display ?? "", field: "keys.\(keyClass.rawValue).\(block).\(field)", isBuiltIn: namedTheme?.name.isBuiltIn ?? false), 0)
    }
    /// The cascade layer of a path, higher is more specific: callout blocks over appearance
    /// over class over base, a state over `normal`.
    private static func specificity(_ path: String) -> Int {
        let parts = path.split(separator: ".")
        let block = parts.count >= 2 ? parts[parts.count - 2] : ""
        let blockScore = block == "callout" ? 7 : block == "normal" ? 0 : 1
        let layerScore = path.hasPrefix("keys[") ? 4 : path.hasPrefix("keys.base.") ? 0 : 2
        return blockScore + layerScore
    }

    /// The places that may set `field`, most specific first. A callout's own block comes
    /// before the key's normal style, which it falls back to.
    private func layers(_ field: String, keyClass: KeyClass, block: String, keyIndex: Int?) -> [(files: [SourceFile], path: String)] {
        if block == "callout" {
            var out: [(files: [SourceFile], path: String)] = []
            if let layout, let keyIndex { out.append(([layout], "keys[\(keyIndex)].appearance.callout.\(field)")) }
            out.append((themes, "keys.\(keyClass.rawValue).callout.\(field)"))
            out.append((themes, "keys.base.callout.\(field)"))
            return out + layers(field, keyClass: keyClass, block: "normal", keyIndex: keyIndex)
        }
        var out: [(files: [SourceFile], path: String)] = []
        if let layout, let keyIndex {
            if block != "normal" { out.append(([layout], "keys[\(keyIndex)].appearance.\(block).\(field)")) }
            out.append(([layout], "keys[\(keyIndex)].appearance.normal.\(field)"))
        }
        if block != "normal" { out.append((themes, "keys.\(keyClass.rawValue).\(block).\(field)")) }
        out.append((themes, "keys.\(keyClass.rawValue).normal.\(field)"))
        if block != "normal" { out.append((themes, "keys.base.\(block).\(field)")) }
        out.append((themes, "keys.base.normal.\(field)"))
        return out
    }
}
