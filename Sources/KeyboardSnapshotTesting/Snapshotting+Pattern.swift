import Foundation
import RenderKeyboardKit
import KeyboardCompare
import SnapshotTesting

extension Snapshotting where Value == PatternScene, Format == PNGSnapshot {
    /// A pattern pad drawn at its scale as a PNG reference, compared with a tolerance of ΔE 1
    /// per channel.
    public static var png: Self {
        Snapshotting(pathExtension: "png", diffing: .keyboardPNG(tolerance: PixelComparison.defaultTolerance)) { scene in
            let label = "pattern \(scene.frames.size)×\(scene.frames.size) \(scene.state.rawValue)"
            do {
                return PNGSnapshot(image: try SharedRenderer.with { try $0.rasterize(scene) }, label: label)
            } catch {
                SnapshotProblem.report("\(KeyboardSnapshotFailures.caseName ?? label): the pattern pad could not be drawn: \(error)")
                return PNGSnapshot(problem: "\(error)", label: label)
            }
        }
    }
}

extension Snapshotting where Value == PatternScene, Format == Data {
    /// A pattern pad as a file in `format` (`OutputFormat`), compared byte for byte.
    public static func vector(_ format: OutputFormat) -> Self {
        Snapshotting(pathExtension: format.fileExtension, diffing: .keyboardBytes(fileExtension: format.fileExtension)) { scene in
            do {
                return Data(try SharedRenderer.with { try $0.render(scene, as: format) })
            } catch {
                SnapshotProblem.report("\(KeyboardSnapshotFailures.caseName ?? "pattern"): the pattern pad could not be drawn as \(format.fileExtension.uppercased()): \(error)")
                return Data()
            }
        }
    }

    /// A pattern pad as an SVG document, compared byte for byte.
    public static var svg: Self { vector(.svg) }

    /// A pattern pad as a one-page PDF, compared byte for byte.
    public static var pdf: Self { vector(.pdf) }
}
