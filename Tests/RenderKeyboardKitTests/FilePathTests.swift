import Foundation
@testable import KeyboardFormats
@testable import RenderKeyboardKit
import XCTest

/// `FilePath` promises the results Foundation's file URLs give, without their system calls.
final class FilePathTests: XCTestCase {
    private let paths = [
        "/a/b.yaml", "/a/b/", "/b.yaml", "/", "a/b.yaml", "b.yaml", "./b.yaml", "a/../b.yaml",
        "/a/./b/../c.json", "/a//b.yml", "/a/b.tar.gz", "/a/.hidden", "/a/x.", "/a/dark@2x.png",
        "../up/x.yaml", "/../x.yaml", "/a/b/c/../../d.xml", "name", "/a/b.YAML",
    ]

    func testExtensionsStemsAndLastComponentsMatchFoundation() {
        for path in paths {
            let url = URL(fileURLWithPath: path)
            XCTAssertEqual(FilePath.pathExtension(path), url.pathExtension, path)
            XCTAssertEqual(FilePath.stem(path), url.deletingPathExtension().lastPathComponent, path)
            XCTAssertEqual(FilePath.lastComponent(path), url.lastPathComponent, path)
        }
    }

    func testFoldersAndJoinsMatchFoundation() {
        // Relative paths are compared as Foundation reads them made absolute: standardising a
        // relative file URL drops a leading `..` instead of going up from the working folder.
        let cwd = FileManager.default.currentDirectoryPath
        for path in paths where path != "/" {
            let absolute = path.hasPrefix("/") ? path : cwd + "/" + path
            XCTAssertEqual(FilePath.folder(of: path), URL(fileURLWithPath: absolute).deletingLastPathComponent().standardized.path, path)
        }
        for folder in ["/a/b", "/a/b/", "/"] {
            for relative in ["c.yaml", "../c.yaml", "./x/../c.yaml", "../../../c.yaml", "x/y/"] {
                let expected = URL(fileURLWithPath: folder).appendingPathComponent(relative).standardized.path
                XCTAssertEqual(FilePath.joined(folder, relative), expected, "\(folder) + \(relative)")
            }
        }
    }

    /// The edges: the root, a name ending in a dot, paths that normalise to nothing, an empty
    /// folder, repeated and trailing `/`.
    func testEdgeCases() {
        // The root is its own last component, as Foundation has it (FilePath: none).
        XCTAssertEqual(FilePath.lastComponent("/"), "/")
        XCTAssertEqual(FilePath.stem("/"), "/")
        XCTAssertEqual(FilePath.pathExtension("/"), "")
        XCTAssertEqual(FilePath.lastComponent(""), "")
        XCTAssertEqual(FilePath.stem(""), "")
        // A name ending in a dot has an empty extension and keeps its dot in the stem.
        XCTAssertEqual(FilePath.pathExtension("themes/x."), "")
        XCTAssertEqual(FilePath.stem("themes/x."), "x.")
        XCTAssertEqual(FilePath.stem("a/.."), "..")
        XCTAssertEqual(FilePath.pathExtension("a/.."), "")
        // A relative path that normalises to nothing is ".", not "".
        XCTAssertEqual(FilePath.joined("a", ".."), ".")
        XCTAssertEqual(FilePath.joined("a/b", "../.."), ".")
        XCTAssertEqual(FilePath.joined(".", "."), ".")
        // Leading `..` stays in a relative path; at the root it goes.
        XCTAssertEqual(FilePath.joined("a", "../../x"), "../x")
        XCTAssertEqual(FilePath.joined("/", "../x"), "/x")
        XCTAssertEqual(FilePath.absolute("/.."), "/")
        XCTAssertEqual(FilePath.folder(of: "/.."), "/")
        XCTAssertEqual(FilePath.folder(of: "/a/b/.."), "/")
        // An empty folder is the root.
        XCTAssertEqual(FilePath.joined("", "a.yaml"), "/a.yaml")
        XCTAssertEqual(FilePath.joined("", "../a.yaml"), "/a.yaml")
        // Repeated and trailing `/` are ignored, as Foundation ignores them.
        XCTAssertEqual(FilePath.lastComponent("a//"), "a")
        XCTAssertEqual(FilePath.pathExtension("out.png//"), "png")
        XCTAssertEqual(FilePath.joined("/a//b/", "c//d.yaml"), "/a/b/c/d.yaml")
        XCTAssertEqual(FilePath.folder(of: "//a//b.yaml"), "/a")
    }

    /// A NUL byte is a character like any other here (a C-string path would end at it and so
    /// name another file, which `FileAccess` would read instead of refusing the name).
    func testANulByteIsKept() {
        XCTAssertEqual(FilePath.joined("/layouts", "x\u{0}/../passwd"), "/layouts/passwd")
        XCTAssertEqual(FilePath.joined("/layouts", "x\u{0}y/../../a\u{0}.yaml"), "/a\u{0}.yaml")
        XCTAssertEqual(FilePath.joined("/l\u{0}", "a.yaml"), "/l\u{0}/a.yaml")
        XCTAssertEqual(FilePath.lastComponent("/tmp/a\u{0}b.png"), "a\u{0}b.png")
        XCTAssertEqual(FilePath.pathExtension("a.png\u{0}.svg"), "svg")
        XCTAssertEqual(FilePath.pathExtension("a.p\u{0}g"), "p\u{0}g")
        XCTAssertEqual(FilePath.stem("/t/a\u{0}b.png"), "a\u{0}b")
        XCTAssertEqual(FilePath.folder(of: "/t\u{0}/a.png"), "/t\u{0}")
        XCTAssertEqual(FilePath.lastComponent("\u{0}"), "\u{0}")
        // Bytes 1 and 2 are characters like any other too.
        XCTAssertEqual(FilePath.joined("/a\u{1}", "\u{1}\u{2}.yaml"), "/a\u{1}/\u{1}\u{2}.yaml")
        XCTAssertEqual(FilePath.joined("/a\u{1}\u{0}", "\u{0}\u{1}"), "/a\u{1}\u{0}/\u{0}\u{1}")
        XCTAssertEqual(FilePath.stem("\u{1}.\u{0}"), "\u{1}")
    }

    /// The system reads a path only up to a NUL byte, which would name another file.
    func testAPathHoldingANulByteIsRefusedForReadingAndWriting() {
        for (name, body) in [("read", { _ = try FileAccess.read("/etc/hostname\u{0}/../passwd") }), ("write", { try FileAccess.writeAtomically([1], to: "/tmp/a\u{0}b.png") })] as [(String, () throws -> Void)] {
            XCTAssertThrowsError(try body(), name) { error in
                XCTAssertTrue("\(error)".hasSuffix(": the file name holds a NUL byte, which no file name can"), "\(error)")
                XCTAssertTrue("\(error)".contains("\\0"), "the NUL is shown escaped: \(error)")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/a"))
    }

    func testQuestionsToTheFileSystem() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("filepath-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/f.yaml", contents: Data("x".utf8)))
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: "f.yaml")
        XCTAssertTrue(FileSystemQueries.exists(dir + "/f.yaml"))
        XCTAssertFalse(FileSystemQueries.exists(dir + "/g.yaml"))
        XCTAssertTrue(FileSystemQueries.isDirectory(dir + "/sub"))
        XCTAssertFalse(FileSystemQueries.isDirectory(dir + "/f.yaml"))
        XCTAssertEqual(FileSystemQueries.linkTarget(dir + "/link"), "f.yaml")
        XCTAssertNil(FileSystemQueries.linkTarget(dir + "/f.yaml"))
    }

    /// The one way messages name a file: relative to the working folder inside it, absolute
    /// outside it, standardised either way.
    func testMessagesNameAFileRelativeToTheWorkingFolderInsideItAndAbsoluteOutside() {
        let cwd = FileSystemQueries.workingDirectory()
        let parent = FilePath.folder(of: cwd)
        let expectations: [(String, String)] = [
            ("t.yaml", "t.yaml"), ("./t.yaml", "t.yaml"), ("brand//dark.yaml", "brand/dark.yaml"),
            ("brand/../t.yaml", "t.yaml"), (cwd + "/brand/dark.yaml", "brand/dark.yaml"), (cwd + "/./t.yaml", "t.yaml"),
            (cwd, "."), (cwd + "/", "."), ("../x.yaml", FilePath.joined(parent, "x.yaml")),
            ("/srv/shared/base.yaml", "/srv/shared/base.yaml"), ("/srv//shared/../base.yaml", "/srv/base.yaml"),
            // A sibling folder whose name starts like the working folder's is outside it.
            (cwd + "-other/t.yaml", cwd + "-other/t.yaml"),
            ("", ""), ("a\u{0}b.yaml", "a\u{0}b.yaml"),
        ]
        for (path, shown) in expectations {
            XCTAssertEqual(FilePath.shown(path), shown, path)
        }
    }
}
