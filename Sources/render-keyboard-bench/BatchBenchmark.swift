import Foundation
import RenderKeyboardKit
import KeyboardBatch

/// Batch throughput: 500 PNG jobs at @3x (every built-in layout that draws on an iPhone ×
/// every built-in theme on iphone-15 portrait, seeded; the iPad's metrics layout does not), run through `BatchRunner` with 1 and with 2 workers.
/// Prints images per second for each and their ratio (target ≥ 1.7 with 2 workers on 2 cores).
enum BatchBenchmark {
    static let jobCount = 500

    static func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-keyboard-batch-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let layouts = Resources.layoutNames.filter { name in
            var request = RenderRequest()
            request.layout = name
            request.device = "iphone-15"
            return (try? request.frames()) != nil
        }
        let themes = Resources.themeNames
        var lines = ["defaults: {device: iphone-15, orientation: portrait, format: png}", "jobs:"]
        for i in 0..<jobCount {
            let layout = layouts[i % layouts.count]
            let theme = themes[(i / layouts.count) % themes.count]
            lines.append("  - {layout: \(layout), theme: \(theme), seed: \(i), output: out/\(i)-\(layout)-\(theme).png}")
        }
        let path = folder.appendingPathComponent("manifest.yaml").path
        try FileAccess.writeAtomically(Array(lines.joined(separator: "\n").utf8), to: path)
        let manifest = try BatchManifest.load(path)

        // Warm-up: fonts, caches and page faults, so the first measured run is not penalised.
        _ = try BatchRunner(workers: 2).run(BatchManifest(file: manifest.file, jobs: Array(manifest.jobs.prefix(16))))

        print("batch: \(jobCount) PNG jobs @3x (\(layouts.count) layouts × \(themes.count) themes, iphone-15 portrait):")
        var rates: [Int: Double] = [:]
        for workers in [1, 2] {
            let summary = try BatchRunner(workers: workers).run(manifest)
            guard summary.failures.isEmpty else {
                throw BenchmarkFailure(description: "jobs failed:\n" + summary.report)
            }
            let rate = Double(summary.succeeded) / summary.seconds
            rates[workers] = rate
            print("  --jobs \(workers)".padding(toLength: 44, withPad: " ", startingAt: 0)
                  + String(format: "%.1f images/s (%.2f s)", rate, summary.seconds))
        }
        if let one = rates[1], let two = rates[2], one > 0 {
            print("  speed-up with 2 jobs".padding(toLength: 44, withPad: " ", startingAt: 0)
                  + String(format: "%.2f×", two / one) + "   (target ≥ 1.7× on 2 cores)")
            BenchRows.add("batch, \(jobCount) PNG jobs: 2 workers vs 1 (images/s)", figure: String(format: "%.1f/s", two), against: String(format: "%.1f/s", one), ratio: two / one)
        }
    }

    struct BenchmarkFailure: Error, CustomStringConvertible {
        var description: String
    }
}
