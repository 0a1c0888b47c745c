import Foundation
import KeyboardSnapshotTesting
import XCTest

/// The details that make a keyboard look like the one on the phone: even labels on narrow
/// keyboards and labels on keys whose code has an icon.
final class DeviceLookGoldenTests: XCTestCase {
    /// Letters on keyboards too narrow for 22 pt labels: every letter shrinks to the size of
    /// the widest one ("w", "m"), and "123" / "space" / "Done" shrink with them.
    func testNarrowKeyboardsHaveEvenLabels() {
        withEvery("width", in: [280.0, 180]) { width in
            var request = RenderRequest()
            request.width = width
            request.scale = 3
            assertGolden(of: try request.scene(), as: .png, named: "letters.default.portrait.width-\(Int(width))")
        }
    }

    /// Input callouts: a letter on the top row at the left edge (the image grows upward, the
    /// bubble clamps to the key's side), a middle letter, a dark landscape symbol, and the
    /// image theme's white bubble.
    func testInputCallouts() {
        let cases = [
            GoldenCase(layout: "letters", pressed: ["q"], variant: "callout-q"),
            GoldenCase(layout: "letters", pressed: ["p"], variant: "callout-p"),
            GoldenCase(layout: "letters", theme: "dark", orientation: .landscape, pressed: ["t"], variant: "callout-t"),
            GoldenCase(layout: "symbols", theme: "image", pressed: ["&"], variant: "callout-ampersand"),
            GoldenCase(layout: "letters", device: "ipad-10", pressed: ["w"], variant: "callout-w"),
        ]
        withEvery("case", in: cases) { golden in
            assertGolden(of: try golden.scene(), as: .png, named: golden.name)
        }
    }

    /// The material theme on the Android preset, normal and pressed.
    func testMaterialOnAndroid() {
        let cases = [
            GoldenCase(layout: "letters", theme: "material", device: "android-phone"),
            GoldenCase(layout: "numbers", theme: "material", device: "android-phone", pressed: ["5"], variant: "pressed-5"),
        ]
        withEvery("case", in: cases) { golden in
            assertGolden(of: try golden.scene(), as: .png, named: golden.name)
        }
    }

    /// A theme's own font files (a serif face and its bold, copied beside the theme).
    func testThemeFontFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-brand-\(getpid())")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (from, to) in [("DejaVuSerif.ttf", "Brand-Regular.ttf"), ("DejaVuSerif-Bold.ttf", "Brand-Bold.ttf")] {
            try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/" + from, toPath: folder.appendingPathComponent("fonts/" + to).path)
        }
        let theme = folder.appendingPathComponent("brand.yaml")
        try "extends: default\nfont: {file: fonts/Brand-Regular.ttf, bold: fonts/Brand-Bold.ttf, weight: bold}\n".write(to: theme, atomically: true, encoding: .utf8)
        var golden = GoldenCase(layout: "letters", pressed: ["g"], variant: "brand-font")
        golden.request.theme = theme.path
        assertGolden(of: try golden.scene(), as: .png, named: "letters.brand.portrait.iphone-15.brand-font")
    }

    /// `{code: delete, label: "删除"}` shows its label; `{code: delete}` its icon.
    func testALabelOnAnIconKeyIsDrawn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-label-icon-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("pad.yaml")
        try """
        name: pad
        kind: number
        toolbar: {title: "安全键盘", gap: 6}
        keys: ["1", "2", "3", {code: delete, label: "删除"}, "4", "5", "6", {code: delete}]
        portrait:
          height: 150
          horizontalGap: 6
          verticalGap: 6
          insets: {left: 6, right: 6, bottom: 6}
          rows: [{columns: 4}, {columns: 4}]
        """.write(to: file, atomically: true, encoding: .utf8)
        var request = RenderRequest()
        request.layout = file.path
        request.shuffle = false
        request.width = 320
        request.scale = 2
        assertGolden(of: try request.scene(), as: .png, named: "pad.default.portrait.label-on-icon-key")
    }
}
