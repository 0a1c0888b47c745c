import RenderKeyboardKit
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer

/// `missing-glyph` (error): a label, shift label, callout or toolbar title with a character
/// that no font of the chain draws (the theme's fonts, the default face, the pinned
/// per-script fallbacks), which would be drawn as a box; `render` refuses to draw it.
struct MissingGlyphRule: LintCheck {
    var defaultSeverity: LintSeverity { .error }
    var summary: String { "Every character of every label has a glyph in the pinned fonts." }
    var reference: (name: String, url: String) {
        ("1.3.1 Info and Relationships", "https://www.w3.org/WAI/WCAG22/Understanding/info-and-relationships.html")
    }
    /// A glyph is drawn or not: any change of the count is a change.
    var step: Double { 0 }

    func findings(on keyboard: LintKeyboard) throws -> [LintFinding] {
        var scenes = [keyboard.normal]
        if let pressed = keyboard.pressed { scenes.append(pressed) }
        var out: [LintFinding] = []
        var seen = Set<String>()
        for scene in scenes {
            let glyphs = try keyboard.renderer.missingGlyphs(in: scene)
            for place in MissingGlyphPlaces.places(glyphs, scene: scene, layout: keyboard.loaded) where seen.insert(place.path).inserted {
                let file = keyboard.sources.androidFile ?? keyboard.sources.layout?.name
                let source = SourcePosition(file: file?.name ?? keyboard.loaded.file, field: place.path, line: place.line, column: place.column, isBuiltIn: file?.isBuiltIn ?? false)
                let reason = MissingGlyphPlaces.reason(place.glyph)
                let keys = place.glyph.keyIndex.map { [LintKeyboard.name(of: scene.keys[$0])] } ?? []
                out.append(keyboard.finding(.missingGlyph, .error, source: source, state: nil, keys: keys, keyClass: nil,
                                            measured: 0, needed: Double(max(place.glyph.scalars.count, place.glyph.unknownGlyphs)),
                                            details: "\(Diagnostic.quote(place.glyph.text)): \(reason)"))
            }
        }
        return out
    }
}
