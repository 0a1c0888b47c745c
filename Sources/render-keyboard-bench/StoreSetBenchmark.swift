import KeyboardBatch
import Foundation
import KeyboardModel
import KeyboardRenderer
import RenderKeyboardKit

/// A whole store set as one batch run: 10 locales (Arabic and Hindi among them) for two stores,
/// the App Store's 6.9" iPhone and Google Play's phone, over an app screenshot with a status
/// bar, written into fastlane's folders (20 images), through `BatchRunner` with 2 workers as
/// `render-keyboard batch` runs it. Prints the median of 5 runs (target < 5 s).
enum StoreSetBenchmark {
    static let captions = """
        en-US: "Type in 40 languages"
        de-DE: "Tippe in 40 Sprachen"
        fr-FR: "Écrivez dans 40 langues"
        es-ES: "Escribe en 40 idiomas"
        it: "Scrivi in 40 lingue"
        pt-BR: "Digite em 40 idiomas"
        ja: "40の言語で入力"
        zh-Hans: "用40种语言输入"
        ar-SA: "اكتب بأربعين لغة"
        hi: "40 भाषाओं में टाइप करें"

        """

    /// A face that draws Devanagari, for the Hindi caption (Debian's fonts-noto-core).
    static let devanagari = "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Bold.ttf"

    static func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-keyboard-store-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileAccess.writeAtomically(try appScreenshot(), to: folder.appendingPathComponent("app.png").path)
        try FileAccess.writeAtomically(Array(captions.utf8), to: folder.appendingPathComponent("captions.yaml").path)
        let font = FileManager.default.fileExists(atPath: devanagari) ? ", captionFont: \(devanagari)" : ""
        let manifest = """
            defaults: {compose: {app: app.png, statusBar: "9:41", captions: captions.yaml\(font)}}
            jobs:
              - {layout: ios, theme: ios, device: iphone-16-pro-max, compose: {store: appstore-6.9}, output: fastlane/screenshots}
              - {layout: letters, theme: material, device: pixel-8, compose: {store: play-phone, layoutKind: play}, output: fastlane/metadata/android}

            """
        let path = folder.appendingPathComponent("store.yaml").path
        try FileAccess.writeAtomically(Array(manifest.utf8), to: path)
        let loaded = try BatchManifest.load(path)
        var files = 0
        let seconds = try median(iterations: 5, warmup: 1) {
            let summary = try BatchRunner(workers: 2).run(loaded)
            guard summary.failures.isEmpty else { throw BatchBenchmark.BenchmarkFailure(description: "jobs failed:\n" + summary.report) }
            files = (FileManager.default.enumerator(atPath: folder.appendingPathComponent("fastlane").path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".png") }.count
        } / 1e6
        print("compose: a 10-locale store set (ar, hi among them), appstore-6.9 + play-phone, 1 batch run, 2 workers:")
        print("  \(files) images in fastlane's folders".padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: "%.2f s", seconds) + "   (target < 5 s)")
        BenchRows.add("compose, a 10-locale store set (\(files) images, 2 workers)", figure: String(format: "%.2f s", seconds), against: "target 5 s", ratio: seconds / 5)
    }

    /// A stand-in for an app's screenshot: a 1320 × 2868 px chat screen, a light bar at the
    /// top, bubbles down the page.
    private static func appScreenshot() throws -> [UInt8] {
        let width = 1320, height = 2868
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ color: (UInt8, UInt8, UInt8)) {
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let i = (y * width + x) * 4
                    (rgba[i], rgba[i + 1], rgba[i + 2]) = color
                }
            }
        }
        fill(0, 0, width, 330, (246, 246, 248))
        for row in 0..<8 {
            let mine = row % 2 == 1, top = 420 + row * 170
            fill(mine ? 560 : 60, top, mine ? 1260 : 820, top + 110, mine ? (10, 132, 255) : (233, 233, 235))
        }
        return try PNGCodec.encode(RasterImage(width: width, height: height, rgba: rgba), compression: 1)
    }
}
