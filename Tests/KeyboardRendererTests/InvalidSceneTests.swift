import KeyboardRenderer
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer
import XCTest

/// Values that cannot be drawn give a `RenderError`, never a crash or a hang.
final class InvalidSceneTests: XCTestCase {
    let renderer = sharedRenderer

    private func assertRefusedEverywhere(_ scene: KeyboardScene, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertRenderError(try renderer.rasterize(scene), file: file, line: line)
        XCTAssertRenderError(try renderer.png(scene), file: file, line: line)
        XCTAssertRenderError(try renderer.svg(scene), file: file, line: line)
        XCTAssertRenderError(try renderer.pdf(scene), file: file, line: line)
    }

    func testNonFiniteStyleValuesAreErrors() {
        for value in [Double.nan, .infinity, -.infinity] {
            var style = Fixtures.style()
            style.cornerRadius = value
            assertRefusedEverywhere(singleKeyScene(style: style))
            style = Fixtures.style(); style.textSize = value
            assertRefusedEverywhere(singleKeyScene(style: style, label: "A"))
            style = Fixtures.style(); style.borderWidth = value
            assertRefusedEverywhere(singleKeyScene(style: style))
            style = Fixtures.style(); style.shadowHeight = value
            assertRefusedEverywhere(singleKeyScene(style: style))
        }
    }

    func testErrorNamesTheField() throws {
        var style = Fixtures.style()
        style.textSize = .nan
        let error = try XCTUnwrap(XCTAssertRenderError(try renderer.rasterize(singleKeyScene(style: style))))
        XCTAssertTrue(error.description.contains("keys[0].style.textSize"), error.description)
    }

    func testNegativeLengthsAreErrors() {
        var style = Fixtures.style()
        style.borderWidth = -1
        assertRefusedEverywhere(singleKeyScene(style: style))
    }

    func testNonFiniteOrZeroScaleIsAnError() {
        for scale in [Double.nan, 0, -2, .infinity] {
            var scene = singleKeyScene(style: Fixtures.style())
            scene.frames.canvas.scale = scale
            assertRefusedEverywhere(scene)
        }
    }

    func testPatternPadsTakeAKeyboardsScale() throws {
        var frames = try PatternPad.solve(path: [0, 1], on: Canvas(deviceName: nil, orientation: .portrait, width: 100, scale: 2))
        for scale in [20.0, 1000, 0.05] {
            frames.canvas.scale = scale
            let scene = PatternComposer.compose(frames: frames, theme: Theme(), state: .selected)
            let expected = RenderError.invalidValue(field: "scale", value: scale, reason: "is not a usable pixels-per-point scale: scale \(Limits.format(scale)) is out of range 0.1…10")
            XCTAssertEqual(XCTAssertRenderError(try renderer.rasterize(scene)), expected)
            XCTAssertEqual(XCTAssertRenderError(try renderer.png(scene)), expected)
            XCTAssertEqual(XCTAssertRenderError(try renderer.svg(scene)), expected)
            XCTAssertEqual(XCTAssertRenderError(try renderer.pdf(scene)), expected)
        }
    }

    func testHugeFramesAreErrors() {
        var scene = singleKeyScene(style: Fixtures.style())
        scene.keys[0].frame.pixelFrame = PixelRect(x: Int.max, y: 0, width: 10, height: 10)
        assertRefusedEverywhere(scene)
        scene.keys[0].frame.pixelFrame = PixelRect(x: Int.min, y: Int.min, width: Int.max, height: Int.max)
        assertRefusedEverywhere(scene)
        scene.keys[0].frame.pixelFrame = PixelRect(x: 0, y: 0, width: -10, height: 10)
        assertRefusedEverywhere(scene)
        scene.keys[0].frame.pixelFrame = PixelRect(x: 20, y: 20, width: 160, height: 80)
        scene.toolbar = SceneToolbar(frame: Rect(x: 0, y: 0, width: 1, height: 1), pixelFrame: PixelRect(x: 0, y: Int.min, width: 10, height: 10), title: "t", fill: .white, text: .black, textSize: 12)
        assertRefusedEverywhere(scene)
    }

    func testHugeButFiniteLengthsAreClampedNotErrors() throws {
        let style = Fixtures.style(textSize: 1e300, cornerRadius: 1e300, borderWidth: 1e300, borderColor: Fixtures.border, shadowHeight: 1e300)
        let image = try renderer.rasterize(singleKeyScene(style: style, label: "W"))
        XCTAssertColor(image.color(100, 25), Fixtures.border, "a border wider than the key fills it")
        XCTAssertNoThrow(try renderer.svg(singleKeyScene(style: style, label: "W")))
        XCTAssertNoThrow(try renderer.pdf(singleKeyScene(style: style, label: "W")))
    }

    func testImageSidesOver16384PixelsAreAClearError() throws {
        var scene = singleKeyScene(style: Fixtures.style())
        scene.frames.imageWidth = 16385
        let error = try XCTUnwrap(XCTAssertRenderError(try renderer.rasterize(scene)))
        XCTAssertEqual(error, .imageSize(width: 16385, height: 120, reason: "the image would be 16385 × 120 px; each side must be 1…16384 px"))
        XCTAssertTrue(error.description.contains("16384"), error.description)
        scene.frames.imageWidth = 0
        assertRefusedEverywhere(scene)
        scene.frames.imageWidth = 200
        scene.frames.imageHeight = Int.max
        assertRefusedEverywhere(scene)
    }

    func testUnreadableThemeImageIsAnErrorNamingIt() throws {
        let image = SceneImage(id: "themes/broken.png", png: Array("nope".utf8))
        let error = try XCTUnwrap(XCTAssertRenderError(try renderer.rasterize(singleKeyScene(style: Fixtures.style(image: image)))))
        XCTAssertTrue(error.description.contains("themes/broken.png"), error.description)
    }

    func testNonFiniteCapInsetsAndImageScaleAreErrors() throws {
        let png = try PNGCodec.encode(RasterImage(width: 1, height: 1, rgba: [0, 0, 0, 255]))
        let insets = SceneImage(id: "a.png", png: png, capInsets: EdgeInsets(top: .nan), scale: 1)
        assertRefusedEverywhere(singleKeyScene(style: Fixtures.style(image: insets)))
        let scale = SceneImage(id: "b.png", png: png, capInsets: EdgeInsets(top: 1), scale: 0)
        assertRefusedEverywhere(singleKeyScene(style: Fixtures.style(image: scale)))
    }
}
