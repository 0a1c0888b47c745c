import Foundation
import XCTest

/// Bad input to `compose` (docs/store-screenshots.md): each error names its file or option
/// and the reason, exits 1 (2 for a usage error such as an unknown store or device), and
/// leaves nothing written: no image, no set folder, no frames JSON.
final class ComposeErrorTests: CommandTestCase {
    /// A PNG whose header declares `width × height` pixels, followed by a one-byte IDAT (no
    /// real pixels): a reader must refuse it from the header.
    private func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in body {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return be(UInt32(data.count)) + body + be(crc ^ 0xFFFF_FFFF)
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be(width) + be(height) + [8, 2, 0, 0, 0]) + chunk("IDAT", [0]) + chunk("IEND", [])
    }

    func testErrorsExitOneAndWriteNothing() throws {
        let folder = try temporaryDirectory()
        try Data(pngHeader(width: 20000, height: 20000)).write(to: folder.appendingPathComponent("huge.png"))
        try Data(pngHeader(width: 8000, height: 8000)).write(to: folder.appendingPathComponent("large.png"))
        try "not an image".write(to: folder.appendingPathComponent("notes.png"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try run(["render", "--layout", "numbers", "--seed", "1", "-o", folder.appendingPathComponent("frame.png").path]).status, 0)
        try #"{"image": "frame.png", "screen": {"x": 10, "y": 10, "width": 1179, "height": 2556}, "cornerRadius": 40}"#
            .write(to: folder.appendingPathComponent("frame.json"), atomically: true, encoding: .utf8)
        try "en-US: \"Fine\"\nde-DE: \"\(String(repeating: "Dieser Satz ist viel zu lang für drei Zeilen ", count: 4))\"\n"
            .write(to: folder.appendingPathComponent("captions.yaml"), atomically: true, encoding: .utf8)
        try "- just\n- a list\n".write(to: folder.appendingPathComponent("list.yaml"), atomically: true, encoding: .utf8)
        let long = String(repeating: "A caption far too long for any store page ", count: 5)
        let cases: [(arguments: [String], message: String)] = [
            (["--app", "missing.png"], "missing.png: cannot read file"),
            (["--app", "notes.png"], "notes.png: cannot read the image: not a PNG or JPEG file"),
            (["--app", "huge.png"], "huge.png: cannot read the image"),
            (["--app", "large.png"], "large.png: cannot read the image: the image is 8000 × 8000 px (64000000 px); the limit is"),
            (["--size", "10001x2000"], "--size: the canvas would be 10001 × 2000 px; each side must be 1…10000 px"),
            (["--size", "9000x9000"], "--size: the image would be 9000 × 9000 px (81000000 px); the limit is"),
            (["--store", "appstore-6.9", "--caption", long], "--caption: \"A caption far too long"),
            (["--captions", "captions.yaml"], "captions.yaml: de-DE: \"Dieser Satz"),
            (["--captions", "list.yaml"], "list.yaml: not a captions file"),
            (["--frame", "frame.json"], "frame.json: screen: the screen 10,10 1179 × 2556 px lies outside the"),
            (["--width", "400"], "--width: a screenshot puts the keyboard on a device's screen"),
            (["--height", "300"], "--height: a screenshot puts the keyboard on a device's screen"),
            (["--caption", "\u{1100}\u{1161}"], "no font draws U+1100 HANGUL CHOSEONG KIYEOK"),
        ]
        for (arguments, message) in cases {
            let result = try run(["compose"] + arguments + ["-o", "out/shot.png", "--frames-out", "out/shot.json"], in: folder)
            XCTAssertEqual(result.status, 1, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)\nexpected: \(message)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path), "\(arguments): nothing is written")
        }
    }

    func testUnknownNamesAndBadValuesAreUsageErrors() throws {
        let cases: [(arguments: [String], message: String)] = [
            (["--store", "appstore-7"], "--store: \"appstore-7\" is not a store; the stores are appstore-6.9"),
            (["--device", "iphone-99"], "--device:"),
            (["--size", "wide"], "--size: \"wide\" is not a size WIDTHxHEIGHT"),
            (["--caption-colour", "red"], "--caption-colour: \"red\" is not a colour"),
            (["--device-scale", "0"], "--device-scale: \"0\" is not a scale"),
            (["--locales", "../etc"], "--locales: \"../etc\" is not a locale"),
            (["--name", "../x"], "--name: \"../x\" is not a name for a file"),
            (["--number", "100"], "--number: \"100\" is not a whole number 1…99"),
            (["-o", "shot.gif"], "--output: the extension of \"shot.gif\" names no format"),
            (["--caption", "a", "--captions", "c.yaml"], "--caption: give either one caption or a captions file"),
            (["--locales", "en-US"], "--locales: only applies with a captions file"),
        ]
        let folder = try temporaryDirectory()
        for (arguments, message) in cases {
            let result = try run(["compose"] + arguments, in: folder)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)\nexpected: \(message)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "\(arguments): nothing is written")
        }
    }
}
