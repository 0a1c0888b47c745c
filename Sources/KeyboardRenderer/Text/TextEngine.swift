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

    /// The label `text` set at `sizePx` pixels (absolute size), cached.
    func layout(_ text: String, font requested: SceneFont, sizePx: Double) throws -> TextLayout {
        var font = requested
        if !requested.files.isEmpty {
            font.family = try family(of: requested.files)
            font.files = []
        } else if let files = PinnedFonts.families[font.family], loadedFamilies.insert(font.family).inserted {
            try fonts.addPinned(files)
            rk_font_map_config_changed(fontMap)
            cache.removeAll()
        }
        let key = LayoutKey(text: text, family: font.family, weight: font.weight, sizeBits: sizePx.bitPattern)
        if let cached = cache[key] { return cached }
        let layout = try TextLayout(context: context, text: text, font: font, sizePx: sizePx)
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
        if added {
            rk_font_map_config_changed(fontMap)
            cache.removeAll()
        }
        return fileFamilies[files[0]] ?? PinnedFonts.fallbackFamilies[0]
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

    fileprivate init(context: OpaquePointer, text: String, font: SceneFont, sizePx: Double) throws {
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
    }

    deinit { rk_g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// Characters none of the pinned fonts has a glyph for (drawn as hex boxes).
    var unknownGlyphCount: Int { Int(pango_layout_get_unknown_glyphs_count(pointer)) }

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
