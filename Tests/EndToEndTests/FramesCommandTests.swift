import Foundation
import XCTest

final class FramesCommandTests: CommandTestCase {
    func testFramesPrintsTheSpecFieldsForEveryBuiltinLayoutDeviceAndOrientation() throws {
        let devices = ["iphone-se", "iphone-15", "iphone-15-pro-max", "ipad-10", "android-phone"]
        for layout in ["letters", "numbers", "idcard", "symbols"] {
            for device in devices {
                for orientation in ["portrait", "landscape"] {
                    let result = try run(["frames", "--layout", layout, "--device", device, "--orientation", orientation, "--seed", "1"])
                    XCTAssertEqual(result.status, 0, "\(layout) \(device) \(orientation): \(result.stderr)")
                    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
                    XCTAssertEqual(json["layout"] as? String, layout)
                    XCTAssertEqual(json["device"] as? String, device)
                    XCTAssertEqual(json["orientation"] as? String, orientation)
                    let toolbar: Set<String> = ["numbers", "idcard"].contains(layout) ? ["toolbar"] : []
                    XCTAssertEqual(Set(json.keys), Set(["layout", "orientation", "device", "scale", "width", "height", "imageWidth", "imageHeight", "source", "safeArea", "keys"]).union(toolbar))
                    let keys = try XCTUnwrap(json["keys"] as? [[String: Any]])
                    XCTAssertFalse(keys.isEmpty)
                    XCTAssertEqual(Set(keys[0].keys), ["index", "label", "value", "code", "codeValue", "style", "row", "slot", "rowSpan", "frame", "pixelFrame"])
                }
            }
        }
    }

    func testFramesOfTheNumberPadOnIphone15MatchTheDeviceTable() throws {
        let result = try run(["frames", "--layout", "numbers", "--no-shuffle"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["width"] as? Double, 393)
        XCTAssertEqual(json["scale"] as? Double, 3)
        XCTAssertEqual(json["imageWidth"] as? Int, 1179)
        let height = try XCTUnwrap(json["height"] as? Double)
        XCTAssertEqual(json["imageHeight"] as? Int, Int(((height + 34) * 3 + 0.5).rounded(.down)))
        let keys = try XCTUnwrap(json["keys"] as? [[String: Any]])
        XCTAssertEqual(keys.map { $0["label"] as? String }.prefix(3), ["1", "2", "3"])
        XCTAssertEqual(keys[3]["code"] as? String, "delete")
        XCTAssertEqual(keys[3]["codeValue"] as? Int, -7)
        XCTAssertEqual(keys[3]["rowSpan"] as? Int, 2)
    }

    func testSameSeedGivesTheSameOrderAcrossRuns() throws {
        let a = try run(["frames", "--layout", "numbers", "--seed", "42"])
        let b = try run(["frames", "--layout", "numbers", "--seed", "42"])
        XCTAssertEqual(a.status, 0)
        XCTAssertEqual(a.stdout, b.stdout)
        let c = try run(["frames", "--layout", "numbers", "--seed", "43"])
        XCTAssertNotEqual(a.stdout, c.stdout)
    }

    func testFramesWritesToAFileWithDashO() throws {
        let dir = try temporaryDirectory()
        let result = try run(["frames", "--layout", "idcard", "--width", "400", "--height", "216", "-o", dir.appendingPathComponent("f.json").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("f.json"))) as? [String: Any]
        XCTAssertEqual(json?["height"] as? Double, 216)
        XCTAssertEqual(json?["imageWidth"] as? Int, 400)
        XCTAssertTrue(json?["device"] is NSNull)
    }

    func testListNamesTheBuiltins() throws {
        let result = try run(["list"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("layouts: idcard, ios, ios-ipad, ios26, letters, numbers, symbols\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("themes: dark, default, image, ios, ios-dark, ios26, ios26-dark, material, secure\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("metrics: ios, ios-ipad, ios26\n"), result.stdout)
        for device in ["iphone-se-1", "iphone-se", "iphone-13-mini", "iphone-14", "iphone-15", "iphone-16-pro", "iphone-8-plus", "iphone-11",
                       "iphone-14-plus", "iphone-15-pro-max", "iphone-16-pro-max", "ipad-6", "ipad-9", "ipad-10"] {
            XCTAssertTrue(result.stdout.contains("  \(device) (also "), device)
        }
        for device in ["android-phone", "pixel-8", "pixel-7-pro", "galaxy-s23"] {
            XCTAssertTrue(result.stdout.contains("  \(device): "), device)
        }
        XCTAssertTrue(result.stdout.contains("  pixel-8: portrait 411.43 pt, landscape 914.29 pt, scale 2.625, screen 1080 × 2400 px"), result.stdout)
    }

    func testUsageErrorsExitWithStatus2() throws {
        let result = try run(["frames", "--orientation", "sideways"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("sideways"), result.stderr)
        let both = try run(["frames", "--device", "iphone-15", "--width", "300"])
        XCTAssertEqual(both.status, 2)
    }

    func testUnknownLayoutNameExitsWith1AndSuggests() throws {
        let result = try run(["frames", "--layout", "leters"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("--layout: no built-in layout or file named \"leters\""), result.stderr)
        XCTAssertTrue(result.stderr.contains("did you mean letters?"), result.stderr)
    }
}
