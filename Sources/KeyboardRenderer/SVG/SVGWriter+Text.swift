import Foundation
import KeyboardModel

/// Labels and titles: set by the renderer's text engine exactly as for the PNG, then written
/// as `<text>` (the default) or as the glyphs' outlines (`SVGTextMode.outlines`).
extension SVGWriter {
    /// Writes `label` at `size` points in `color`, its logical box centred on (`cx`, `cy`)
    /// pixels, as the PNG draws it (`Renderer.draw`); false when nothing is drawn (an empty
    /// label, or one under half a pixel).
    mutating func writeText(_ label: String, size: Double, color: Color, className: String, centeredAt cx: Double, _ cy: Double) throws -> Bool {
        let sizePx = (size * scene.scale).clampedLength(Double(PNGCodec.maxSide))
        guard !label.isEmpty, sizePx >= 0.5 else { return false }
        let layout = try text.layout(label, font: scene.font, sizePx: sizePx)
        layouts.append(layout)
        let origin = layout.origin(centeredAt: cx, cy)
        let runs = layout.glyphRuns()
        let weight = Self.cssWeight(scene.font.weight)
        for run in runs { fonts.note(run, weight: weight) }
        if options.text == .outlines {
            body.raw("<path")
            body.attribute("class", className)
            body.raw(" d=\"")
            if runs.contains(where: \.hasUnknownGlyph) {
                SVGGlyphOutlines.append(layout: layout, x: origin.x, y: origin.y, to: &body, scratch: scratch)
            } else {
                SVGGlyphOutlines.append(runs, x: origin.x, y: origin.y, to: &body, scratch: scratch)
            }
            body.raw("\"")
            body.paint("fill", color)
            body.raw("/>\n")
            return true
        }
        writeTextElement(runs, label: label, sizePx: sizePx, weight: weight, color: color, className: className, origin: origin)
        return true
    }

    /// `<text>` in the families the runs were set in (then the pinned fallbacks), each line
    /// centred where Pango centres it, its first glyph on the whole pixel cairo puts it on and
    /// its baseline on the PNG's.
    private mutating func writeTextElement(_ runs: [SVGGlyphRun], label: String, sizePx: Double, weight: Int, color: Color, className: String, origin: (x: Double, y: Double)) {
        // Fontconfig's order: the theme's family, then the pinned fallbacks; a family only a
        // run names (a theme font file's) comes first.
        let chain = [scene.font.files.isEmpty ? scene.font.family : ""] + PinnedFonts.fallbackFamilies
        var families: [String] = []
        for family in runs.compactMap(\.face?.family) + chain where !family.isEmpty && !families.contains(family) {
            families.append(family)
        }
        families.sort { (chain.firstIndex(of: $0) ?? -1) < (chain.firstIndex(of: $1) ?? -1) }
        body.raw("<text")
        body.attribute("class", className)
        body.attribute("font-family", families.map(Self.cssString).joined(separator: ", ") + ", sans-serif")
        body.attribute("font-size", number: sizePx)
        body.raw(" font-weight=\"\(weight)\" text-anchor=\"middle\"")
        body.paint("fill", color)
        if label.contains("  ") || label.first?.isWhitespace == true || label.last?.isWhitespace == true || label.contains("\t") {
            body.raw(" xml:space=\"preserve\"")
        }
        let lines = Dictionary(grouping: runs, by: \.line).sorted { $0.key < $1.key }.map(\.value)
        if lines.count != 1 { body.raw(">") }
        for line in lines {
            let left = line.map(\.left).min() ?? 0, right = line.map { $0.left + $0.width }.max() ?? 0
            let first = line.min { $0.left < $1.left }?.glyphs.first
            let shift = first.map { SVGGlyphOutlines.pixel(origin.x + $0.x) - (origin.x + $0.x) } ?? 0
            let x = origin.x + (left + right) / 2 + shift
            let y = SVGGlyphOutlines.pixel(origin.y + (line.first?.baseline ?? 0))
            let content = line.sorted { $0.offset < $1.offset }.map(\.text).joined()
            if lines.count != 1 { body.raw("<tspan") }
            body.attribute("x", number: x)
            body.attribute("y", number: y)
            body.raw(">")
            body.escaped(content)
            if lines.count != 1 { body.raw("</tspan>") }
        }
        body.raw("</text>\n")
    }

    /// A family name as a CSS string: in single quotes, `'` and `\` escaped.
    static func cssString(_ family: String) -> String {
        "'" + family.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    /// The CSS `font-weight` of a theme's weight.
    static func cssWeight(_ weight: FontWeight) -> Int {
        switch weight {
        case .light: return 300
        case .regular: return 400
        case .medium: return 500
        case .semibold: return 600
        case .bold: return 700
        }
    }
}
