import KeyboardModel
@testable import KeyboardRenderer
@testable import RenderKeyboardKit
import XCTest

/// A PNG is written from the drawn surface row by row, converted as it goes; the file must be
/// byte for byte the one written from the whole image converted first (`rasterize` then
/// `PNGCodec.encode`), opaque (RGB) or not (RGBA), at every level.
final class PNGFromSurfaceTests: XCTestCase {
    func testRowByRowIsTheFileOfTheConvertedImage() throws {
        for (theme, device) in [("default", "iphone-15"), ("image", "pixel-8"), ("ios-dark", "iphone-se-1")] {
            var request = RenderRequest()
            request.theme = theme
            request.device = device
            let opaque = try request.sceneAndWarnings(measuringAtScale: sharedRenderer.labelMeasure(atScale:)).scene
            var translucent = opaque
            translucent.background = .color(Color(red: 10, green: 200, blue: 90, alpha: 77))
            for scene in [opaque, translucent] {
                let image = try sharedRenderer.rasterize(scene)
                for level in [0, 1, 6] {
                    let written = try sharedRenderer.png(scene, compression: level)
                    XCTAssertEqual(written, try PNGCodec.encode(image, compression: level), "\(theme) on \(device), level \(level)")
                    XCTAssertEqual(try sharedRenderer.painted(scene).png(compression: level), written, "painted, then encoded")
                }
            }
            XCTAssertEqual(try sharedRenderer.png(translucent)[25], 6, "a translucent image is RGBA (colour type 6)")
            XCTAssertEqual(try sharedRenderer.png(opaque)[25], 2, "an opaque image is RGB (colour type 2)")
        }
    }
}
