import CCairo
import KeyboardModel

/// The fonts a label may be drawn from, and no others: a fontconfig configuration and a Pango
/// font map of its own holding the theme's fonts (its face, then its fallback fonts, in
/// order), the default face (DejaVu Sans, then WenQuanYi Micro Hei once a label has a
/// character the faces before it lack), and the per-script families of `FontFallback.table`
/// its labels have needed so far.
///
/// Fontconfig falls back across every face of a configuration, so each chain has its own: a
/// face loaded for another chain (another theme's font file, Inter for the `ios` themes)
/// never draws here. What a label draws, and which of its characters are missing, depends on
/// its chain and text alone, never on what the process drew before.
final class FontChain {
    /// The faces: the chain's, in loading order.
    let fonts: FontConfiguration
    /// The Pango context labels of the chain are laid out in (sizes in pixels).
    let context: OpaquePointer
    private let fontMap: OpaquePointer
    /// Pango's family list: the face, then the theme's fallback fonts; fontconfig appends the
    /// default face and the per-script families (`PinnedFonts.configurationXML`).
    let families: String
    /// How many faces come before those loaded for characters: the theme's fonts and DejaVu
    /// Sans.
    private let headCount: Int
    /// How many faces come before the per-script ones, once WenQuanYi Micro Hei is loaded.
    private var defaultFaceCount: Int?
    /// Rows of `FontFallback.table` loaded, named by the theme or needed by a character.
    private(set) var fallbackRows = Set<Int>()

    /// The chain of `font` (its weight aside): the theme's face (`files`, else `family`),
    /// then its `fallbacks`.
    ///
    /// - Throws: `RenderError.fontMissing` for a pinned file that is missing,
    ///   `.fontFile` for a theme font file that holds no face, `.fontSetup` when fontconfig
    ///   or Pango fail.
    init(_ font: SceneFont) throws {
        let fonts = try FontConfiguration()
        self.fonts = fonts
        var names: [String] = [], loaded = Set<String>(), rows = Set<Int>(), cjk = false
        let face: [SceneFontFallback] = font.files.isEmpty ? [.family(font.family.isEmpty ? PinnedFonts.fallbackFamilies[0] : font.family)] : font.files.map { .file($0) }
        for (index, member) in (face + font.fallbacks).enumerated() {
            switch member {
            case .family(let name):
                names.append(name)
                guard loaded.insert(name).inserted else { continue }
                if let files = PinnedFonts.families[name] {
                    try fonts.addPinned(files)
                } else if name == PinnedFonts.cjkFamily {
                    try fonts.addPinned(PinnedFonts.cjkFiles)
                    cjk = true
                } else if let row = FontFallback.families.firstIndex(of: name) {
                    rows.insert(row)
                    try fonts.addPinned(FontFallback.files(ofRow: row))
                }
            case .file(let path):
                // A face's later files (its bold) are of its family: only the first names it.
                let family = try fonts.add(path)
                if index == 0 || index >= face.count { names.append(family) }
            }
        }
        fallbackRows = rows
        families = names.joined(separator: ",")
        headCount = fonts.fontCount
        defaultFaceCount = cjk ? headCount : nil
        (fontMap, context) = try Self.pangoContext(on: fonts)
    }

    deinit {
        rk_g_object_unref(UnsafeMutableRawPointer(context))
        rk_g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// Loads, for each visible character of `text` that no face of the theme's fonts or DejaVu
    /// Sans has, WenQuanYi Micro Hei (the rest of the default face) and, when that lacks it
    /// too, the first family of `FontFallback.table` that has it (ASCII never asks: DejaVu
    /// Sans has all of it). Fontconfig tries the default face and then the per-script families
    /// in table order, so each character comes from the family it would come from were every
    /// one loaded.
    ///
    /// - Returns: whether a face was loaded.
    /// - Throws: `RenderError.fontMissing` for a fallback file that is missing.
    func loadFallback(for text: String) throws -> Bool {
        var loaded = false
        for scalar in text.unicodeScalars where scalar.value >= 0x80 && !FontFallback.isInvisible(scalar) && !fonts.covers(scalar, inFirst: headCount) {
            let defaultFaces: Int
            if let count = defaultFaceCount {
                defaultFaces = count
            } else {
                try fonts.addPinned(PinnedFonts.cjkFiles)
                defaultFaces = fonts.fontCount
                defaultFaceCount = defaultFaces
                loaded = true
            }
            guard !fonts.covers(scalar, inFirst: defaultFaces) else { continue }
            guard let row = try FontFallback.firstRow(covering: scalar), fallbackRows.insert(row).inserted else { continue }
            try fonts.addPinned(FontFallback.files(ofRow: row))
            loaded = true
        }
        if loaded { rk_font_map_config_changed(fontMap) }
        return loaded
    }

    /// A Pango font map on `fonts` and a context in it: grey antialiasing, no hinting,
    /// unhinted metrics, the language and direction fixed (independent of the machine).
    private static func pangoContext(on fonts: FontConfiguration) throws -> (map: OpaquePointer, context: OpaquePointer) {
        guard let map = pango_cairo_font_map_new() else { throw RenderError.fontSetup("Pango could not create a font map") }
        guard rk_font_map_set_config(map, fonts.pointer) != 0 else {
            rk_g_object_unref(UnsafeMutableRawPointer(map))
            throw RenderError.fontSetup("Pango's font map does not use fontconfig")
        }
        guard let context = pango_font_map_create_context(map) else {
            rk_g_object_unref(UnsafeMutableRawPointer(map))
            throw RenderError.fontSetup("Pango could not create a context")
        }
        guard let options = cairo_font_options_create() else {
            rk_g_object_unref(UnsafeMutableRawPointer(context))
            rk_g_object_unref(UnsafeMutableRawPointer(map))
            throw RenderError.fontSetup("cairo could not create font options")
        }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_language(context, pango_language_from_string("en-us"))
        pango_context_set_base_dir(context, PANGO_DIRECTION_LTR)
        pango_context_set_round_glyph_positions(context, 0)
        return (map, context)
    }
}
