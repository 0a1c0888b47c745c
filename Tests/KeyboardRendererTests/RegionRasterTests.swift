import KeyboardModel
@testable import KeyboardRenderer
@testable import RenderKeyboardKit
import XCTest

/// `Renderer.rasterize(_:regions:)` gives only some boxes of a scene; each must hold exactly
/// the pixels the whole image holds there, or a check that reads the boxes (lint's image
/// faces) would measure other colours than `render` draws. (Clipping the drawing to the
/// boxes fails this: cairo draws differently under a clip.)
final class RegionRasterTests: XCTestCase {
    /// The built-in image theme (a background image, 9-slice faces) and a flat one, with
    /// labels and without, a key pressed with its callout, on phones and a tablet at three
    /// scales: every pixel of every region equals the whole image's.
    func testRegionsHoldTheWholeImagesPixels() throws {
        for (theme, device, orientation) in [
            ("image", "iphone-se-1", Orientation.portrait), ("image", "iphone-15", .landscape),
            ("image", "pixel-7-pro", .portrait), ("image", "ipad-10", .landscape), ("default", "pixel-8", .portrait),
        ] {
            var request = RenderRequest()
            request.layout = "letters"
            request.theme = theme
            request.device = device
            request.orientation = orientation
            request.pressed = ["g"]
            let scene = try request.sceneAndWarnings(measuringAtScale: sharedRenderer.labelMeasure(atScale:)).scene
            var bare = scene
            for n in bare.keys.indices { bare.keys[n].label = "" }
            for drawn in [scene, bare] {
                let whole = try sharedRenderer.rasterize(drawn)
                let regions = Self.regions(of: drawn)
                let parts = try sharedRenderer.rasterize(drawn, regions: regions)
                XCTAssertEqual(parts.count, regions.count)
                for (region, part) in zip(regions, parts) {
                    try Self.assert(part, isWhole: whole, in: region, "\(theme) on \(device) \(orientation)")
                }
            }
        }
    }

    /// Keys far from every region are not drawn; what reaches a region still is: a few label
    /// boxes, and rows of pixels just under keys that only their shadows reach.
    func testKeysThatReachNoRegionLeaveItUnchanged() throws {
        for (theme, device) in [("image", "iphone-15"), ("default", "iphone-se-1"), ("default", "pixel-7-pro")] {
            var request = RenderRequest()
            request.theme = theme
            request.device = device
            var scene = try request.sceneAndWarnings(measuringAtScale: sharedRenderer.labelMeasure(atScale:)).scene
            for n in scene.keys.indices {
                scene.keys[n].label = ""
                scene.keys[n].icon = .none
            }
            let whole = try sharedRenderer.rasterize(scene)
            var regions: [PixelRect] = []
            for key in scene.keys.prefix(3) {
                let f = key.frame.pixelFrame
                regions.append(PixelRect(x: f.x + f.width / 3, y: f.y + f.height / 3, width: f.width / 3, height: f.height / 3))
            }
            for key in scene.keys.dropFirst(4).prefix(3) {
                // Below the key's bottom edge and its pixel of margin: only its shadow is there.
                let f = key.frame.pixelFrame
                regions.append(PixelRect(x: f.x + f.width / 4, y: f.y + f.height + 1, width: f.width / 2, height: 2))
            }
            XCTAssertLessThan(Renderer.reaching(regions, in: scene).keys.filter { $0.frame.pixelFrame.width > 0 }.count, scene.keys.count / 2)
            for (region, part) in zip(regions, try sharedRenderer.rasterize(scene, regions: regions)) {
                try Self.assert(part, isWhole: whole, in: region, "\(theme) on \(device)")
            }
        }
    }

    /// Regions outside the image, or of no area, are empty images; no region draws nothing.
    func testRegionsOutsideTheImageAreEmpty() throws {
        var request = RenderRequest()
        request.theme = "image"
        let scene = try request.sceneAndWarnings(measuringAtScale: sharedRenderer.labelMeasure(atScale:)).scene
        let outside = [
            PixelRect(x: -10, y: 0, width: 10, height: 10), PixelRect(x: scene.imageWidth, y: 0, width: 5, height: 5),
            PixelRect(x: 5, y: 5, width: 0, height: 9), PixelRect(x: 5, y: 5, width: -3, height: 9),
            PixelRect(x: Int.max - 1, y: Int.max - 1, width: Int.max, height: Int.max),
        ]
        for image in try sharedRenderer.rasterize(scene, regions: outside) {
            XCTAssertEqual([image.width, image.height, image.rgba.count], [0, 0, 0])
        }
        XCTAssertTrue(try sharedRenderer.rasterize(scene, regions: []).isEmpty)
    }

    /// A box centred in each key at half its size (where labels are read), each key's frame,
    /// boxes across the image's edges, and boxes from a fixed pseudo-random sequence.
    static func regions(of scene: KeyboardScene) -> [PixelRect] {
        var out: [PixelRect] = []
        for key in scene.keys {
            let f = key.frame.pixelFrame
            out.append(f)
            out.append(PixelRect(x: f.x + f.width / 4, y: f.y + f.height / 4, width: f.width / 2, height: f.height / 2))
        }
        let w = scene.imageWidth, h = scene.imageHeight
        out += [PixelRect(x: -7, y: -7, width: 40, height: 30), PixelRect(x: w - 13, y: h - 17, width: 50, height: 50)]
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            seed ^= seed << 13
            seed ^= seed >> 7
            seed ^= seed << 17
            return Int(seed % UInt64(bound))
        }
        for _ in 0..<40 { out.append(PixelRect(x: next(w), y: next(h), width: 1 + next(120), height: 1 + next(90))) }
        return out
    }

    /// `part` is the part of `region` inside `whole`, pixel for pixel.
    static func assert(_ part: RasterImage, isWhole whole: RasterImage, in region: PixelRect, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let x0 = max(region.x, 0), y0 = max(region.y, 0)
        let x1 = min(region.x + region.width, whole.width), y1 = min(region.y + region.height, whole.height)
        XCTAssertEqual(part.width, max(0, x1 - x0), "width of \(region), \(what)", file: file, line: line)
        XCTAssertEqual(part.height, max(0, y1 - y0), "height of \(region), \(what)", file: file, line: line)
        guard part.width == max(0, x1 - x0), part.height == max(0, y1 - y0) else { return }
        for y in y0..<max(y0, y1) {
            for x in x0..<max(x0, x1) {
                let a = try XCTUnwrap(part.pixel(x: x - x0, y: y - y0)), b = try XCTUnwrap(whole.pixel(x: x, y: y))
                guard a == b else {
                    return XCTFail("pixel (\(x), \(y)) of \(region) is \(a), the whole image's is \(b); \(what)", file: file, line: line)
                }
            }
        }
    }
}
