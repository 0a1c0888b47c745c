import KeyboardRenderer
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer
import XCTest

/// docs/layouts-and-themes.md drawing of one key, checked pixel by pixel on scenes with known colours.
final class KeyPaintingTests: XCTestCase {
    let renderer = sharedRenderer

    func testFillInsideTheKeyAndBackgroundOutside() throws {
        let image = try renderer.rasterize(singleKeyScene(style: Fixtures.style(shadowHeight: 0)))
        XCTAssertEqual(image.width, 200)
        XCTAssertEqual(image.height, 120)
        XCTAssertColor(image.color(100, 60), Fixtures.keyFill)
        XCTAssertColor(image.color(5, 5), Fixtures.background)
        XCTAssertColor(image.color(100, 110), Fixtures.background)
    }

    func testBorderIsStrokedInsideOnTheSnappedEdge() throws {
        // 1 pt border at 2× = 2 px inside the key's pixel frame x 20…179, y 20…99.
        let style = Fixtures.style(cornerRadius: 0, borderWidth: 1, borderColor: Fixtures.border, shadowHeight: 0)
        let image = try renderer.rasterize(singleKeyScene(style: style))
        XCTAssertColor(image.color(20, 60), Fixtures.border, "left edge pixel")
        XCTAssertColor(image.color(21, 60), Fixtures.border, "second border pixel")
        XCTAssertColor(image.color(22, 60), Fixtures.keyFill, "inside the border")
        XCTAssertColor(image.color(179, 60), Fixtures.border, "right edge pixel")
        XCTAssertColor(image.color(100, 20), Fixtures.border, "top edge pixel")
        XCTAssertColor(image.color(100, 99), Fixtures.border, "bottom edge pixel")
        XCTAssertColor(image.color(19, 60), Fixtures.background, "nothing outside the shape")
        XCTAssertColor(image.color(180, 60), Fixtures.background, "nothing outside the shape")
    }

    func testKeyEdgesComeFromThePixelFrame() throws {
        // x 10.3 pt → 30.9 px → 31; right edge 50.6 pt → 151.8 px → 152 (solver step 6, Solver.swift).
        let key = Fixtures.key("", Rect(x: 10.3, y: 5.2, width: 40.3, height: 20), scale: 3, style: Fixtures.style(cornerRadius: 0, shadowHeight: 0))
        XCTAssertEqual(key.frame.pixelFrame, PixelRect(x: 31, y: 16, width: 121, height: 60))
        let image = try renderer.rasterize(Fixtures.scene(width: 60, height: 30, scale: 3, keys: [key]))
        XCTAssertColor(image.color(31, 40), Fixtures.keyFill, tolerance: 0)
        XCTAssertColor(image.color(30, 40), Fixtures.background, tolerance: 0)
        XCTAssertColor(image.color(151, 40), Fixtures.keyFill, tolerance: 0)
        XCTAssertColor(image.color(152, 40), Fixtures.background, tolerance: 0)
    }

    func testShadowBelowTheKeyThenBackground() throws {
        // Shadow 2 pt = 4 px: rows 100…103 under the key are shadow, row 104 is background.
        let image = try renderer.rasterize(singleKeyScene(style: Fixtures.style(cornerRadius: 0, shadowHeight: 2)))
        XCTAssertColor(image.color(100, 99), Fixtures.keyFill, "key's last row")
        XCTAssertColor(image.color(100, 100), Fixtures.shadow, "just below the key")
        XCTAssertColor(image.color(100, 103), Fixtures.shadow, "last shadow row")
        XCTAssertColor(image.color(100, 104), Fixtures.background, "below the shadow")
        XCTAssertColor(image.color(19, 102), Fixtures.background, "the shadow is not wider than the key")
    }

    func testHiddenCornerStaysSquareWhileOthersAreRounded() throws {
        let style = Fixtures.style(cornerRadius: 8, hiddenCorners: [.topLeft, .bottomRight], shadowHeight: 0)
        let image = try renderer.rasterize(singleKeyScene(style: style))
        XCTAssertColor(image.color(20, 20), Fixtures.keyFill, "hidden top-left corner is square")
        XCTAssertColor(image.color(179, 99), Fixtures.keyFill, "hidden bottom-right corner is square")
        XCTAssertColor(image.color(179, 20), Fixtures.background, "top-right corner is rounded")
        XCTAssertColor(image.color(20, 99), Fixtures.background, "bottom-left corner is rounded")
    }

    func testHugeCornerRadiusIsClampedToHalfTheShorterSide() throws {
        let style = Fixtures.style(cornerRadius: 1e300, shadowHeight: 0)
        let image = try renderer.rasterize(singleKeyScene(style: style))
        // A stadium: the middle of the left end (radius 40 px) is still filled.
        XCTAssertColor(image.color(21, 60), Fixtures.keyFill)
        XCTAssertColor(image.color(100, 21), Fixtures.keyFill)
        XCTAssertColor(image.color(22, 22), Fixtures.background)
    }

    func testPressedKeyChangesOnlyItsOwnFrameAndShadowBand() throws {
        let normal = Fixtures.letters()
        let pressed = Fixtures.letters(pressed: "g")
        guard let g = pressed.keys.first(where: { $0.frame.key.label == "g" }) else { return XCTFail("no g key") }
        XCTAssertEqual(g.state, .pressed)
        let box = try XCTUnwrap(try renderer.rasterize(pressed).differences(from: renderer.rasterize(normal)))
        let frame = g.frame.pixelFrame
        let shadowBand = Int((1 * pressed.scale).rounded())
        XCTAssertGreaterThanOrEqual(box.x0, frame.x)
        XCTAssertLessThan(box.x1, frame.x + frame.width)
        XCTAssertGreaterThanOrEqual(box.y0, frame.y)
        XCTAssertLessThan(box.y1, frame.y + frame.height + shadowBand)
    }

    func testIdenticalScenesGiveIdenticalPixelsAndPNGBytes() throws {
        let scene = Fixtures.letters()
        XCTAssertEqual(try renderer.rasterize(scene), try renderer.rasterize(scene))
        XCTAssertEqual(try renderer.png(scene), try renderer.png(scene))
        let second = try Renderer()
        XCTAssertEqual(try second.png(scene), try renderer.png(scene), "a fresh renderer paints the same bytes")
    }

    func testEveryIconDrawsInkInTheTextColourInsideItsKey() throws {
        let plain = try renderer.rasterize(singleKeyScene(style: Fixtures.style(shadowHeight: 0)))
        var seen: [[UInt8]] = []
        for icon in SceneIcon.allCases where icon != .none {
            let image = try renderer.rasterize(singleKeyScene(style: Fixtures.style(shadowHeight: 0), icon: icon))
            let box = try XCTUnwrap(image.differences(from: plain), "\(icon) draws nothing")
            XCTAssertGreaterThanOrEqual(box.x0, 20, "\(icon)")
            XCTAssertLessThanOrEqual(box.x1, 179, "\(icon)")
            XCTAssertGreaterThanOrEqual(box.y0, 20, "\(icon)")
            XCTAssertLessThanOrEqual(box.y1, 99, "\(icon)")
            XCTAssertFalse(seen.contains(image.rgba), "\(icon) looks like another icon")
            seen.append(image.rgba)
        }
    }

    func testNineSliceKeepsCornersUnstretched() throws {
        // 30 × 30 px source at @2x: 10 px corners red / green / blue / yellow, grey edges,
        // white centre; capInsets 5 pt = 10 source px, drawn at 5 pt × 2 = 10 px on the key.
        let red = Color(red: 255, green: 0, blue: 0), green = Color(red: 0, green: 255, blue: 0)
        let blue = Color(red: 0, green: 0, blue: 255), yellow = Color(red: 255, green: 255, blue: 0)
        let grey = Color(red: 128, green: 128, blue: 128)
        var rgba: [UInt8] = []
        for y in 0..<30 {
            for x in 0..<30 {
                let c: Color
                switch (x < 10 ? 0 : x < 20 ? 1 : 2, y < 10 ? 0 : y < 20 ? 1 : 2) {
                case (0, 0): c = red
                case (2, 0): c = green
                case (0, 2): c = blue
                case (2, 2): c = yellow
                case (1, 1): c = .white
                default: c = grey
                }
                rgba += [c.red, c.green, c.blue, c.alpha]
            }
        }
        let png = try PNGCodec.encode(RasterImage(width: 30, height: 30, rgba: rgba))
        let image = SceneImage(id: "nine.png", png: png, capInsets: EdgeInsets(top: 5, left: 5, bottom: 5, right: 5), scale: 2)
        let style = Fixtures.style(fill: .black, cornerRadius: 0, shadowHeight: 0, image: image)
        let raster = try renderer.rasterize(singleKeyScene(style: style))
        // Key pixels x 20…179, y 20…99; caps are 10 px.
        XCTAssertColor(raster.color(24, 24), red, tolerance: 2)
        XCTAssertColor(raster.color(175, 24), green, tolerance: 2)
        XCTAssertColor(raster.color(24, 95), blue, tolerance: 2)
        XCTAssertColor(raster.color(175, 95), yellow, tolerance: 2)
        XCTAssertColor(raster.color(100, 60), .white, tolerance: 2, "centre stretched")
        XCTAssertColor(raster.color(35, 24), grey, tolerance: 2, "top edge starts right after the 10 px cap, corner not stretched")
        XCTAssertColor(raster.color(24, 40), grey, tolerance: 2, "left edge starts right after the 10 px cap")
        XCTAssertColor(raster.color(160, 60), .white, tolerance: 2)
    }

    func testImageWithoutCapInsetsIsStretchedOverTheKey() throws {
        let red = Color(red: 255, green: 0, blue: 0)
        // 2 × 1 px: red on the left half, white on the right.
        let png = try PNGCodec.encode(RasterImage(width: 2, height: 1, rgba: [255, 0, 0, 255, 255, 255, 255, 255]))
        let style = Fixtures.style(fill: .black, cornerRadius: 0, shadowHeight: 0, image: SceneImage(id: "half.png", png: png))
        let raster = try renderer.rasterize(singleKeyScene(style: style))
        XCTAssertColor(raster.color(22, 60), red, tolerance: 2)
        XCTAssertColor(raster.color(177, 60), .white, tolerance: 2)
    }

    func testBackgroundImageCoversTheWholeImageWithTheSafeArea() throws {
        let png = try PNGCodec.encode(RasterImage(width: 1, height: 1, rgba: [10, 200, 30, 255]))
        let scene = Fixtures.scene(width: 50, height: 20, scale: 2, safeBottom: 10, background: .image(SceneImage(id: "bg.png", png: png)), keys: [])
        let raster = try renderer.rasterize(scene)
        XCTAssertEqual(raster.height, 60)
        XCTAssertColor(raster.color(0, 0), Color(red: 10, green: 200, blue: 30))
        XCTAssertColor(raster.color(99, 59), Color(red: 10, green: 200, blue: 30), "safe-area band included")
    }

    func testToolbarIsFilledWithItsTitleCentred() throws {
        let fill = Color(red: 0xF7, green: 0xF7, blue: 0xF7)
        let frame = Rect(x: 0, y: 0, width: 100, height: 20)
        let toolbar = SceneToolbar(frame: frame, pixelFrame: PixelRect(snapping: frame, scale: 2), title: "Secure", fill: fill, text: .black, textSize: 12)
        let raster = try renderer.rasterize(Fixtures.scene(width: 100, height: 60, scale: 2, toolbar: toolbar, keys: []))
        XCTAssertColor(raster.color(2, 2), fill)
        XCTAssertColor(raster.color(2, 45), Fixtures.background)
        let ink = raster.count(in: PixelRect(x: 60, y: 0, width: 80, height: 40), differingFrom: fill)
        XCTAssertGreaterThan(ink, 50, "the title is drawn in the middle of the bar")
        XCTAssertEqual(raster.count(in: PixelRect(x: 0, y: 0, width: 30, height: 40), differingFrom: fill), 0, "centred, away from the left end")
    }
}
