// Step 6 of the solver (see Solver.swift): each key edge snapped to the pixel grid on its own.
import KeyboardModel

extension Solver {
    /// The pixel-grid pass (step 6), after every frame is known: each key's `pixelFrame` is
    /// its exact frame with each edge snapped on its own. Frames themselves stay exact.
    static func snapToPixelGrid(_ frames: inout [KeyFrame], scale: Double) {
        for i in frames.indices {
            frames[i].pixelFrame = PixelRect(snapping: frames[i].frame, scale: scale)
        }
    }

    /// `round(t · scale)` with `round(t) = floor(t + 0.5)`, or nil when it is not a
    /// representable pixel count.
    static func pixel(_ t: Double, scale: Double) -> Int? {
        let scaled = t * scale
        guard scaled.isFinite, abs(scaled) < Limits.maxPixelCoordinate else { return nil }
        return Int(PixelRect.snap(t, scale: scale))
    }

    static func fitsPixelGrid(_ frame: Rect, scale: Double) -> Bool {
        @inline(__always) func fits(_ t: Double) -> Bool {
            let scaled = t * scale
            return scaled.isFinite && abs(scaled) < Limits.maxPixelCoordinate
        }
        return fits(frame.x) && fits(frame.maxX) && fits(frame.y) && fits(frame.maxY)
    }
}
