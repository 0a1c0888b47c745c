import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import KeyboardRenderer
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer
import XCTest

/// PNG, SVG and PDF writers.
final class OutputFormatTests: XCTestCase {
    let renderer = sharedRenderer

    func testPNGHasTheSceneSizeAndRoundTripsThroughTheCodec() throws {
        let scene = Fixtures.letters(scale: 2)
        let raster = try renderer.rasterize(scene)
        let png = try renderer.png(scene)
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let decoded = try PNGCodec.decode(png)
        XCTAssertEqual(decoded.width, scene.imageWidth)
        XCTAssertEqual(decoded.height, scene.imageHeight)
        XCTAssertEqual(decoded, raster)
    }

    /// `png` converts the drawn pixels where they lie instead of copying them: the file is
    /// byte for byte the one encoded from `rasterize`, translucent pixels included.
    func testPNGOfASceneIsTheEncodedRaster() throws {
        let translucent = Fixtures.style(fill: Color(red: 0x20, green: 0x80, blue: 0xF0, alpha: 0x60), shadowColor: Color(red: 0, green: 0, blue: 0, alpha: 0x30))
        let keys = [Fixtures.key("a", Rect(x: 4, y: 4, width: 40, height: 30), scale: 2, style: translucent),
                    Fixtures.key("b", Rect(x: 50, y: 4, width: 40, height: 30), scale: 2, index: 1)]
        for background in [SceneBackground.color(.clear), .color(Color(red: 0xD1, green: 0xD3, blue: 0xD9, alpha: 0x80)), .color(Fixtures.background)] {
            let scene = Fixtures.scene(width: 96, height: 40, scale: 2, background: background, keys: keys)
            let raster = try renderer.rasterize(scene)
            for level in [0, 1, 9] {
                XCTAssertEqual(try renderer.png(scene, compression: level), try PNGCodec.encode(raster, compression: level), "\(background) level \(level)")
            }
            XCTAssertEqual(try PNGCodec.decode(renderer.png(scene)), raster)
        }
    }

    func testPNGCodecKeepsStraightAlphaExactly() throws {
        var rgba: [UInt8] = []
        for i in 0..<64 { rgba += [UInt8(i * 4), UInt8(255 - i), UInt8(i * 3), UInt8(i * 4 + 3)] }
        let image = RasterImage(width: 8, height: 8, rgba: rgba)
        for level in [0, 1, 6, 9] {
            XCTAssertEqual(try PNGCodec.decode(PNGCodec.encode(image, compression: level)), image, "level \(level)")
        }
    }

    func testPNGCompressionOutsideZeroToNineIsAnError() {
        let scene = Fixtures.letters(scale: 1)
        XCTAssertEqual(XCTAssertRenderError(try renderer.png(scene, compression: 10)), .invalidCompression(10))
        XCTAssertEqual(XCTAssertRenderError(try renderer.png(scene, compression: -1)), .invalidCompression(-1))
    }

    func testDecodingGarbageOrTruncatedPNGIsAnError() throws {
        XCTAssertRenderError(try PNGCodec.decode([]))
        XCTAssertRenderError(try PNGCodec.decode(Array("not a png".utf8)))
        let png = try renderer.png(Fixtures.letters(scale: 1))
        XCTAssertRenderError(try PNGCodec.decode(Array(png.prefix(png.count / 2))))
        var corrupt = png
        corrupt[40] ^= 0xFF
        XCTAssertRenderError(try PNGCodec.decode(corrupt))
    }

    func testEncodingAMalformedRasterIsAnError() {
        XCTAssertRenderError(try PNGCodec.encode(RasterImage(width: 2, height: 2, rgba: [0, 0, 0])))
        XCTAssertRenderError(try PNGCodec.encode(RasterImage(width: 0, height: 0, rgba: [])))
    }

    func testSVGIsWellFormedXMLInPixels() throws {
        let scene = Fixtures.letters(scale: 3)
        let svg = try renderer.svg(scene)
        XCTAssertNoThrow(try XMLDocument(data: Data(svg)), "well-formed XML")
        let parser = XMLParser(data: Data(svg))
        let root = RootElementRecorder()
        parser.delegate = root
        XCTAssertTrue(parser.parse(), "\(String(describing: parser.parserError))")
        XCTAssertEqual(root.name, "svg")
        XCTAssertEqual(root.attributes["width"], "\(scene.imageWidth)px")
        XCTAssertEqual(root.attributes["height"], "\(scene.imageHeight)px")
        XCTAssertEqual(root.attributes["viewBox"], "0 0 \(scene.imageWidth) \(scene.imageHeight)")
    }

    func testSVGBytesAreTheSameOnEveryRender() throws {
        let png = try PNGCodec.encode(RasterImage(width: 2, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 128]))
        let image = SceneImage(id: "key.png", png: png, capInsets: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1))
        let scenes = [Fixtures.letters(scale: 2), singleKeyScene(style: Fixtures.style(image: image), label: "完成")]
        for scene in scenes {
            let first = try renderer.svg(scene)
            _ = try renderer.svg(Fixtures.letters(scale: 3, shift: .locked)) // advances cairo's id counters
            _ = try renderer.svg(scenes[1])
            XCTAssertEqual(try renderer.svg(scene), first)
            // Every reference points at an id that exists.
            let text = String(decoding: first, as: UTF8.self)
            let ids = Set(text.components(separatedBy: " id=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) })
            XCTAssertFalse(ids.isEmpty)
            for marker in ["xlink:href=\"#", "url(#"] {
                for reference in text.components(separatedBy: marker).dropFirst() {
                    guard let id = reference.split(whereSeparator: { $0 == "\"" || $0 == ")" }).first else { continue }
                    XCTAssertTrue(ids.contains(String(id)), "dangling reference #\(id)")
                }
            }
        }
    }

    func testPDFBytesAreTheSameOnEveryRenderAndThePageIsInPoints() throws {
        let scene = Fixtures.letters(scale: 3)
        let first = try renderer.pdf(scene)
        _ = try renderer.pdf(Fixtures.letters(scale: 2))
        XCTAssertEqual(try renderer.pdf(scene), first)
        let text = String(decoding: first, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("%PDF-"))
        XCTAssertTrue(text.contains("/MediaBox [ 0 0 393 284 ]"), "page is 393 × (250 + 34) pt")
        XCTAssertTrue(text.contains("20000101000000"), "fixed creation date")
    }

    func testContactSheetPaintsScenesAtTheirOriginsWithCaptions() throws {
        let scene = singleKeyScene(style: Fixtures.style(shadowHeight: 0), label: "A")
        let alone = try renderer.rasterize(scene)
        let sheet = try renderer.rasterizeSheet(width: 500, height: 300, background: .white, cells: [
            SheetCell(scene: scene, originX: 10, originY: 40, caption: "normal", captionX: 10, captionY: 5, captionSize: 20),
            SheetCell(scene: scene, originX: 250, originY: 40),
        ])
        XCTAssertEqual(sheet.width, 500)
        for (x, y) in [(0, 0), (100, 60), (20, 20), (199, 119), (150, 50)] {
            XCTAssertEqual(sheet.color(10 + x, 40 + y), alone.color(x, y))
            XCTAssertEqual(sheet.color(250 + x, 40 + y), alone.color(x, y))
        }
        XCTAssertGreaterThan(sheet.count(in: PixelRect(x: 10, y: 5, width: 100, height: 30), differingFrom: .white), 50, "caption ink")
        XCTAssertColor(sheet.color(480, 290), .white)
        XCTAssertRenderError(try renderer.rasterizeSheet(width: 20000, height: 10, background: .white, cells: []))
    }
}

/// Remembers the first element's name and attributes.
private final class RootElementRecorder: NSObject, XMLParserDelegate {
    var name: String?
    var attributes: [String: String] = [:]

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        guard name == nil else { return }
        name = elementName
        self.attributes = attributes
    }
}
