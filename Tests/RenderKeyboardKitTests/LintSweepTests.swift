import ColorMetrics
import Foundation
@testable import KeyboardLint
@testable import KeyboardModel
@testable import KeyboardRenderer
@testable import RenderKeyboardKit
import XCTest

/// A sweep does each piece of work once (files loaded, frames solved, positions looked up,
/// faces drawn once per scene) and checks keyboards on several threads; none of that may
/// change a report. Each test below holds a kept result against one made afresh.
final class LintSweepTests: FolderTestCase {
    private func sweep(themes: [String], layouts: [String] = ["letters", "ios", "idcard"], devices: [String] = ["iphone-se-1", "pixel-8", "ipad-10"], workers: Int) throws -> LintReport {
        var request = LintRequest()
        request.layouts = layouts
        request.themes = themes
        request.devices = devices
        request.workers = workers
        return try request.run()
    }

    /// Two workers write, byte for byte, the reports one worker writes, on built-in themes
    /// with solid, image and dark faces; and a second run writes them again.
    func testTwoWorkersReportWhatOneDoes() throws {
        let themes = ["default", "image", "ios-dark"]
        let one = try sweep(themes: themes, workers: 1)
        XCTAssertGreaterThan(one.findings.count, 5, one.text())
        for run in 0..<2 {
            let two = try sweep(themes: themes, workers: 2)
            XCTAssertEqual(two.text(), one.text(), "run \(run)")
            XCTAssertEqual(two.json(), one.json(), "run \(run)")
            XCTAssertEqual(two.sarif(), one.sarif(), "run \(run)")
        }
    }

    /// A worker keeps the files it read for positions per theme and layout: two themes over
    /// the same layouts, checked by one worker one after the other, name their own files,
    /// as each does checked alone.
    func testPositionsAreKeptPerThemeAndLayout() throws {
        let grey = try write("grey.yaml", "extends: default\nkeys: {content: {normal: {text: \"#777777\"}}}\n")
        let pale = try write("pale.yaml", "extends: default\n\n\nkeys:\n  content: {normal: {text: \"#999999\"}}\n")
        let both = try sweep(themes: [grey, pale], layouts: ["letters", "numbers"], devices: ["iphone-15"], workers: 1)
        let alone = try [grey, pale].flatMap { try sweep(themes: [$0], layouts: ["letters", "numbers"], devices: ["iphone-15"], workers: 1).findings }
        let contrast = { (findings: [LintFinding]) in
            findings.filter { $0.rule == .textContrast }.map { "\($0.theme) \($0.source.file):\($0.source.line ?? 0) \($0.keys.count)" }.sorted()
        }
        XCTAssertEqual(contrast(both.findings), contrast(alone))
        XCTAssertTrue(both.findings.contains { $0.source.file == pale && $0.source.line == 5 }, both.text())
    }

    /// When keyboards fail, the error is the first one's in the sweep's order, however many
    /// workers check them.
    func testTheFirstFailingKeyboardGivesTheError() throws {
        let first = try write("first.yaml", "extends: default\nkeys: {content: {normal: {fill: 12}}}\n")
        let second = try write("second.yaml", "extends: default\nkeys: {content: {normal: {text: 12}}}\n")
        for workers in [1, 2] {
            XCTAssertThrowsError(try sweep(themes: ["default", first, second], workers: workers)) { error in
                XCTAssertTrue("\(error)".contains("first.yaml"), "\(workers) workers: \(error)")
                XCTAssertFalse("\(error)".contains("second.yaml"), "\(workers) workers: \(error)")
            }
        }
    }

    /// A caching pipeline solves a layout once per canvas: each device and orientation gets
    /// its own frames, equal to an uncached pipeline's, in any order of asking; shuffled
    /// frames are never kept.
    func testKeptFramesBelongToTheirCanvas() throws {
        let cached = KeyboardPipeline(caching: true)
        for (device, orientation) in [("iphone-se-1", Orientation.portrait), ("ipad-10", .landscape), ("iphone-se-1", .landscape), ("ipad-10", .landscape), ("iphone-se-1", .portrait)] {
            var request = RenderRequest()
            request.device = device
            request.orientation = orientation
            request.shuffle = false
            let checked = try request.checked()
            XCTAssertEqual(try cached.frames(of: checked).frames, try KeyboardPipeline().frames(of: checked).frames, "\(device) \(orientation)")
        }
        var numbers = RenderRequest()
        numbers.layout = "numbers"
        numbers.shuffle = false
        let plain = try KeyboardPipeline().frames(of: numbers.checked()).frames
        XCTAssertEqual(try cached.frames(of: numbers.checked()).frames, plain)
        var orders: Set<[String]> = []
        for seed in 1...4 {
            var shuffled = numbers
            shuffled.shuffle = true
            shuffled.seed = UInt64(seed)
            orders.insert(try cached.frames(of: shuffled.checked()).frames.keys.map(\.key.label))
        }
        XCTAssertGreaterThan(orders.count, 1, "seeded shuffles all gave one order")
        XCTAssertEqual(try cached.frames(of: numbers.checked()).frames, plain, "a shuffled order was kept for the unshuffled layout")
    }

    /// Labels on image faces are read in boxes copied from one drawing of the scene: every
    /// label's face colour and contrast equal those read from the whole image, as drawn by
    /// `rasterize(_:)`, pixel by pixel, sorted (the reading before boxes were copied out).
    func testImageFacesReadAsTheWholeImage() throws {
        let renderer = try Renderer()
        for (layout, device, orientation) in [("letters", "iphone-15", Orientation.portrait), ("ios", "iphone-se-1", .landscape), ("numbers", "pixel-7-pro", .portrait)] {
            var request = RenderRequest()
            request.layout = layout
            request.theme = "image"
            request.device = device
            request.orientation = orientation
            request.shuffle = false
            let keyboard = try LintKeyboard(request: request, level: .AA, renderer: renderer)
            let texts = try keyboard.texts()
            XCTAssertGreaterThan(texts.filter { $0.faceField == "image" }.count, 20)
            for m in texts where m.faceField == "image" && m.block != "callout" {
                let scene = m.block == "pressed" ? try XCTUnwrap(keyboard.pressed) : keyboard.normal
                let state: KeyState = m.block == "pressed" ? .pressed : .normal
                let expected = try Self.wholeImageReading(scene, key: m.sceneIndex, keyboard: keyboard, renderer: renderer)
                let key = scene.keys[m.sceneIndex]
                let read = try keyboard.facePixels(state: state, scene: scene, frame: key.frame.pixelFrame, box: XCTUnwrap(keyboard.labelBox(of: key, in: scene)))
                XCTAssertEqual(read.map(\.color), expected.pixels, "\(m.name) \(m.block) on \(layout) \(device)")
                XCTAssertEqual(m.face, expected.face, "\(m.name) \(m.block) on \(layout) \(device)")
                XCTAssertEqual(m.ratio, expected.ratio, "\(m.name) \(m.block) on \(layout) \(device)")
            }
        }
    }

    /// The pixels under key `n`'s label read from the whole label-free image, the way lint read
    /// them before, and the face at the 5th percentile: every pixel of the box (composited over
    /// white) measured and sorted.
    private static func wholeImageReading(_ scene: KeyboardScene, key n: Int, keyboard: LintKeyboard, renderer: Renderer) throws -> (ratio: Double, face: SRGB, pixels: [SRGB]) {
        var bare = scene
        for i in bare.keys.indices {
            bare.keys[i].label = ""
            bare.keys[i].icon = .none
        }
        bare.callouts = []
        let image = try renderer.rasterize(bare)
        let key = scene.keys[n]
        let box = try XCTUnwrap(keyboard.labelBox(of: key, in: scene))
        let frame = key.frame.pixelFrame
        let cx = Double(frame.x) + Double(frame.width) / 2, cy = Double(frame.y) + Double(frame.height) / 2
        let x0 = max(frame.x, Int((cx - box.width / 2).rounded(.down))), x1 = min(frame.x + frame.width, Int((cx + box.width / 2).rounded(.up)))
        let y0 = max(frame.y, Int((cy - box.height / 2).rounded(.down))), y1 = min(frame.y + frame.height, Int((cy + box.height / 2).rounded(.up)))
        let text = keyboard.srgb(key.style.text), alpha = Double(key.style.text.alpha) / 255
        var samples: [(ratio: Double, face: SRGB)] = []
        for y in y0..<max(y0, y1) {
            for x in x0..<max(x0, x1) {
                guard let p = image.pixel(x: x, y: y) else { continue }
                let face = SRGB(red8: p.r, green8: p.g, blue8: p.b).composited(alpha: Double(p.a) / 255, over: .white)
                samples.append((ColorMetrics.contrastRatio(text.composited(alpha: alpha, over: face), face), face))
            }
        }
        let sorted = samples.sorted { $0.ratio < $1.ratio }
        let worst = try XCTUnwrap(sorted.isEmpty ? nil : sorted[Int((Double(sorted.count - 1) * 0.05).rounded(.down))])
        return (worst.ratio, worst.face, samples.map(\.face))
    }

    /// The 5th percentile taken over distinct pixels is the entry a stable sort of every pixel
    /// puts there, with pixels of equal contrast (a pixel read as drawn and the same opaque
    /// pixel read alone) kept in their order.
    func testWorstFaceIsThePercentileOfASortOfEveryPixel() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: UInt64) -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (seed >> 33) % bound
        }
        let text = SRGB(red8: 20, green8: 40, blue8: 60)
        for size in [1, 2, 3, 19, 20, 21, 40, 41, 400, 2999] {
            let palette = (0..<(1 + next(12))).map { _ in UInt32(next(1 << 24)) << 8 | UInt32(200 + next(56)) }
            let pixels = (0..<size).map { _ in
                LintKeyboard.FacePixel(rgba: palette[Int(next(UInt64(palette.count)))] | (next(3) == 0 ? 0xFF : 0), composited: next(2) == 0)
            }
            let reference = LintKeyboard.percentile(pixels.map { pixel in
                (ColorMetrics.contrastRatio(text.composited(alpha: 0.8, over: pixel.color), pixel.color), pixel.color)
            })
            let fast = LintKeyboard.worstFace(pixels, text: text, alpha: 0.8)
            XCTAssertEqual(fast?.ratio, reference?.ratio, "\(size) pixels")
            XCTAssertEqual(fast?.face, reference?.face, "\(size) pixels")
        }
        XCTAssertNil(LintKeyboard.worstFace([], text: text, alpha: 1))
    }

    /// Numbers are printed as `String(format: "%.Nf")` prints them, for the values `number`
    /// makes (whole numbers of 10⁻ᴺ) and for any other.
    func testFixedDecimalsAreWhatFormatWrites() {
        var seed: UInt64 = 42
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        var values: [Double] = [0, -0.0, 0.005, 0.015, 4.495, 4.5, 21, -3.25, 1e15, 1e300, 123_456.789, .ulpOfOne, -0.0001]
        for _ in 0..<3000 { values.append((next() - 0.3) * pow(10, (next() * 8).rounded() - 2)) }
        for value in values {
            for decimals in [0, 1, 2, 3] {
                var factor = 1.0
                for _ in 0..<decimals { factor *= 10 }
                let shown = (value * factor).rounded() / factor
                XCTAssertEqual(LintKeyboard.fixed(shown, decimals: decimals), String(format: "%.\(decimals)f", shown), "\(shown)")
                XCTAssertEqual(LintKeyboard.fixed(value, decimals: decimals), String(format: "%.\(decimals)f", value), "\(value)")
            }
        }
    }
}
