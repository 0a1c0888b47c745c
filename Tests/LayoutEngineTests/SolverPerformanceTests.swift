import Foundation
import XCTest
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer

final class SolverPerformanceTests: XCTestCase {
    /// A grid of `rows` × `columns` keys whose first key in every row but the last spans two
    /// rows, so every row below the first also holds an obstacle (solver steps 1–4 all run).
    private func grid(rows: Int, columns: Int) -> Layout {
        var keys: [Key] = []
        keys.reserveCapacity(rows * columns)
        for j in 0..<rows {
            for i in 0..<columns {
                keys.append(Key(label: "k", rowSpan: i == 0 && j < rows - 1 ? 2 : 1))
            }
        }
        let geometry = Geometry(
            sizing: .height(Double(rows) * 40), horizontalGap: 1, verticalGap: 1,
            rows: Array(repeating: RowGeometry(columns: columns), count: rows)
        )
        return Layout(name: "grid", keys: keys, portrait: geometry)
    }

    /// The fastest of `runs` solves, nanoseconds: a busy machine slows some runs, but rarely
    /// all of them, so the minimum tracks the solver's own cost.
    private func fastestSolve(_ layout: Layout, on canvas: Canvas, runs: Int) throws -> Double {
        var fastest = UInt64.max
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            let frames = try Solver.solve(layout, on: canvas)
            fastest = min(fastest, DispatchTime.now().uptimeNanoseconds - start)
            XCTAssertEqual(frames.keys.count, layout.keys.count)
        }
        return Double(fastest)
    }

    /// Solving is linear in the number of keys: four times the keys (twice the rows, twice the
    /// columns) takes about four times as long. A pass that is quadratic in the keys, the rows
    /// or the columns makes the ratio approach 16; the bound of 8 sits halfway between the two
    /// on a log scale. The ratio is measured up to three times and the best one counts, so one
    /// disturbed measurement cannot fail the test, while a quadratic pass fails all three.
    func testSolveTimeGrowsLinearlyWithTheKeyCount() throws {
        let canvas = Canvas(deviceName: nil, orientation: .portrait, width: 20_000, scale: 1)
        let small = grid(rows: 25, columns: 80), large = grid(rows: 50, columns: 160)
        XCTAssertEqual(large.keys.count, 4 * small.keys.count)
        var ratios: [Double] = []
        for _ in 0..<3 {
            let n = try fastestSolve(small, on: canvas, runs: 12)
            let fourN = try fastestSolve(large, on: canvas, runs: 6)
            ratios.append(fourN / n)
            if ratios.last! < 8 { break }
        }
        print("Solver: \(small.keys.count) → \(large.keys.count) keys: time ratio \(ratios.map { String(format: "%.2f", $0) })")
        XCTAssertLessThan(ratios.min()!, 8, "solve time grew faster than the key count: \(ratios)")
    }
}
