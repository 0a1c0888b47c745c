import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import XCTest

/// The theme's `callout` block: decoding, the cascade, and hostile values.
final class CalloutThemeTests: XCTestCase {
    private func problems(_ yaml: String) -> [String] {
        do {
            _ = try ThemeDecoder.decode(Array(yaml.utf8), file: "t.yaml", baseDirectory: "/tmp")
            return []
        } catch let list as DiagnosticList {
            return list.diagnostics.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    func testEveryFieldIsRead() throws {
        let theme = try ThemeDecoder.decode(Array("""
        keys:
          content:
            callout: {enabled: true, fill: "#FFF", text: "#000", textSize: 30, borderColor: "#111", borderWidth: 0.5, shadowColor: "#222"}
        """.utf8), file: "t.yaml", baseDirectory: "/tmp")
        var bubble = KeyStyle()
        (bubble.fill, bubble.text, bubble.textSize) = (.white, .black, 30)
        (bubble.borderColor, bubble.borderWidth, bubble.shadowColor) = (Color(hex: "#111"), 0.5, Color(hex: "#222"))
        XCTAssertEqual(theme.content?.callout, CalloutStyle(enabled: true, style: bubble))
    }

    func testAChildThemeOverridesFieldByField() throws {
        let parent = try ThemeDecoder.decode(Array("keys: {content: {callout: {enabled: true, fill: \"#FFF\"}}}".utf8), file: "p.yaml", baseDirectory: "/tmp")
        let child = try ThemeDecoder.decode(Array("keys: {content: {callout: {fill: \"#000\"}}}".utf8), file: "c.yaml", baseDirectory: "/tmp")
        let merged = parent.overlaid(by: child)
        XCTAssertEqual(merged.content?.callout?.enabled, true)
        XCTAssertEqual(merged.content?.callout?.style.fill, .black)
    }

    func testHostileValues() {
        XCTAssertEqual(problems("keys: {content: {callout: yes}}"), ["t.yaml: keys.content.callout: expected a mapping of fields, found \"yes\""])
        XCTAssertEqual(problems("keys: {content: {callout: {enabled: 3}}}"), ["t.yaml: keys.content.callout.enabled: expected true or false, found \"3\""])
        XCTAssertEqual(problems("keys: {content: {callout: {textSize: 0}}}"), ["t.yaml: keys.content.callout.textSize: text size must be greater than 0 and at most 1000 pt (found 0)"])
        XCTAssertEqual(problems("keys: {content: {callout: {textSize: 1e308}}}").count, 1)
        XCTAssertEqual(problems("keys: {content: {callout: {fil: \"#FFF\"}}}"), ["t.yaml: keys.content.callout.fil: unknown field \"fil\"; did you mean fill?"])
        XCTAssertEqual(problems("keys: {content: {callout: {fill: \"#GG0\"}}}"), ["t.yaml: keys.content.callout.fill: \"#GG0\" is not a colour (#RGB, #RRGGBB or #RRGGBBAA)"])
        XCTAssertEqual(problems("keys: {content: {callout: {borderWidth: -1}}}"), ["t.yaml: keys.content.callout.borderWidth: must not be negative (found -1)"])
        XCTAssertEqual(problems("keys: {content: {callout: {borderWidth: .inf}}}").first?.hasPrefix("t.yaml: keys.content.callout.borderWidth: "), true)
        XCTAssertEqual(problems("keys: {content: {callout: {shadowColor: [1]}}}").first?.hasPrefix("t.yaml: keys.content.callout.shadowColor: "), true)
    }
}
