import Foundation
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer
import RenderKeyboardKit
import XCTest

/// The user's documentation ships with the package and says what the code does: the format
/// reference names every field and choice the decoders accept, every link resolves, and the
/// Swift library page's example is this file's code. (Its commands run in
/// DocumentationCommandTests.)
final class DocumentationTests: XCTestCase {
    private static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func text(_ path: String) throws -> String {
        try String(contentsOf: Self.package.appendingPathComponent(path), encoding: .utf8)
    }

    func testTheFormatReferenceNamesEveryFieldAndChoice() throws {
        let reference = try text("docs/format.md")
        let lists: [(String, [String])] = [
            ("layout", LayoutDecoder.fields), ("key", LayoutDecoder.keyFields), ("toolbar", LayoutDecoder.toolbarFields),
            ("geometry", LayoutDecoder.geometryFields), ("insets", LayoutDecoder.insetFields), ("row", LayoutDecoder.rowFields),
            ("margin", LayoutDecoder.marginFields), ("theme", ThemeDecoder.fields), ("key style", FieldReader.keyStyleFields),
            ("callout", FieldReader.calloutFields), ("manifest job", BatchManifest.jobFields),
            ("Android Keyboard", AndroidKeyboardDecoder.keyboardAttributes), ("Android Row", AndroidKeyboardDecoder.rowAttributes),
            ("Android Key", AndroidKeyboardDecoder.keyAttributes),
            ("key code", KeyCode.allCases.map(\.rawValue)), ("key icon", KeyIcon.allCases.map(\.rawValue)),
            ("layout kind", LayoutKind.allCases.map(\.rawValue)), ("key class", KeyClass.allCases.map(\.rawValue)),
            ("corner", Corner.allCases.map(\.rawValue)), ("font weight", FontWeight.allCases.map(\.rawValue)),
            ("pattern state", PatternState.allCases.map(\.rawValue)), ("shift", ShiftState.allCases.map(\.rawValue)),
            ("format", OutputFormat.allCases.map(\.rawValue)), ("built-in theme", Resources.themeNames),
            ("lint", FieldReader.lintFields), ("lint.ignore entry", FieldReader.lintIgnoreFields),
            ("built-in metrics table", Resources.metricsNames),
            ("compose field", ComposeRequest.declarations.map(\.field).filter { $0 != .output }.map(\.rawValue)),
            ("store", StorePreset.all.map(\.name)),
        ]
        for (what, names) in lists {
            for name in names {
                XCTAssertTrue(reference.contains("`\(name)`"), "docs/format.md does not name the \(what) `\(name)`")
            }
        }
    }

    /// The key style table of the format reference is the style field table's own rows, in
    /// its order: a new field's row comes from `KeyStyleField`.
    func testTheKeyStyleTableIsTheStyleFieldTable() throws {
        let reference = try text("docs/format.md")
        let rows = KeyStyleField.all.map(\.documentationRow)
        let expected = rows.joined(separator: "\n")
        XCTAssertTrue(reference.contains(expected), "docs/format.md's key style table should read:\n\(expected)")
    }

    /// The front door: at most 300 lines, opening with the two commands, a keyboard picture
    /// on its first screen, and a link to every page of the manual.
    func testTheREADMEIsAFrontDoorToEveryPage() throws {
        let readme = try text("README.md")
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertLessThanOrEqual(lines.count, 300, "the README has \(lines.count) lines")
        let commands = lines.drop { !$0.hasPrefix("```") }.dropFirst().prefix(2).map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
        XCTAssertEqual(commands, ["make demo", "make test"], "the README starts with make demo and make test")
        XCTAssertTrue(lines.prefix(60).contains { $0.hasPrefix("![") && $0.contains("](docs/images/") }, "no picture in the README's first 60 lines")
        XCTAssertFalse(readme.contains("../shared/"), "the README links outside the repository")
        let pages = try FileManager.default.contentsOfDirectory(atPath: Self.package.appendingPathComponent("docs").path).filter { $0.hasSuffix(".md") }
        XCTAssertGreaterThanOrEqual(pages.count, 9)
        for page in pages {
            XCTAssertTrue(readme.contains("](docs/\(page))"), "the README does not link docs/\(page)")
        }
    }

    /// The options table of the rendering page names every built-in theme on its `--theme` row.
    func testTheThemeOptionListsEveryTheme() throws {
        let page = try text("docs/rendering.md")
        let row = try XCTUnwrap(page.split(separator: "\n").first { $0.hasPrefix("| `--theme NAME") })
        for theme in Resources.themeNames {
            XCTAssertTrue(row.contains("`\(theme)`"), "the --theme row leaves out \(theme)")
        }
    }

    /// The Android page writes the repository's example pad and values as they are, so the
    /// goldens and the page show the same files.
    func testTheAndroidPageWritesTheExampleFilesAsTheyAre() throws {
        let page = try text("docs/android-xml.md")
        for file in ["docs/examples/android/res/xml/idcard_pad.xml", "docs/examples/android/res/values/dimens.xml"] {
            let name = String(file.dropFirst("docs/examples/android/".count))
            XCTAssertTrue(page.contains("cat > \(name) <<'EOF'\n\(try text(file))EOF\n"), "docs/android-xml.md does not write \(file) as it is")
        }
    }

    /// Every relative link and image of README.md and docs/*.md names a file of the
    /// repository, and every `#anchor` a heading (or an `id`) of the page it points into.
    func testEveryRelativeLinkResolves() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Self.package.appendingPathComponent("docs").path)
        let pages = ["README.md"] + docs.filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        var checked = 0
        for page in pages {
            for target in DocumentLinks.targets(in: try text(page)) {
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let path = parts[0].removingPercentEncoding ?? parts[0]
                let file = path.isEmpty ? Self.package.appendingPathComponent(page)
                    : Self.package.appendingPathComponent(page).deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
                checked += 1
                XCTAssertTrue(file.path.hasPrefix(Self.package.path + "/"), "\(page): \(target) leads out of the repository")
                guard FileManager.default.fileExists(atPath: file.path) else {
                    XCTFail("\(page): \(target): no such file")
                    continue
                }
                if parts.count == 2 {
                    XCTAssertTrue(file.pathExtension == "md", "\(page): \(target): an anchor into a file that is not a Markdown page")
                    let anchors = DocumentLinks.anchors(in: try String(contentsOf: file, encoding: .utf8))
                    XCTAssertTrue(anchors.contains(parts[1]), "\(page): \(target): no heading gives the anchor #\(parts[1])")
                }
            }
        }
        XCTAssertGreaterThan(checked, 50)
    }

    /// The link checker reads links as GitHub does: outside code, headings to anchors.
    func testTheLinkCheckerReadsLinksAndAnchorsAsGitHubDoes() {
        let page = """
            # Golden tests from any CI
            ## The `--theme` option, and `diff`
            ## Live preview
            ## Live preview
            See [a](docs/a.md#b), ![p](docs/images/p.png) and <img src="x.png" alt=""> and `[c](not-a-link.md)`.
            ```sh
            echo "[d](in-code.md)"
            ```
            [e](https://example.com) [f](#live-preview-1)
            """
        XCTAssertEqual(DocumentLinks.targets(in: page), ["docs/a.md#b", "docs/images/p.png", "x.png", "#live-preview-1"])
        XCTAssertEqual(DocumentLinks.anchors(in: page), ["golden-tests-from-any-ci", "the---theme-option-and-diff", "live-preview", "live-preview-1"])
    }

    /// The Swift library page's first example, compiled and run here; the page must show it as
    /// written below.
    func testTheSwiftLibraryExampleCompilesAndRuns() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let example = """
            var request = RenderRequest()
            request.layout = "numbers"            // a built-in name, a YAML/JSON file or an Android XML pad
            request.device = "iphone-15"          // or "1080x2340@2.625"
            request.orientation = .landscape      // an `Orientation`: .portrait (the default) or .landscape
            request.seed = 7                      // leave nil for the system's secure shuffle

            let frames = try request.frames()     // the frames JSON's content; shuffled as the layout says
            let png = try request.render().bytes  // PNG, SVG or PDF (`request.format`) in memory
            request.output = "pad.svg"
            try request.write()                   // atomically, only onto a regular file or a new name
            """
        XCTAssertTrue(try text("docs/swift-library.md").contains(example), "docs/swift-library.md's first example differs from this test's")

        var request = RenderRequest()
        request.layout = "numbers"            // a built-in name, a YAML/JSON file or an Android XML pad
        request.device = "iphone-15"          // or "1080x2340@2.625"
        request.orientation = .landscape      // an `Orientation`: .portrait (the default) or .landscape
        request.seed = 7                      // leave nil for the system's secure shuffle

        let frames = try request.frames()     // the frames JSON's content; shuffled as the layout says
        let png = try request.render().bytes  // PNG, SVG or PDF (`request.format`) in memory
        request.output = folder.appendingPathComponent("pad.svg").path
        try request.write()                   // atomically, only onto a regular file or a new name

        XCTAssertEqual(frames.canvas.orientation, .landscape)
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("pad.svg").path))
    }
}

/// Links and anchors of a Markdown page, read as GitHub renders it.
enum DocumentLinks {
    /// The page with its fenced blocks and inline code left out.
    private static func prose(_ page: String) -> [String] {
        var inFence = false
        var lines: [String] = []
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle(); continue }
            if !inFence { lines.append(String(line).replacingOccurrences(of: "`[^`]*`", with: "", options: .regularExpression)) }
        }
        return lines
    }

    /// The relative targets of links, images and `<img src>`, in order; web addresses left out.
    static func targets(in page: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)(?:\s+"[^"]*")?\)|<img[^>]*\ssrc="([^"]+)""#)
        var found: [String] = []
        for line in prose(page) {
            for match in pattern.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                let range = match.range(at: 1).location != NSNotFound ? match.range(at: 1) : match.range(at: 2)
                let target = String(line[Range(range, in: line)!])
                if target.range(of: "^[a-z]+:", options: .regularExpression) == nil { found.append(target) }
            }
        }
        return found
    }

    /// The anchors of the page's headings (GitHub's: lower case, punctuation dropped, spaces
    /// as `-`, a repeated heading `-1`, `-2`, …) and of its `id="…"` attributes.
    static func anchors(in page: String) -> [String] {
        var seen: [String: Int] = [:]
        var anchors: [String] = []
        var inFence = false
        for line in page.split(separator: "\n") {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence else { continue }
            if let heading = line.firstMatch(of: /^#{1,6} +(.*?) *$/) {
                let slug = String(String(heading.1).lowercased().unicodeScalars.filter {
                    CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
                }).replacingOccurrences(of: " ", with: "-")
                let count = seen[slug, default: 0]
                seen[slug] = count + 1
                anchors.append(count == 0 ? slug : "\(slug)-\(count)")
            }
            for id in line.matches(of: /\sid="([^"]+)"/) { anchors.append(String(id.1)) }
        }
        return anchors
    }
}
