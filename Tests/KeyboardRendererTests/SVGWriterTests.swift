import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import KeyboardRenderer
@testable import KeyboardComposer
@testable import KeyboardFormats
@testable import KeyboardModel
@testable import LayoutEngine
import XCTest

/// The SVG writer: a group per key, names escaped, colours as variables, a dark theme, text
/// or outlines, embedded fonts, images, the same bytes every time.
final class SVGWriterTests: XCTestCase {
    let renderer = sharedRenderer

    func testEveryKeyIsAGroupInRowOrderWithItsIdClassesAndFrame() throws {
        let scene = Fixtures.letters(scale: 3, pressed: "g")
        let svg = try SVGElements(renderer.svg(scene))
        let keys = svg.elements.filter { $0.name == "g" && ($0["class"] ?? "").hasPrefix("key ") }
        XCTAssertEqual(keys.map { $0["id"] }, ["q", "w", "e", "r", "t", "y", "u", "i", "o", "p", "a", "s", "d", "f", "g", "h", "j", "k", "l",
                                               "shift", "z", "x", "c", "v", "b", "n", "m", "delete", "123", "globe", "space", "return"].map { "key-" + $0 })
        let g = try XCTUnwrap(keys.first { $0["id"] == "key-g" })
        XCTAssertEqual(g["class"], "key input content pressed")
        XCTAssertEqual(g["data-label"], "g")
        XCTAssertEqual(g["data-code"], "input")
        XCTAssertEqual(g["data-style"], "content")
        let frame = scene.keys.first { $0.label == "g" }!.frame
        XCTAssertEqual(g["data-row"], "\(frame.row)")
        XCTAssertEqual(g["data-column"], "\(frame.slot)")
        XCTAssertEqual(Double(g["data-x"] ?? ""), frame.frame.x)
        XCTAssertEqual(Double(g["data-width"] ?? ""), frame.frame.width)
        XCTAssertEqual(keys.first { $0["id"] == "key-return" }?["class"], "key done enter")
        // Inside: shadow, face, label (or icon), in that order.
        XCTAssertEqual(svg.children(of: keys[0]).map { $0["class"] ?? $0.name }, ["shadow", "face", "label"])
        XCTAssertEqual(svg.children(of: keys[19]).map { $0["class"] ?? $0.name }, ["shadow", "face", "icon shift shift-off"])
        XCTAssertEqual(svg.elements.filter { $0["id"] == "background" }.map(\.name), ["rect"])
    }

    func testNamesAndLabelsAreEscapedAndRepeatsAreNumbered() throws {
        let labels = ["<&\"'>", ",", "_", "a", "a", "a-2", "ш", "x\u{1}y", "]]>"]
        let keys = labels.enumerated().map { n, label in
            Fixtures.key(label, Rect(x: 4 + Double(n) * 40, y: 4, width: 36, height: 30), scale: 1, index: n)
        }
        let scene = Fixtures.scene(width: 380, height: 40, scale: 1, keys: keys)
        let svg = try SVGElements(renderer.svg(scene))
        let groups = svg.elements.filter { ($0["class"] ?? "").hasPrefix("key ") }
        XCTAssertEqual(groups.map { $0["id"] }, ["key-_3c__26__22__27__3e_", "key-_2c_", "key-_5f_", "key-a", "key-a-2", "key-a-2-2", "key-ш", "key-x_1_y", "key-_5d__5d__3e_"])
        XCTAssertEqual(groups.map { $0["data-label"] }, ["<&\"'>", ",", "_", "a", "a", "a-2", "ш", "x\u{FFFD}y", "]]>"])
        let texts = svg.texts(of: "text")
        XCTAssertEqual(texts, ["<&\"'>", ",", "_", "a", "a", "a-2", "ш", "x\u{FFFD}y", "]]>"])
    }

    func testNoScriptAndNoReferenceOutsideTheFile() throws {
        let png = try PNGCodec.encode(RasterImage(width: 4, height: 4, rgba: Array(repeating: 200, count: 64)))
        let image = SceneImage(id: "/themes/key.png", png: png, capInsets: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1))
        for (scene, options) in [(Fixtures.letters(scale: 2), SVGOptions(embedsFonts: true)), (singleKeyScene(style: Fixtures.style(image: image), label: "完成"), SVGOptions())] {
            let text = String(decoding: try renderer.svg(scene, options: options), as: UTF8.self)
            XCTAssertFalse(text.lowercased().contains("<script"))
            XCTAssertNil(text.firstMatch(of: /\son[a-z]+=/), "no event handler attribute")
            XCTAssertEqual(text.matches(of: /https?:/).count, 2, "only the two namespace names")
            let ids = Set(text.matches(of: /\sid="([^"]+)"/).map { String($0.1) })
            for reference in text.matches(of: /(?:href="|url\()([^")]*)/) {
                let target = String(reference.1)
                if target.hasPrefix("data:") { continue }
                XCTAssertTrue(target.hasPrefix("#") && ids.contains(String(target.dropFirst())), "reference \(target)")
            }
        }
    }

    func testTheSameBytesOnEveryRenderAndFromEveryRenderer() throws {
        let other = try Renderer()
        let scenes = [Fixtures.letters(scale: 3), Fixtures.letters(scale: 2, shift: .locked), singleKeyScene(style: Fixtures.style(), label: "完成")]
        for mode in SVGTextMode.allCases {
            let options = SVGOptions(text: mode, darkScene: nil)
            let first = try scenes.map { try renderer.svg($0, options: options) }
            let again = try scenes.reversed().map { try other.svg($0, options: options) }.reversed()
            XCTAssertEqual(first, Array(again), "\(mode)")
        }
    }

    func testColoursAreVariablesAppliedOnlyWhereVariablesWork() throws {
        let scene = Fixtures.letters(scale: 2)
        let text = String(decoding: try renderer.svg(scene), as: UTF8.self)
        XCTAssertEqual(text.matches(of: /<style>/).count, 1)
        let style = try XCTUnwrap(text.firstMatch(of: /<style>([\s\S]*)<\/style>/)).1
        XCTAssertTrue(style.contains(":root{--rk-background:#D1D3D9;"))
        XCTAssertTrue(style.contains("--rk-content-fill:#FFFFFF;"))
        let supports = try XCTUnwrap(style.range(of: "@supports (color: var(--rk)){"))
        XCTAssertFalse(style[..<supports.lowerBound].contains("var("), "every var() sits inside @supports")
        XCTAssertTrue(style.contains(".key[data-style=content]>.face{fill:var(--rk-content-fill);fill-opacity:1}"))
        // Every shape carries its plain colour too.
        XCTAssertEqual(text.matches(of: /<path class="face" d="[^"]+" fill="#FFFFFF"\/>/).count, 27, "26 letters and the space bar")
        // A key whose colour differs from its class's has a variable of its own.
        var keys = scene.keys
        keys[2].style.fill = Color(red: 0xFF, green: 0, blue: 0)
        var changed = scene
        changed.keys = keys
        let own = String(decoding: try renderer.svg(changed), as: UTF8.self)
        XCTAssertTrue(own.contains("--rk-key-e-fill:#FF0000;"))
        XCTAssertTrue(own.contains("#key-e>.face{fill:var(--rk-key-e-fill);fill-opacity:1}"))
    }

    func testADarkSceneAddsItsColoursUnderPrefersColorSchemeDark() throws {
        let light = Fixtures.letters(scale: 2)
        var dark = light
        dark.background = .color(Color(red: 0x20, green: 0x20, blue: 0x20))
        dark.keys = light.keys.map { key in
            var key = key
            key.style.fill = Color(red: 0x40, green: 0x40, blue: 0x40)
            key.style.text = .white
            return key
        }
        let text = String(decoding: try renderer.svg(light, options: SVGOptions(darkScene: dark)), as: UTF8.self)
        let media = try XCTUnwrap(text.firstMatch(of: /@media \(prefers-color-scheme: dark\)\{:root\{([^}]*)\}\}/)).1
        XCTAssertTrue(media.contains("--rk-background:#202020;"))
        XCTAssertTrue(media.contains("--rk-content-fill:#404040;"))
        XCTAssertTrue(media.contains("--rk-content-text:#FFFFFF;"))
        XCTAssertTrue(text.contains("<rect id=\"background\" x=\"0\" y=\"0\" width=\"786\" height=\"568\" fill=\"#D1D3D9\"/>"), "the attributes keep the light colours")
    }

    func testADarkSceneOfOtherGeometryIsRefusedNamingTheFirstFieldThatDiffers() throws {
        let light = Fixtures.letters(scale: 2)
        var dark = light
        dark.keys[3].style.cornerRadius = 8
        dark.keys[5].style.borderWidth = 1
        XCTAssertEqual(XCTAssertRenderError(try renderer.svg(light, options: SVGOptions(darkScene: dark))),
                       .darkThemeGeometry("cornerRadius (key \"r\"): 5 pt in the light theme, 8 pt in the dark theme"))
        var font = light
        font.font.weight = .bold
        XCTAssertEqual(Renderer.darkThemeProblem(light: light, dark: font), "font.weight: regular in the light theme, bold in the dark theme")
    }

    func testOutlinesAreGlyphPathsOnTheWholePixelsCairoPutsThemOn() throws {
        let scene = singleKeyScene(style: Fixtures.style(textSize: 20.3), label: "Hi", scale: 3)
        let text = String(decoding: try renderer.svg(scene, options: SVGOptions(text: .outlines)), as: UTF8.self)
        XCTAssertNil(text.range(of: "<text"))
        let path = try XCTUnwrap(text.firstMatch(of: /<path class="label" d="([^"]+)" fill="#000000"\/>/)).1
        // DejaVu Sans's H starts at its left side bearing (0.098 em here) from a whole pixel,
        // on a baseline on a whole pixel.
        let layout = try renderer.text.layout("Hi", font: scene.font, sizePx: 20.3 * 3)
        let origin = layout.origin(centeredAt: 150, 90)
        let run = try XCTUnwrap(layout.glyphRuns().first)
        let x = (origin.x + run.glyphs[0].x + 0.5).rounded(.down), y = (origin.y + run.baseline + 0.5).rounded(.down)
        let first = path.split(separator: "Z")[0]
        let ys = first.matches(of: /-?\d+(?:\.\d+)?/).enumerated().filter { $0.offset % 2 == 1 }.map { Double($0.element.0)! }
        XCTAssertEqual(ys.max(), y, "the H's foot is on the rounded baseline")
        let xs = first.matches(of: /-?\d+(?:\.\d+)?/).enumerated().filter { $0.offset % 2 == 0 }.map { Double($0.element.0)! }
        XCTAssertEqual(xs.min()! - x, 0.098 * 20.3 * 3, accuracy: 0.05)
        XCTAssertTrue(text.contains("drawn as outlines"))
    }

    func testTextLabelsNameTheirFontsAndSitOnThePNGsBaseline() throws {
        let scene = singleKeyScene(style: Fixtures.style(textSize: 20), label: "完成 ok", scale: 2)
        let text = String(decoding: try renderer.svg(scene), as: UTF8.self)
        let label = try XCTUnwrap(text.firstMatch(of: /<text class="label" font-family="([^"]*)" font-size="40" font-weight="400" text-anchor="middle" fill="#000000" x="([^"]+)" y="([^"]+)">完成 ok<\/text>/))
        XCTAssertEqual(String(label.1), "'DejaVu Sans', 'WenQuanYi Micro Hei', sans-serif")
        XCTAssertEqual(Double(label.3)!, Double(label.3)!.rounded(), "a baseline on a whole pixel")
        XCTAssertTrue(text.contains("Label fonts: WenQuanYi Micro Hei (wqy-microhei.ttc), DejaVu Sans (DejaVuSans.ttf);"), "in the order first used")
    }

    func testEmbeddedFontsAreSubsetsOfTheGlyphsUsed() throws {
        let scene = singleKeyScene(style: Fixtures.style(textSize: 20), label: "ok", scale: 2)
        let text = String(decoding: try renderer.svg(scene, options: SVGOptions(embedsFonts: true)), as: UTF8.self)
        let face = try XCTUnwrap(text.firstMatch(of: /@font-face\{font-family:'DejaVu Sans';font-weight:400;src:url\(data:font\/ttf;base64,([A-Za-z0-9+\/=]+)\) format\('truetype'\)\}/))
        let font = try XCTUnwrap(Data(base64Encoded: String(face.1)))
        XCTAssertEqual(Array(font.prefix(4)), [0, 1, 0, 0], "a TrueType file")
        let whole = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        XCTAssertLessThan(font.count, whole.count / 20, "only the glyphs used")
    }

    func testAFontWhoseLicenceRestrictsEmbeddingIsRefused() throws {
        // Roboto, which the pinned set loads only when a theme names the family.
        var font = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf")))
        // The table directory: find OS/2 and set its fsType (offset 8) to 2, restricted.
        let tables = Int(font[4]) << 8 | Int(font[5])
        let record = try XCTUnwrap((0..<tables).map { 12 + 16 * $0 }.first { Array(font[$0..<($0 + 4)]) == Array("OS/2".utf8) })
        let offset = font[(record + 8)..<(record + 12)].reduce(0) { $0 << 8 | Int($1) }
        font[offset + 8] = 0
        font[offset + 9] = 2
        let path = NSTemporaryDirectory() + "restricted-\(UUID().uuidString).ttf"
        try Data(font).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var scene = singleKeyScene(style: Fixtures.style(), label: "ok")
        scene.font.files = [path]
        XCTAssertNoThrow(try renderer.svg(scene, options: SVGOptions(text: .text)))
        let error = XCTAssertRenderError(try renderer.svg(scene, options: SVGOptions(embedsFonts: true)))
        XCTAssertEqual(error, .fontEmbedding(path: path, reason: "its licence restricts embedding (OS/2 fsType 2); draw the labels with --svg-text outlines"))
    }

    func testANineSliceImageIsNineSlicesClippedToTheFace() throws {
        var rgba: [UInt8] = []
        for i in 0..<36 { rgba += [UInt8(i * 7), 100, 200, 255] }
        let png = try PNGCodec.encode(RasterImage(width: 6, height: 6, rgba: rgba))
        let image = SceneImage(id: "key.png", png: png, capInsets: EdgeInsets(top: 2, left: 2, bottom: 2, right: 2))
        let svg = try SVGElements(renderer.svg(singleKeyScene(style: Fixtures.style(image: image), label: "a", scale: 1)))
        let group = try XCTUnwrap(svg.elements.first { $0["class"] == "image" })
        XCTAssertEqual(group["clip-path"], "url(#clip-key-a)")
        let uses = svg.children(of: group)
        XCTAssertEqual(uses.count, 9)
        XCTAssertEqual(uses[0]["transform"], "matrix(1 0 0 1 10 10)")
        XCTAssertEqual(uses[0]["image-rendering"], "optimizeSpeed", "a corner lands pixel for pixel")
        XCTAssertEqual(uses[4]["image-rendering"], "optimizeQuality", "the centre is stretched")
        XCTAssertEqual(svg.elements.filter { $0.name == "image" }.count, 9, "each slice defined once")
        XCTAssertTrue(svg.elements.filter { $0.name == "image" }.allSatisfy { ($0["xlink:href"] ?? "").hasPrefix("data:image/png;base64,") })
    }

    func testAPatternPadIsAGroupPerDot() throws {
        let canvas = Canvas(deviceName: nil, orientation: .portrait, width: 300, scale: 2)
        let frames = try PatternPad.solve(size: 3, path: [0, 1, 2, 5], on: canvas)
        let scene = PatternComposer.compose(frames: frames, theme: Theme(), state: .selected)
        let svg = try SVGElements(renderer.svg(scene))
        let dots = svg.elements.filter { ($0["id"] ?? "").hasPrefix("dot-") }
        XCTAssertEqual(dots.map { $0["id"] }, (0..<9).map { "dot-\($0)" })
        XCTAssertEqual(dots.map { $0["class"] }, ["dot on-path", "dot on-path", "dot on-path", "dot", "dot", "dot on-path", "dot", "dot", "dot"])
        XCTAssertEqual(dots[5]["data-order"], "3")
        XCTAssertEqual(dots[5]["data-row"], "1")
        XCTAssertEqual(svg.elements.filter { $0["class"] == "line" }.count, 1)
    }
}

/// The elements of an SVG document in document order, with their attributes and parents.
final class SVGElements: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var parent: Int?
        var index: Int
        var text = ""
        subscript(name: String) -> String? { attributes[name] }
    }

    private(set) var elements: [Element] = []
    private var open: [Int] = []

    init(_ bytes: [UInt8]) throws {
        super.init()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
    }

    func children(of element: Element) -> [Element] {
        elements.filter { $0.parent == element.index }
    }

    /// The text of every element named `name`.
    func texts(of name: String) -> [String] {
        elements.filter { $0.name == name }.map(\.text)
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
        elements.append(Element(name: name, attributes: attributes, parent: open.last, index: elements.count))
        open.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let last = open.last { elements[last].text += string }
    }
}
