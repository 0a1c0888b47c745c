import Foundation
import XCTest
@testable import LayoutEngine

final class SolverPerformanceTests: XCTestCase {
    /// Solving `letters` on iphone-15 is meant to take well under 50 µs in a release build;
    /// this debug-build check only guards against gross regressions (an accidental
    /// quadratic pass) and prints the time.
    func testLettersSolveTime() throws {
        let url = TestFiles.layouts.appendingPathComponent("letters.yaml")
        let layout = try LayoutDecoder.decode(TestFiles.bytes(url), file: "letters.yaml", baseDirectory: "/tmp").layout
        let canvas = Canvas(device: try XCTUnwrap(Device.named("iphone-15")), orientation: .portrait)
        let runs = 2000
        var keyCount = 0
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<runs {
            keyCount &+= try Solver.solve(layout, on: canvas).keys.count
        }
        let perSolve = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(runs) / 1000
        XCTAssertEqual(keyCount, runs * 31)
        print("Solver: letters on iphone-15 portrait: \(perSolve) µs per solve")
        XCTAssertLessThan(perSolve, 1000)
    }
}
