import Foundation
import RenderKeyboardKit
import SnapshotTesting

extension Diffing where Value == Data {
    /// Compares files byte for byte (for SVG and PDF references, whose bytes the renderer
    /// keeps stable: equal scenes give equal bytes). On a failure both files are written to
    /// `KeyboardSnapshotFailures.resolvedDirectory` and listed in its report; the message gives
    /// both sizes in bytes and the first differing offset (and line, for text formats).
    ///
    /// - Parameter fileExtension: `svg` or `pdf`; names the files written on failure.
    public static func keyboardBytes(fileExtension: String) -> Self {
        .diff(
            toData: { $0 },
            fromData: { $0 },
            diffV2: { reference, actual in
                guard let message = byteFailure(reference: reference, actual: actual, fileExtension: fileExtension) else { return nil }
                return (message, [])
            })
    }

    /// The failure message, or nil when the bytes are equal. Writes the failure's files.
    static func byteFailure(reference: Data, actual: Data, fileExtension: String) -> String? {
        KeyboardSnapshotFailures.beginComparison()
        if reference == actual { return nil }
        let name = KeyboardSnapshotFailures.caseName ?? fileExtension
        let offset = zip(reference, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(reference.count, actual.count)
        let line = reference.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        var summary = "\(name): the \(fileExtension.uppercased()) differs from the reference byte for byte: "
            + "reference \(reference.count) bytes, actual \(actual.count) bytes, first difference at byte \(offset)"
            + (fileExtension == "svg" ? " (line \(line))." : ".")
        if let written = KeyboardSnapshotFailures.recordByteFailure(name: name, fileExtension: fileExtension, expected: reference, actual: actual, summary: summary) {
            summary += "\nReport of every failure in this run: \(written.report.path)"
        }
        return summary
    }
}

extension Snapshotting where Value == KeyboardScene, Format == Data {
    /// The keyboard as a file in `format` (`OutputFormat`: its extension names the reference,
    /// the renderer draws it), compared byte for byte.
    public static func vector(_ format: OutputFormat) -> Self {
        Snapshotting(pathExtension: format.fileExtension, diffing: .keyboardBytes(fileExtension: format.fileExtension)) { scene in
            VectorRendering.bytes(of: scene, fileExtension: format.fileExtension) { try $0.render($1, as: format) }
        }
    }

    /// The keyboard as an SVG document (one user unit per pixel), compared byte for byte.
    public static var svg: Self { vector(.svg) }

    /// The keyboard as a one-page PDF, compared byte for byte.
    public static var pdf: Self { vector(.pdf) }
}

extension Snapshotting where Value == RenderRequest, Format == Data {
    /// The keyboard a request describes as a file in `format`, compared byte for byte.
    public static func vector(_ format: OutputFormat) -> Self {
        Snapshotting<KeyboardScene, Data>.vector(format).pullbackRequest(fileExtension: format.fileExtension)
    }

    /// The keyboard a request describes as an SVG document, compared byte for byte.
    public static var svg: Self { vector(.svg) }

    /// The keyboard a request describes as a one-page PDF, compared byte for byte.
    public static var pdf: Self { vector(.pdf) }
}

extension Snapshotting where Value == KeyboardScene, Format == Data {
    fileprivate func pullbackRequest(fileExtension: String) -> Snapshotting<RenderRequest, Data> {
        Snapshotting<RenderRequest, Data>(pathExtension: pathExtension, diffing: diffing) { request in
            guard case .success(let scene) = request.sceneForSnapshot() else { return Data() }
            var result = Data()
            self.snapshot(scene).run { result = $0 }
            return result
        }
    }
}

enum VectorRendering {
    /// The rendered bytes; on an error the test fails at once and the bytes are empty (which
    /// never equal a reference).
    static func bytes(of scene: KeyboardScene, fileExtension: String, _ draw: (Renderer, KeyboardScene) throws -> [UInt8]) -> Data {
        do {
            return Data(try SharedRenderer.with { try draw($0, scene) })
        } catch {
            SnapshotProblem.report("\(KeyboardSnapshotFailures.caseName ?? PNGSnapshot.describing(scene)): the keyboard could not be drawn as \(fileExtension.uppercased()): \(error)")
            return Data()
        }
    }
}
