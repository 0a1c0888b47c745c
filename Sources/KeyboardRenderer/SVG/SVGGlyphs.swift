import CCairo
import KeyboardModel
import MarkupText

/// One face a label's glyphs come from: the font file and the face's index in it (a `.ttc`
/// holds several), and the family fontconfig names it by.
struct SVGFace: Hashable, Comparable {
    var file: String
    var index: Int
    var family: String

    static func < (a: SVGFace, b: SVGFace) -> Bool {
        (a.family, a.file, a.index) < (b.family, b.file, b.index)
    }
}

/// A run of a laid-out label: glyphs of one face on one line, as Pango's cairo renderer draws
/// them. Positions are pixels from the layout's origin (`TextLayout.origin(centeredAt:_:)`).
struct SVGGlyphRun {
    /// One glyph: its id in the face, and its origin on the baseline.
    struct Glyph {
        var id: UInt32
        var x: Double
        var y: Double
    }

    /// The face, or nil when Pango's font is not a fontconfig font.
    var face: SVGFace?
    /// The cairo font the PNG draws the glyphs with (owned by the layout's font).
    var scaledFont: OpaquePointer?
    var glyphs: [Glyph]
    /// The line of the label (0 for the first).
    var line: Int
    /// The run's logical box: left edge and width, pixels from the layout's origin.
    var left: Double
    var width: Double
    /// The line's baseline, pixels below the layout's origin.
    var baseline: Double
    /// The run's characters, and where they start in the label's UTF-8 (the runs of a
    /// right-to-left line are in visual order; this puts them back in reading order).
    var text: String
    var offset: Int
    /// Whether a character of the run has no glyph in any pinned font (drawn as a hex box).
    var hasUnknownGlyph: Bool
}

extension TextLayout {
    /// The label's glyph runs, in Pango's order: what `pango_cairo_show_layout` draws, glyph
    /// by glyph (empty glyphs left out).
    func glyphRuns() -> [SVGGlyphRun] {
        guard let iterator = pango_layout_get_iter(pointer) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        let utf8 = Array(String(cString: pango_layout_get_text(pointer)).utf8)
        var runs: [SVGGlyphRun] = []
        var line = 0
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator) else {
                line += 1  // a line's end
                continue
            }
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iterator, nil, &logical)
            let baseline = Double(pango_layout_iter_get_baseline(iterator)) / Double(PANGO_SCALE)
            runs.append(Self.run(run.pointee, line: line, left: logical.x, width: logical.width, baseline: baseline, text: utf8))
        } while pango_layout_iter_next_run(iterator) != 0
        return runs
    }

    /// One run's glyphs at the positions Pango's renderer gives them: each glyph at the run's
    /// left edge plus the advances before it and its own offset, on the baseline.
    private static func run(_ run: PangoGlyphItem, line: Int, left: Int32, width: Int32, baseline: Double, text: [UInt8]) -> SVGGlyphRun {
        let unit = Double(PANGO_SCALE)
        let item = run.item.pointee
        let font = item.analysis.font
        var glyphs: [SVGGlyphRun.Glyph] = []
        var unknown = false
        var advance: Int32 = 0
        let string = run.glyphs.pointee
        for n in 0..<Int(max(0, string.num_glyphs)) {
            let info = string.glyphs[n]
            defer { advance += info.geometry.width }
            if info.glyph == RK_PANGO_GLYPH_EMPTY { continue }
            if info.glyph & RK_PANGO_GLYPH_UNKNOWN_FLAG != 0 {
                // U+0020 with no glyph draws nothing; any other draws a hex box.
                if info.glyph != (0x20 | RK_PANGO_GLYPH_UNKNOWN_FLAG) { unknown = true }
                continue
            }
            let x = Double(left + advance + info.geometry.x_offset) / unit
            let y = baseline + Double(info.geometry.y_offset) / unit
            glyphs.append(SVGGlyphRun.Glyph(id: info.glyph, x: x, y: y))
        }
        let start = max(0, min(Int(item.offset), text.count)), end = max(start, min(start + Int(item.length), text.count))
        return SVGGlyphRun(
            face: face(of: font), scaledFont: rk_font_scaled_font(font), glyphs: glyphs, line: line,
            left: Double(left) / unit, width: Double(width) / unit, baseline: baseline,
            text: String(decoding: text[start..<end], as: UTF8.self), offset: start, hasUnknownGlyph: unknown
        )
    }

    /// The file, face index and family of a run's font, from its fontconfig pattern.
    private static func face(of font: OpaquePointer?) -> SVGFace? {
        guard let font, let pattern = rk_font_pattern(font) else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?, family: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        let name = FcPatternGetString(pattern, FC_FAMILY, 0, &family) == FcResultMatch && family != nil ? String(cString: family!) : ""
        return SVGFace(file: String(cString: file), index: Int(index), family: name)
    }
}

/// Glyph outlines, from the very fonts the PNG is drawn with.
enum SVGGlyphOutlines {
    /// Appends the outline of every glyph of `runs` as path data, each glyph at its position
    /// from (`x`, `y`) rounded to whole pixels as cairo places glyphs in a PNG.
    static func append(_ runs: [SVGGlyphRun], x: Double, y: Double, to markup: inout SVGMarkup, scratch: CairoContext) {
        for run in runs {
            guard let font = run.scaledFont else { continue }
            cairo_set_scaled_font(scratch.pointer, font)
            for glyph in run.glyphs {
                cairo_new_path(scratch.pointer)
                var cairoGlyph = cairo_glyph_t(index: UInt(glyph.id), x: 0, y: 0)
                cairo_glyph_path(scratch.pointer, &cairoGlyph, 1)
                guard let path = cairo_copy_path(scratch.pointer) else { continue }
                markup.append(path.pointee, dx: pixel(x + glyph.x), dy: pixel(y + glyph.y))
                cairo_path_destroy(path)
            }
        }
        cairo_new_path(scratch.pointer)
    }

    /// Appends the whole layout's outline set from (`x`, `y`) unrounded, as Pango traces it:
    /// for a label with a hex box, which only Pango draws.
    static func append(layout: TextLayout, x: Double, y: Double, to markup: inout SVGMarkup, scratch: CairoContext) {
        cairo_new_path(scratch.pointer)
        cairo_move_to(scratch.pointer, x, y)
        pango_cairo_layout_path(scratch.pointer, layout.pointer)
        if let path = cairo_copy_path(scratch.pointer) {
            markup.append(path.pointee, dx: 0, dy: 0)
            cairo_path_destroy(path)
        }
        cairo_new_path(scratch.pointer)
    }

    /// A glyph position as cairo's image surface places it: the nearest whole pixel, halves
    /// up.
    static func pixel(_ value: Double) -> Double {
        (value + 0.5).rounded(.down)
    }
}
