import KeyboardCompare
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine
@testable import KeyboardSnapshotTesting
import XCTest

/// The harness tests itself: the comparator, the difference image, the strategies' failure
/// output, the record rules and the version check must each be able to fail.
final class HarnessTests: XCTestCase {
    private var scratch: URL!

    /// The report names the running test once the observer has seen it start. In a process
    /// whose first comparison is inside a test (every test under `swift test --parallel`),
    /// that test's entries get its name when it finishes; these tests check the entries while
    /// they run, so the observer is registered before any of them starts.
    override class func setUp() {
        super.setUp()
        TestNames.observe()
    }

    override func setUpWithError() throws {
        scratch = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("keyboard-harness-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        // swift-snapshot-testing copies each failing snapshot to $SNAPSHOT_ARTIFACTS (else the
        // temporary directory); keep those copies in the scratch folder, removed below.
        setenv("SNAPSHOT_ARTIFACTS", scratch.appendingPathComponent("artifacts").path, 1)
    }

    override func tearDownWithError() throws {
        unsetenv("SNAPSHOT_ARTIFACTS")
        try? FileManager.default.removeItem(at: scratch)
    }

    /// A small keyboard (320 pt at scale 1) drawn by the real renderer.
    private func scene(pressed: [String] = []) throws -> KeyboardScene {
        var request = RenderRequest()
        request.layout = "numbers"
        request.width = 320
        request.seed = 7
        request.pressed = pressed
        return try request.scene()
    }

    private func image() throws -> RasterImage {
        try Renderer().rasterize(try scene())
    }

    /// `image` moved right by one pixel (the first column repeats).
    private func shiftedRight(_ image: RasterImage) -> RasterImage {
        var out = image
        for y in 0..<image.height {
            for x in stride(from: image.width - 1, to: 0, by: -1) {
                for c in 0..<4 {
                    out.rgba[(y * image.width + x) * 4 + c] = image.rgba[(y * image.width + x - 1) * 4 + c]
                }
            }
        }
        return out
    }

    /// The first pixel whose red channel can move by `delta` both ways, and the image with it moved.
    private func changing(_ image: RasterImage, by delta: Int) -> (RasterImage, x: Int, y: Int) {
        var out = image
        let x = image.width / 2, y = image.height / 2
        let i = (y * image.width + x) * 4
        let red = Int(image.rgba[i])
        out.rgba[i] = UInt8(red >= delta ? red - delta : red + delta)
        return (out, x, y)
    }

    // MARK: - Comparator

    func testIdenticalImagesMatch() throws {
        let image = try image()
        let result = PixelComparison.compare(expected: image, actual: image)
        XCTAssertTrue(result.matches)
        XCTAssertEqual(result.differingPixels, 0)
    }

    func testOnePixelShiftFails() throws {
        let image = try image()
        let result = PixelComparison.compare(expected: image, actual: shiftedRight(image))
        XCTAssertFalse(result.matches)
        XCTAssertGreaterThan(result.differingPixels, 100, "a shift moves every key edge and label")
    }

    func testOnePixelChangedBeyondTheToleranceFails() throws {
        let image = try image()
        let (changed, x, y) = changing(image, by: 60)
        let e = try XCTUnwrap(image.pixel(x: x, y: y)), a = try XCTUnwrap(changed.pixel(x: x, y: y))
        let delta = PixelComparison.deltaE((e.r, e.g, e.b, e.a), (a.r, a.g, a.b, a.a))
        XCTAssertGreaterThan(delta, PixelComparison.defaultTolerance)
        let result = PixelComparison.compare(expected: image, actual: changed)
        XCTAssertFalse(result.matches)
        XCTAssertEqual(result.differingPixels, 1)
        XCTAssertEqual(result.largestDeltaE, delta)
        XCTAssertTrue(PixelComparison.compare(expected: image, actual: changed, tolerance: delta).matches, "within a tolerance of its own ΔE")
    }

    func testChangeOfOneInOneChannelPasses() throws {
        let image = try image()
        let (changed, _, _) = changing(image, by: 1)
        XCTAssertNotEqual(changed, image)
        XCTAssertTrue(PixelComparison.compare(expected: image, actual: changed).matches)
        XCTAssertFalse(PixelComparison.compare(expected: image, actual: changed, tolerance: 0).matches)
    }

    func testEveryChannelCounts() {
        let base = (UInt8(10), UInt8(20), UInt8(30), UInt8(40))
        XCTAssertFalse(PixelComparison.pixelsDiffer(base, base, tolerance: 0))
        XCTAssertTrue(PixelComparison.pixelsDiffer(base, (11, 20, 30, 40), tolerance: 0))
        XCTAssertTrue(PixelComparison.pixelsDiffer(base, (10, 21, 30, 40), tolerance: 0))
        XCTAssertTrue(PixelComparison.pixelsDiffer(base, (10, 20, 31, 40), tolerance: 0))
        XCTAssertTrue(PixelComparison.pixelsDiffer(base, (10, 20, 30, 41), tolerance: 0))
        XCTAssertTrue(PixelComparison.pixelsDiffer(base, (90, 20, 30, 40)))
        XCTAssertTrue(PixelComparison.pixelsDiffer(base, (10, 100, 30, 40)))
        XCTAssertTrue(PixelComparison.pixelsDiffer(base, (10, 20, 130, 40)))
        XCTAssertTrue(PixelComparison.pixelsDiffer(base, (10, 20, 30, 140)))
    }

    func testSizeMismatchFailsWithBothSizes() throws {
        let image = try image()
        let cropped = RasterImage(width: image.width, height: image.height - 3, rgba: Array(image.rgba.prefix(image.width * (image.height - 3) * 4)))
        let result = PixelComparison.compare(expected: image, actual: cropped)
        XCTAssertFalse(result.matches)
        XCTAssertFalse(result.sizesMatch)
        XCTAssertEqual(result.differingPixels, image.width * 3, "the rows only the reference has")

        let message = try XCTUnwrap(KeyboardSnapshotFailures.$directory.withValue(scratch) {
            Diffing<PNGSnapshot>.keyboardPNG().diffV2(PNGSnapshot(image: image), PNGSnapshot(image: cropped))?.0
        })
        XCTAssertTrue(message.contains("\(image.width) × \(image.height) px"), message)
        XCTAssertTrue(message.contains("\(image.width) × \(image.height - 3) px"), message)
    }

    // MARK: - Difference image

    func testDifferenceImageHasThreePanelsWithRedExactlyWhereDiffering() throws {
        let expected = try image()
        var actual = changing(expected, by: 60).0
        // Also change a 5 × 4 block in green and one pixel by only 1 (within the tolerance).
        for y in 10..<14 {
            for x in 20..<25 { actual.rgba[(y * actual.width + x) * 4 + 1] ^= 0x80 }
        }
        actual.rgba[(3 * actual.width + 3) * 4 + 2] ^= 1
        let diff = PixelComparison.differenceImage(expected: expected, actual: actual)
        let w = expected.width, gap = PixelComparison.panelGap
        XCTAssertEqual(diff.width, 3 * w + 2 * gap)
        XCTAssertEqual(diff.height, expected.height)

        var red = 0
        for y in 0..<expected.height {
            for x in 0..<w {
                let e = try XCTUnwrap(expected.pixel(x: x, y: y)), a = try XCTUnwrap(actual.pixel(x: x, y: y))
                let left = try XCTUnwrap(diff.pixel(x: x, y: y))
                let middle = try XCTUnwrap(diff.pixel(x: w + gap + x, y: y))
                let mask = try XCTUnwrap(diff.pixel(x: 2 * (w + gap) + x, y: y))
                XCTAssertTrue(left == e, "left panel is the reference at \(x),\(y)")
                XCTAssertTrue(middle == a, "middle panel is the candidate at \(x),\(y)")
                let differs = PixelComparison.pixelsDiffer((e.r, e.g, e.b, e.a), (a.r, a.g, a.b, a.a))
                let isRed = mask == (255, 0, 0, 255)
                XCTAssertEqual(isRed, differs, "mask at \(x),\(y)")
                if isRed { red += 1 }
            }
        }
        XCTAssertEqual(red, 21)
        XCTAssertEqual(red, PixelComparison.compare(expected: expected, actual: actual).differingPixels)
    }

    // MARK: - Strategy output

    func testPNGStrategyFailureWritesImagesAndReport() throws {
        let expected = try image()
        let shifted = shiftedRight(expected)
        let message = try XCTUnwrap(KeyboardSnapshotFailures.$directory.withValue(scratch) {
            KeyboardSnapshotFailures.$caseName.withValue("numbers.shifted") {
                Diffing<PNGSnapshot>.keyboardPNG().diffV2(PNGSnapshot(image: expected), PNGSnapshot(image: shifted))?.0
            }
        })
        let count = PixelComparison.compare(expected: expected, actual: shifted).differingPixels
        XCTAssertTrue(message.hasPrefix("numbers.shifted: \(count) of "), message)
        let report = scratch.appendingPathComponent("index.html")
        XCTAssertTrue(message.contains(report.path), message)
        let html = try String(contentsOf: report, encoding: .utf8)
        XCTAssertTrue(html.contains("numbers.shifted"))
        XCTAssertTrue(html.contains("<strong>\(count)</strong> differing pixels"))
        XCTAssertTrue(html.contains("numbers.shifted.diff.png"))
        let diff = try PNGCodec.decode([UInt8](try Data(contentsOf: scratch.appendingPathComponent("numbers.shifted.diff.png"))))
        XCTAssertEqual(diff, PixelComparison.differenceImage(expected: expected, actual: shifted))
        // Under XCTest the message names the reference, the candidate and the differences,
        // each a file of its own beside the triptych.
        for (label, file) in [("Reference", "numbers.shifted.expected.png"), ("Candidate", "numbers.shifted.actual.png"), ("Differences", "numbers.shifted.difference.png")] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.appendingPathComponent(file).path), file)
            XCTAssertTrue(message.contains("\n\(label): \(scratch.appendingPathComponent(file).path)\n"), message)
        }
        let difference = try PNGCodec.decode([UInt8](try Data(contentsOf: scratch.appendingPathComponent("numbers.shifted.difference.png"))))
        XCTAssertEqual(difference, PixelComparison.differencePanel(expected: expected, actual: shifted))

        // A second failure under the same name is listed too, under a new name.
        _ = KeyboardSnapshotFailures.$directory.withValue(scratch) {
            KeyboardSnapshotFailures.$caseName.withValue("numbers.shifted") {
                Diffing<PNGSnapshot>.keyboardPNG().diffV2(PNGSnapshot(image: expected), PNGSnapshot(image: changing(expected, by: 60).0))
            }
        }
        XCTAssertEqual(KeyboardSnapshotFailures.entries(in: scratch).map(\.name), ["numbers.shifted", "numbers.shifted-2"])
        XCTAssertTrue(try String(contentsOf: report, encoding: .utf8).contains("numbers.shifted-2.diff.png"))
    }

    func testUnreadableReferenceFails() {
        let message = Diffing<PNGSnapshot>.keyboardPNG().diffV2(PNGSnapshot(pngData: Data("not a png".utf8)), PNGSnapshot(image: RasterImage(width: 1, height: 1, rgba: [0, 0, 0, 255])))?.0
        XCTAssertNotNil(message)
        XCTAssertTrue(message?.contains("not a readable PNG") ?? false, message ?? "")
    }

    func testByteStrategyFailsOnOneChangedByte() throws {
        let svg = Data(try Renderer().svg(try scene()))
        var changed = svg
        changed[changed.count / 2] ^= 0x01
        let diffing = Diffing<Data>.keyboardBytes(fileExtension: "svg")
        XCTAssertNil(diffing.diffV2(svg, svg))
        let message = try XCTUnwrap(KeyboardSnapshotFailures.$directory.withValue(scratch) {
            KeyboardSnapshotFailures.$caseName.withValue("numbers.svg-case") { diffing.diffV2(svg, changed)?.0 }
        })
        XCTAssertTrue(message.contains("first difference at byte \(svg.count / 2)"), message)
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("numbers.svg-case.actual.svg").path))
    }

    /// The strategy through swift-snapshot-testing's own `verifySnapshot` (what
    /// `assertSnapshot(of: scene, as: .png)` runs), with references in a scratch folder.
    func testLibraryAssertSnapshotRecordsThenComparesThenFails() throws {
        let scene = try scene()
        try KeyboardSnapshotFailures.$directory.withValue(scratch.appendingPathComponent("failures")) {
            let folder = scratch.appendingPathComponent("snapshots").path
            let first = verifySnapshot(of: scene, as: .png, named: "numbers", record: .missing, snapshotDirectory: folder, testName: "keyboard")
            XCTAssertNotNil(first, "a missing reference is recorded and fails")
            let file = scratch.appendingPathComponent("snapshots/keyboard.numbers.png")
            XCTAssertEqual(try PNGCodec.decode([UInt8](try Data(contentsOf: file))), try Renderer().rasterize(scene))
            XCTAssertNil(verifySnapshot(of: scene, as: .png, named: "numbers", record: .missing, snapshotDirectory: folder, testName: "keyboard"))
            let pressed = try self.scene(pressed: ["5"])
            let third = try XCTUnwrap(verifySnapshot(of: pressed, as: .png, named: "numbers", record: .never, snapshotDirectory: folder, testName: "keyboard"))
            XCTAssertTrue(third.contains("pixels differ"), third)
            XCTAssertNil(verifySnapshot(of: pressed, as: .png(tolerance: 255), named: "numbers", record: .never, snapshotDirectory: folder, testName: "keyboard"))
        }
    }

    /// A mismatch through swift-snapshot-testing reads as this library's message first, with
    /// none of the library's `@−`/`@+` or ksdiff lines, and leaves no copy of the failing
    /// snapshot in the temporary directory (the failures folder has it); with
    /// `SNAPSHOT_ARTIFACTS` set, the copy is kept there as asked.
    func testMismatchMessageIsOursAndLeavesNoCopyInTheTemporaryDirectory() throws {
        let temporary = scratch.appendingPathComponent("tmp", isDirectory: true)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let savedTMPDIR = ProcessInfo.processInfo.environment["TMPDIR"]
        setenv("TMPDIR", temporary.path, 1)
        unsetenv("SNAPSHOT_ARTIFACTS")
        defer { if let savedTMPDIR { setenv("TMPDIR", savedTMPDIR, 1) } else { unsetenv("TMPDIR") } }
        let folder = scratch.appendingPathComponent("snapshots").path
        let scene = try scene(), pressed = try self.scene(pressed: ["5"])
        try KeyboardSnapshotFailures.$directory.withValue(scratch.appendingPathComponent("failures")) {
            XCTAssertNotNil(verifySnapshot(of: scene, as: .png, named: "numbers", record: .missing, snapshotDirectory: folder, testName: "keyboard"))
            let message = try XCTUnwrap(verifySnapshot(of: pressed, as: .png, named: "numbers", record: .never, snapshotDirectory: folder, testName: "keyboard"))
            let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertTrue(lines[0].hasPrefix("numbers.default.portrait.320pt@1x.pressed-5: "), message)
            XCTAssertTrue(lines[0].contains("pixels differ"), message)
            XCTAssertEqual(lines.last.map(String.init), "Reference: \(folder)/keyboard.numbers.png")
            for boilerplate in ["@\u{2212}", "@+", "ksdiff", "does not match reference", "file://"] {
                XCTAssertFalse(message.contains(boilerplate), "\(boilerplate) in \(message)")
            }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [])
            let artifacts = scratch.appendingPathComponent("artifacts")
            setenv("SNAPSHOT_ARTIFACTS", artifacts.path, 1)
            XCTAssertNotNil(verifySnapshot(of: pressed, as: .png, named: "numbers", record: .never, snapshotDirectory: folder, testName: "keyboard"))
            XCTAssertTrue(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("HarnessTests/keyboard.numbers.png").path))
        }
    }

    /// The documented user test: a `RenderRequest` through `.png` and `.svg`.
    func testRequestStrategiesRecordAndCompare() throws {
        var request = RenderRequest()
        request.layout = "letters"
        request.width = 320
        request.pressed = ["done"]
        let folder = scratch.appendingPathComponent("snapshots").path
        KeyboardSnapshotFailures.$directory.withValue(scratch.appendingPathComponent("failures")) {
            XCTAssertNotNil(verifySnapshot(of: request, as: .png, named: "letters", snapshotDirectory: folder, testName: "request"))
            XCTAssertNil(verifySnapshot(of: request, as: .png, named: "letters", snapshotDirectory: folder, testName: "request"))
            XCTAssertNotNil(verifySnapshot(of: request, as: .svg, named: "letters", snapshotDirectory: folder, testName: "request"))
            XCTAssertNil(verifySnapshot(of: request, as: .svg, named: "letters", snapshotDirectory: folder, testName: "request"))
            request.pressed = []
            XCTAssertNotNil(verifySnapshot(of: request, as: .svg, named: "letters", record: .never, snapshotDirectory: folder, testName: "request"))
        }
    }

    // MARK: - The failures folder across processes and runs

    /// A failure of `name` written into `folder` by this process.
    private func recordFailure(_ name: String, in folder: URL) throws -> String {
        let expected = try image()
        return try XCTUnwrap(KeyboardSnapshotFailures.$directory.withValue(folder) {
            KeyboardSnapshotFailures.$caseName.withValue(name) {
                Diffing<PNGSnapshot>.keyboardPNG().diffV2(PNGSnapshot(image: expected), PNGSnapshot(image: shiftedRight(expected)))?.0
            }
        })
    }

    /// A folder as another process left it: its run, one entry and that entry's image.
    private func folder(leftBy run: String, entry: String) throws -> URL {
        let folder = scratch.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(run.utf8).write(to: folder.appendingPathComponent(".run"))
        let other = KeyboardSnapshotFailures.Entry(name: entry, test: "OtherTests.testOther", summary: "\(entry): 3 of 9 pixels differ",
                                                   differingPixels: 3, files: ["\(entry).actual.png"], captions: ["actual"])
        try JSONEncoder().encode([other]).write(to: folder.appendingPathComponent(".entries.json"))
        try Data("png".utf8).write(to: folder.appendingPathComponent("\(entry).actual.png"))
        try Data("old report".utf8).write(to: folder.appendingPathComponent("index.html"))
        return folder
    }

    func testAnotherProcessOfThisRunKeepsItsFilesAndSharesTheReport() throws {
        let folder = try folder(leftBy: RunIdentity.current, entry: "numbers.case")
        _ = try recordFailure("numbers.case", in: folder)
        let entries = KeyboardSnapshotFailures.entries(in: folder)
        XCTAssertEqual(entries.map(\.name), ["numbers.case", "numbers.case-2"], "the other process's name is taken, so this one gets -2")
        XCTAssertEqual(entries.map(\.test), ["OtherTests.testOther", name])
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("numbers.case.actual.png"), encoding: .utf8), "png")
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("Keyboard snapshot failures: 2"), html)
        XCTAssertTrue(html.contains("<code>OtherTests.testOther</code>"), html)
        XCTAssertTrue(html.contains("<code>\(name)</code>"), html)
        XCTAssertTrue(html.contains("numbers.case-2.diff.png"), html)
    }

    func testAnEarlierRunIsClearedAtTheFirstComparison() throws {
        let folder = try folder(leftBy: "an earlier run", entry: "numbers.case")
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        XCTAssertEqual(KeyboardSnapshotFailures.entries(in: folder).map(\.name), [])
        for gone in ["index.html", ".entries.json", "numbers.case.actual.png"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent(gone).path), gone)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("notes.txt").path), "other files are kept")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent(".run"), encoding: .utf8), RunIdentity.current)
        _ = try recordFailure("numbers.case", in: folder)
        XCTAssertEqual(KeyboardSnapshotFailures.entries(in: folder).map(\.name), ["numbers.case"])
    }

    func testDefaultFolderIsInThePackagesBuildFolder() {
        XCTAssertEqual(RunIdentity.buildDirectory?.lastPathComponent, ".build")
        let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/keyboard-snapshot-failures").standardizedFileURL.path
        if ProcessInfo.processInfo.environment["KEYBOARD_SNAPSHOT_FAILURES"] == nil {
            XCTAssertEqual(KeyboardSnapshotFailures.resolvedDirectory.standardizedFileURL.path, expected)
        }
    }

    func testDefaultCaseNameIncludesTheTheme() throws {
        var request = RenderRequest()
        request.layout = "letters"
        request.theme = "dark"
        XCTAssertEqual(PNGSnapshot.describing(try request.scene()), "letters.dark.portrait.iphone-15")
        request.theme = "default"
        request.width = 320
        XCTAssertEqual(PNGSnapshot.describing(try request.scene()), "letters.default.portrait.320pt@1x")
    }

    // MARK: - Record rules

    func testRecordModeFromEnvironment() {
        XCTAssertEqual(Golden.recordMode(environment: [:]), .missing)
        XCTAssertEqual(Golden.recordMode(environment: ["GOLDEN_RECORD": "1"]), .all)
        XCTAssertEqual(Golden.recordMode(environment: ["GOLDEN_RECORD": "1", "CI": "true"]), .all)
        XCTAssertEqual(Golden.recordMode(environment: ["CI": "true"]), .never)
        XCTAssertEqual(Golden.recordMode(environment: ["CI": "false"]), .missing)
        XCTAssertEqual(Golden.recordMode(environment: ["GOLDEN_RECORD": "0"]), .missing)
    }

    func testRecordRulesNeverPassSilently() throws {
        let scene = try scene()
        let references = scratch.appendingPathComponent("refs")
        let file = references.appendingPathComponent("case.png")
        func verify(_ mode: SnapshotTestingConfiguration.Record, _ value: KeyboardScene) -> String? {
            verifyGolden(of: value, as: .png, named: "case", record: mode, directory: references, failures: scratch.appendingPathComponent("failures"))
        }
        // Missing under CI: fails, writes nothing.
        XCTAssertTrue(verify(.never, scene)?.contains("CI=true never records") ?? false)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
        // Missing locally: recorded, and fails.
        XCTAssertTrue(verify(.missing, scene)?.contains("recorded") ?? false)
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path))
        // Present and equal: passes in every mode but `.all`.
        XCTAssertNil(verify(.missing, scene))
        XCTAssertNil(verify(.never, scene))
        // Recording everything: writes, and fails even though nothing changed.
        XCTAssertTrue(verify(.all, scene)?.contains("GOLDEN_RECORD=1") ?? false)
        // A change fails, names the case and the report.
        let changed = try XCTUnwrap(verify(.never, try self.scene(pressed: ["5"])))
        XCTAssertTrue(changed.hasPrefix("case: "), changed)
        XCTAssertTrue(changed.contains("index.html"), changed)
    }

    // MARK: - The rendering stack

    func testStackChangesNameTheLibraryFromAndToAndEachChangedFont() {
        let recorded = RenderingStack(parsing: """
            # comment
            render-keyboard 1.0.0
            cairo 1.16.0
            libpng 1.6.39
            font \(String(repeating: "a", count: 64)) /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
            font \(String(repeating: "b", count: 64)) fonts/My Brand%0A.ttf
            """)
        XCTAssertEqual(recorded.tool, "1.0.0")
        XCTAssertEqual(recorded.libraries, ["cairo": "1.16.0", "libpng": "1.6.39"])
        XCTAssertEqual(recorded.fonts["fonts/My Brand\n.ttf"], String(repeating: "b", count: 64), "%0A is a line break in the name")
        var now = recorded
        XCTAssertEqual(now.changes(since: recorded), [])
        now.libraries["cairo"] = "1.18.0"
        now.fonts["fonts/My Brand\n.ttf"] = String(repeating: "c", count: 64)
        now.fonts["fonts/new.ttf"] = String(repeating: "d", count: 64)
        now.fonts["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"] = nil   // drawn by another shard: no change
        XCTAssertEqual(now.changes(since: recorded), ["cairo 1.16.0 → 1.18.0", "font fonts/My Brand%0A.ttf changed", "font fonts/new.ttf not recorded"])
        XCTAssertEqual(RenderingStack(parsing: now.text), now, "the file form reads back")
        XCTAssertTrue(now.text.contains("\nharfbuzz unknown\n"), now.text)
        XCTAssertEqual(now.keepingFonts(of: recorded).fonts.count, 3)
    }

    func testTheCurrentStackAsksTheLibrariesAndHashesThePinnedFonts() throws {
        let stack = try RenderingStack.current()
        XCTAssertEqual(stack.tool, RenderKeyboardVersion.current)
        for name in RenderingStack.libraryNames {
            let version = try XCTUnwrap(stack.libraries[name], name)
            XCTAssertNotNil(version.range(of: #"^[0-9]+\.[0-9]+\.[0-9]+$"#, options: .regularExpression), "\(name) \(version)")
        }
        let dejavu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        XCTAssertEqual(stack.fonts[dejavu], try sha256sum(dejavu), "GLib's SHA-256 agrees with sha256sum")
        // DejaVu Sans, its bold and WenQuanYi; Roboto's three faces; Inter's five; the 190
        // per-script Noto faces of fonts-noto-core.
        XCTAssertEqual(stack.fonts.count, 11 + 190)
        XCTAssertNotNil(stack.fonts["/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf"])
    }

    /// The digest `sha256sum` prints for `path`.
    private func sha256sum(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(text.prefix(64))
    }
}
