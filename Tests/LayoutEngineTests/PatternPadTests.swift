import Foundation
import XCTest
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer

/// docs/pattern-pads.md pattern pads: geometry, Android's pass-over rule, revisits, the theme block.
final class PatternPadTests: XCTestCase {
    private let canvas = Canvas(deviceName: nil, orientation: .portrait, width: 300, scale: 2)

    private func message(_ body: () throws -> Any) -> String {
        do {
            _ = try body()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func testDotsSitAtTheCentresOfSquareCells() throws {
        // 300 pt, 3 a side: cells of 100 pt; dot 5 is row 1, column 2 → (250, 150).
        let frames = try PatternPad.solve(size: 3, path: [0, 4], on: canvas)
        XCTAssertEqual(frames.cell, 100)
        XCTAssertEqual(frames.imageSide, 600)
        XCTAssertEqual(frames.dots.count, 9)
        XCTAssertEqual(frames.dots[5], PatternDot(index: 5, row: 1, column: 2, centerX: 250, centerY: 150, order: nil))
        XCTAssertEqual(frames.dots[0].order, 0)
        XCTAssertEqual(frames.dots[4].order, 1)
        // Safe areas come off the side: iphone-15 landscape is 852 − 2 × 59 = 734 pt.
        let landscape = try PatternPad.solve(path: [], on: Canvas(device: Device.named("iphone-15")!, orientation: .landscape))
        XCTAssertEqual(landscape.side, 734)
        XCTAssertEqual(landscape.imageSide, 2202)
    }

    func testStepsOverAnUnvisitedDotVisitIt() throws {
        XCTAssertEqual(try PatternPad.completedPath([0, 2], size: 3), [0, 1, 2])
        XCTAssertEqual(try PatternPad.completedPath([0, 8], size: 3), [0, 4, 8])
        XCTAssertEqual(try PatternPad.completedPath([6, 2], size: 3), [6, 4, 2])
        XCTAssertEqual(try PatternPad.completedPath([0, 5], size: 3), [0, 5], "a knight's move passes over no dot")
        XCTAssertEqual(try PatternPad.completedPath([1, 0, 2], size: 3), [1, 0, 2], "a visited dot is passed over")
        XCTAssertEqual(try PatternPad.completedPath([0, 3], size: 4), [0, 1, 2, 3])
        XCTAssertEqual(try PatternPad.completedPath([0, 15], size: 4), [0, 5, 10, 15])
        XCTAssertEqual(try PatternPad.completedPath([0, 10], size: 5), [0, 5, 10], "0 → (2, 0) on a 5 × 5 pad passes over 5")
        XCTAssertEqual(try PatternPad.completedPath([0, 24], size: 5), [0, 6, 12, 18, 24])
        XCTAssertEqual(try PatternPad.completedPath([0, 14], size: 5), [0, 7, 14], "a (2, 4) step passes over its midpoint")
    }

    func testRevisitsAndBadDotsAreErrors() {
        XCTAssertEqual(message { try PatternPad.completedPath([0, 2, 1], size: 3) }, "path: [2]: dot 1 is already in the pattern; a pattern visits each dot once")
        XCTAssertEqual(message { try PatternPad.completedPath([4, 4], size: 3) }, "path: [1]: dot 4 is already in the pattern; a pattern visits each dot once")
        XCTAssertEqual(message { try PatternPad.completedPath([9], size: 3) }, "path: [0]: dot 9 is not on a 3 × 3 pad (0…8)")
        XCTAssertEqual(message { try PatternPad.completedPath([-1], size: 3) }, "path: [0]: dot -1 is not on a 3 × 3 pad (0…8)")
        XCTAssertEqual(message { try PatternPad.completedPath([Int.max], size: 3) }, "path: [0]: dot \(Int.max) is not on a 3 × 3 pad (0…8)")
        XCTAssertEqual(message { try PatternPad.solve(size: 1, path: [], on: self.canvas) }, "size: a pad has 2…12 dots a side (found 1)")
        XCTAssertEqual(message { try PatternPad.solve(size: Int.max, path: [], on: self.canvas) }, "size: a pad has 2…12 dots a side (found \(Int.max))")
        XCTAssertEqual(message { try PatternPad.solve(path: [], on: Canvas(deviceName: nil, orientation: .portrait, width: 9000, scale: 2)) }, "width: the pad would be 18000 px a side; it must be 1…16384 px")
    }

    func testTheScaleIsAKeyboardsScale() {
        for (scale, shown) in [(20.0, "20"), (0.05, "0.05"), (1000, "1000"), (.nan, "nan")] {
            XCTAssertEqual(message { try PatternPad.solve(path: [], on: Canvas(deviceName: nil, orientation: .portrait, width: 100, scale: scale)) },
                           "scale: scale \(shown) is out of range 0.1…10")
        }
        XCTAssertNoThrow(try PatternPad.solve(path: [], on: Canvas(deviceName: nil, orientation: .portrait, width: 100, scale: 10)))
    }

    func testFramesJSON() throws {
        let frames = try PatternPad.solve(size: 2, path: [3, 0], on: Canvas(deviceName: nil, orientation: .portrait, width: 100, scale: 1))
        let json = frames.json(state: .error)
        XCTAssertEqual(json, """
        {
          "size": 2,
          "state": "error",
          "path": [3, 0],
          "completedPath": [3, 0],
          "device": null,
          "orientation": "portrait",
          "scale": 1,
          "width": 100,
          "height": 100,
          "imageWidth": 100,
          "imageHeight": 100,
          "dots": [
            {"index": 0, "row": 0, "column": 0, "center": {"x": 25, "y": 25}, "inPath": true, "order": 1},
            {"index": 1, "row": 0, "column": 1, "center": {"x": 75, "y": 25}, "inPath": false, "order": null},
            {"index": 2, "row": 1, "column": 0, "center": {"x": 25, "y": 75}, "inPath": false, "order": null},
            {"index": 3, "row": 1, "column": 1, "center": {"x": 75, "y": 75}, "inPath": true, "order": 0}
          ]
        }
        """)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(json.utf8)))
    }

    func testThemeSizesAndColoursPerState() throws {
        let theme = try ThemeDecoder.decode(Array("""
        background: "#101010"
        pattern: {dot: 0.2, ring: 0.5, line: 0.1, error: {dot: "#F00", line: "#FF000088"}}
        """.utf8), file: "t.yaml", baseDirectory: "/tmp")
        let frames = try PatternPad.solve(size: 3, path: [0, 1], on: canvas)
        let scene = PatternComposer.compose(frames: frames, theme: theme, state: .error)
        XCTAssertEqual(scene.background, Color(red: 0x10, green: 0x10, blue: 0x10))
        XCTAssertEqual(scene.lineWidth, 10)
        XCTAssertEqual(scene.lineColor, Color(red: 255, green: 0, blue: 0, alpha: 0x88))
        XCTAssertEqual(scene.dots[0].diameter, 20)
        XCTAssertEqual(scene.dots[0].ringDiameter, 50)
        XCTAssertEqual(scene.dots[0].color, Color(red: 255, green: 0, blue: 0))
        XCTAssertEqual(scene.dots[2].ringDiameter, 0, "off the path: no ring")
        XCTAssertEqual(scene.dots[2].color, Color(red: 0x8E, green: 0x8E, blue: 0x93), "off the path: the normal dot colour")
        XCTAssertEqual(scene.line.map(\.x), [50, 150])
        // The pad at rest draws no path.
        let rest = PatternComposer.compose(frames: frames, theme: Theme(), state: .normal)
        XCTAssertEqual(rest.lineColor, .clear)
        XCTAssertEqual(rest.dots[0].color, rest.dots[2].color)
    }

    func testHostileThemeBlocks() {
        func problems(_ yaml: String) -> [String] {
            do {
                _ = try ThemeDecoder.decode(Array(yaml.utf8), file: "t.yaml", baseDirectory: "/tmp")
                return []
            } catch let list as DiagnosticList {
                return list.diagnostics.map(\.description)
            } catch {
                return ["\(error)"]
            }
        }
        XCTAssertEqual(problems("pattern: {dot: 0}"), ["t.yaml: pattern.dot: must be greater than 0 (a fraction of the cell)"])
        XCTAssertEqual(problems("pattern: {ring: 2}"), ["t.yaml: pattern.ring: fraction of the cell 2 is out of range 0…1"])
        XCTAssertEqual(problems("pattern: {line: .nan}"), ["t.yaml: pattern.line: \".nan\" is not a finite number"])
        XCTAssertEqual(problems("pattern: {line: big}"), ["t.yaml: pattern.line: \"big\" is not a number"])
        XCTAssertEqual(problems("pattern: {selected: {dot: \"#GG\"}}"), ["t.yaml: pattern.selected.dot: \"#GG\" is not a colour (#RGB, #RRGGBB or #RRGGBBAA)"])
        XCTAssertEqual(problems("pattern: {pressed: {}}").first?.hasPrefix("t.yaml: pattern.pressed: unknown field \"pressed\""), true, "\(problems("pattern: {pressed: {}}"))")
        XCTAssertEqual(problems("pattern: [1, 2]").first?.hasPrefix("t.yaml: pattern: expected a mapping"), true)
    }
}
