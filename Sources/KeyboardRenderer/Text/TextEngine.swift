import CCairo
import KeyboardModel

/// Pango set up on the pinned fonts: owns the font map and one Pango context, and caches
/// laid-out labels. Sizes are in pixels of the surface being drawn.
final class TextEngine {
    private let fonts: FontConfiguration
    private let fontMap: OpaquePointer
    /// The Pango context every layout is made in (labels here, captions in `CaptionParagraph`).
    let context: OpaquePointer
    private var cache: [LayoutKey: TextLayout] = [:]
    /// The family each theme font file holds, once added to `fonts`.
    private var fileFamilies: [String: String] = [:]
    /// Pinned families loaded on first use (`PinnedFonts.families`) that are loaded.
    private var loadedFamilies = Set<String>()
    /// Whether the per-script fallback faces (`FontFallback`) are loaded.
    private(set) var fallbackLoaded = false
    private static let cacheLimit = 2048

    private struct LayoutKey: Hashable {
        var text: String
        var family: String
        var weight: FontWeight
        var sizeBits: UInt64
    }

    init() throws {
        fonts = try FontConfiguration()
        guard let map = pango_cairo_font_map_new() else { throw RenderError.fontSetup("Pango could not create a font map") }
        fontMap = map
        guard rk_font_map_set_config(map, fonts.pointer) != 0 else {
            rk_g_object_unref(UnsafeMutableRawPointer(map))
            throw RenderError.fontSetup("Pango's font map does not use fontconfig")
        }
        guard let pangoContext = pango_font_map_create_context(map) else {
            rk_g_object_unref(UnsafeMutableRawPointer(map))
            throw RenderError.fontSetup("Pango could not create a context")
        }
        context = pangoContext
        // Explicit cairo font options: grey antialiasing, no hinting, unhinted metrics.
        guard let options = cairo_font_options_create() else {
            rk_g_object_unref(UnsafeMutableRawPointer(context))
            rk_g_object_unref(UnsafeMutableRawPointer(map))
            throw RenderError.fontSetup("cairo could not create font options")
        }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        pango_cairo_context_set_font_options(pangoContext, options)
        cairo_font_options_destroy(options)
        // Independent of the machine's locale.
        pango_context_set_language(pangoContext, pango_language_from_string("en-us"))
        pango_context_set_base_dir(pangoContext, PANGO_DIRECTION_LTR)
        pango_context_set_round_glyph_positions(pangoContext, 0)
    }

    deinit {
        cache.removeAll()
        rk_g_object_unref(UnsafeMutableRawPointer(context))
        rk_g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// The label `text` set at `sizePx` pixels (absolute size), cached. Each character comes
    /// from the first font of the chain that has it: the theme's face, its fallback fonts,
    /// the default face, then the per-script fallbacks (loaded the first time a label needs
    /// one).
    func layout(_ text: String, font requested: SceneFont, sizePx: Double) throws -> TextLayout {
        var font = requested
        if !requested.files.isEmpty {
            font.family = try family(of: requested.files)
            font.files = []
        } else if let files = PinnedFonts.families[font.family], loadedFamilies.insert(font.family).inserted {
            try fonts.addPinned(files)
            configurationChanged()
        }
        let chain = try familyChain(font)
        let key = LayoutKey(text: text, family: chain, weight: font.weight, sizeBits: sizePx.bitPattern)
        if let cached = cache[key] { return cached }
        try loadFallbackIfNeeded(for: text)
        var drawn = font
        drawn.family = chain
        let layout = try TextLayout(context: context, text: text, font: drawn, sizePx: sizePx, fonts: fonts)
        if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache[key] = layout
        return layout
    }

    /// The family the first of `files` holds, adding every file not yet added to the private
    /// font configuration (and dropping laid-out labels, whose fonts may change).
    private func family(of files: [String]) throws -> String {
        var added = false
        for file in files where fileFamilies[file] == nil {
            fileFamilies[file] = try fonts.add(file)
            added = true
        }
        if added { configurationChanged() }
        return fileFamilies[files[0]] ?? PinnedFonts.fallbackFamilies[0]
    }

    /// Tells Pango that fonts were added, and drops laid-out labels, whose fonts may change.
    private func configurationChanged() {
        rk_font_map_config_changed(fontMap)
        cache.removeAll()
    }

    /// The Pango family list of `font`: its face, then the theme's fallback fonts in order
    /// (their files added to the private configuration); fontconfig appends the default face
    /// and the per-script fallbacks.
    private func familyChain(_ font: SceneFont) throws -> String {
        guard !font.fallbacks.isEmpty else { return font.family }
        var families = [font.family.isEmpty ? PinnedFonts.fallbackFamilies[0] : font.family]
        for fallback in font.fallbacks {
            switch fallback {
            case .family(let name):
                if let files = PinnedFonts.families[name], loadedFamilies.insert(name).inserted {
                    try fonts.addPinned(files)
                    configurationChanged()
                } else if !fallbackLoaded, FontFallback.families.contains(name) {
                    try loadFallback()
                }
                families.append(name)
            case .file(let path):
                families.append(try family(of: [path]))
            }
        }
        return families.joined(separator: ",")
    }

    /// Loads the per-script fallback faces when `text` has a visible character no loaded
    /// face has. ASCII never asks: the default face has all of it.
    private func loadFallbackIfNeeded(for text: String) throws {
        guard !fallbackLoaded else { return }
        for scalar in text.unicodeScalars where scalar.value >= 0x80 && !FontFallback.isInvisible(scalar) && !fonts.covers(scalar) {
            return try loadFallback()
        }
    }

    /// Loads the per-script fallback faces (once).
    private func loadFallback() throws {
        fallbackLoaded = true
        try fonts.addPinned(FontFallback.files)
        configurationChanged()
    }

    /// The font files that draw `text` in `font`, beyond the face's own and the default
    /// face: for each character, the first per-script face among the theme's fallback
    /// families that has it, else — when neither the face nor the default face has it — the
    /// first loaded per-script fallback that has it (its bold file for a bold or semibold
    /// label when there is one).
    func fallbackFiles(drawing text: String, font: SceneFont) throws -> [String] {
        _ = try layout(text, font: font, sizePx: 16)
        guard fallbackLoaded else { return [] }
        let bold = font.weight == .bold || font.weight == .semibold
        var files: [String] = []
        for scalar in text.unicodeScalars where scalar.value >= 0x80 && !FontFallback.isInvisible(scalar) {
            let named = font.fallbacks.compactMap { fallback -> String? in
                guard case .family(let name) = fallback else { return nil }
                return fonts.firstFile(covering: scalar, family: name)
            }.first
            guard named != nil || !fonts.coversOutsideFallback(scalar),
                  let regular = named ?? fonts.firstFile(covering: scalar, where: { $0.hasPrefix(FontFallback.folder) }) else { continue }
            let boldFile = regular.replacingRegularWithBold()
            let file = bold && fonts.firstFile(covering: scalar, where: { $0 == boldFile }) != nil ? boldFile : regular
            if !files.contains(file) { files.append(file) }
        }
        return files
    }

    /// The logical box, in points, of `label` set at `textSize` points on a canvas of `scale`
    /// pixels per point: measured at the pixel size the label is drawn at, so the layout made
    /// to measure is the very one drawing takes from the cache, and the box is exactly the
    /// drawn one, divided by `scale`.
    ///
    /// - Throws: `RenderError` for a size that cannot be set (not finite, ≤ 0, huge).
    func labelBox(_ label: String, font: SceneFont, textSize: Double, scale: Double) throws -> (width: Double, height: Double) {
        let scale = scale.isFinite && scale > 0 ? scale : 1
        let box = try layout(label, font: font, sizePx: textSize * scale).logicalSize
        return (box.width / scale, box.height / scale)
    }

    static func pangoWeight(_ weight: FontWeight) -> PangoWeight {
        switch weight {
        case .light: return PANGO_WEIGHT_LIGHT
        case .regular: return PANGO_WEIGHT_NORMAL
        case .medium: return PANGO_WEIGHT_MEDIUM
        case .semibold: return PANGO_WEIGHT_SEMIBOLD
        case .bold: return PANGO_WEIGHT_BOLD
        }
    }
}

/// Owns one `PangoLayout` holding one label; sizes in pixels.
final class TextLayout {
    let pointer: OpaquePointer
    /// Width and height of the logical box (advance × line height), pixels.
    let logicalSize: (width: Double, height: Double)
    /// Offset of the logical box from the layout origin, pixels.
    private let logicalOrigin: (x: Double, y: Double)

    /// The visible characters of the label that no loaded font has, in text order, each
    /// once: empty when Pango drew every glyph.
    let missing: [Unicode.Scalar]
    /// Glyphs Pango drew as hex boxes (a character no font of the chain has).
    let unknownGlyphs: Int

    fileprivate init(context: OpaquePointer, text: String, font: SceneFont, sizePx: Double, fonts: FontConfiguration) throws {
        guard sizePx.isFinite, sizePx > 0, sizePx <= 65_536 else {
            throw RenderError.invalidValue(field: "text size", value: sizePx, reason: "px is not a drawable text size")
        }
        guard let layout = pango_layout_new(context) else {
            throw RenderError.fontSetup("Pango could not create a layout")
        }
        pointer = layout
        guard let description = pango_font_description_new() else {
            rk_g_object_unref(UnsafeMutableRawPointer(layout))
            throw RenderError.fontSetup("Pango could not create a font description")
        }
        pango_font_description_set_family(description, font.family.isEmpty ? PinnedFonts.fallbackFamilies[0] : font.family)
        pango_font_description_set_weight(description, TextEngine.pangoWeight(font.weight))
        pango_font_description_set_absolute_size(description, sizePx * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        text.withCString { pango_layout_set_text(layout, $0, -1) }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let unit = Double(PANGO_SCALE)
        logicalSize = (Double(logical.width) / unit, Double(logical.height) / unit)
        logicalOrigin = (Double(logical.x) / unit, Double(logical.y) / unit)
        unknownGlyphs = Int(pango_layout_get_unknown_glyphs_count(layout))
        missing = unknownGlyphs == 0 ? [] : Self.uncovered(text, by: fonts)
    }

    /// The visible characters of `text` no face of `fonts` has, each once.
    private static func uncovered(_ text: String, by fonts: FontConfiguration) -> [Unicode.Scalar] {
        var found: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where !FontFallback.isInvisible(scalar) && !fonts.covers(scalar) && !found.contains(scalar) {
            found.append(scalar)
        }
        return found
    }

    deinit { rk_g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// Where the layout's origin goes for its logical box to be centred on (`cx`, `cy`), user
    /// units: the point both painters set the label from.
    func origin(centeredAt cx: Double, _ cy: Double) -> (x: Double, y: Double) {
        (cx - logicalSize.width / 2 - logicalOrigin.x, cy - logicalSize.height / 2 - logicalOrigin.y)
    }

    /// Draws the label with its logical box centred on (`cx`, `cy`) in user units, in the
    /// context's current source colour.
    func draw(in context: CairoContext, centeredAt cx: Double, _ cy: Double) {
        context.save()
        let origin = origin(centeredAt: cx, cy)
        context.move(origin.x, origin.y)
        pango_cairo_show_layout(context.pointer, pointer)
        context.restore()
    }
}
