import XCTest
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer

/// docs/pattern-pads.md callout geometry, with numbers worked out by hand.
final class CalloutGeometryTests: XCTestCase {
    private func assertRect(_ r: Rect, _ want: [Double], _ message: String = "", line: UInt = #line) {
        for (a, b) in zip([r.x, r.y, r.width, r.height], want) {
            XCTAssertEqual(a, b, accuracy: 1e-9, "\(message) \(r) ≠ \(want)", line: line)
        }
    }

    func testBubbleIsCentredOverTheKeyAndSits55PointsTall() {
        // Key 30 wide at x 100: bubble 56 wide at 100 + 15 − 28 = 87, from y 60 − 55 = 5.
        let key = Rect(x: 100, y: 60, width: 30, height: 40)
        assertRect(CalloutGeometry.bubble(over: key, imageWidth: 393, orientation: .portrait), [87, 5, 56, 55])
    }

    func testLandscapePhonesUseTheKeyHeightAndTabletsKeep55() {
        let key = Rect(x: 400, y: 50, width: 60, height: 32)
        assertRect(CalloutGeometry.bubble(over: key, imageWidth: 852, orientation: .landscape), [387, 18, 86, 32])
        assertRect(CalloutGeometry.bubble(over: key, imageWidth: 1180, orientation: .landscape), [387, -5, 86, 55])
    }

    func testBubbleStaysThreePointsInsideTheImageButCoversTheKey() {
        // Left: nominal 3 + 16.5 − 29.5 = −10 → 3. Right: 393 − 3 − 59 = 331.
        assertRect(CalloutGeometry.bubble(over: Rect(x: 3, y: 60, width: 33, height: 42), imageWidth: 393, orientation: .portrait), [3, 5, 59, 55])
        assertRect(CalloutGeometry.bubble(over: Rect(x: 357, y: 60, width: 33, height: 42), imageWidth: 393, orientation: .portrait), [331, 5, 59, 55])
        // A key flush with the edge: the key's side wins over the 3 pt margin.
        assertRect(CalloutGeometry.bubble(over: Rect(x: 0, y: 60, width: 33, height: 42), imageWidth: 393, orientation: .portrait), [0, 5, 59, 55])
    }

    func testOutlineFilletsAndCorners() {
        let key = Rect(x: 100, y: 60, width: 30, height: 40)
        let bubble = Rect(x: 87, y: 5, width: 56, height: 55)
        let path = CalloutGeometry.outline(bubble: bubble, key: key, keyRadius: 5, squareBottom: [])
        XCTAssertEqual(path.elements.first, .move(x: 97, y: 5), "starts after the 10 pt top-left corner")
        XCTAssertEqual(path.elements.last, .close)
        // Overhang 13 each side: fillets 8 wide, bottom corners min(10, 13 − 8) = 5.
        XCTAssertTrue(path.elements.contains(.line(x: 143, y: 55)), "right edge down to the 5 pt bottom corner")
        XCTAssertTrue(path.elements.contains(.line(x: 138, y: 60)), "bubble bottom to 8 pt right of the key")
        XCTAssertTrue(path.elements.contains(.curve(x1: 130, y1: 67.5, x2: 130, y2: 67.5, x: 130, y: 75)), "right fillet: 15 pt down the key's side")
        XCTAssertTrue(path.elements.contains(.curve(x1: 100, y1: 67.5, x2: 100, y2: 67.5, x: 92, y: 60)), "left fillet")
        XCTAssertTrue(path.elements.contains(.line(x: 130, y: 95)), "the key's side down to its 5 pt corner")
        let xs = path.points.map(\.x), ys = path.points.map(\.y)
        XCTAssertEqual(xs.min(), 87)
        XCTAssertEqual(xs.max(), 143)
        XCTAssertEqual(ys.min(), 5)
        XCTAssertEqual(ys.max(), 100)
    }

    func testAClampedBubbleHasNoFilletOnTheFlushSide() {
        let key = Rect(x: 3, y: 60, width: 33, height: 42)
        let bubble = CalloutGeometry.bubble(over: key, imageWidth: 393, orientation: .portrait)
        let path = CalloutGeometry.outline(bubble: bubble, key: key, keyRadius: 5, squareBottom: [.bottomLeft, .bottomRight])
        let curvesTouchingLeftSide = path.elements.filter {
            if case let .curve(_, _, _, _, x, y) = $0 { return x < 3 || (x == 3 && y == 60) }
            return false
        }
        XCTAssertEqual(curvesTouchingLeftSide, [])
        XCTAssertTrue(path.elements.contains(.line(x: 3, y: 102)), "square bottom-left corner")
        XCTAssertTrue(path.elements.contains(.line(x: 36, y: 102)), "square bottom-right corner")
    }

    func testMovingTheKeyboardDownMovesEveryFrame() {
        let frame = KeyFrame(index: 0, key: Key("a"), row: 0, slot: 0, frame: Rect(x: 1, y: 2, width: 3, height: 4), pixelFrame: PixelRect(x: 2, y: 4, width: 6, height: 8))
        let frames = KeyboardFrames(layoutName: "t", canvas: Canvas(deviceName: nil, orientation: .portrait, width: 10, scale: 2), width: 10, height: 10, safeAreaBottom: 0, imageWidth: 20, imageHeight: 20, toolbarFrame: Rect(x: 0, y: 0, width: 10, height: 1), toolbarTitle: nil, keys: [frame])
        let moved = frames.movedDown(points: 1.5, pixels: 3)
        XCTAssertEqual(moved.keyboardOrigin, 1.5)
        XCTAssertEqual(moved.imageHeight, 23)
        XCTAssertEqual(moved.height, 10)
        XCTAssertEqual(moved.keys[0].frame.y, 3.5)
        XCTAssertEqual(moved.keys[0].pixelFrame.y, 7)
        XCTAssertEqual(moved.toolbarFrame?.y, 1.5)
    }
}
