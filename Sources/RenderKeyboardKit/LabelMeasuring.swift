import KeyboardRenderer
import LayoutEngine

/// The one label measurer every scene composed by this module uses.
enum LabelMeasuring {
    private static let shared = Result { try LabelMeasurer() }

    /// A `LabelMeasure` backed by the shared measurer.
    static func measure(_ label: String, font: SceneFont, textSize: Double) throws -> (width: Double, height: Double) {
        try shared.get().measure(label, font: font, textSize: textSize)
    }
}
