import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine
import RenderKeyboardKit
import KeyboardCompare
import SnapshotTesting
#if canImport(Testing)
import Testing
#endif

extension Diffing where Value == PNGSnapshot {
    /// Compares bitmaps pixel by pixel with the rule of `PixelComparison` (the rule of
    /// `render-keyboard compare`): the snapshot fails when the sizes differ or when more than
    /// `allowedShare` (0…1) of the pixels are more than `tolerance` (CIEDE2000 ΔE₀₀) away from
    /// the reference.
    ///
    /// References are written as PNG at zlib level 9. On a failure the difference image and
    /// the HTML report are written to `KeyboardSnapshotFailures.resolvedDirectory`, and the
    /// message names the case, the count of differing pixels, both sizes when they differ,
    /// and the paths of the difference image and of the report.
    public static func keyboardPNG(tolerance: Double = PixelComparison.defaultTolerance, allowedShare: Double = 0) -> Self {
        .diff(
            toData: { $0.pngData },
            fromData: { PNGSnapshot(pngData: $0) },
            diffV2: { reference, actual in
                guard let message = pngFailure(reference: reference, actual: actual, tolerance: tolerance, allowedShare: allowedShare) else { return nil }
                return (message, [])
            })
    }

    /// The failure message, or nil when the snapshot matches. Writes the failure's files.
    static func pngFailure(reference: PNGSnapshot, actual: PNGSnapshot, tolerance: Double, allowedShare: Double = 0) -> String? {
        KeyboardSnapshotFailures.beginComparison()
        let name = KeyboardSnapshotFailures.caseName ?? actual.label ?? "snapshot"
        guard let actualImage = actual.image else {
            return "\(name): the keyboard could not be drawn: \(actual.problem ?? "no image")"
        }
        guard let expectedImage = reference.image else {
            return "\(name): \(reference.problem ?? "the reference has no image"). Re-record it."
        }
        let result = PixelComparison.compare(expected: expectedImage, actual: actualImage, tolerance: tolerance, allowedShare: allowedShare)
        if result.matches { return nil }
        var summary: String
        if result.sizesMatch {
            let total = result.actualSize.width * result.actualSize.height
            summary = "\(name): \(result.differingPixels) of \(total) pixels differ from the reference, largest ΔE "
                + "\(String(format: "%.2f", result.largestDeltaE)) (a pixel differs when it is more than ΔE \(result.tolerance) "
                + "away; up to \(result.allowedShare * 100) % may differ)."
        } else {
            summary = "\(name): the size differs: reference \(result.expectedSize), actual \(result.actualSize) "
                + "(\(result.differingPixels) pixels of the union differ)."
        }
        if let written = KeyboardSnapshotFailures.recordImageFailure(name: name, expected: expectedImage, actual: actualImage, result: result, summary: summary) {
            summary += "\nDifference image (\(ComparisonReport.triptychCaption)): \(written.differenceImage?.path ?? "-")"
            summary += "\nReference: \(written.reference?.path ?? "-")"
            summary += "\nCandidate: \(written.candidate?.path ?? "-")"
            summary += "\nDifferences: \(written.difference?.path ?? "-")"
            summary += "\nReport of every failure in this run: \(written.report.path)"
        } else {
            summary += "\nThe failure report could not be written to \(KeyboardSnapshotFailures.resolvedDirectory.path)."
        }
        attachImages(name: name, expected: expectedImage, actual: actualImage, tolerance: result.tolerance)
        return summary
    }
}

extension Diffing where Value == PNGSnapshot {
    /// Under Swift Testing, attaches the reference, the candidate and the differences panel
    /// to the running test (`swift test --attachments-path DIR` saves them), as
    /// `NAME.reference.png`, `NAME.candidate.png` and `NAME.difference.png`. Does nothing under
    /// XCTest, whose failure message names the files instead.
    static func attachImages(name: String, expected: RasterImage, actual: RasterImage, tolerance: Double) {
        #if canImport(Testing)
        guard Test.current != nil else { return }
        for (file, png) in attachments(name: name, expected: expected, actual: actual, tolerance: tolerance) {
            Testing.Attachment.record(png, named: file)
        }
        #endif
    }

    /// The files a failure attaches: `NAME.reference.png`, `NAME.candidate.png` and
    /// `NAME.difference.png` (the differences panel of the triptych), `NAME` sanitized.
    static func attachments(name: String, expected: RasterImage, actual: RasterImage, tolerance: Double) -> [(file: String, png: [UInt8])] {
        let safe = KeyboardSnapshotFailures.sanitize(name)
        let difference = PixelComparison.differencePanel(expected: expected, actual: actual, tolerance: tolerance)
        return [("reference", expected), ("candidate", actual), ("difference", difference)].compactMap { suffix, image in
            (try? PNGCodec.encode(image)).map { ("\(safe).\(suffix).png", $0) }
        }
    }
}

extension Snapshotting where Value == RasterImage, Format == PNGSnapshot {
    /// A bitmap as a PNG reference, compared with a tolerance of ΔE 1.
    public static var png: Self { png(tolerance: PixelComparison.defaultTolerance) }

    /// A bitmap as a PNG reference.
    ///
    /// - Parameters:
    ///   - tolerance: the largest CIEDE2000 difference ΔE₀₀ of a pixel still treated as equal.
    ///   - allowedShare: the share of pixels, 0…1, that may differ.
    public static func png(tolerance: Double, allowedShare: Double = 0) -> Self {
        Snapshotting(pathExtension: "png", diffing: .keyboardPNG(tolerance: tolerance, allowedShare: allowedShare)) { PNGSnapshot(image: $0) }
    }
}

extension Snapshotting where Value == KeyboardScene, Format == PNGSnapshot {
    /// A resolved keyboard drawn at its scene's scale (`imageWidth × imageHeight` pixels) as a
    /// PNG reference, compared with a tolerance of ΔE 1.
    public static var png: Self { png(tolerance: PixelComparison.defaultTolerance) }

    /// A resolved keyboard drawn at its scene's scale as a PNG reference.
    ///
    /// - Parameters:
    ///   - tolerance: the largest CIEDE2000 difference ΔE₀₀ of a pixel still treated as equal.
    ///   - allowedShare: the share of pixels, 0…1, that may differ.
    public static func png(tolerance: Double, allowedShare: Double = 0) -> Self {
        Snapshotting(pathExtension: "png", diffing: .keyboardPNG(tolerance: tolerance, allowedShare: allowedShare), snapshot: PNGSnapshot.rendering)
    }
}

extension Snapshotting where Value == RenderRequest, Format == PNGSnapshot {
    /// The keyboard a request describes (layout, theme, device, pressed keys, shift…), drawn
    /// at its scale as a PNG reference, compared with a tolerance of ΔE 1. Give
    /// shuffling layouts a fixed `seed`, or the reference changes on every run.
    public static var png: Self { png(tolerance: PixelComparison.defaultTolerance) }

    /// The keyboard a request describes as a PNG reference.
    ///
    /// - Parameters:
    ///   - tolerance: the largest CIEDE2000 difference ΔE₀₀ of a pixel still treated as equal.
    ///   - allowedShare: the share of pixels, 0…1, that may differ.
    public static func png(tolerance: Double, allowedShare: Double = 0) -> Self {
        Snapshotting(pathExtension: "png", diffing: .keyboardPNG(tolerance: tolerance, allowedShare: allowedShare)) { request in
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
