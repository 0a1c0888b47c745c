import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine
import XCTest

/// One renderer for the whole test process (it is meant to be reused; tests run serially).
nonisolated(unsafe) let sharedRenderer: Renderer = {
    do { return try Renderer() } catch { fatalError("cannot set up the renderer: \(error)") }
}()

extension RasterImage {
    /// The pixel as a colour; nil outside the image.
    func color(_ x: Int, _ y: Int) -> Color? {
        pixel(x: x, y: y).map { Color(red: $0.r, green: $0.g, blue: $0.b, alpha: $0.a) }
    }

    /// Bounding box (x0, y0, x1, y1; inclusive) of pixels that differ from `other`, nil when none.
    func differences(from other: RasterImage) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        precondition(width == other.width && height == other.height)
        var box: (Int, Int, Int, Int)?
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                if rgba[i..<i + 4] != other.rgba[i..<i + 4] {
                    box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
                }
            }
        }
        return box.map { (x0: $0.0, y0: $0.1, x1: $0.2, y1: $0.3) }
    }

    /// Pixels inside `rect` whose colour is more than `tolerance` away from `color`.
    func count(in rect: PixelRect, differingFrom color: Color, tolerance: Int = 8) -> Int {
        var n = 0
        for y in rect.y..<rect.y + rect.height {
            for x in rect.x..<rect.x + rect.width {
                if let c = self.color(x, y), !c.isClose(to: color, tolerance: tolerance) { n += 1 }
            }
        }
        return n
    }
}

extension Color {
    func isClose(to other: Color, tolerance: Int = 1) -> Bool {
        abs(Int(red) - Int(other.red)) <= tolerance && abs(Int(green) - Int(other.green)) <= tolerance
            && abs(Int(blue) - Int(other.blue)) <= tolerance && abs(Int(alpha) - Int(other.alpha)) <= tolerance
    }
}

func XCTAssertColor(_ actual: Color?, _ expected: Color, tolerance: Int = 1, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    guard let actual else { return XCTFail("pixel outside the image. \(message)", file: file, line: line) }
    XCTAssertTrue(actual.isClose(to: expected, tolerance: tolerance), "pixel \(actual) is not \(expected). \(message)", file: file, line: line)
}

/// Expects `body` to throw a `RenderError` (not crash, not succeed) and returns it.
@discardableResult
func XCTAssertRenderError<T>(_ body: @autoclosure () throws -> T, file: StaticString = #filePath, line: UInt = #line) -> RenderError? {
    do {
        _ = try body()
        XCTFail("expected a RenderError", file: file, line: line)
    } catch let error as RenderError {
        XCTAssertFalse(error.description.isEmpty, file: file, line: line)
        return error
    } catch {
        XCTFail("expected a RenderError, got \(error)", file: file, line: line)
    }
    return nil
}

/// A single key of 80 × 40 pt at (10, 10) on a 100 × 60 pt keyboard at 2× (key pixels
/// x 20…179, y 20…99).
func singleKeyScene(style: ResolvedKeyStyle, label: String = "", icon: SceneIcon = .none, scale: Double = 2) -> KeyboardScene {
    let key = Fixtures.key(label, Rect(x: 10, y: 10, width: 80, height: 40), scale: scale, icon: icon, style: style)
    return Fixtures.scene(width: 100, height: 60, scale: scale, keys: [key])
}
