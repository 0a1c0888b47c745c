import Foundation
@testable import RenderKeyboardKit
import XCTest

/// The built-ins compiled into the binary are the package's `layouts/`, `themes/`, `metrics/`
/// and `devices/` folders, byte for byte, and are read as files are.
final class BuiltinFilesTests: XCTestCase {
    private static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every file of the four folders, by its path under the package (`themes/default.yaml`).
    private func filesOnDisk() throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for folder in ["layouts", "themes", "metrics", "devices"] {
            let base = Self.package.appendingPathComponent(folder)
            guard let walk = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey]) else { continue }
            for case let url as URL in walk where !url.lastPathComponent.hasPrefix(".") {
                guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
                let path = folder + "/" + url.path.dropFirst(base.path.count + 1)
                files[path] = [UInt8](try Data(contentsOf: url))
            }
        }
        return files
    }

    func testTheGeneratedTableHoldsEveryBuiltinFileByteForByte() throws {
        let disk = try filesOnDisk()
        XCTAssertFalse(disk.isEmpty)
        let stale = "Sources/RenderKeyboardKit/Loading/BuiltinFiles.swift is out of date: run `make builtins`"
        XCTAssertEqual(Set(BuiltinFiles.table.keys), Set(disk.keys), stale)
        for (path, bytes) in disk {
            XCTAssertTrue(BuiltinFiles.table[path]?.bytes == bytes, "\(path): \(stale)")
        }
    }

    func testBuiltinsAreReadThroughTheirVirtualFolderAsFilesAre() throws {
        XCTAssertNil(Resources.overrideDirectory, "the tests run without RENDER_KEYBOARD_RESOURCES")
        XCTAssertEqual(Resources.directory, BuiltinFiles.root)
        XCTAssertTrue(Set(["idcard", "letters", "numbers", "symbols"]).isSubset(of: Resources.layoutNames))
        XCTAssertTrue(Resources.themeNames.contains("image"), "a theme in a folder of its own counts")
        let located = try Reference.locate("image", kind: .theme)
        XCTAssertEqual(located.path, BuiltinFiles.root + "/themes/image/image.yaml")
        XCTAssertEqual(located.display, "themes/image/image.yaml")
        let image = BuiltinFiles.root + "/themes/image/content@3x.png"
        XCTAssertEqual(try FileAccess.read(image, confinedTo: BuiltinFiles.root + "/themes/image").prefix(4), [0x89, 0x50, 0x4E, 0x47])
        // The rules of a file on disk hold: confinement, the size limit, missing files.
        XCTAssertThrowsError(try FileAccess.read(image, confinedTo: BuiltinFiles.root + "/layouts")) {
            XCTAssertTrue("\($0)".contains("leaves the folder of the file that names it"), "\($0)")
        }
        XCTAssertThrowsError(try FileAccess.read(image, limit: 10)) { XCTAssertTrue("\($0)".contains("the limit is 10 bytes"), "\($0)") }
        XCTAssertThrowsError(try FileAccess.read(BuiltinFiles.root + "/themes/nosuch.yaml")) {
            XCTAssertEqual("\($0)", "\(BuiltinFiles.root)/themes/nosuch.yaml: cannot read file: No such file or directory")
        }
        XCTAssertTrue(Set(["layouts", "themes"]).isSubset(of: BuiltinFiles.entries(of: BuiltinFiles.root)))
        XCTAssertEqual(BuiltinFiles.entries(of: BuiltinFiles.root + "/themes/image").first, "background@3x.png")
    }
}
