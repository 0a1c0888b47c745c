import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine
import RenderKeyboardKit
import XCTest

/// The built-in iOS keyboards against the iOS 14 screenshots in `docs/images/ios`
/// (iPhone 12 = `iphone-14`, 390 pt at 3 px/pt; iPad = `ipad-6`, 768 pt at 2 px/pt): every
/// key's left and right edge within 1 pt, every row's height within 1 pt, and the rows' pitch
/// within 1 pt (the crops' top offset is not known, so y is compared as pitch). The landscape
/// iPhone crop is narrower than the screen, so its horizontal offset is fitted: the one shift
/// that minimises the largest difference.
final class IOSScreenshotTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/images/ios")

    /// Keys and rows measured in a screenshot, points.
    private struct Measured {
        /// Each row's top and bottom.
        var rows: [(top: Double, bottom: Double)] = []
        /// Each row's keys, left to right: left and right edges.
        var keys: [[(left: Double, right: Double)]] = []
    }

    /// The grey level of a pixel, 0…255.
    private static func grey(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Int {
        (Int(p.r) + Int(p.g) + Int(p.b)) / 3
    }

    /// A key's face in the screenshots: white, or the grey of the system keys (the iPad's
    /// translucent panel tints it a little); not the background, a shadow or a label.
    private static func isFace(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
        grey(p) >= 238 || (165...198).contains(grey(p))
    }

    /// The keyboard's background (grey 200…237, tinted or not), between the system grey and
    /// white: what lies between keys. A label's pixels are not background.
    private static func isBackground(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
        (200...237).contains(grey(p))
    }

    /// Rows are the bands where faces cover more than 40 % of a pixel row; keys are the runs of
    /// pixels that are not background along each row's middle line (labels included, so they
    /// do not split a key), runs closer than 1.5 pt joined (a label's antialiased edge).
    private func measure(_ name: String, scale: Double) throws -> Measured {
        let image = try PNGCodec.decode([UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name))))
        func face(_ x: Int, _ y: Int) -> Bool { image.pixel(x: x, y: y).map(Self.isFace) ?? false }
        func key(_ x: Int, _ y: Int) -> Bool { image.pixel(x: x, y: y).map { !Self.isBackground($0) } ?? false }
        var measured = Measured()
        var start: Int?
        for y in 0...image.height {
            let covered = y < image.height && (0..<image.width).filter { face($0, y) }.count * 10 > image.width * 4
            if covered, start == nil { start = y }
            if !covered, let top = start {
                measured.rows.append((Double(top) / scale, Double(y) / scale))
                start = nil
            }
        }
        for row in measured.rows {
            let y = Int((row.top + row.bottom) / 2 * scale)
            var runs: [(left: Double, right: Double)] = []
            var x = 0
            while x < image.width {
                guard key(x, y) else { x += 1; continue }
                let left = x
                while x < image.width && key(x, y) { x += 1 }
                if let last = runs.last, Double(left) / scale - last.right < 1.5 {
                    runs[runs.count - 1].right = Double(x) / scale
                } else {
                    runs.append((Double(left) / scale, Double(x) / scale))
                }
            }
            measured.keys.append(runs)
        }
        return measured
    }

    private func frames(_ layout: String, _ device: String, _ orientation: Orientation) throws -> [[Rect]] {
        var request = RenderRequest()
        request.layout = layout
        request.device = device
        request.orientation = orientation
        request.shuffle = false
        let keys = try request.frames().keys
        return (0...(keys.map(\.row).max() ?? 0)).map { row in keys.filter { $0.row == row }.map(\.frame).sorted { $0.x < $1.x } }
    }

    /// Compares; `offset` nil fits the horizontal offset. Returns the largest difference, pt.
    @discardableResult
    private func compare(_ screenshot: String, scale: Double, layout: String, device: String, orientation: Orientation, offset: Double?, line: UInt = #line) throws -> Double {
        let measured = try measure(screenshot, scale: scale)
        let rows = try frames(layout, device, orientation)
        XCTAssertEqual(measured.keys.map(\.count), rows.map(\.count), "\(screenshot): keys per row", line: line)
        guard measured.keys.map(\.count) == rows.map(\.count) else { return .infinity }
        var differences: [Double] = []
        for (row, keys) in zip(rows, measured.keys) {
            for (frame, key) in zip(row, keys) { differences += [frame.x - key.left, frame.maxX - key.right] }
        }
        let dx = offset ?? (differences.min()! + differences.max()!) / 2
        var worst = differences.map { abs($0 - dx) }.max() ?? 0
        XCTAssertLessThanOrEqual(worst, 1, "\(screenshot): a key edge is \(worst) pt off (offset \(dx))", line: line)
        for (n, (row, band)) in zip(rows, measured.rows).enumerated() {
            let height = abs(row[0].height - (band.bottom - band.top))
            let pitch = abs((row[0].y - rows[0][0].y) - (band.top - measured.rows[0].top))
            XCTAssertLessThanOrEqual(height, 1, "\(screenshot): row \(n) height", line: line)
            XCTAssertLessThanOrEqual(pitch, 1, "\(screenshot): row \(n) pitch", line: line)
            worst = max(worst, height, pitch)
        }
        return worst
    }

    func testIPhone12Portrait() throws {
        try compare("iPhone12_en_alphabetic_portrait.png", scale: 3, layout: "ios", device: "iphone-14", orientation: .portrait, offset: 0)
    }

    func testIPhone12Landscape() throws {
        try compare("iPhone12_en_alphabetic_landscape.png", scale: 3, layout: "ios", device: "iphone-14", orientation: .landscape, offset: nil)
    }

    func testIPadPortrait() throws {
        try compare("iPad_en_alphabetic_portrait.png", scale: 2, layout: "ios-ipad", device: "ipad-6", orientation: .portrait, offset: 0)
    }

    func testIPadLandscape() throws {
        try compare("iPad_en_alphabetic_landscape.png", scale: 2, layout: "ios-ipad", device: "ipad-6", orientation: .landscape, offset: 0)
    }

    /// The light theme's colours as the screenshots show them: background, letter and system
    /// faces within 4/255.
    func testLightColoursMatchTheScreenshots() throws {
        let image = try PNGCodec.decode([UInt8](try Data(contentsOf: Self.folder.appendingPathComponent("iPhone12_en_alphabetic_portrait.png"))))
        for (x, y, hex, what) in [(3, 3, "#D4D8DE", "background"), (60, 20, "#FFFFFF", "q"), (1080, 360, "#B3B8C1", "delete"), (30, 520, "#B3B8C1", "123")] {
            let p = try XCTUnwrap(image.pixel(x: x, y: y))
            let want = try XCTUnwrap(Color(hex: hex))
            XCTAssertLessThanOrEqual(max(abs(Int(p.r) - Int(want.red)), abs(Int(p.g) - Int(want.green)), abs(Int(p.b) - Int(want.blue))), 4, "\(what): \(p) vs \(hex)")
        }
    }
}
