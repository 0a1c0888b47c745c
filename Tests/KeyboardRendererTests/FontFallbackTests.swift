import XCTest
@testable import KeyboardModel
@testable import KeyboardRenderer

/// Per-character fallback through the pinned fonts: Latin in the theme's face, every other
/// script from the default face or the Noto face of its script, and only a character no
/// pinned font has is missing.
final class FontFallbackTests: XCTestCase {
    func testScriptsTheDefaultFaceLacksComeFromTheirNotoFace() throws {
        let renderer = try Renderer()
        let samples = ["क्ष", "தமிழ்", "বাংলা", "ภาษาไทย", "አማርኛ", "ಕನ್ನಡ", "ᏣᎳᎩ", "ⵜⴰⵎⴰⵣⵉⵖⵜ"]
        for sample in samples {
            let layout = try renderer.text.layout(sample, font: .default, sizePx: 40)
            XCTAssertEqual(layout.unknownGlyphs, 0, sample)
            XCTAssertEqual(layout.missing, [], sample)
        }
        XCTAssertEqual(try renderer.text.fallbackFiles(drawing: "क", font: .default), ["/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf"])
        XCTAssertEqual(try renderer.text.fallbackFiles(drawing: "क", font: SceneFont(family: "DejaVu Sans", weight: .bold)),
                       ["/usr/share/fonts/truetype/noto/NotoSansDevanagari-Bold.ttf"])
        XCTAssertEqual(try renderer.text.fallbackFiles(drawing: "ب", font: .default), [], "DejaVu Sans has Arabic: the default face comes first")
    }

    func testALatinKeyboardNeverLoadsTheFallback() throws {
        let renderer = try Renderer()
        _ = try renderer.text.layout("qwerty ?123 , . éü", font: .default, sizePx: 40)
        XCTAssertFalse(renderer.text.fallbackLoaded)
        _ = try renderer.text.layout("क", font: .default, sizePx: 40)
        XCTAssertTrue(renderer.text.fallbackLoaded)
    }

    func testACharacterNoPinnedFontHasIsMissingWithItsCodePoint() throws {
        let renderer = try Renderer()
        let layout = try renderer.text.layout("a\u{E000}\u{1100}", font: .default, sizePx: 40)
        XCTAssertEqual(layout.unknownGlyphs, 2)
        XCTAssertEqual(layout.missing, ["\u{E000}", "\u{1100}"])
        XCTAssertEqual(try renderer.text.layout("a\u{200D}b", font: .default, sizePx: 40).missing, [], "a joiner is drawn as nothing")
    }

    /// A theme's fallback family comes before the pinned order: U+1CE1 (a Vedic tone mark),
    /// which several script faces have with different widths, comes from Noto Sans Bengali
    /// (the first of them) unless the theme names Noto Sans Devanagari.
    func testAThemesFallbackFamilyComesBeforeThePinnedOrder() throws {
        let renderer = try Renderer()
        var font = SceneFont.default
        font.fallbacks = [.family("Noto Sans Devanagari")]
        XCTAssertEqual(try renderer.text.fallbackFiles(drawing: "\u{1CE1}", font: .default), ["/usr/share/fonts/truetype/noto/NotoSansBengali-Regular.ttf"])
        XCTAssertEqual(try renderer.text.fallbackFiles(drawing: "\u{1CE1}", font: font), ["/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf"])
        let plain = try renderer.text.layout("\u{1CE1}\u{1CE1}\u{1CE1}", font: .default, sizePx: 80).logicalSize
        let chained = try renderer.text.layout("\u{1CE1}\u{1CE1}\u{1CE1}", font: font, sizePx: 80).logicalSize
        XCTAssertNotEqual(plain.width, chained.width, "another face draws it")
    }
}
