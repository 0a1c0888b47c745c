import CCairo
import KeyboardModel

/// How a caption sets: its lines, its size, and the characters no font draws.
public struct CaptionMeasure: Sendable, Hashable {
    /// Lines after wrapping (newlines in the text included).
    public var lines: Int
    /// Width of the widest line, pixels.
    public var width: Double
    /// Height of all lines, pixels.
    public var height: Double
    /// Characters drawn as boxes for want of a glyph; 0 when every character has one.
    public var unknownGlyphs: Int
    /// The characters that none of the fonts draws on their own (each once, in text order),
    /// naming what `unknownGlyphs` counts; empty when every character has a glyph.
    public var missing: [Unicode.Scalar]
}

/// One caption set with Pango in its font's chain (`FontChain`: a theme-style font file or
/// family, the default face, the per-script fallbacks), wrapped to a
/// width at word boundaries (between characters where a word is wider than the line), each
/// line centred, in the direction of its script. Sizes in pixels.
final class CaptionParagraph {
    private let pointer: OpaquePointer
    /// Lines after wrapping.
    let lineCount: Int
    /// The logical box (widest line × all lines), pixels.
    let logicalSize: (width: Double, height: Double)
    private let logicalY: Double

    /// Sets `text` in `font` at `sizePx` pixels, wrapped to `width` pixels.
    ///
    /// - Throws: `RenderError` for a size or width that cannot be set, or a font file that
    ///   does not load.
    init(_ text: String, font: SceneFont, sizePx: Double, width: Double, engine: TextEngine) throws {
        guard width.isFinite, width >= 1, width <= Double(Limits.maxImageSide) else {
            throw RenderError.invalidValue(field: "caption width", value: width, reason: "px is not a width a caption can wrap to")
        }
        // Loads the per-script faces the text needs into the font's chain, and refuses a
        // size that cannot be drawn.
        _ = try engine.layout(text.isEmpty ? " " : text, font: font, sizePx: sizePx)
        let chain = try engine.chain(for: font)
        let (layout, logical) = try TextLayout.centredLayout(text, chain: chain, weight: font.weight, sizePx: sizePx) { layout in
            pango_layout_set_width(layout, Int32((width * Double(PANGO_SCALE)).rounded(.down)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        pointer = layout
        logicalSize = (logical.width, logical.height)
        logicalY = logical.y
        lineCount = Int(pango_layout_get_line_count(layout))
    }

    deinit { rk_g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// Characters drawn as boxes for want of a glyph.
    var unknownGlyphCount: Int { Int(pango_layout_get_unknown_glyphs_count(pointer)) }

    /// Draws the lines with the top of the first at `y`, each centred in the wrapping width
    /// that starts at `x`, in the context's current source colour.
    func draw(in context: CairoContext, x: Double, y: Double) {
        context.save()
        context.move(x, y - logicalY)
        pango_cairo_show_layout(context.pointer, pointer)
        context.restore()
    }
}

extension Renderer {
    /// How `text` sets as a caption in `font` at `size` pixels, wrapped to `width` pixels
    /// (`CaptionParagraph`): what a canvas's layout needs before anything is painted.
    ///
    /// - Throws: `RenderError` for a size or width that cannot be set, or a font that does
    ///   not load.
    public func measureCaption(_ text: String, font: SceneFont, size: Double, width: Double) throws -> CaptionMeasure {
        let paragraph = try CaptionParagraph(text, font: font, sizePx: size, width: width, engine: self.text)
        var missing: [Unicode.Scalar] = []
        if paragraph.unknownGlyphCount > 0 {
            var seen = Set<Unicode.Scalar>()
            for scalar in text.unicodeScalars where !scalar.properties.isWhitespace && seen.insert(scalar).inserted {
                if try self.text.layout(String(scalar), font: font, sizePx: size).unknownGlyphs > 0 { missing.append(scalar) }
            }
        }
        return CaptionMeasure(lines: paragraph.lineCount, width: paragraph.logicalSize.width, height: paragraph.logicalSize.height,
                              unknownGlyphs: paragraph.unknownGlyphCount, missing: missing)
    }
}

/// The faces of font files as drawing loads them, for a caption font named by its file.
public enum FontFileFace {
    /// The family and weight of the first face in the font file at `path`, loaded through
    /// fontconfig into a configuration of its own, which is then dropped; nil when the file
    /// holds no face that loads. Characters the file lacks fall back to the pinned fonts at
    /// this weight.
    public static func familyAndWeight(ofFontAt path: String) -> (family: String, weight: FontWeight)? {
        guard let configuration = try? FontConfiguration(pinned: false), let family = try? configuration.add(path),
              let set = FcConfigGetFonts(configuration.pointer, FcSetApplication), set.pointee.nfont > 0, let pattern = set.pointee.fonts[0] else { return nil }
        var weight: Int32 = 80
        _ = FcPatternGetInteger(pattern, "weight", 0, &weight)
        switch weight {
        case ..<65: return (family, .light)
        case ..<90: return (family, .regular)
        case ..<140: return (family, .medium)
        case ..<190: return (family, .semibold)
        default: return (family, .bold)
        }
    }
}
