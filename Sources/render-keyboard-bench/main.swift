// Prints the medians behind the figures in docs/internals.md. Build in release mode:
//   make bench            (or: swift run -c release render-keyboard-bench [solve|render|batch|android|compose])
// These are measurements, not tests: machines are shared and noisy, so read medians.
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine
import RenderKeyboardKit

/// Runs `body` `iterations` times after `warmup` runs; returns the median in microseconds.
func median(iterations: Int, warmup: Int = 3, _ body: () throws -> Void) rethrows -> Double {
    for _ in 0..<warmup { try body() }
    var samples: [Double] = []
    samples.reserveCapacity(iterations)
    let clock = ContinuousClock()
    for _ in 0..<iterations {
        let elapsed = try clock.measure(body)
        samples.append(Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
    }
    samples.sort()
    return samples[samples.count / 2]
}

func report(_ name: String, _ microseconds: Double, target: String = "") {
    let value = microseconds >= 1000 ? String(format: "%.2f ms", microseconds / 1000) : String(format: "%.1f µs", microseconds)
    print(name.padding(toLength: 44, withPad: " ", startingAt: 0) + value + (target.isEmpty ? "" : "   (target \(target))"))
}

func solveBenchmark() throws {
    guard case .weights(let layout) = try LayoutLoader.load("letters").source else { preconditionFailure("letters is a weight layout") }
    let canvas = Canvas(device: Device.named("iphone-15")!, orientation: .portrait)
    var frames: KeyboardFrames?
    let solve = try median(iterations: 20_000) { frames = try Solver.solve(layout, on: canvas) }
    precondition(frames?.keys.count == layout.keys.count)
    report("solve letters / iphone-15 portrait", solve, target: "< 50 µs")
}

func renderBenchmark() throws {
    var request = RenderRequest()
    request.layout = "letters"
    request.theme = "default"
    request.device = "iphone-15"
    let renderer = try Renderer()
    let scene = try request.scene()
    var image: RasterImage?
    let layout = try median(iterations: 200) { _ = try request.scene() }
    let draw = try median(iterations: 60) { image = try renderer.rasterize(scene) }
    guard let image else { return }
    let encode = try median(iterations: 60) { _ = try PNGCodec.encode(image, compression: 1) }
    let both = try median(iterations: 60) { _ = try renderer.png(scene, compression: 1) }
    let pdf = try median(iterations: 30) { _ = try renderer.pdf(scene) }
    print("letters / default / iphone-15 portrait @3x (\(scene.imageWidth) × \(scene.imageHeight) px):")
    report("  layout (load files, solve, theme cascade)", layout)
    report("  draw", draw)
    report("  PNG encode (libpng, level 1)", encode)
    report("  draw + PNG encode", both, target: "≤ 15 ms")
    report("  PDF", pdf)
    try svgBenchmark(scene, renderer: renderer)
}

/// The SVG writer against Cairo's SVG surface, which wrote SVG before it, on one scene.
func svgBenchmark(_ scene: KeyboardScene, renderer: Renderer) throws {
    let cairo = try median(iterations: 60) { _ = try renderer.cairoSVG(scene) }
    let text = try median(iterations: 60) { _ = try renderer.svg(scene, options: SVGOptions(text: .text)) }
    let outlines = try median(iterations: 60) { _ = try renderer.svg(scene, options: SVGOptions(text: .outlines)) }
    report("  SVG, Cairo's SVG surface", cairo)
    report("  SVG writer, text labels", text, target: "≤ Cairo's")
    report("  SVG writer, outlined labels", outlines, target: "≤ Cairo's")
    print("  SVG writer / Cairo: " + String(format: "%.2f (text), %.2f (outlines)", text / cairo, outlines / cairo))
    BenchRows.add("SVG writer, text labels, vs Cairo's SVG surface", figure: String(format: "%.2f ms", text / 1000), against: String(format: "%.2f ms", cairo / 1000), ratio: text / cairo)
}

let which = CommandLine.arguments.dropFirst().first ?? "all"
do {
    if which == "solve" || which == "all" { try solveBenchmark() }
    if which == "render" || which == "all" { try renderBenchmark() }
    if which == "batch" || which == "all" { try BatchBenchmark.run() }
    if which == "android" || which == "all" { try AndroidBenchmark.run() }
    if which == "compose" || which == "all" { try StoreSetBenchmark.run() }
} catch {
    FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
    exit(1)
}
