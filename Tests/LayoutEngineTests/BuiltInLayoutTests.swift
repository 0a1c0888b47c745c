import XCTest
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer

/// Every built-in layout solves on every device preset in both orientations, with no key
/// overlapping another and every key inside the keyboard.
final class BuiltInLayoutTests: XCTestCase {
    static let names = ["letters", "numbers", "idcard", "symbols"]

    private func load(_ name: String) throws -> DecodedLayout {
        let url = TestFiles.layouts.appendingPathComponent("\(name).yaml")
        return try LayoutDecoder.decode(TestFiles.bytes(url), file: "layouts/\(name).yaml", baseDirectory: TestFiles.layouts.path)
    }

    func testEveryLayoutOnEveryPresetAndOrientation() throws {
        for name in Self.names {
            let decoded = try load(name)
            XCTAssertEqual(decoded.warnings, [], name)
            for device in Device.all {
                for orientation in Orientation.allCases {
                    for seed: UInt64? in [nil, 1, 99] {
                        var layout = decoded.layout
                        if let seed { layout.keys = Shuffle.apply(layout.keys, source: .seeded(seed)) }
                        let at = "\(name) on \(device.name) \(orientation.rawValue) seed \(seed.map(String.init) ?? "none")"
                        let frames: KeyboardFrames
                        do {
                            frames = try Solver.solve(layout, on: Canvas(device: device, orientation: orientation), file: name)
                        } catch {
                            XCTFail("\(at): \(error)")
                            continue
                        }
                        check(frames, layout: layout, at: at)
                    }
                }
            }
        }
    }

    private func check(_ frames: KeyboardFrames, layout: Layout, at: String) {
        let epsilon = 1e-9
        XCTAssertEqual(frames.keys.count, layout.keys.count, at)
        let safe = frames.canvas.safeArea
        for frame in frames.keys {
            let f = frame.frame
            let label = "\(at): keys[\(frame.index)] \(frame.key.label)"
            XCTAssertGreaterThan(f.width, 10, "\(label) is too narrow")
            XCTAssertGreaterThan(f.height, 20, "\(label) is too short")
            XCTAssertGreaterThanOrEqual(f.x, safe.left - epsilon, "\(label) starts left of the keyboard")
            XCTAssertLessThanOrEqual(f.maxX, frames.width - safe.right + epsilon, "\(label) ends right of the keyboard")
            XCTAssertGreaterThanOrEqual(f.y, (frames.toolbarFrame?.maxY ?? 0) - epsilon, "\(label) starts above the keys' area")
            XCTAssertLessThanOrEqual(f.maxY, frames.height + epsilon, "\(label) ends below the keyboard")
            XCTAssertGreaterThanOrEqual(frame.pixelFrame.x, 0, label)
            XCTAssertLessThanOrEqual(frame.pixelFrame.x + frame.pixelFrame.width, frames.imageWidth, label)
            XCTAssertLessThanOrEqual(frame.pixelFrame.y + frame.pixelFrame.height, frames.imageHeight, label)
        }
        for (n, a) in frames.keys.enumerated() {
            for b in frames.keys[(n + 1)...] {
                let overlapX = min(a.frame.maxX, b.frame.maxX) - max(a.frame.x, b.frame.x)
                let overlapY = min(a.frame.maxY, b.frame.maxY) - max(a.frame.y, b.frame.y)
                XCTAssertFalse(overlapX > epsilon && overlapY > epsilon, "\(at): keys[\(a.index)] \(a.key.label) overlaps keys[\(b.index)] \(b.key.label)")
            }
        }
    }

    func testLettersMatchSpec() throws {
        let layout = try load("letters").layout
        XCTAssertEqual(layout.kind, .letter)
        XCTAssertFalse(layout.shuffle)
        XCTAssertEqual(layout.portrait.rows.map(\.columns), [10, 9, 9, 3])
        XCTAssertEqual(layout.keys.filter { $0.code == .input }.map(\.label).joined(), "qwertyuiopasdfghjklzxcvbnm")
        XCTAssertEqual(layout.keys[19].code, .shift)
        XCTAssertEqual(layout.keys[27].code, .delete)
        XCTAssertEqual(layout.keys.suffix(3).map(\.code), [.modeNumber, .space, .done])

        // Rows of 42 pt, and the middle row staggered by exactly half a key.
        let frames = try Solver.solve(layout, on: Canvas(device: XCTUnwrap(Device.named("iphone-15")), orientation: .portrait))
        assertClose(frames.keys[0].frame.height, 42, "row height")
        let q = frames.keys[0].frame, w = frames.keys[1].frame, a = frames.keys[10].frame
        assertClose(a.width, q.width, "a is as wide as q")
        assertClose(a.x, (q.x + w.x) / 2, "a starts half a key right of q")
    }

    func testNumberPadsMatchSpec() throws {
        for (name, extra, kind) in [("numbers", ".", LayoutKind.number), ("idcard", "X", .idcard)] {
            let layout = try load(name).layout
            XCTAssertEqual(layout.kind, kind, name)
            XCTAssertTrue(layout.shuffle, name)
            XCTAssertEqual(layout.toolbar, Toolbar(title: "Secure keyboard", height: 36, gap: 6), name)
            XCTAssertEqual(layout.portrait.rows.map(\.columns), [4, 3, 4, 3], name)
            XCTAssertEqual(layout.keys.map(\.label), ["1", "2", "3", "", "4", "5", "6", "7", "8", "9", "Done", extra, "0", ""], name)
            XCTAssertEqual(layout.keys[3].code, .delete)
            XCTAssertEqual(layout.keys[3].rowSpan, 2)
            XCTAssertEqual(layout.keys[10].code, .done)
            XCTAssertEqual(layout.keys[10].rowSpan, 2)
            XCTAssertEqual(layout.keys[13].code, .collapse)
        }
    }

    func testSymbolsMatchSpec() throws {
        let layout = try load("symbols").layout
        XCTAssertEqual(layout.kind, .symbol)
        XCTAssertTrue(layout.shuffle)
        let symbols = layout.keys.filter { $0.code == .input }.map(\.label)
        XCTAssertEqual(symbols.count, 30)
        XCTAssertEqual(Set(symbols).count, 30, "symbols repeat")
        for symbol in "_\\{}[]^*+=-/:;()$&@\"#%.,<>?!'" {
            XCTAssertTrue(symbols.contains(String(symbol)), "missing \(symbol)")
        }
        XCTAssertEqual(layout.keys.suffix(5).map(\.code), [.modeLetter, .modeNumber, .space, .delete, .done])
    }
}
