import XCTest
@testable import KeyboardModel
@testable import KeyboardRenderer
@testable import RenderKeyboardKit

/// A label is drawn from its own chain of fonts — the theme's, the default face, the pinned
/// per-script faces — whatever the renderer drew before: a font loaded for another theme or
/// script never draws it, and never turns a missing glyph into a drawn one.
final class FontChainTests: XCTestCase {
    static let dejaVuSerif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
    static let interRegular = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"

    /// One key labelled `label` at `textSize` pt, in `font`.
    func labelScene(_ label: String, textSize: Double = 22, font: SceneFont = .default) -> KeyboardScene {
        var scene = singleKeyScene(style: Fixtures.style(textSize: textSize, shadowHeight: 0), label: label)
        scene.font = font
        return scene
    }

    /// Labels whose drawing a font outside their chain would change: U+E000 (private use; no
    /// font of the default chain has it, Inter does), U+1CE1 (a Vedic tone mark Noto Sans
    /// Bengali, Devanagari and others have; Bengali comes first), Latin, Devanagari, and a
    /// theme font file's label with a character of its own chain's Noto faces and U+E000.
    var probes: [KeyboardScene] {
        [
            labelScene("\u{E000}", textSize: 30),
            labelScene("\u{1CE1}\u{1CE1}", textSize: 30),
            labelScene("Qwérty"),
            labelScene("क्षि"),
            labelScene("Sé क \u{E000}", font: SceneFont(family: "", weight: .regular, files: [Self.dejaVuSerif])),
        ]
    }

    /// What a renderer that has drawn the ios keyboard (Inter), a theme font file of Inter's,
    /// Devanagari, Tamil and Roboto labels draws for each probe: exactly what a fresh renderer
    /// draws for it, and U+E000 stays missing in the default chain.
    func testALabelIsDrawnTheSameAfterOtherFontsWereLoaded() throws {
        let busy = try Renderer()
        XCTAssertEqual(try busy.missingGlyphs(in: labelScene("\u{E000}")).map(\.scalars), [["\u{E000}"]], "fresh: no font of the chain has it")
        var ios = RenderRequest()
        ios.layout = "letters"
        ios.theme = "ios"
        _ = try ios.render(with: busy)
        let others = [
            labelScene("\u{E000}", font: SceneFont(family: "", weight: .regular, files: [Self.interRegular])),
            labelScene("क", textSize: 30), labelScene("தமிழ்"), labelScene("Aé", font: SceneFont(family: "Roboto", weight: .bold)),
        ]
        for scene in others { _ = try busy.rasterize(scene) }
        XCTAssertEqual(try busy.missingGlyphs(in: others[0]), [], "Inter's chain draws U+E000")
        XCTAssertEqual(try busy.missingGlyphs(in: labelScene("\u{E000}", textSize: 26)).map(\.scalars), [["\u{E000}"]],
                       "Inter, loaded for the ios theme and a theme's file, is in no chain of the default face")
        for (n, probe) in probes.enumerated() {
            let fresh = try Renderer().rasterize(probe)
            XCTAssertEqual(try busy.rasterize(probe), fresh, "probe \(n): \(probe.keys[0].label)")
        }
    }

    /// The missing-glyph verdict of each probe is the same fresh and after other fonts.
    func testTheMissingGlyphVerdictDoesNotDependOnWhatWasDrawnBefore() throws {
        let busy = try Renderer()
        for font in [SceneFont(family: "Inter", weight: .regular), SceneFont(family: "", weight: .regular, files: [Self.interRegular])] {
            _ = try busy.rasterize(labelScene("क \u{E000}", textSize: 40, font: font))
        }
        for probe in probes {
            XCTAssertEqual(try busy.missingGlyphs(in: probe).map(\.scalars), try Renderer().missingGlyphs(in: probe).map(\.scalars), probe.keys[0].label)
        }
        XCTAssertEqual(try busy.missingGlyphs(in: probes[4]).map(\.scalars), [["\u{E000}"], ["\u{E000}"]],
                       "label and shift label: the file's chain lacks U+E000 too")
    }

    /// WenQuanYi Micro Hei, the rest of the default face, is read only for a label with a
    /// character DejaVu Sans lacks; a CJK label then draws what it drew when WenQuanYi was
    /// loaded with every chain, and a theme that names the family has it from the start.
    func testTheCJKFaceLoadsOnlyForACharacterDejaVuSansLacks() throws {
        let chain = try FontChain(.default)
        XCTAssertEqual(chain.fonts.fontCount, 2, "DejaVu Sans and its bold")
        XCTAssertFalse(try chain.loadFallback(for: "Qwérty ЖЩ αβ"), "DejaVu Sans draws Latin, Cyrillic and Greek")
        XCTAssertEqual(chain.fonts.fontCount, 2)
        XCTAssertTrue(try chain.loadFallback(for: "中文"))
        XCTAssertEqual(chain.fonts.fontCount, 4, "the two faces of wqy-microhei.ttc")
        XCTAssertTrue(chain.fallbackRows.isEmpty, "WenQuanYi has 中 and 文: no Noto family is read")
        XCTAssertFalse(try chain.loadFallback(for: "字"), "loaded once")
        let named = try FontChain(SceneFont(family: "WenQuanYi Micro Hei", weight: .regular))
        XCTAssertEqual(named.fonts.fontCount, 4)
        XCTAssertFalse(try named.loadFallback(for: "中"))
        XCTAssertEqual(named.fonts.fontCount, 4, "not loaded twice")
    }
}
