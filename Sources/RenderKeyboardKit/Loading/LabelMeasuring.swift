import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine

/// The one label measurer every scene composed by this module uses.
package enum LabelMeasuring {
    private static let shared = Result { try LabelMeasurer() }

    /// The `LabelMeasure` for a canvas of `scale` pixels per point, backed by the shared
    /// measurer: labels are measured at the pixel size they are drawn at, as a `Renderer`'s
    /// own measure does, so a scene composed here and one composed for drawing are the same.
    package static func measure(atScale scale: Double) -> LabelMeasure {
        { label, font, textSize in try shared.get().measure(label, font: font, textSize: textSize, scale: scale) }
    }

    /// The texts of `scene` no font draws, found with the shared measurer's fonts.
    package static func missingGlyphs(in scene: KeyboardScene) throws -> [MissingGlyph] {
        try shared.get().missingGlyphs(in: scene)
    }

    /// A `LabelMeasure` at 1 pixel per point, for checks that do not draw.
    static func measure(_ label: String, font: SceneFont, textSize: Double) throws -> (width: Double, height: Double) {
        try shared.get().measure(label, font: font, textSize: textSize)
    }
}
