import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import RenderKeyboardKit

/// Reading and placing Android keyboard files: the example letter pad, and a 1 MiB file at
/// the size limit (the worst a hostile file can ask of the XML reader).
enum AndroidBenchmark {
    static func run() throws {
        // The package's example pad, found from this source file (the bench runs from the package).
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let pad = package.path + "/docs/examples/android/res/xml/letter_pad.xml"
        let canvas = Canvas(device: Device.named("pixel-8")!, orientation: .portrait)
        let load = try median(iterations: 200) { _ = try LayoutLoader.load(pad) }
        let loaded = try LayoutLoader.load(pad)
        let place = try median(iterations: 2000) { _ = try loaded.source.frames(on: canvas, shuffle: nil, file: loaded.file) }
        report("read letter_pad.xml with its values", load)
        report("place letter_pad.xml on pixel-8", place, target: "< 100 µs")

        let key = "<Key android:codes=\"97\" android:keyLabel=\"a\"/>"
        var text = "<Keyboard xmlns:android=\"http://schemas.android.com/apk/res/android\" android:keyWidth=\"1px\"><Row>"
        var keys = 0
        while text.utf8.count + key.utf8.count + 20 < Limits.maxFileSize, keys < Limits.maxKeys {
            text += key
            keys += 1
        }
        text += "</Row><!--" + String(repeating: "x", count: Limits.maxFileSize - text.utf8.count - 30) + "--></Keyboard>"
        let bytes = Array(text.utf8)
        let big = try median(iterations: 10, warmup: 1) {
            _ = try AndroidKeyboardDecoder.decode(bytes, file: "big.xml", name: "big", values: AndroidValues())
        }
        report("read a \(bytes.count / 1024) KiB pad with \(keys) keys", big, target: "< 1 s")
    }
}
