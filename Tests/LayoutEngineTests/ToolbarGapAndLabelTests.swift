import Foundation
import XCTest
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer

/// `toolbar.gap` decoding and checks, the toolbar in the frames JSON, and the rule that a
/// label the file gives wins over a code's default icon.
final class ToolbarGapAndLabelTests: XCTestCase {
    func testGapDecodesAndDefaultsToZero() throws {
        XCTAssertEqual(try decodeLayout("toolbar: {title: Pay, gap: 7.5}\n" + simpleLayoutYAML).layout.toolbar, Toolbar(title: "Pay", height: 36, gap: 7.5))
        XCTAssertEqual(try decodeLayout("toolbar: {title: Pay}\n" + simpleLayoutYAML).layout.toolbar?.gap, 0)
    }

    func testHostileGaps() {
        func problem(_ gap: String) -> [String] {
            diagnostics(of: "toolbar: {gap: \(gap)}\n" + simpleLayoutYAML).map { "\($0.path): \($0.reason)" }
        }
        XCTAssertEqual(problem("-1").first?.hasPrefix("toolbar.gap: "), true)
        XCTAssertTrue(problem("-1").first?.contains("must not be negative") == true, "\(problem("-1"))")
        XCTAssertTrue(problem("1e300").first?.contains("over the limit") == true, "\(problem("1e300"))")
        XCTAssertTrue(problem(".nan").first?.contains("not a finite number") == true, "\(problem(".nan"))")
        XCTAssertTrue(problem("wide").first?.hasPrefix("toolbar.gap: ") == true, "\(problem("wide"))")
        XCTAssertTrue(problem("[1]").first?.hasPrefix("toolbar.gap: ") == true, "\(problem("[1]"))")
    }

    func testSolverRefusesAGapBuiltInCode() throws {
        var layout = try decodeLayout(simpleLayoutYAML).layout
        layout.toolbar = Toolbar(title: "", height: 10, gap: .infinity)
        let canvas = Canvas(deviceName: nil, orientation: .portrait, width: 200, scale: 1)
        XCTAssertThrowsError(try Solver.solve(layout, on: canvas, file: "t.yaml")) { error in
            XCTAssertEqual("\(error)", "t.yaml: toolbar.gap: inf is not a finite number")
        }
    }

    func testAGapThatLeavesNoRoomIsAnError() throws {
        let text = "toolbar: {height: 36, gap: 70}\n" + simpleLayoutYAML
        let layout = try decodeLayout(text).layout
        let canvas = Canvas(deviceName: nil, orientation: .portrait, width: 200, scale: 1)
        XCTAssertThrowsError(try Solver.solve(layout, on: canvas, file: "t.yaml")) { error in
            XCTAssertTrue("\(error)".hasPrefix("t.yaml: portrait.height: a keyboard 100 pt tall leaves no room for the rows"), "\(error)")
        }
    }

    func testFramesJSONReportsTheToolbarAndItsGap() throws {
        let layout = try decodeLayout("toolbar: {title: \"Pay \\\"now\\\"\", height: 30, gap: 8}\n" + simpleLayoutYAML).layout
        let frames = try Solver.solve(layout, on: Canvas(deviceName: nil, orientation: .portrait, width: 200, scale: 1))
        let lines = frames.json().split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[11], #"  "toolbar": {"title": "Pay \"now\"", "frame": {"x": 0, "y": 0, "width": 200, "height": 30}, "gap": 8},"#)
        XCTAssertEqual(lines[10], #"  "safeArea": {"left": 0, "right": 0, "bottom": 0},"#)
        XCTAssertEqual(lines[12], #"  "keys": ["#)
        XCTAssertFalse(try decodeLayout(simpleLayoutYAML).layout.toolbar != nil)
    }

    func testALabelTheFileGivesWinsOverTheCodesIcon() throws {
        let keys = try decodeLayout("""
        keys: [{code: delete, label: "删除"}, {code: delete}, {code: shift, label: "Shift"}, {code: delete, label: "x", icon: globe}]
        portrait: {height: 50, rows: [{columns: 4}]}
        """).layout.keys
        XCTAssertEqual(keys.map(\.icon), [.none, .delete, .none, .globe])
        XCTAssertEqual(keys[0].label, "删除")
    }
}
