#if canImport(Testing)
import KeyboardCompare
import KeyboardRenderer
import Foundation
@testable import KeyboardSnapshotTesting
import Testing

/// Under Swift Testing a failing PNG comparison attaches the reference, the candidate and the
/// differences panel; the failures folder keeps the same three beside the triptych.
@Suite struct SnapshotAttachmentTests {
    private func images() throws -> (RasterImage, RasterImage) {
        var request = RenderRequest()
        request.layout = "numbers"
        request.width = 200
        request.seed = 3
        let reference = try Renderer().rasterize(try request.scene())
        request.pressed = ["5"]
        return (reference, try Renderer().rasterize(try request.scene()))
    }

    @Test func aFailureAttachesReferenceCandidateAndDifference() throws {
        let (reference, candidate) = try images()
        let files = Diffing<PNGSnapshot>.attachments(name: "pad 5", expected: reference, actual: candidate, tolerance: 1)
        #expect(files.map(\.file) == ["pad-5.reference.png", "pad-5.candidate.png", "pad-5.difference.png"])
        #expect(try PNGCodec.decode(files[0].png) == reference)
        #expect(try PNGCodec.decode(files[1].png) == candidate)
        #expect(try PNGCodec.decode(files[2].png) == PixelComparison.differencePanel(expected: reference, actual: candidate, tolerance: 1))

        // The failure itself, recorded as a known issue, writes the same files into the folder.
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("attachments-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let message = KeyboardSnapshotFailures.$directory.withValue(folder) {
            KeyboardSnapshotFailures.$caseName.withValue("pad 5") {
                Diffing<PNGSnapshot>.keyboardPNG().diffV2(PNGSnapshot(image: reference), PNGSnapshot(image: candidate))?.0
            }
        }
        let text = try #require(message)
        for file in ["pad-5.diff.png", "pad-5.expected.png", "pad-5.actual.png", "pad-5.difference.png"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path), "\(file)")
        }
        #expect(text.contains("\nDifferences: \(folder.appendingPathComponent("pad-5.difference.png").path)"))
    }
}
#endif
