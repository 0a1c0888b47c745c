import Foundation
import XCTest
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer

/// Runs every fixture under `AndroidFixtures/`: an Android keyboard file (with an optional
/// `values.xml`) and the pixel rectangles expected on each device, derived by hand from
/// docs/android-xml.md (the derivation is in each `expected.json`).
final class AndroidFixtureTests: XCTestCase {
    static let folder = TestFiles.testsDirectory.appendingPathComponent("AndroidFixtures")

    func testEveryFixture() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
        XCTAssertEqual(names, ["codes", "inheritance", "modes", "overlap", "references", "rounding", "units", "view-step"])
        for name in names {
            try check(fixture: name)
        }
    }

    private func check(fixture name: String) throws {
        let folder = Self.folder.appendingPathComponent(name)
        var values = AndroidValues()
        let valuesFile = folder.appendingPathComponent("values.xml")
        if FileManager.default.fileExists(atPath: valuesFile.path) {
            try values.add(TestFiles.bytes(valuesFile), file: "\(name)/values.xml")
        }
        let decoded = try AndroidKeyboardDecoder.decode(TestFiles.bytes(folder.appendingPathComponent("pad.xml")), file: "\(name)/pad.xml", name: "pad", values: values)
        XCTAssertEqual(decoded.warnings, [], name)
        let expectedData = try Data(contentsOf: folder.appendingPathComponent("expected.json"))
        guard let expected = try JSONSerialization.jsonObject(with: expectedData) as? [String: Any],
              let cases = expected["cases"] as? [[String: Any]], !cases.isEmpty
        else {
            return XCTFail("\(name): expected.json has no cases")
        }
        for (n, testCase) in cases.enumerated() {
            let where_ = "\(name) case \(n)"
            let deviceName = testCase["device"] as? String ?? ""
            guard let device = Device.named(deviceName),
                  let orientation = Orientation(rawValue: testCase["orientation"] as? String ?? "")
            else {
                XCTFail("\(where_): bad device or orientation")
                continue
            }
            let frames = try decoded.keyboard.place(on: Canvas(device: device, orientation: orientation), keyboardMode: testCase["mode"] as? String, file: name)
            XCTAssertEqual(frames.source, .androidXML, where_)
            XCTAssertEqual(frames.imageWidth, testCase["imageWidth"] as? Int, "\(where_) imageWidth")
            XCTAssertEqual(frames.imageHeight, testCase["imageHeight"] as? Int, "\(where_) imageHeight")
            assertClose(frames.height * device.scale, Double(frames.imageHeight), tolerance: 1e-9, "\(where_) height in points")
            let keys = (testCase["keys"] as? [[String: Any]]) ?? []
            XCTAssertEqual(frames.keys.count, keys.count, "\(where_): key count")
            for (actual, want) in zip(frames.keys, keys) {
                let at = "\(where_) key \(actual.index) \(actual.key.label)"
                XCTAssertEqual(actual.key.label, want["label"] as? String, at)
                XCTAssertEqual(actual.row, want["row"] as? Int, "\(at) row")
                XCTAssertEqual(actual.slot, want["slot"] as? Int, "\(at) slot")
                let p = actual.pixelFrame
                XCTAssertEqual([p.x, p.y, p.width, p.height], want["pixel"] as? [Int], "\(at) pixelFrame")
                let f = actual.frame
                assertClose(f.x * device.scale, Double(p.x), tolerance: 1e-9, "\(at) frame.x")
                assertClose(f.width * device.scale, Double(p.width), tolerance: 1e-9, "\(at) frame.width")
                if let codes = want["codes"] as? [Int] { XCTAssertEqual(actual.key.android?.codes, codes, "\(at) codes") }
                if let code = want["code"] as? String { XCTAssertEqual(actual.key.codeName, code, "\(at) code") }
                if let style = want["style"] as? String { XCTAssertEqual(actual.key.keyClass.rawValue, style, "\(at) style") }
                if let icon = want["icon"] as? String { XCTAssertEqual(actual.key.icon.rawValue, icon, "\(at) icon") }
                if let repeatable = want["repeatable"] as? Bool { XCTAssertEqual(actual.key.android?.isRepeatable, repeatable, "\(at) repeatable") }
            }
        }
    }
}
