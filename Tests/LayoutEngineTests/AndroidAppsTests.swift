import Foundation
import XCTest
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer

/// Real apps' pads (`AndroidApps/`, sources in its README) shuffled as a security keyboard
/// shuffles them: digits among digits, letters among letters, every other key in place.
final class AndroidAppsTests: XCTestCase {
    static let folder = TestFiles.testsDirectory.appendingPathComponent("AndroidApps")

    /// Places `app/res/xml/name.xml` with the app's `res/values` on a 1080 × 2340 px phone.
    func place(_ app: String, _ name: String, shuffle: ShuffleSource? = nil) throws -> KeyboardFrames {
        let res = Self.folder.appendingPathComponent(app).appendingPathComponent("res")
        var values = AndroidValues()
        let valuesFolder = res.appendingPathComponent("values")
        for file in (try? FileManager.default.contentsOfDirectory(atPath: valuesFolder.path))?.sorted() ?? [] {
            try values.add(TestFiles.bytes(valuesFolder.appendingPathComponent(file)), file: file)
        }
        let bytes = try TestFiles.bytes(res.appendingPathComponent("xml").appendingPathComponent(name + ".xml"))
        let decoded = try AndroidKeyboardDecoder.decode(bytes, file: name + ".xml", name: name, values: values)
        let canvas = Canvas(device: Device.named("1080x2340@2.625")!, orientation: .portrait)
        return try decoded.keyboard.place(on: canvas, shuffle: shuffle, file: name + ".xml")
    }

    /// For 100 seeds and the system source: every rectangle keeps its key's kind, keys without
    /// a kind or alone in their kind never move, and the keys of each kind are only permuted.
    func checkShuffle(_ app: String, _ name: String, fixed expectedFixed: [String], line: UInt = #line) throws {
        let plain = try place(app, name)
        let fixed = plain.keys.filter { $0.key.shuffleKind == nil }.map { $0.key.android?.code ?? 0 }.map(String.init)
        XCTAssertEqual(fixed, expectedFixed, "\(name): the keys that stay", line: line)
        var kindCounts: [ShuffleKind: Int] = [:]
        for frame in plain.keys { if let kind = frame.key.shuffleKind { kindCounts[kind, default: 0] += 1 } }
        var moved = false
        for source in [ShuffleSource.system] + (0..<100).map({ ShuffleSource.seeded($0) }) {
            let shuffled = try place(app, name, shuffle: source)
            XCTAssertEqual(shuffled.keys.map(\.pixelFrame), plain.keys.map(\.pixelFrame), line: line)
            for (before, after) in zip(plain.keys, shuffled.keys) {
                XCTAssertEqual(after.key.shuffleKind, before.key.shuffleKind, "\(name) \(source): \(after.key.label) took the place of \(before.key.label)", line: line)
                if before.key.shuffleKind.map({ kindCounts[$0] == 1 }) ?? true {
                    XCTAssertEqual(after.key, before.key, "\(name) \(source): \(before.key.label) moved", line: line)
                }
                if after.key != before.key { moved = true }
            }
            XCTAssertEqual(shuffled.keys.map(\.key.label).sorted(), plain.keys.map(\.key.label).sorted(), line: line)
        }
        XCTAssertTrue(moved, "\(name): nothing ever moved", line: line)
    }

    /// The framework's password pad: OK (return, 10) and delete stay; the ten digits move.
    func testFrameworkPasswordPad() throws {
        try checkShuffle("aosp", "password_kbd_numeric", fixed: ["10", "-5"])
        let frames = try place("aosp", "password_kbd_numeric")
        XCTAssertEqual(frames.keys[9].key.codeName, "return")
        XCTAssertEqual(frames.keys[9].key.keyClass, .enter)
    }

    /// An ID pad's X is the only letter: it stays, as does the number pad's ".", the only
    /// symbol. A qwerty pad keeps its number row digits, its letters letters, and the mode,
    /// delete, ".", space and confirm keys where they are.
    func testJinkeenPads() throws {
        try checkShuffle("jinkeen", "keyboard_idcard_layout", fixed: ["-23"])
        XCTAssertEqual(try place("jinkeen", "keyboard_idcard_layout").keys[9].key.shuffleKind, .letter)
        try checkShuffle("jinkeen", "keyboard_number_layout", fixed: ["-23"])
        XCTAssertEqual(try place("jinkeen", "keyboard_number_layout").keys[9].key.shuffleKind, .symbol)
        try checkShuffle("jinkeen", "keyboard_qwerty_layout", fixed: ["-20", "-23", "32", "-21"])
    }

    /// The left and right arrows (codes 1 and 2, no characters), 完成 (done), ABC (−9) and
    /// delete stay; in the letter pad shift, delete, 12#, space and 完成 stay, and "," and "."
    /// trade places only with each other.
    func testSecurityKeyboardPads() throws {
        try checkShuffle("securitykeyboard", "number", fixed: ["1", "2", "-4", "-9", "-5"])
        try checkShuffle("securitykeyboard", "qwerty", fixed: ["-1", "-5", "-2", "32", "-3"])
    }
}
