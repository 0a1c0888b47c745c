import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine
import RenderKeyboardKit
import XCTest

/// Labels are measured at the pixel size they are drawn at, by every path that composes a
/// scene, so `scene()` and `render()` of one request agree to the byte.
final class LabelMeasureTests: XCTestCase {
    /// Canvases where a label's box in points, measured at 1 px per point, differs from the
    /// one measured at the drawing size by enough to change an even label size.
    private let requests: [RenderRequest] = {
        var requests: [RenderRequest] = []
        for (layout, theme, width, scale) in [("symbols", "material", 240.0, 1.5), ("letters", "default", 200.0, 2.625), ("numbers", "dark", 150.0, 3.0)] {
            var request = RenderRequest()
            request.layout = layout
            request.theme = theme
            request.width = width
            request.scale = scale
            request.seed = 1
            requests.append(request)
        }
        return requests
    }()

    func testSceneAndRenderComposeTheSameScene() throws {
        let renderer = try Renderer()
        for request in requests {
            let rendered = try request.render(with: renderer)
            let name = "\(request.layout) \(request.theme) \(request.width ?? 0) pt @\(request.scale ?? 1)"
            XCTAssertTrue(try request.scene() == rendered.scene, "\(name): the scenes differ")
            XCTAssertTrue(try renderer.png(try request.scene()) == rendered.bytes, "\(name): the images differ")
        }
    }

    func testLabelsAreMeasuredAtTheDrawingSize() throws {
        let measurer = try LabelMeasurer()
        let font = SceneFont.default
        for scale in [1.5, 2.0, 2.625, 3.0] {
            let box = try measurer.measure("space", font: font, textSize: 16, scale: scale)
            let drawn = try measurer.measure("space", font: font, textSize: 16 * scale)
            XCTAssertEqual(box.width, drawn.width / scale, accuracy: 1e-12, "scale \(scale)")
            XCTAssertEqual(box.height, drawn.height / scale, accuracy: 1e-12, "scale \(scale)")
        }
        let renderer = try Renderer()
        let measure = renderer.labelMeasure(atScale: 1.5)
        let viaRenderer = try measure("space", font, 16)
        let viaMeasurer = try measurer.measure("space", font: font, textSize: 16, scale: 1.5)
        XCTAssertEqual(viaRenderer.width, viaMeasurer.width)
        XCTAssertEqual(viaRenderer.height, viaMeasurer.height)
    }
}
