import Foundation
import KeyboardRenderer
import RenderKeyboardKit

/// What the PNG strategies compare: a bitmap, or the reason there is none.
///
/// Reading a reference that is not a PNG, or failing to draw the keyboard under test, gives a
/// snapshot with `image == nil` and a `problem`; comparing it always fails with that problem.
public struct PNGSnapshot: Sendable {
    /// Straight RGBA pixels, or nil when `problem` says why there are none.
    public var image: RasterImage?
    /// Why there is no image.
    public var problem: String?
    /// Names the keyboard in failure messages and reports when no case name is set
    /// (`KeyboardSnapshotFailures.caseName`), e.g. `letters.default.portrait.iphone-15`.
    public var label: String?

    /// A snapshot of `image`, named `label` in reports.
    public init(image: RasterImage, label: String? = nil) {
        self.image = image
        self.problem = nil
        self.label = label
    }

    /// A snapshot that has no image because of `problem`; comparing it fails.
    public init(problem: String, label: String? = nil) {
        self.image = nil
        self.problem = problem
        self.label = label
    }

    /// zlib level of PNGs written as references: the smallest files.
    public static let referenceCompression = 9

    /// The PNG file of `image` at `referenceCompression`; empty when there is no image (a
    /// snapshot that has a problem fails anyway, so an empty file is never accepted).
    public var pngData: Data {
        guard let image, let bytes = try? PNGCodec.encode(image, compression: Self.referenceCompression) else {
            return Data()
        }
        return Data(bytes)
    }

    /// Decodes a reference file.
    public init(pngData data: Data) {
        do {
            self.init(image: try PNGCodec.decode([UInt8](data)))
        } catch {
            self.init(problem: data.isEmpty ? "the reference file is empty" : "the reference is not a readable PNG (\(error))")
        }
    }
}

extension PNGSnapshot {
    /// A label for a scene: layout, theme (its name in lower case, when it has one),
    /// orientation and device (or canvas width), plus pressed keys when set:
    /// `letters.default.portrait.iphone-15`.
    static func describing(_ scene: KeyboardScene) -> String {
        let frames = scene.frames
        var parts = [frames.layoutName]
        if let theme = scene.themeName, !theme.isEmpty { parts.append(theme.lowercased().replacingOccurrences(of: " ", with: "-")) }
        parts.append(frames.canvas.orientation.rawValue)
        parts.append(frames.canvas.deviceName ?? "\(Self.number(frames.canvas.width))pt@\(Self.number(frames.canvas.scale))x")
        let pressed = scene.keys.filter { $0.state == .pressed }.map { $0.label.isEmpty ? $0.frame.key.code.rawValue : $0.label }
        if !pressed.isEmpty { parts.append("pressed-" + pressed.joined(separator: "-")) }
        return parts.joined(separator: ".")
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
