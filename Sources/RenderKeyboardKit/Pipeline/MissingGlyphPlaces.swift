import Foundation
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import Yams

/// Missing glyphs (`MissingGlyph`) as problems with a place, for every kind of layout alike:
/// `FILE:LINE:COL: keys[3].label "क": no font draws U+0915 DEVANAGARI LETTER KA`.
///
/// The place is where the text is written: a YAML or JSON layout's `keys[i]` field (its line
/// and column looked up in the file), an Android keyboard file's `<Key>` element, a HeliBoard
/// simple layout's line, an app layout's row and key; a key the app adds (HeliBoard's comma,
/// its symbol key with a locale's text) is named by its label.
package enum MissingGlyphPlaces {
    /// One problem for each of `glyphs` of `scene`, drawn from `layout`.
    package static func problems(_ glyphs: [MissingGlyph], scene: KeyboardScene, layout: LoadedLayout) -> [Diagnostic] {
        places(glyphs, scene: scene, layout: layout).map { place in
            let file = layout.file + (place.line.map { ":\($0):\(place.column ?? 1)" } ?? "")
            return Diagnostic(file: file, path: "\(place.path) \(Diagnostic.quote(place.glyph.text))", reason: reason(place.glyph))
        }
    }

    /// Where each of `glyphs` is written: the field path (`keys[3].label`, `rows[0][2]`,
    /// `Row[1].Key[4].label`) and, where the file gives them, line and column (from 1).
    package static func places(_ glyphs: [MissingGlyph], scene: KeyboardScene, layout: LoadedLayout) -> [Place] {
        let positions = YAMLPositions(layout: layout)
        return glyphs.map { glyph in
            var place = self.place(of: glyph, scene: scene, layout: layout, positions: positions)
            place.glyph = glyph
            return place
        }
    }

    /// `no font draws U+0915 DEVANAGARI LETTER KA, U+0916 …`.
    package static func reason(_ glyph: MissingGlyph) -> String {
        guard !glyph.scalars.isEmpty else {
            return "no font draws \(glyph.unknownGlyphs) of its characters (drawn as boxes)"
        }
        return "no font draws " + glyph.scalars.map(describe).joined(separator: ", ")
    }

    /// `U+0915 DEVANAGARI LETTER KA`: the code point and its Unicode name (the standard
    /// library's own character data, the same on every platform and with no network), or
    /// its kind for a character without a name (`U+E000 (private use)`).
    package static func describe(_ scalar: Unicode.Scalar) -> String {
        let code = "U+" + String(format: "%04X", scalar.value)
        if let name = scalar.properties.name ?? scalar.properties.nameAlias { return "\(code) \(name)" }
        switch scalar.properties.generalCategory {
        case .privateUse: return "\(code) (private use)"
        case .unassigned: return "\(code) (unassigned)"
        case .surrogate: return "\(code) (surrogate)"
        default: return code
        }
    }

    /// Where a missing glyph's text is written.
    package struct Place {
        /// The field path in the layout file.
        package var path: String
        /// Line and column from 1; nil where the file gives none.
        package var line: Int?, column: Int?
        /// The text and its missing characters.
        package var glyph = MissingGlyph(keyIndex: nil, field: .label, text: "", scalars: [], unknownGlyphs: 0)
    }

    private static func place(of glyph: MissingGlyph, scene: KeyboardScene, layout: LoadedLayout, positions: YAMLPositions?) -> Place {
        let field = glyph.field == .shiftLabel ? "shiftLabel" : "label"
        guard let index = glyph.keyIndex, scene.frames.keys.indices.contains(index) else {
            return Place(path: "toolbar.title", line: nil, column: nil)
        }
        let key = scene.frames.keys[index].key
        if let android = key.android, !android.path.isEmpty {
            return Place(path: "\(android.path).\(field)", line: android.line > 0 ? android.line : nil, column: android.column > 0 ? android.column : nil)
        }
        if let ime = key.ime {
            guard !ime.path.isEmpty else { return Place(path: "the \(ime.label) key the app adds", line: nil, column: nil) }
            let path = ime.path.components(separatedBy: " (line ").first ?? ime.path
            return Place(path: path, line: ime.line, column: ime.column)
        }
        let keyPath = "keys[\(scene.frames.keys[index].index)]"
        if let positions, let mark = positions.mark(keyPath + "." + field) {
            return Place(path: keyPath + "." + field, line: mark.line, column: mark.column)
        }
        let mark = positions?.mark(keyPath)
        return Place(path: keyPath, line: mark?.line, column: mark?.column)
    }
}

/// Lines and columns of a YAML or JSON layout's `keys[i]` fields, read only when a problem
/// needs them.
private struct YAMLPositions {
    let root: Node

    init?(layout: LoadedLayout) {
        guard case .weights = layout.source, FileManager.default.fileExists(atPath: layout.file),
              let bytes = try? FileAccess.read(layout.file, displayName: layout.file),
              let root = try? Yams.compose(yaml: String(decoding: bytes, as: UTF8.self)) else { return nil }
        self.root = root
    }

    /// `keys[3]` or `keys[3].label`.
    func mark(_ path: String) -> Mark? {
        let parts = path.components(separatedBy: ".")
        guard let head = parts.first, head.hasPrefix("keys["), let index = Int(head.dropFirst(5).dropLast()),
              let keys = root.mapping?["keys"]?.sequence, keys.indices.contains(index) else { return nil }
        let key = keys[index]
        guard parts.count == 2 else { return key.mark }
        guard let mapping = key.mapping else { return nil }
        return mapping.first { $0.key.string == parts[1] }?.key.mark
    }
}
