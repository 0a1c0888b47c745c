@testable import KeyboardRenderer
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer
import XCTest

/// Labels through Pango on the pinned fonts.
final class LabelTests: XCTestCase {
    let renderer = sharedRenderer
    let keyRect = PixelRect(x: 20, y: 20, width: 160, height: 80)

    func testDifferentLabelsDifferInsideTheKeyOnly() throws {
        let a = try renderer.rasterize(singleKeyScene(style: Fixtures.style(shadowHeight: 0), label: "A"))
        let b = try renderer.rasterize(singleKeyScene(style: Fixtures.style(shadowHeight: 0), label: "B"))
        let box = try XCTUnwrap(a.differences(from: b))
        XCTAssertGreaterThanOrEqual(box.x0, 20)
        XCTAssertLessThanOrEqual(box.x1, 179)
        XCTAssertGreaterThanOrEqual(box.y0, 20)
        XCTAssertLessThanOrEqual(box.y1, 99)
    }

    func testLabelIsCentredOnTheKey() throws {
        let image = try renderer.rasterize(singleKeyScene(style: Fixtures.style(shadowHeight: 0), label: "H"))
        let plain = try renderer.rasterize(singleKeyScene(style: Fixtures.style(shadowHeight: 0)))
        let box = try XCTUnwrap(image.differences(from: plain))
        let inkCentreX = Double(box.x0 + box.x1) / 2, inkCentreY = Double(box.y0 + box.y1) / 2
        XCTAssertEqual(inkCentreX, 99.5, accuracy: 2)
        XCTAssertEqual(inkCentreY, 59.5, accuracy: 4)
    }

    func testCJKLabelsHaveRealGlyphs() throws {
        let font = SceneFont(family: "DejaVu Sans", weight: .regular)
        for label in ["完成", "删除"] {
            XCTAssertEqual(try renderer.text.layout(label, font: font, sizePx: 40).unknownGlyphs, 0, label)
        }
        XCTAssertEqual(try renderer.text.layout("\u{E000}", font: font, sizePx: 40).unknownGlyphs, 1, "the Private Use Area has no glyph")

        let style = Fixtures.style(shadowHeight: 0)
        let done = try renderer.rasterize(singleKeyScene(style: style, label: "完成"))
        let missing = try renderer.rasterize(singleKeyScene(style: style, label: "\u{E000}\u{E001}"))
        XCTAssertGreaterThan(done.count(in: keyRect, differingFrom: Fixtures.keyFill), 300, "完成 draws ink")
        XCTAssertNotEqual(done, missing, "完成 is not drawn as missing-glyph boxes")
    }

    func testTooLongLabelComposedWithTheRenderersMeasureStaysInsideItsKey() throws {
        let frames = singleKeyScene(style: Fixtures.style(), label: "A label far too long for any key").frames
        let scene = try SceneComposer.compose(
            frames: frames, theme: Theme(), image: { _ in throw Diagnostic(file: "t", path: "", reason: "no image") },
            measure: renderer.labelMeasure(atScale: frames.canvas.scale)
        )
        XCTAssertLessThan(scene.keys[0].style.textSize, 22, "the composer shrank the label")
        var plainScene = scene
        plainScene.keys[0].label = ""
        let long = try renderer.rasterize(scene)
        let plain = try renderer.rasterize(plainScene)
        let box = try XCTUnwrap(long.differences(from: plain))
        // Key x 20…179 minus 3 pt (6 px) of padding each side.
        XCTAssertGreaterThanOrEqual(box.x0, 26)
        XCTAssertLessThanOrEqual(box.x1, 173)
        XCTAssertGreaterThanOrEqual(box.y0, 20)
        XCTAssertLessThanOrEqual(box.y1, 99)
    }

    func testTheRendererDrawsALabelAtTheSceneSizeWithoutFittingIt() throws {
        // A scene built by hand with a 22 pt label far wider than its key: the renderer draws
        // what the scene holds, so the label runs past both ends of the key (x 20…179).
        let style = Fixtures.style(shadowHeight: 0)
        let long = try renderer.rasterize(singleKeyScene(style: style, label: "A label far too long for any key"))
        let plain = try renderer.rasterize(singleKeyScene(style: style))
        let box = try XCTUnwrap(long.differences(from: plain))
        XCTAssertLessThan(box.x0, 20)
        XCTAssertGreaterThan(box.x1, 179)
    }

    func testFontFamilyOutsideThePinnedSetFallsBackToPinnedFonts() throws {
        let style = Fixtures.style(shadowHeight: 0)
        var scene = singleKeyScene(style: style, label: "Ag")
        let dejaVu = try renderer.rasterize(scene)
        scene.font = SceneFont(family: "Helvetica", weight: .regular)
        XCTAssertEqual(try renderer.rasterize(scene), dejaVu, "an unknown family is DejaVu Sans, never a machine font")
        scene.font = SceneFont(family: "DejaVu Sans", weight: .bold)
        XCTAssertNotEqual(try renderer.rasterize(scene), dejaVu, "bold uses DejaVuSans-Bold")
    }

    func testPinnedFontConfigurationHoldsExactlyThePinnedFiles() throws {
        let fonts = try FontConfiguration()
        // DejaVu Sans and DejaVu Sans Bold; the two faces of wqy-microhei.ttc only once a
        // label needs them, Roboto regular, medium and bold once a scene asks for Roboto.
        XCTAssertEqual(fonts.fontCount, 2)
        try fonts.addPinned(PinnedFonts.cjkFiles)
        XCTAssertEqual(fonts.fontCount, 4)
        try fonts.addPinned(try XCTUnwrap(PinnedFonts.families["Roboto"]))
        XCTAssertEqual(fonts.fontCount, 7)
        XCTAssertTrue(PinnedFonts.configurationXML.contains("hintnone"))
    }

    func testMissingFontErrorNamesTheFileAndPackage() {
        let error = RenderError.fontMissing(path: "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", package: "fonts-wqy-microhei")
        XCTAssertTrue(error.description.contains("wqy-microhei.ttc"))
        XCTAssertTrue(error.description.contains("fonts-wqy-microhei"))
    }
}
