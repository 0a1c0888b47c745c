import Foundation
import LayoutEngine

/// Measures labels with the same Pango setup and pinned fonts the renderer draws with, so the
/// sizes `SceneComposer` decides are the sizes that fit when painted. Thread-safe (one lock).
public final class LabelMeasurer: @unchecked Sendable {
    private let lock = NSLock()
    private let text: TextEngine

    /// - Throws: as `Renderer.init` (missing pinned fonts, fontconfig or Pango failures).
    public init() throws {
        text = try TextEngine()
    }

    /// The logical box of `label` set in `font` at `textSize` points, in points: a
    /// `LabelMeasure` for `SceneComposer.compose`.
    ///
    /// - Throws: `RenderError` for a size that cannot be set (not finite, ≤ 0, huge).
    public func measure(_ label: String, font: SceneFont, textSize: Double) throws -> (width: Double, height: Double) {
        lock.lock()
        defer { lock.unlock() }
        // Without hinting Pango scales linearly, so a size in points measures as pixels.
        return try text.layout(label, font: font, sizePx: textSize).logicalSize
    }
}
