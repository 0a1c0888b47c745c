import Foundation
import LayoutEngine

/// Measures labels with the same Pango setup and pinned fonts the renderer draws with, so the
/// sizes `SceneComposer` decides are the sizes that fit when painted. Thread-safe (one lock).
public final class LabelMeasurer: Sendable {
    /// The text engine, used by one thread at a time.
    private let text: Locked<TextEngine>

    /// - Throws: as `Renderer.init` (missing pinned fonts, fontconfig or Pango failures).
    public init() throws {
        text = Locked(try TextEngine())
    }

    /// The logical box of `label` set in `font` at `textSize` points, in points: a
    /// `LabelMeasure` for `SceneComposer.compose`.
    ///
    /// - Throws: `RenderError` for a size that cannot be set (not finite, ≤ 0, huge).
    public func measure(_ label: String, font: SceneFont, textSize: Double) throws -> (width: Double, height: Double) {
        // Without hinting Pango scales linearly, so a size in points measures as pixels.
        try text.withLock { try $0.layout(label, font: font, sizePx: textSize).logicalSize }
    }
}
