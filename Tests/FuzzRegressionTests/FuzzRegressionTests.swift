import Foundation
import XCTest
@testable import KeyboardFuzzing
import KeyboardRenderer

/// Inputs the fuzzer once crashed on, replayed through the fuzzer's own entry so each fixed
/// bug stays fixed; and the entry's dispatch and seeds.
final class FuzzRegressionTests: XCTestCase {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let inputs = testsDirectory.appendingPathComponent("Inputs")
    static let repository = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()

    /// Every saved input runs to the end (a crash or a sanitizer report fails the whole run)
    /// within the fuzzer's hang limit, and starts with a known tag, so none is silently skipped.
    func testSavedInputsRunThroughTheirTargetWithoutCrashing() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.inputs.path)
            .filter { $0 != "README.md" }
            .sorted()
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: Self.inputs.appendingPathComponent(name)))
            let started = Date()
            let target = FuzzTarget.run(bytes)
            // The fuzzer's own hang limit (scripts/fuzz.sh, FUZZ_TIMEOUT): a guard against
            // hangs coming back, not a speed target.
            XCTAssertLessThan(Date().timeIntervalSince(started), 30, "\(name): an input that once hung takes too long again")
            XCTAssertNotNil(target, "\(name): the first byte is no target's tag")
            XCTAssert(target.map { name.hasPrefix($0.name + "-") } ?? false, "\(name): a saved input is named after its target (\(target?.name ?? "none")-…)")
        }
    }

    func testFirstByteSelectsTheTarget() {
        XCTAssertEqual(FuzzTarget.run(Array("Dkeys: []".utf8))?.name, "document")
        XCTAssertEqual(FuzzTarget.run(Array("Lkeys: []".utf8))?.name, "layout")
        XCTAssertEqual(FuzzTarget.run(Array("Tname: x".utf8))?.name, "theme")
        XCTAssertEqual(FuzzTarget.run(Array("P".utf8))?.name, "png")
        XCTAssertEqual(FuzzTarget.run(Array("A<Keyboard/>".utf8))?.name, "android")
        XCTAssertEqual(FuzzTarget.run(Array("F".utf8) + [0, 0, 0, 4, 0xFF])?.name, "font")
        XCTAssertNil(FuzzTarget.run([]))
        XCTAssertNil(FuzzTarget.run(Array("ykeys: []".utf8)), "tags are case-sensitive")
        XCTAssertNil(FuzzTarget.run([0xFF, 0x00]))
    }

    func testTagsAreDistinct() {
        XCTAssertEqual(Set(FuzzTarget.all.map(\.tag)).count, FuzzTarget.all.count)
        XCTAssertEqual(Set(FuzzTarget.all.map(\.name)).count, FuzzTarget.all.count)
    }

    /// Each target has built-in seeds, and each seed is valid for its target, so the fuzzer
    /// starts from inputs that reach deep into it.
    func testEveryTargetHasSeedsFromTheBuiltIns() throws {
        let expected = ["document": 16, "layout": 7, "theme": 9, "metrics": 3, "png": 7, "android": 3, "font": 1]
        for target in FuzzTarget.all {
            let files = target.seedFiles(repository: Self.repository.path)
            XCTAssertEqual(files.count, expected[target.name], "\(target.name): \(files.map(\.lastPathComponent))")
            for file in files {
                XCTAssertEqual(FuzzTarget.run([target.tag] + (try target.seedInput(file, Self.repository)))?.name, target.name)
            }
        }
    }

    func testWrittenSeedsAreTagPlusFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-seeds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertEqual(try FuzzTarget.writeSeeds(repository: Self.repository.path, to: folder.path), 46)
        // The font seed is the pinned font itself, unpatched: the tag alone.
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("font-DejaVuSans.ttf")), Data("F".utf8))
        let seed = try Data(contentsOf: folder.appendingPathComponent("layout-layouts-numbers.yaml"))
        let file = try Data(contentsOf: Self.repository.appendingPathComponent("layouts/numbers.yaml"))
        XCTAssertEqual(seed, Data("L".utf8) + file)
        let png = try Data(contentsOf: folder.appendingPathComponent("png-themes-image-enter@3x.png"))
        XCTAssertEqual(png.prefix(2), Data([UInt8(ascii: "P"), 0x89]))
        // An Android seed carries the example values before the keyboard, after a NUL.
        let android = try Data(contentsOf: folder.appendingPathComponent("android-docs-examples-android-res-xml-pin_pad.xml"))
        let values = try Data(contentsOf: Self.repository.appendingPathComponent("docs/examples/android/res/values/dimens.xml"))
        let pad = try Data(contentsOf: Self.repository.appendingPathComponent("docs/examples/android/res/xml/pin_pad.xml"))
        XCTAssertEqual(android, Data("A".utf8) + values + Data([0]) + pad)
    }
}

final class FontFuzzingTests: XCTestCase {
    /// Whole font files pass as they are; anything else patches the pinned font, five bytes
    /// a patch, and a patch with the top bit set cuts the font.
    func testInputsStandForFontFiles() {
        let base = FontFuzzing.base
        XCTAssertGreaterThan(base.count, 100_000)
        XCTAssertEqual(FontConfiguration.family(ofFontAt: FontFuzzing.baseFontPath), "DejaVu Sans")
        XCTAssertEqual(FontFuzzing.fontBytes(Array("OTTO".utf8) + [1, 2]), Array("OTTO".utf8) + [1, 2])
        XCTAssertEqual(FontFuzzing.fontBytes([]), base)
        var patched = base
        patched[4] = 0xEE
        XCTAssertEqual(FontFuzzing.fontBytes([0, 0, 0, 4, 0xEE, 9]), patched, "a trailing partial patch is ignored")
        XCTAssertEqual(FontFuzzing.fontBytes([0x80, 0, 0, 12, 0]), Array(base.prefix(12)))
    }

    /// The unpatched font loads; a cut one and one with a broken table directory are refused
    /// or loaded, never a crash.
    func testFontInputsRunToTheEnd() {
        for input: [UInt8] in [[], [0x80, 0, 0, 200, 0], [0, 0, 0, 12, 0xFF, 0, 0, 0, 13, 0xFF], [0, 1, 0, 0, 0, 0]] {
            XCTAssertEqual(FuzzTarget.run([UInt8(ascii: "F")] + input)?.name, "font")
        }
    }
}

final class PNGChunkTests: XCTestCase {
    /// The CRC-32 check value from the standard, and the CRC of an empty IEND chunk that
    /// every PNG ends with (AE 42 60 82).
    func testCRC32MatchesKnownValues() {
        XCTAssertEqual(PNGChunks.crc32(ArraySlice(Array("123456789".utf8))), 0xCBF4_3926)
        XCTAssertEqual(PNGChunks.crc32(ArraySlice(Array("IEND".utf8))), 0xAE42_6082)
    }

    /// A built-in image keeps its bytes; the same image with its IHDR changed gets that
    /// chunk's checksum recomputed, and then decodes to the changed size.
    func testChecksumsAreRecomputedAfterAChange() throws {
        let url = FuzzRegressionTests.repository.appendingPathComponent("themes/image/background@3x.png")
        let png = [UInt8](try Data(contentsOf: url))
        XCTAssertEqual(PNGChunks.fixingChecksums(png), png)

        var changed = png
        // IHDR data starts at 16: width (4 bytes), height (4 bytes); make the height 1.
        changed[20...23] = [0, 0, 0, 1]
        XCTAssertThrowsError(try PNGCodec.decode(changed))
        let fixed = PNGChunks.fixingChecksums(changed)
        XCTAssertNotEqual(fixed, changed)
        XCTAssertEqual(fixed[0..<29], changed[0..<29], "only the CRC after IHDR (bytes 29–32) changes")
        XCTAssertEqual(try PNGCodec.decode(fixed).height, 1)
    }

    func testNonPNGAndTruncatedChunksAreLeftAlone() {
        XCTAssertEqual(PNGChunks.fixingChecksums([1, 2, 3]), [1, 2, 3])
        let truncated: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0]
        XCTAssertEqual(PNGChunks.fixingChecksums(truncated), truncated)
    }
}
