import CCairo
import Foundation
import KeyboardModel

/// Pango set up on the pinned fonts: one `FontChain` (fontconfig configuration, font map
/// and context) for each chain a label asks for, and laid-out labels cached. Sizes are in
/// pixels of the surface being drawn.
final class TextEngine {
    private var chains: [SceneFont: FontChain] = [:]
    private var cache: [LayoutKey: TextLayout] = [:]
    private static let cacheLimit = 2048

    private struct LayoutKey: Hashable {
        var text: String
        var font: SceneFont
        var sizeBits: UInt64
    }

    /// Whether a chain has loaded a per-script fallback face (`FontFallback`).
    var fallbackLoaded: Bool { chains.values.contains { !$0.fallbackRows.isEmpty } }

    /// Checks that the pinned default face is there; chains are made when first asked for.
    ///
    /// - Throws: `RenderError.fontMissing` naming the first pinned file that cannot be read.
    init() throws {
        for file in PinnedFonts.files where !FileManager.default.isReadableFile(atPath: file.path) {
            throw RenderError.fontMissing(path: file.path, package: file.package)
        }
    }

    deinit { cache.removeAll() }

    /// The label `text` set at `sizePx` pixels (absolute size), cached. Each character comes
    /// from the first font of `font`'s chain that has it (`FontChain`): the theme's face,
    /// its fallback fonts, the default face, then the per-script fallbacks; no other font,
    /// whatever was drawn before.
    func layout(_ text: String, font: SceneFont, sizePx: Double) throws -> TextLayout {
        let key = LayoutKey(text: text, font: font, sizeBits: sizePx.bitPattern)
        if let cached = cache[key] { return cached }
        let chain = try self.chain(for: font)
        if try chain.loadFallback(for: text) { cache.removeAll() }
        let layout = try TextLayout(text, chain: chain, weight: font.weight, sizePx: sizePx)
        if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache[key] = layout
        return layout
    }

    /// The chain `font` is drawn from (its weight aside), made the first time it is asked for.
    ///
    /// - Throws: as `FontChain.init`.
    func chain(for font: SceneFont) throws -> FontChain {
        var key = font
        key.weight = .regular
        if !key.files.isEmpty { key.family = "" }
        if let chain = chains[key] { return chain }
        let chain = try FontChain(key)
        chains[key] = chain
        return chain
    }

    /// The per-script fallback files (`FontFallback`) that draw `text` in `font`, in the
    /// order its runs use them: the faces Pango sets the label's runs in.
    func fallbackFiles(drawing text: String, font: SceneFont) throws -> [String] {
        var files: [String] = []
        for run in try layout(text, font: font, sizePx: 16).glyphRuns() {
            guard let file = run.face?.file, file.hasPrefix(FontFallback.folder), !files.contains(file) else { continue }
            files.append(file)
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

    /// The visible characters of the label that no font of its chain has, in text order, each
    /// once: empty when Pango drew every glyph.
    let missing: [Unicode.Scalar]
    /// Glyphs Pango drew as hex boxes (a character no font of the chain has).
    let unknownGlyphs: Int

    fileprivate init(_ text: String, chain: FontChain, weight: FontWeight, sizePx: Double) throws {
        guard sizePx.isFinite, sizePx > 0, sizePx <= 65_536 else {
            throw RenderError.invalidValue(field: "text size", value: sizePx, reason: "px is not a drawable text size")
        }
        let (layout, logical) = try Self.centredLayout(text, chain: chain, weight: weight, sizePx: sizePx)
        pointer = layout
        logicalSize = (logical.width, logical.height)
        logicalOrigin = (logical.x, logical.y)
        unknownGlyphs = Int(pango_layout_get_unknown_glyphs_count(layout))
        missing = unknownGlyphs == 0 ? [] : Self.uncovered(text, by: chain.fonts)
    }

    /// A new Pango layout of `text` in `chain`'s context and families at `sizePx` pixels, each
    /// line centred, with `configure` applied before the text is set (a wrapping width), and
    /// its logical box in pixels. The caller owns the layout.
    ///
    /// - Throws: `RenderError.fontSetup` when Pango cannot make the layout.
    static func centredLayout(_ text: String, chain: FontChain, weight: FontWeight, sizePx: Double, configure: (OpaquePointer) -> Void = { _ in })
        throws -> (layout: OpaquePointer, logical: (x: Double, y: Double, width: Double, height: Double)) {
        guard let layout = pango_layout_new(chain.context) else {
            throw RenderError.fontSetup("Pango could not create a layout")
        }
        guard let description = pango_font_description_new() else {
            rk_g_object_unref(UnsafeMutableRawPointer(layout))
            throw RenderError.fontSetup("Pango could not create a font description")
        }
        pango_font_description_set_family(description, chain.families)
        pango_font_description_set_weight(description, TextEngine.pangoWeight(weight))
        pango_font_description_set_absolute_size(description, sizePx * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        configure(layout)
        pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        text.withCString { pango_layout_set_text(layout, $0, -1) }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let unit = Double(PANGO_SCALE)
        return (layout, (Double(logical.x) / unit, Double(logical.y) / unit, Double(logical.width) / unit, Double(logical.height) / unit))
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
