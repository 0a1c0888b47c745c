import Foundation
@testable import KeyboardBatch
@testable import RenderKeyboardKit
import XCTest

/// The report folder is the tool's own (`OwnedFolder`), the summary's names cannot become
/// Markdown (`MarkdownText`), and stale references are found and removed without leaving the
/// reference folder (`StaleReferences`).
final class ReportFolderTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "report-folder-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func write(_ text: String, _ name: String) throws {
        let path = folder + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    private func read(_ name: String) -> String? {
        try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)
    }

    private func owned() -> OwnedFolder {
        OwnedFolder(folder + "/report", listName: ".list", isOwnName: { $0.hasSuffix(".png") || $0 == "index.html" })
    }

    // MARK: - OwnedFolder

    func testItRemovesOnlyWhatItsListSaysItWrote() throws {
        try write("mine", "report/keep.png")   // the user's, under a name of the tool's shape
        try write("mine", "report/notes.txt")
        let first = owned()
        XCTAssertThrowsError(try first.write(Array("a".utf8), named: "keep.png")) { error in
            XCTAssertTrue("\(error)".contains("keep.png: was not written by render-keyboard (.list in the folder does not name it)"), "\(error)")
        }
        try first.write(Array("a".utf8), named: "a.png")
        try first.write(Array("b".utf8), named: "b.png")
        XCTAssertEqual(read("report/.list"), "a.png\nb.png\n", "listed before the run ends")
        XCTAssertEqual(try first.finish(), [])

        let second = owned()
        try second.write(Array("a2".utf8), named: "a.png")   // listed: replaced
        XCTAssertEqual(try second.finish(), ["b.png"])
        XCTAssertEqual(read("report/a.png"), "a2")
        XCTAssertNil(read("report/b.png"))
        XCTAssertEqual(read("report/keep.png"), "mine")
        XCTAssertEqual(read("report/notes.txt"), "mine")
        XCTAssertEqual(read("report/.list"), "a.png\n")
    }

    func testATamperedListRemovesNothingButOwnShapedRegularFiles() throws {
        try write("mine", "keep.png")
        try write("mine", "report/sub/x.png")
        try write("mine", "report/folder.png/x.png")
        try FileManager.default.createSymbolicLink(atPath: folder + "/report/link.png", withDestinationPath: folder + "/keep.png")
        try write("../keep.png\n/etc/passwd\nsub/x.png\nfolder.png\nlink.png\n.list\nnotes.txt\n", "report/.list")
        let report = owned()
        try report.write(Array("i".utf8), named: "index.html")
        XCTAssertEqual(try report.finish(), [])
        XCTAssertEqual(read("keep.png"), "mine")
        XCTAssertEqual(read("report/sub/x.png"), "mine")
        XCTAssertEqual(read("report/folder.png/x.png"), "mine")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/report/link.png"), folder + "/keep.png")
    }

    func testASymbolicLinkIsNeverWrittenThrough() throws {
        try write("outside", "target.html")
        try FileManager.default.createDirectory(atPath: folder + "/report", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/report/index.html", withDestinationPath: folder + "/target.html")
        // Listed by an earlier run or not, a link is refused.
        try write("index.html\n", "report/.list")
        XCTAssertThrowsError(try owned().write(Array("page".utf8), named: "index.html")) { error in
            XCTAssertTrue("\(error)".contains("index.html: is a symbolic link; the files of "), "\(error)")
        }
        XCTAssertEqual(read("target.html"), "outside")
        // A link planted as the list itself is refused too.
        try FileManager.default.removeItem(atPath: folder + "/report/index.html")
        try FileManager.default.removeItem(atPath: folder + "/report/.list")
        try FileManager.default.createSymbolicLink(atPath: folder + "/report/.list", withDestinationPath: folder + "/target.html")
        XCTAssertThrowsError(try owned().write(Array("page".utf8), named: "index.html"))
        XCTAssertEqual(read("target.html"), "outside")
    }

    // MARK: - MarkdownText

    func testNamesAreCodeSpansThatNothingBreaksOutOf() {
        XCTAssertEqual(MarkdownText.code("out/k0.png"), "`out/k0.png`")
        XCTAssertEqual(MarkdownText.code("a`b"), "``a`b``")
        XCTAssertEqual(MarkdownText.code("``x"), "``` ``x ```")
        XCTAssertEqual(MarkdownText.code("[x](https://e.example)|<img src=x>"), "`[x](https://e.example)\\|<img src=x>`")
        XCTAssertEqual(MarkdownText.code("a\nb\r\u{1B}[2J"), "`a\\nb\\r\\u{1B}[2J`")
        XCTAssertEqual(MarkdownText.code(" lead"), "`  lead `")
    }

    // MARK: - StaleReferences

    func testStaleReferencesAreImagesNoJobNamesFoundAndRemovedWithoutLeavingTheFolder() throws {
        for name in ["golden/out/a.png", "golden/out/old.png", "golden/old.svg", "golden/deep/x/y.PDF", "golden/RENDERING-STACK.txt",
                     "golden/README.md", "golden/.hidden.png", "golden/.git/x.png", "outside/keep.png"] {
            try write("x", name)
        }
        try FileManager.default.createSymbolicLink(atPath: folder + "/golden/linked", withDestinationPath: folder + "/outside")
        try FileManager.default.createSymbolicLink(atPath: folder + "/golden/out/link.png", withDestinationPath: folder + "/outside/keep.png")
        let golden = folder + "/golden"
        let stale = StaleReferences.find(in: golden, named: ["out/a.png"])
        XCTAssertEqual(stale, ["deep/x/y.PDF", "old.svg", "out/old.png"])
        XCTAssertEqual(StaleReferences.find(in: folder + "/none", named: []), [])
        XCTAssertFalse(StaleReferences.remove("linked/keep.png", in: golden), "never through a linked folder")
        XCTAssertFalse(StaleReferences.remove("out/link.png", in: golden), "a link is not a reference")
        XCTAssertFalse(StaleReferences.remove("../outside/keep.png", in: golden))
        for name in stale { XCTAssertTrue(StaleReferences.remove(name, in: golden), name) }
        XCTAssertEqual(StaleReferences.find(in: golden, named: ["out/a.png"]), [])
        XCTAssertEqual(read("outside/keep.png"), "x")
        XCTAssertEqual(read("golden/RENDERING-STACK.txt"), "x")
        XCTAssertEqual(read("golden/out/a.png"), "x")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/golden/out/link.png"))
    }
}
