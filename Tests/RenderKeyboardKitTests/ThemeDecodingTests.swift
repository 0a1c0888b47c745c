@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer
import XCTest

final class ThemeDecodingTests: XCTestCase {
    private func decode(_ yaml: String, file: String = "t.yaml") throws -> Theme {
        try ThemeDecoder.decode(Array(yaml.utf8), file: file, baseDirectory: "/themes")
    }

    private func problems(_ yaml: String) -> [String] {
        do {
            _ = try decode(yaml)
            return []
        } catch let list as DiagnosticList {
            return list.diagnostics.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    func testEveryFieldIsRead() throws {
        let theme = try decode("""
        name: Everything
        extends: default
        background: "#102030"
        font: {family: "WenQuanYi Micro Hei", weight: bold}
        highlightOnPress: false
        toolbar: {fill: "#FFF", text: "#000000", textSize: 13}
        keys:
          base:
            normal: {fill: "#11223344", image: faces/key@2x.png, capInsets: {top: 1, left: 2, bottom: 3, right: 4},
                     text: "#ABC", textSize: 21, cornerRadius: 6, hiddenCorners: [topLeft, bottomRight],
                     borderWidth: 0.5, borderColor: "#010203", shadowHeight: 2, shadowColor: "#040506"}
            pressed: {textSize: 30}
          content: {normal: {fill: "#FFFFFF"}}
          function: {pressed: {fill: "#000"}}
          enter: {normal: {text: "#F00"}}
        """)
        XCTAssertEqual(theme.name, "Everything")
        XCTAssertEqual(theme.extends, "default")
        XCTAssertEqual(theme.background, .color(Color(red: 0x10, green: 0x20, blue: 0x30)))
        XCTAssertEqual(theme.font, Theme.Font(family: "WenQuanYi Micro Hei", weight: .bold))
        XCTAssertEqual(theme.highlightOnPress, false)
        XCTAssertEqual(theme.toolbar, Theme.ToolbarStyle(fill: .white, text: .black, textSize: 13))
        let base = try XCTUnwrap(theme.base?.normal)
        XCTAssertEqual(base.fill, Color(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x44))
        XCTAssertEqual(base.image, FileReference(path: "faces/key@2x.png", baseDirectory: "/themes", file: "t.yaml", field: "keys.base.normal.image"))
        XCTAssertEqual(base.capInsets, EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        XCTAssertEqual(base.text, Color(red: 0xAA, green: 0xBB, blue: 0xCC))
        XCTAssertEqual(base.textSize, 21)
        XCTAssertEqual(base.cornerRadius, 6)
        XCTAssertEqual(base.hiddenCorners, [.topLeft, .bottomRight])
        XCTAssertEqual(base.borderWidth, 0.5)
        XCTAssertEqual(base.borderColor, Color(red: 1, green: 2, blue: 3))
        XCTAssertEqual(base.shadowHeight, 2)
        XCTAssertEqual(base.shadowColor, Color(red: 4, green: 5, blue: 6))
        XCTAssertEqual(theme.base?.pressed?.textSize, 30)
        XCTAssertEqual(theme.content?.normal?.fill, .white)
        XCTAssertEqual(theme.function?.pressed?.fill, .black)
        XCTAssertEqual(theme.enter?.normal?.text, Color(red: 255, green: 0, blue: 0))
    }

    func testImageBackground() throws {
        let theme = try decode("background: {image: bg.png}")
        XCTAssertEqual(theme.background, .image(FileReference(path: "bg.png", baseDirectory: "/themes", file: "t.yaml", field: "background.image")))
    }

    func testColours() {
        XCTAssertEqual(Color(hex: "#abc"), Color(red: 0xAA, green: 0xBB, blue: 0xCC))
        XCTAssertEqual(Color(hex: "#A1b2C3"), Color(red: 0xA1, green: 0xB2, blue: 0xC3))
        XCTAssertEqual(Color(hex: "#A1B2C380"), Color(red: 0xA1, green: 0xB2, blue: 0xC3, alpha: 0x80))
        for bad in ["#GGG", "A1B2C3", "#A1B2", "#A1B2C3D", "#", "", "#A1B2C3D4E5", "#ÄÄÄ", "red"] {
            XCTAssertNil(Color(hex: bad), bad)
        }
    }

    func testErrorsNameTheFieldPath() {
        XCTAssertEqual(problems("keys: {content: {normal: {fill: \"#GGG\"}}}"),
                       ["t.yaml: keys.content.normal.fill: \"#GGG\" is not a colour (#RGB, #RRGGBB or #RRGGBBAA)"])
        XCTAssertEqual(problems("keys: {base: {normal: {textSize: -3}}}"),
                       ["t.yaml: keys.base.normal.textSize: must not be negative (found -3)"])
        XCTAssertEqual(problems("keys: {enter: {normal: {cornerRadius: .inf}}}"),
                       ["t.yaml: keys.enter.normal.cornerRadius: \".inf\" is not a finite number"])
        XCTAssertEqual(problems("keys: {base: {normal: {borderWidth: 1e9}}}"),
                       ["t.yaml: keys.base.normal.borderWidth: length 1000000000 is over the limit of 100000 pt"])
        XCTAssertEqual(problems("keys: {base: {normal: {hiddenCorners: [top]}}}"),
                       ["t.yaml: keys.base.normal.hiddenCorners[0]: \"top\" is not one of topLeft, topRight, bottomLeft, bottomRight; did you mean topLeft?"])
        XCTAssertEqual(problems("keys: {content: {hover: {}}}"),
                       ["t.yaml: keys.content.hover: unknown field \"hover\"; the fields here are normal, pressed, callout"])
        XCTAssertEqual(problems("keys: {contnet: {}}"),
                       ["t.yaml: keys.contnet: unknown field \"contnet\"; did you mean content?"])
        XCTAssertEqual(problems("highlightOnPress: maybe"),
                       ["t.yaml: highlightOnPress: expected true or false, found \"maybe\""])
        XCTAssertEqual(problems("font: {weight: heavy}"),
                       ["t.yaml: font.weight: \"heavy\" is not one of light, regular, medium, semibold, bold"])
        XCTAssertEqual(problems("toolbar: {textSize: 0}"),
                       ["t.yaml: toolbar.textSize: text size must be greater than 0 and at most 1000 pt (found 0)"])
        XCTAssertEqual(problems("background: {image: /etc/passwd.png}"),
                       ["t.yaml: background.image: image path \"/etc/passwd.png\" must be relative to the file's folder, not absolute"])
        XCTAssertEqual(problems("keys: {base: {normal: {image: ../up.png}}}"),
                       ["t.yaml: keys.base.normal.image: image path \"../up.png\" leaves the file's folder (\"..\" is not allowed)"])
    }

    func testEveryProblemIsReported() {
        XCTAssertEqual(problems("""
        background: "#12"
        keys:
          content: {normal: {fill: "#GGG", shadowHeight: -1}}
        """).count, 3)
    }

    func testCascadeOrder() throws {
        let theme = try decode("""
        keys:
          base:
            normal:  {fill: "#000001", text: "#000001", textSize: 1, cornerRadius: 1, borderWidth: 1}
            pressed: {fill: "#000002", text: "#000002", textSize: 2, cornerRadius: 2}
          content:
            normal:  {fill: "#000003", text: "#000003", textSize: 3}
            pressed: {fill: "#000004", text: "#000004"}
        """)
        var appearanceStyle = KeyStyle()
        appearanceStyle.fill = Color(red: 0, green: 0, blue: 5)
        let appearance = StateStyles(normal: appearanceStyle)
        let key = Key(label: "a", appearance: appearance)
        let frame = Rect(x: 0, y: 0, width: 40, height: 40)
        let noImage: (FileReference) throws -> SceneImage = { _ in XCTFail("no image expected"); throw CocoaError(.fileNoSuchFile) }
        let normal = try SceneComposer.resolveStyle(for: key, state: .normal, theme: theme, frame: frame, image: noImage)
        XCTAssertEqual(normal.fill, Color(red: 0, green: 0, blue: 5))          // appearance wins
        XCTAssertEqual(normal.text, Color(red: 0, green: 0, blue: 3))          // class.normal over base
        XCTAssertEqual(normal.textSize, 3)
        XCTAssertEqual(normal.cornerRadius, 1)                                 // base.normal
        XCTAssertEqual(normal.borderWidth, 1)
        let pressed = try SceneComposer.resolveStyle(for: key, state: .pressed, theme: theme, frame: frame, image: noImage)
        XCTAssertEqual(pressed.fill, Color(red: 0, green: 0, blue: 5))         // appearance.normal still over class.pressed
        XCTAssertEqual(pressed.text, Color(red: 0, green: 0, blue: 4))         // class.pressed over class.normal
        XCTAssertEqual(pressed.textSize, 3)                                    // class.normal over base.pressed
        XCTAssertEqual(pressed.cornerRadius, 2)                                // base.pressed over base.normal
        let function = try SceneComposer.resolveStyle(for: Key(label: "x", code: .cancel), state: .pressed, theme: theme, frame: frame, image: noImage)
        XCTAssertEqual(function.fill, Color(red: 0, green: 0, blue: 2))        // no function class: base.pressed
        XCTAssertEqual(function.shadowColor, .clear)                           // no layer sets it: the engine draws no shadow
        XCTAssertEqual(function.shadowHeight, 0)
    }

    func testCornerRadiusIsClampedToHalfTheShorterSide() throws {
        let theme = try decode("keys: {base: {normal: {cornerRadius: 500}}}")
        let style = try SceneComposer.resolveStyle(for: Key("a"), state: .normal, theme: theme, frame: Rect(x: 0, y: 0, width: 30, height: 20), image: { _ in throw CocoaError(.fileNoSuchFile) })
        XCTAssertEqual(style.cornerRadius, 10)
    }

    func testExtendsMergesDeeplyChildWins() throws {
        let parent = try decode("""
        font: {family: A, weight: bold}
        toolbar: {fill: "#111", text: "#222"}
        keys: {content: {normal: {fill: "#333", text: "#444"}}}
        """)
        let child = try decode("""
        font: {family: B}
        toolbar: {text: "#555"}
        keys: {content: {normal: {fill: "#666"}}}
        """)
        let merged = parent.overlaid(by: child)
        XCTAssertEqual(merged.font, Theme.Font(family: "B", weight: .bold))
        XCTAssertEqual(merged.toolbar?.fill, Color(hex: "#111"))
        XCTAssertEqual(merged.toolbar?.text, Color(hex: "#555"))
        XCTAssertEqual(merged.content?.normal?.fill, Color(hex: "#666"))
        XCTAssertEqual(merged.content?.normal?.text, Color(hex: "#444"))
    }
}
