import Foundation
import XCTest
import KeyboardRenderer
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer
@testable import RenderKeyboardKit

/// Theme fonts: `font.file` / `font.bold` decoded, confined and checked like images, and used
/// by the measurer and the renderer from the private font set.
final class ThemeFontTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("theme-fonts-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", toPath: folder.appendingPathComponent("fonts/Brand-Regular.ttf").path)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf", toPath: folder.appendingPathComponent("fonts/Brand-Bold.ttf").path)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func theme(_ yaml: String, name: String = "t.yaml") throws -> String {
        let file = folder.appendingPathComponent(name)
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    private func message(_ body: () throws -> Any) -> String {
        do {
            _ = try body()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func testFontFilesAreReadAndJoinTheScene() throws {
        let path = try theme("extends: default\nfont: {file: fonts/Brand-Regular.ttf, bold: fonts/Brand-Bold.ttf}\n")
        let loaded = try ThemeLoader.load(path)
        XCTAssertEqual(loaded.font?.file?.source.path, "fonts/Brand-Regular.ttf")
        XCTAssertEqual(loaded.font?.family, nil, "a file replaces the parent's family")
        var request = RenderRequest()
        request.theme = path
        let scene = try request.scene()
        // Drawing reads private copies of the checked bytes, never the theme's paths again.
        XCTAssertEqual(scene.font.files.count, 2)
        for (drawn, original) in zip(scene.font.files, ["fonts/Brand-Regular.ttf", "fonts/Brand-Bold.ttf"]) {
            XCTAssertFalse(drawn.hasPrefix(folder.path), drawn)
            XCTAssertEqual(FileManager.default.contents(atPath: drawn), FileManager.default.contents(atPath: folder.appendingPathComponent(original).path))
        }
        // The brand face is drawn: the image differs from the default theme's.
        var plain = RenderRequest()
        plain.theme = "default"
        let renderer = try Renderer()
        let brand = try renderer.rasterize(scene), base = try renderer.rasterize(try plain.scene())
        XCTAssertNotEqual(brand.rgba, base.rgba)
        // …and measured: the serif "m" is wider than DejaVu Sans's.
        let measurer = try LabelMeasurer()
        let serif = try measurer.measure("m", font: scene.font, textSize: 100).width
        let sans = try measurer.measure("m", font: SceneFont.default, textSize: 100).width
        XCTAssertNotEqual(serif, sans, accuracy: 0.5)
    }

    func testOnlyACheckedFontFileIsDrawn() throws {
        let path = try theme("font: {file: fonts/Brand-Regular.ttf}\n")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        // Decoded but not loaded: no loader has checked the file, so nothing of it is drawn.
        let decoded = try ThemeDecoder.decode(bytes, file: "t.yaml", baseDirectory: folder.path)
        XCTAssertEqual(decoded.font?.file?.source.path, "fonts/Brand-Regular.ttf")
        XCTAssertEqual(SceneComposer.font(of: decoded).files, [])
        // Loaded: the private copy of the checked bytes, never the theme's path.
        let loaded = try FontFileLoader.load(decoded)
        let copy = try XCTUnwrap(loaded.font?.file?.checkedCopy)
        XCTAssertEqual(SceneComposer.font(of: loaded).files, [copy])
        XCTAssertFalse(copy.hasPrefix(folder.path), copy)
    }

    func testHostileFontFields() throws {
        XCTAssertEqual(message { try ThemeLoader.load(try self.theme("font: {file: fonts/Nope.ttf}\n")) },
                       "t.yaml: font.file: \"fonts/Nope.ttf\": font file not found".replacingOccurrences(of: "t.yaml", with: folder.path + "/t.yaml"))
        XCTAssertEqual(message { try ThemeLoader.load(try self.theme("font: {file: ../x.ttf}\n")) },
                       folder.path + "/t.yaml: font.file: font path \"../x.ttf\" leaves the file's folder (\"..\" is not allowed)")
        XCTAssertEqual(message { try ThemeLoader.load(try self.theme("font: {file: /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf}\n")) },
                       folder.path + "/t.yaml: font.file: font path \"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf\" must be relative to the file's folder, not absolute")
        XCTAssertEqual(message { try ThemeLoader.load(try self.theme("font: {file: fonts/a.woff2}\n")) },
                       folder.path + "/t.yaml: font.file: font \"fonts/a.woff2\" is not a font file (.ttf, .otf or .ttc)")
        XCTAssertEqual(message { try ThemeLoader.load(try self.theme("font: {file: [1]}\n")) },
                       folder.path + "/t.yaml: font.file: expected a string, found a list")
        XCTAssertEqual(message { try ThemeLoader.load(try self.theme("font: {bold: fonts/Brand-Bold.ttf}\n")) },
                       folder.path + "/t.yaml: font.bold: a bold face needs the regular one in font.file")
        // A long path is cut as every quoted value is.
        let long = String(repeating: "f", count: 5000) + ".ttf"
        XCTAssertEqual(message { try ThemeLoader.load(try self.theme("font: {file: \(long)}\n")) },
                       folder.path + "/t.yaml: font.file: \"" + String(repeating: "f", count: 60) + "…\" (5004 characters): cannot read file: File name too long")
        // Odd bytes with a font's name.
        try Data([0x00, 0xFF, 0x13, 0x37] + Array(repeating: 0, count: 60)).write(to: folder.appendingPathComponent("fonts/junk.ttf"))
        XCTAssertEqual(message { try ThemeLoader.load(try self.theme("font: {file: fonts/junk.ttf}\n")) },
                       folder.path + "/t.yaml: font.file: \"fonts/junk.ttf\" is not a TrueType or OpenType font")
        // Empty file, a folder, a symlink that leads out.
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("fonts/empty.ttf").path, contents: Data())
        XCTAssertEqual(message { try ThemeLoader.load(try self.theme("font: {file: fonts/empty.ttf}\n")) },
                       folder.path + "/t.yaml: font.file: \"fonts/empty.ttf\" is not a TrueType or OpenType font")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts/dir.ttf"), withIntermediateDirectories: true)
        XCTAssertEqual(message { try ThemeLoader.load(try self.theme("font: {file: fonts/dir.ttf}\n")) },
                       folder.path + "/t.yaml: font.file: \"fonts/dir.ttf\": is a folder, not a file")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("fonts/out.ttf").path, withDestinationPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        XCTAssertEqual(message { try ThemeLoader.load(try self.theme("font: {file: fonts/out.ttf}\n")) },
                       folder.path + "/t.yaml: font.file: \"fonts/out.ttf\": leaves the folder of the file that names it (\(folder.path))")
    }

    func testEqualFontBytesShareOnePrivateCopy() throws {
        try FileManager.default.copyItem(atPath: folder.appendingPathComponent("fonts/Brand-Regular.ttf").path, toPath: folder.appendingPathComponent("fonts/Same.ttf").path)
        let one = try ThemeLoader.load(try theme("font: {file: fonts/Brand-Regular.ttf, bold: fonts/Brand-Bold.ttf}\n"))
        let two = try ThemeLoader.load(try theme("font: {file: fonts/Same.ttf}\n", name: "u.yaml"))
        XCTAssertEqual(one.font?.file?.checkedCopy, two.font?.file?.checkedCopy)
        XCTAssertNotEqual(one.font?.file?.checkedCopy, one.font?.bold?.checkedCopy)
    }

    func testAFileWithAFontsMagicButNoFaceIsAnErrorOfTheThemeField() throws {
        let regular = try Data(contentsOf: folder.appendingPathComponent("fonts/Brand-Regular.ttf"))
        let hollow: [(name: String, bytes: Data)] = [
            ("hollow.otf", Data(Array("OTTO".utf8) + Array(repeating: 0, count: 60))),
            ("magic.ttf", Data([0, 1, 0, 0])),
            ("truncated.ttf", regular.prefix(200)),
            ("garbage.ttf", Data([0, 1, 0, 0] + (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })),
        ]
        for (name, bytes) in hollow {
            try bytes.write(to: folder.appendingPathComponent("fonts/" + name))
            var request = RenderRequest()
            request.theme = try theme("font: {file: fonts/\(name)}\n")
            XCTAssertEqual(message { try request.render(with: try Renderer()) }, "\(folder.path)/t.yaml: font.file: \"fonts/\(name)\" holds no font that can be loaded")
            XCTAssertEqual(Validator.validate(request.theme).problems.map(\.description), ["\(folder.path)/t.yaml: font.file: \"fonts/\(name)\" holds no font that can be loaded"], "validate loads the font as render does")
        }
    }

    func testAFontSymlinkFlippedAfterTheCheckChangesNothingDrawn() throws {
        let fonts = folder.appendingPathComponent("fonts")
        try FileManager.default.createSymbolicLink(atPath: fonts.appendingPathComponent("flip.ttf").path, withDestinationPath: "Brand-Regular.ttf")
        var request = RenderRequest()
        request.theme = try theme("font: {file: fonts/flip.ttf}\n")
        let renderer = try Renderer()
        let checked = try renderer.rasterize(try request.scene())
        // Checked while it led to the brand face, then flipped to a font outside the folder,
        // and to a FIFO that would block any reader: the scene draws what was checked.
        for target in ["/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", fonts.appendingPathComponent("fifo").path] {
            try FileManager.default.removeItem(at: fonts.appendingPathComponent("flip.ttf"))
            try FileManager.default.createSymbolicLink(atPath: fonts.appendingPathComponent("flip.ttf").path, withDestinationPath: "Brand-Regular.ttf")
            let scene = try request.scene()
            try FileManager.default.removeItem(at: fonts.appendingPathComponent("flip.ttf"))
            if target.hasSuffix("fifo") { XCTAssertEqual(mkfifo(target, 0o600), 0) }
            try FileManager.default.createSymbolicLink(atPath: fonts.appendingPathComponent("flip.ttf").path, withDestinationPath: target)
            XCTAssertTrue(try Renderer().rasterize(scene).rgba == checked.rgba, "drawn with the face \(target) holds")
        }
    }

    func testTheMaterialThemeIsRobotoFlatAndShadowless() throws {
        let theme = try ThemeLoader.load("material")
        XCTAssertEqual(theme.font?.family, "Roboto")
        XCTAssertEqual(theme.base?.normal?.shadowHeight, 0)
        XCTAssertEqual(theme.base?.normal?.borderWidth, 0)
        // Roboto is pinned: its "m" measures differently from DejaVu Sans's.
        let measurer = try LabelMeasurer()
        let roboto = try measurer.measure("m", font: SceneFont(family: "Roboto", weight: .regular), textSize: 100).width
        let dejavu = try measurer.measure("m", font: SceneFont.default, textSize: 100).width
        XCTAssertNotEqual(roboto, dejavu, accuracy: 0.5)
    }
}

/// A font file over the size limit is refused before anything reads it whole.
final class HugeFontFileTests: XCTestCase {
    func testAFontFileOverTheLimitIsAnErrorNamingTheField() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("huge-font-\(getpid())")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let font = folder.appendingPathComponent("fonts/huge.ttf")
        _ = FileManager.default.createFile(atPath: font.path, contents: Data([0, 1, 0, 0]))
        let handle = try FileHandle(forWritingTo: font)
        try handle.truncate(atOffset: UInt64(Limits.maxFontFileSize + 1))   // sparse: no disk used
        try handle.close()
        let theme = folder.appendingPathComponent("t.yaml")
        try "font: {file: fonts/huge.ttf}\n".write(to: theme, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ThemeLoader.load(theme.path)) { error in
            XCTAssertEqual("\(error)", "\(theme.path): font.file: \"fonts/huge.ttf\": file is \(Limits.maxFontFileSize + 1) bytes; the limit is \(Limits.maxFontFileSize) bytes")
        }
    }
}
