import Foundation
import RenderKeyboardKit
import XCTest

/// Manifest fields for Android XML pads and pixel devices.
final class AndroidManifestTests: XCTestCase {
    private func decode(_ text: String) throws -> BatchManifest {
        try BatchManifest.decode(Array(text.utf8), file: "m.yaml", baseDirectory: "/work/batch")
    }

    func testValuesModesShuffleAndPixelDevices() throws {
        let manifest = try decode("""
            defaults: {device: 1080x2340@2.625, values: [res/extra.xml, /abs/more.xml]}
            jobs:
              - {layout: res/xml/pad.xml, keyboardMode: mode_url, shuffle: true, output: a.png}
              - {layout: pad.xml, values: other.xml, output: b.png}
            """)
        let a = manifest.jobs[0].request, b = manifest.jobs[1].request
        XCTAssertEqual(a.layout, "/work/batch/res/xml/pad.xml")
        XCTAssertEqual(b.layout, "/work/batch/pad.xml", "a .xml name is a path, not a built-in")
        XCTAssertEqual(a.device, "1080x2340@2.625")
        XCTAssertEqual(a.values, ["/work/batch/res/extra.xml", "/abs/more.xml"])
        XCTAssertEqual(b.values, ["/work/batch/other.xml"])
        XCTAssertEqual(a.keyboardMode, "mode_url")
        XCTAssertNil(b.keyboardMode)
        XCTAssertTrue(a.forceShuffle)
        XCTAssertFalse(b.forceShuffle)
        XCTAssertEqual(try a.checked().canvas().width * 2.625, 1080, accuracy: 1e-9)
    }

    func testBadPixelDevicesAndFields() {
        do {
            _ = try decode("""
                jobs:
                  - {layout: pad.xml, device: 1080x2340@11, output: a.png}
                  - {layout: pad.xml, device: 0x2340@2, output: b.png}
                  - {layout: pad.xml, device: pixel8, values: [""], keyboardMode: 3, output: c.png}
                """)
            XCTFail("accepted bad devices")
        } catch {
            XCTAssertEqual(Validator.diagnostics(of: error, file: "m.yaml").map(\.description), [
                "m.yaml: jobs[0].device: \"1080x2340@11\": density 11 is out of range 0.1…10",
                "m.yaml: jobs[1].device: \"0x2340@2\": width and height must be 1…16384 px",
                "m.yaml: jobs[2].device: \"pixel8\" is not a device preset or a pixel device WxH@D (such as 1080x2340@2.625); presets: iphone-se-1, iphone-se, iphone-13-mini, iphone-14, iphone-15, iphone-16-pro, iphone-8-plus, iphone-11, iphone-14-plus, iphone-15-pro-max, iphone-16-pro-max, ipad-6, ipad-9, ipad-10, android-phone, pixel-8, pixel-7-pro, galaxy-s23; did you mean pixel-8?",
                "m.yaml: jobs[2].values: an empty values file name; give the path of a res/values XML file",
            ])
        }
    }

    func testDeviceNamesOnTheRequest() throws {
        var request = RenderRequest()
        request.device = "1440x3120@3.5"
        request.orientation = .landscape
        let canvas = try request.checked().canvas()
        XCTAssertEqual(canvas.width * canvas.scale, 3120, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(canvas.screenHeight) * canvas.scale, 1440, accuracy: 1e-9)
        request.device = "1080x2340"
        XCTAssertThrowsError(try request.checked().canvas()) { error in
            XCTAssertEqual("\(error)", "device: \"1080x2340\" has no density: a pixel device is WxH@D, with D the pixels per point (such as 1080x2340@2.625)")
        }
        request.device = "1080y2340"
        XCTAssertThrowsError(try request.checked().canvas()) { error in
            XCTAssertEqual("\(error)", "device: \"1080y2340\" is not a device preset or a pixel device WxH@D (such as 1080x2340@2.625); presets: iphone-se-1, iphone-se, iphone-13-mini, iphone-14, iphone-15, iphone-16-pro, iphone-8-plus, iphone-11, iphone-14-plus, iphone-15-pro-max, iphone-16-pro-max, ipad-6, ipad-9, ipad-10, android-phone, pixel-8, pixel-7-pro, galaxy-s23")
        }
    }
}
