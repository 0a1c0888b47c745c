import Foundation
import XCTest

/// A keyboard taller than the device's screen is an error, for `render` and `validate` alike
/// and for layout files and Android pads alike.
final class ScreenHeightTests: CommandTestCase {
    func testALayoutTallerThanTheScreen() throws {
        let dir = try temporaryDirectory()
        try "name: tall\nkeys: [\"1\"]\nportrait: {height: 700, rows: [{columns: 1}]}\n".write(to: dir.appendingPathComponent("tall.yaml"), atomically: true, encoding: .utf8)
        // iPhone SE: 667 pt tall in portrait; iPhone 15: 852 pt.
        let se = try run(["render", "--layout", "tall.yaml", "--device", "iphone-se", "-o", "k.png"], in: dir)
        XCTAssertEqual(se.status, 1)
        XCTAssertEqual(se.stderr, "tall.yaml: portrait.height: the keyboard is 700 pt tall but the screen is 667 pt; a keyboard taller than the screen cannot be shown\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("k.png").path))
        let fifteen = try run(["render", "--layout", "tall.yaml", "--device", "iphone-15", "-o", "k.png"], in: dir)
        XCTAssertEqual(fifteen.status, 0, fifteen.stderr)
        let validate = try run(["validate", "tall.yaml"], in: dir)
        XCTAssertEqual(validate.status, 1)
        XCTAssertTrue(validate.stdout.contains("tall.yaml: portrait.height: the keyboard is 700 pt tall but the screen is 667 pt; a keyboard taller than the screen cannot be shown (on iphone-se portrait)\n"), validate.stdout)
    }

    /// keyAspectRatio is row height ÷ key width: 3 on ten keys across 393 pt makes rows of
    /// 117.9 pt, and five of them are 589.5 pt, taller than the 393 pt of a landscape screen
    /// only when the ratio is read that way round.
    func testAnAspectRatioTallerThanTheScreenNamesTheRatio() throws {
        let dir = try temporaryDirectory()
        try """
        name: ratio
        keys: [q, w, e, r, t, y, u, i, o, p, a, s, d, f, g, h, j, k, l, z, x, c, v, b, n, m, "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", ".", ",", "!", "?", "-", "_", "+", "=", "@", "#", "$", "%", "^", "&"]
        portrait: {keyAspectRatio: 3, rows: [{columns: 10}, {columns: 10}, {columns: 10}, {columns: 10}, {columns: 10}]}
        """.write(to: dir.appendingPathComponent("ratio.yaml"), atomically: true, encoding: .utf8)
        let portrait = try run(["frames", "--layout", "ratio.yaml", "--device", "iphone-15"], in: dir)
        XCTAssertEqual(portrait.status, 0, portrait.stderr)
        let landscape = try run(["frames", "--layout", "ratio.yaml", "--device", "iphone-15", "--orientation", "landscape"], in: dir)
        XCTAssertEqual(landscape.status, 1)
        XCTAssertTrue(landscape.stderr.hasPrefix("ratio.yaml: portrait.keyAspectRatio: the keyboard is "), landscape.stderr)
        XCTAssertTrue(landscape.stderr.hasSuffix(" pt tall but the screen is 393 pt; a keyboard taller than the screen cannot be shown (keyAspectRatio is row height ÷ key width: a smaller ratio makes shorter rows)\n"), landscape.stderr)
    }

    func testAnAndroidPadTallerThanTheScreen() throws {
        let dir = try temporaryDirectory()
        try """
        <Keyboard xmlns:android="http://schemas.android.com/apk/res/android" android:keyHeight="600px">
          <Row><Key android:keyLabel="a"/></Row>
          <Row><Key android:keyLabel="b"/></Row>
        </Keyboard>
        """.write(to: dir.appendingPathComponent("pad.xml"), atomically: true, encoding: .utf8)
        let result = try run(["render", "--layout", "pad.xml", "--device", "1000x1000@2", "-o", "k.png"], in: dir)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "pad.xml: the keyboard is 600 pt tall but the screen is 500 pt; a keyboard taller than the screen cannot be shown\n")
    }
}
