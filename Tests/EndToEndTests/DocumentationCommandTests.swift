import Foundation
import XCTest

/// Every command README.md and docs/*.md show runs, as a stranger would run it: page by page,
/// each from an empty folder with the built programs on `PATH`, through `scripts/doc-commands.sh`
/// (the convention is in its header and in docs/internals.md). A command that ends otherwise
/// than its page says, or prints otherwise than a transcript shows, fails the page.
final class DocumentationCommandTests: CommandTestCase {
    /// The commands each page shows and marks `not run` (its reason beside it: a server that
    /// runs until stopped, a GitHub runner, an install into /usr/local, apt, a build of this
    /// checkout). Pinned, so a command never leaves the test unnoticed.
    private static let notRun: [String: Int] = [
        "README.md": 7, "docs/install.md": 6, "docs/internals.md": 8, "docs/preview-and-serve.md": 1, "docs/store-screenshots.md": 2, "docs/swift-library.md": 2,
        // The install lines of the recipes without Swift (make dist-check runs the rest with the archive).
        "docs/lint.md": 2, "docs/rendering.md": 2, "docs/golden-testing.md": 2,
    ]

    private static var pages: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: packageDirectory.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// A folder holding the programs a page names: the built ones and the CI step's script.
    private func programs() throws -> URL {
        let bin = try temporaryDirectory().appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        for program in ["render-keyboard", "render-keyboard-serve"] {
            try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent(program), withDestinationURL: try binary(Self.productsDirectory.appendingPathComponent(program)))
        }
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("render-keyboard-golden-ci"),
                                                   withDestinationURL: Self.packageDirectory.appendingPathComponent("scripts/golden-ci.sh"))
        return bin
    }

    /// Runs one page's commands in an empty folder (HOME an empty folder too); the runner's
    /// status, what it printed and its count line's figures.
    private func runPage(_ page: URL, bin: URL) throws -> (status: Int32, output: String, run: Int, notRun: Int, pictures: Int) {
        let folder = try temporaryDirectory()
        let work = folder.appendingPathComponent("work"), home = folder.appendingPathComponent("home")
        for url in [work, home] { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["-s", "KILL", "900", "/bin/bash", Self.packageDirectory.appendingPathComponent("scripts/doc-commands.sh").path,
                             page.path]
        process.currentDirectoryURL = work
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin.path + ":/usr/bin:/bin"
        environment["HOME"] = home.path
        environment["LC_ALL"] = "C.UTF-8"
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // `doc-commands: PAGE: N run, M not run, P pictures`
        let count = output.split(separator: "\n").last { $0.hasPrefix("doc-commands: ") }?.firstMatch(of: /: (\d+) run, (\d+) not run, (\d+) pictures$/)
        return (process.terminationStatus, output, count.flatMap { Int($0.1) } ?? -1, count.flatMap { Int($0.2) } ?? -1, count.flatMap { Int($0.3) } ?? -1)
    }

    func testEveryCommandOfEveryPageEndsAsThePageSays() throws {
        let bin = try programs()
        var totals = (run: 0, notRun: 0, pictures: 0)
        for page in Self.pages {
            let result = try runPage(Self.packageDirectory.appendingPathComponent(page), bin: bin)
            XCTAssertEqual(result.status, 0, "\(page):\n\(result.output.suffix(6000))")
            guard result.status == 0 else { continue }
            XCTAssertEqual(result.notRun, Self.notRun[page] ?? 0, "\(page): the commands marked not run changed; each needs its reason, and this count:\n\(result.output.split(separator: "\n").filter { $0.hasPrefix("  not run: ") }.joined(separator: "\n"))")
            totals.run += result.run
            totals.notRun += result.notRun
            totals.pictures += result.pictures
        }
        print("documentation commands: \(totals.run) run, \(totals.notRun) not run, \(totals.pictures) pictures drawn as shown, on \(Self.pages.count) pages")
        XCTAssertGreaterThanOrEqual(totals.pictures, 10, "the pages' pictures are no longer checked against what they draw")
    }

    /// The runner fails a page whose command ends otherwise than it says, prints otherwise
    /// than its transcript, or shows a command where nothing runs it.
    func testTheRunnerFailsACommandThatEndsOtherwise() throws {
        let bin = try programs()
        let folder = try temporaryDirectory()
        // The picture a page shows, but not the one it draws (another seed).
        XCTAssertEqual(try run(["render", "--layout", "numbers", "--seed", "2", "-o", folder.appendingPathComponent("pad-shown.png").path]).status, 0)
        let cases: [(page: String, status: Int32, says: String)] = [
            ("```sh\nrender-keyboard render --theme nope    # exit 0\n```\n", 1, "FAILED: exit 1, the page says 0"),
            ("```sh\nrender-keyboard list    # exit 0, prints \"layouts: qwerty\"\n```\n", 1, "FAILED: it did not print \"layouts: qwerty\""),
            ("```console\n$ render-keyboard list\nthemes: none\n…\n```\n", 1, "FAILED: it printed otherwise than the page shows"),
            ("```console\n$ render-keyboard list\n…\n  WxH@D: a screen W × H px at D px per point, such as 1080x2340@2.625\n```\n", 0, "1 run, 0 not run"),
            ("```sh\nrender-keyboard serve    # not run: serves until stopped\n```\n", 0, "0 run, 1 not run"),
            ("<!-- not run: builds the checkout -->\n```sh\nmake demo\nmake test\n```\n", 0, "0 run, 2 not run"),
            ("```sh\nrender-keyboard serve    # not run\n```\n", 2, "needs its reason"),
            ("```\n$ render-keyboard list\n```\n", 2, "a block without a language shows a command"),
            ("```bash\nrender-keyboard list\n```\n", 2, "write shell blocks as ```sh"),
            ("```sh\nrender-keyboard list    # prints \"\"layouts\": x\"\n```\n", 2, "write `prints \"TEXT\"` last on its line"),
            ("<!-- picture: pad.png is pad-shown.png -->\n```sh\nrender-keyboard render --layout numbers --seed 1 -o pad.png\n```\n", 1, "is not the pad.png the page draws"),
            ("<!-- picture: nothing.png is pad-shown.png -->\n", 1, "which no command drew"),
        ]
        for (n, example) in cases.enumerated() {
            let page = folder.appendingPathComponent("page-\(n).md")
            try example.page.write(to: page, atomically: true, encoding: .utf8)
            let result = try runPage(page, bin: bin)
            XCTAssertEqual(result.status, example.status, "\(example.page)\n\(result.output)")
            XCTAssertTrue(result.output.contains(example.says), "\(example.page)\n\(result.output)")
        }
    }
}
