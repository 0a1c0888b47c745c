import Foundation
import KeyboardRenderer
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer
import RenderKeyboardKit
import XCTest

final class ThemeLoaderTests: FolderTestCase {
    private func message(_ body: () throws -> Void) -> String {
        do { try body(); return "" } catch { return "\(error)" }
    }

    func testExtendsChainOfFilesAndABuiltin() throws {
        _ = try write("base/parent.yaml", "extends: dark\nkeys: {content: {normal: {text: \"#123456\"}}}\n")
        let child = try write("child.yaml", "extends: base/parent.yaml\nname: Child\nkeys: {content: {normal: {fill: \"#ABCDEF\"}}}\n")
        let theme = try ThemeLoader.load(child)
        XCTAssertEqual(theme.name, "Child")
        XCTAssertEqual(theme.content?.normal?.fill, Color(hex: "#ABCDEF"))
        XCTAssertEqual(theme.content?.normal?.text, Color(hex: "#123456"))
        XCTAssertEqual(theme.background, .color(Color(hex: "#2C2C2E")!))        // from dark
        XCTAssertEqual(theme.enter?.pressed?.fill, Color(hex: "#0060DF"))     // dark over default
        XCTAssertEqual(theme.base?.normal?.cornerRadius, 5)                  // default, through dark
    }

    func testCycleIsAnError() throws {
        let a = try write("a.yaml", "extends: b.yaml\n")
        _ = try write("b.yaml", "extends: a.yaml\n")
        XCTAssertTrue(message { _ = try ThemeLoader.load(a) }.contains("extends: themes extend each other in a cycle: a.yaml → b.yaml → a.yaml"))
        let selfish = try write("self.yaml", "extends: self.yaml\n")
        XCTAssertTrue(message { _ = try ThemeLoader.load(selfish) }.contains("cycle"))
    }

    func testAMissingParentIsNamedByTheThemeThatAsked() throws {
        let child = try write("c.yaml", "extends: nowhere.yaml\n")
        XCTAssertEqual(message { _ = try ThemeLoader.load(child) }, "\(child): extends: no theme \"nowhere.yaml\"")
        // The nearest theme file beside the one named, written as `extends` would name it;
        // never the asking theme itself.
        _ = try write("brand-light.yaml", "extends: default\n")
        let dark = try write("brand-dark.yaml", "extends: brand-base.yaml\n")
        XCTAssertEqual(message { _ = try ThemeLoader.load(dark) }, "\(dark): extends: no theme \"brand-base.yaml\" (did you mean brand-light.yaml?)")
        let nested = try write("app/theme.yaml", "extends: ../brand-lite.yaml\n")
        XCTAssertEqual(message { _ = try ThemeLoader.load(nested) }, "\(dir.path)/app/theme.yaml: extends: no theme \"../brand-lite.yaml\" (did you mean ../brand-light.yaml?)")
        // Else the built-in nearest its stem.
        let typo = try write("typo.yaml", "extends: drak.yaml\n")
        XCTAssertEqual(message { _ = try ThemeLoader.load(typo) }, "\(typo): extends: no theme \"drak.yaml\" (did you mean dark?)")
        // A theme named by a missing path on its own (no `extends`) is the read error of that path.
        XCTAssertEqual(message { _ = try ThemeLoader.load(dir.path + "/absent.yaml") }, "\(dir.path)/absent.yaml: cannot read file: No such file or directory")
    }

    func testImagesAreConfinedToTheThemeFolder() throws {
        let outside = dir.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data([1, 2, 3]).write(to: outside.appendingPathComponent("secret.png"))
        _ = try write("t/theme.yaml", "keys: {}\n")
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("t/link.png").path, withDestinationPath: outside.appendingPathComponent("secret.png").path)
        let png = try PNGCodec.encode(RasterImage(width: 1, height: 1, rgba: [9, 9, 9, 255]))
        try Data(png).write(to: dir.appendingPathComponent("t/ok@2x.png"))
        let base = dir.appendingPathComponent("t").path
        let leaving = message { _ = try ImageLoader().load(FileReference(path: "link.png", baseDirectory: base, file: "t/theme.yaml", field: "keys.base.normal.image")) }
        XCTAssertEqual(leaving, "t/theme.yaml: keys.base.normal.image: \"link.png\": leaves the folder of the file that names it (\(base))")
        let missing = message { _ = try ImageLoader().load(FileReference(path: "missing.png", baseDirectory: base)) }
        XCTAssertTrue(missing.contains("image file not found"), missing)
        let image = try ImageLoader().load(FileReference(path: "ok@2x.png", baseDirectory: base))
        XCTAssertEqual(image.png, png)
        XCTAssertEqual(image.scale, 2)
    }

    /// An image swapped between a regular file and a symlink to an outside image while images
    /// load: every load must return the inside image or refuse, never the outside one.
    /// Checking the name and then opening it again let some loads through.
    func testASymlinkSwappedDuringLoadingNeverReadsOutside() throws {
        let outside = dir.appendingPathComponent("outside")
        let folder = dir.appendingPathComponent("t")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let inner = try PNGCodec.encode(RasterImage(width: 1, height: 1, rgba: [1, 1, 1, 255]))
        let secret = try PNGCodec.encode(RasterImage(width: 1, height: 1, rgba: [2, 2, 2, 255]))
        try Data(inner).write(to: folder.appendingPathComponent("inner.png"))
        try Data(secret).write(to: outside.appendingPathComponent("secret.png"))
        let link = folder.appendingPathComponent("face.png").path
        let targets = [folder.appendingPathComponent("inner.png").path, outside.appendingPathComponent("secret.png").path]
        try Data(inner).write(to: URL(fileURLWithPath: link))
        let stop = Locked(false)
        let swapper = Thread {
            var i = 0
            while !stop.withLock({ $0 }) {
                i += 1
                let temporary = link + ".new"
                unlink(temporary)
                if i % 2 == 0 {
                    _ = FileManager.default.createFile(atPath: temporary, contents: Data(inner))
                } else {
                    symlink(targets[1], temporary)
                }
                rename(temporary, link)
            }
        }
        swapper.start()
        defer { stop.withLock { $0 = true } }
        var loaded = 0, refused = 0
        for _ in 0..<3000 {
            do {
                let image = try ImageLoader().load(FileReference(path: "face.png", baseDirectory: folder.path))
                XCTAssertEqual(image.png, inner, "an image outside the theme's folder was read")
                if image.png != inner { break }
                loaded += 1
            } catch {
                refused += 1
            }
        }
        XCTAssertGreaterThan(loaded, 0)
        XCTAssertGreaterThan(refused, 0, "the link pointed outside some of the time")
    }

    func testBuiltinThemesLoad() throws {
        for name in ["default", "dark", "secure", "image"] {
            XCTAssertNoThrow(try ThemeLoader.load(name), name)
        }
        XCTAssertEqual(try ThemeLoader.load("secure").highlightOnPress, false)
        XCTAssertEqual(try ThemeLoader.load("secure").base?.normal?.hiddenCorners, [.bottomLeft, .bottomRight])
        XCTAssertTrue(message { _ = try ThemeLoader.load("drak") }.contains("did you mean dark?"))
    }
}
