import Foundation
import RenderKeyboardKit
import SnapshotTesting

extension Diffing where Value == PNGSnapshot {
    /// Compares bitmaps pixel by pixel (`PixelComparison`): the snapshot fails when the sizes
    /// differ or when any pixel has a channel off by more than `tolerance` (0…255).
    ///
    /// References are written as PNG at zlib level 9. On a failure the difference image and
    /// the HTML report are written to `KeyboardSnapshotFailures.resolvedDirectory`, and the
    /// message names the case, the count of differing pixels, both sizes when they differ,
    /// and the paths of the difference image and of the report.
    public static func keyboardPNG(tolerance: Int = PixelComparison.defaultTolerance) -> Self {
        .diff(
            toData: { $0.pngData },
            fromData: { PNGSnapshot(pngData: $0) },
            diffV2: { reference, actual in
                guard let message = pngFailure(reference: reference, actual: actual, tolerance: tolerance) else { return nil }
                return (message, [])
            })
    }

    /// The failure message, or nil when the snapshot matches. Writes the failure's files.
    static func pngFailure(reference: PNGSnapshot, actual: PNGSnapshot, tolerance: Int) -> String? {
        KeyboardSnapshotFailures.beginComparison()
        let name = KeyboardSnapshotFailures.caseName ?? actual.label ?? "snapshot"
        guard let actualImage = actual.image else {
            return "\(name): the keyboard could not be drawn: \(actual.problem ?? "no image")"
        }
        guard let expectedImage = reference.image else {
            return "\(name): \(reference.problem ?? "the reference has no image"). Re-record it."
        }
        let result = PixelComparison.compare(expected: expectedImage, actual: actualImage, tolerance: tolerance)
        if result.matches { return nil }
        var summary: String
        if result.sizesMatch {
            let total = result.actualSize.width * result.actualSize.height
            summary = "\(name): \(result.differingPixels) of \(total) pixels differ from the reference "
                + "(a pixel differs when a channel is off by more than \(result.tolerance))."
        } else {
            summary = "\(name): the size differs: reference \(result.expectedSize), actual \(result.actualSize) "
                + "(\(result.differingPixels) pixels of the union differ)."
        }
        if let written = KeyboardSnapshotFailures.recordImageFailure(name: name, expected: expectedImage, actual: actualImage, result: result, summary: summary) {
            summary += "\nDifference image (expected | differing pixels in red | actual): \(written.differenceImage?.path ?? "-")"
            summary += "\nReport of every failure in this run: \(written.report.path)"
        } else {
            summary += "\nThe failure report could not be written to \(KeyboardSnapshotFailures.resolvedDirectory.path)."
        }
        return summary
    }
}

extension Snapshotting where Value == RasterImage, Format == PNGSnapshot {
    /// A bitmap as a PNG reference, compared with a tolerance of 1 per channel.
    public static var png: Self { png(tolerance: PixelComparison.defaultTolerance) }

    /// A bitmap as a PNG reference.
    ///
    /// - Parameter tolerance: largest per-channel difference (0…255) still treated as equal.
    public static func png(tolerance: Int) -> Self {
        Snapshotting(pathExtension: "png", diffing: .keyboardPNG(tolerance: tolerance)) { PNGSnapshot(image: $0) }
    }
}

extension Snapshotting where Value == KeyboardScene, Format == PNGSnapshot {
    /// A resolved keyboard drawn at its scene's scale (`imageWidth × imageHeight` pixels) as a
    /// PNG reference, compared with a tolerance of 1 per channel.
    public static var png: Self { png(tolerance: PixelComparison.defaultTolerance) }

    /// A resolved keyboard drawn at its scene's scale as a PNG reference.
    ///
    /// - Parameter tolerance: largest per-channel difference (0…255) still treated as equal.
    public static func png(tolerance: Int) -> Self {
        Snapshotting(pathExtension: "png", diffing: .keyboardPNG(tolerance: tolerance), snapshot: PNGSnapshot.rendering)
    }
}

extension Snapshotting where Value == RenderRequest, Format == PNGSnapshot {
    /// The keyboard a request describes (layout, theme, device, pressed keys, shift…), drawn
    /// at its scale as a PNG reference, compared with a tolerance of 1 per channel. Give
    /// shuffling layouts a fixed `seed`, or the reference changes on every run.
    public static var png: Self { png(tolerance: PixelComparison.defaultTolerance) }

    /// The keyboard a request describes as a PNG reference.
    ///
    /// - Parameter tolerance: largest per-channel difference (0…255) still treated as equal.
    public static func png(tolerance: Int) -> Self {
        Snapshotting(pathExtension: "png", diffing: .keyboardPNG(tolerance: tolerance)) { request in
            switch request.sceneForSnapshot() {
            case .success(let scene): return PNGSnapshot.rendering(scene)
            case .failure(let failure): return PNGSnapshot(problem: failure.message, label: "\(request.layout).\(request.theme)")
            }
        }
    }
}

extension PNGSnapshot {
    /// Draws `scene` with the shared renderer; a drawing error becomes the snapshot's problem.
    static func rendering(_ scene: KeyboardScene) -> PNGSnapshot {
        let label = PNGSnapshot.describing(scene)
        do {
            return PNGSnapshot(image: try SharedRenderer.with { try $0.rasterize(scene) }, label: label)
        } catch {
            SnapshotProblem.report("\(KeyboardSnapshotFailures.caseName ?? label): the keyboard could not be drawn: \(error)")
            return PNGSnapshot(problem: "\(error)", label: label)
        }
    }
}
