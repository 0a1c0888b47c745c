import Foundation
import XCTest
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer

/// Runs every fixture under `Fixtures/`: a layout file and the frames expected on each
/// canvas, computed by hand with the solver's steps (Solver.swift) (the derivation is in each `expected.json`).
final class FixtureTests: XCTestCase {
    func testEveryFixture() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: TestFiles.fixtures.path).sorted()
        XCTAssertGreaterThanOrEqual(names.count, 12, "fixtures are missing")
        for name in names {
            try check(fixture: name)
        }
    }

    private func check(fixture name: String) throws {
        let folder = TestFiles.fixtures.appendingPathComponent(name)
        let layoutFile = folder.appendingPathComponent("layout.yaml")
        let decoded = try LayoutDecoder.decode(TestFiles.bytes(layoutFile), file: "\(name)/layout.yaml", baseDirectory: folder.path)
        let expectedData = try Data(contentsOf: folder.appendingPathComponent("expected.json"))
        guard let expected = try JSONSerialization.jsonObject(with: expectedData) as? [String: Any],
              let cases = expected["cases"] as? [[String: Any]], !cases.isEmpty
        else {
            return XCTFail("\(name): expected.json has no cases")
        }
        var orientations = Set<String>()
        for (n, testCase) in cases.enumerated() {
            let where_ = "\(name) case \(n)"
            let canvas = try makeCanvas(testCase["canvas"], where_)
            orientations.insert(canvas.orientation.rawValue)
            let frames = try Solver.solve(decoded.layout, on: canvas, file: name)

            assertClose(frames.width, number(testCase["width"]), "\(where_) width")
            assertClose(frames.height, number(testCase["height"]), "\(where_) height")
            XCTAssertEqual(frames.imageWidth, integer(testCase["imageWidth"]), "\(where_) imageWidth")
            XCTAssertEqual(frames.imageHeight, integer(testCase["imageHeight"]), "\(where_) imageHeight")
            if let toolbar = testCase["toolbar"] as? [Any] {
                guard let frame = frames.toolbarFrame else {
                    XCTFail("\(where_): no toolbar frame")
                    continue
                }
                assertRect(frame, toolbar, "\(where_) toolbar")
            } else {
                XCTAssertNil(frames.toolbarFrame, "\(where_): unexpected toolbar")
            }
            let warnings = (testCase["warnings"] as? [String]) ?? []
            XCTAssertEqual(decoded.warnings.map(\.path), warnings, "\(where_) warnings")

            let keys = (testCase["keys"] as? [[String: Any]]) ?? []
            XCTAssertEqual(frames.keys.count, keys.count, "\(where_): key count")
            for (i, (actual, want)) in zip(frames.keys, keys).enumerated() {
                let label = (want["label"] as? String) ?? "?"
                let at = "\(where_) key \(i) \(label)"
                XCTAssertEqual(actual.index, i, at)
                XCTAssertEqual(actual.key.label, label, at)
                XCTAssertEqual(actual.row, integer(want["row"]), "\(at) row")
                XCTAssertEqual(actual.slot, integer(want["slot"]), "\(at) slot")
                assertRect(actual.frame, want["frame"] as? [Any] ?? [], "\(at) frame")
                let pixel = (want["pixel"] as? [Any] ?? []).map(integer)
                XCTAssertEqual([actual.pixelFrame.x, actual.pixelFrame.y, actual.pixelFrame.width, actual.pixelFrame.height], pixel, "\(at) pixelFrame")
            }
        }
        XCTAssertEqual(orientations, ["portrait", "landscape"], "\(name): cover both orientations")
    }

    private func makeCanvas(_ value: Any?, _ where_: String) throws -> Canvas {
        guard let fields = value as? [String: Any],
              let orientationName = fields["orientation"] as? String,
              let orientation = Orientation(rawValue: orientationName)
        else {
            throw Diagnostic(file: where_, path: "canvas", reason: "needs an orientation")
        }
        if let deviceName = fields["device"] as? String {
            guard let device = Device.named(deviceName) else {
                throw Diagnostic(file: where_, path: "canvas.device", reason: "unknown device \(deviceName)")
            }
            return Canvas(device: device, orientation: orientation)
        }
        return Canvas(
            deviceName: nil, orientation: orientation, width: number(fields["width"]),
            scale: number(fields["scale"]), heightOverride: fields["height"].map(number)
        )
    }

    private func assertRect(_ rect: Rect, _ want: [Any], _ at: String, line: UInt = #line) {
        guard want.count == 4 else { return XCTFail("\(at): expected [x, y, width, height]", line: line) }
        assertClose(rect.x, number(want[0]), "\(at).x", line: line)
        assertClose(rect.y, number(want[1]), "\(at).y", line: line)
        assertClose(rect.width, number(want[2]), "\(at).width", line: line)
        assertClose(rect.height, number(want[3]), "\(at).height", line: line)
    }

    private func number(_ value: Any?) -> Double {
        (value as? NSNumber)?.doubleValue ?? .nan
    }

    private func integer(_ value: Any?) -> Int {
        (value as? NSNumber)?.intValue ?? Int.min
    }
}
