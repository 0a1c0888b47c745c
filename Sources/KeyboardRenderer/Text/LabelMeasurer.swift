import Foundation
import KeyboardModel

/// Measures labels with the same Pango setup and pinned fonts the renderer draws with, so the
/// sizes `SceneComposer` decides are the sizes that fit when painted. Thread-safe (one lock).
public final class LabelMeasurer: Sendable {
    /// The text engine, used by one thread at a time.
    let text: Locked<TextEngine>

    /// - Throws: as `Renderer.init` (missing pinned fonts, fontconfig or Pango failures).
    public init() throws {
        text = Locked(try TextEngine())
    }

    /// The logical box, in points, of `label` set in `font` at `textSize` points on a canvas of
    /// `scale` pixels per point, measured as the renderer will draw it: a `LabelMeasure` for
    /// `SceneComposer.compose` once `scale` is bound.
    ///
    /// - Throws: `RenderError` for a size that cannot be set (not finite, ≤ 0, huge).
    public func measure(_ label: String, font: SceneFont, textSize: Double, scale: Double = 1) throws -> (width: Double, height: Double) {
        try text.withLock { try $0.labelBox(label, font: font, textSize: textSize, scale: scale) }
    }
}
