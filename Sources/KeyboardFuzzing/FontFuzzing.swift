import Foundation
import KeyboardRenderer
import LayoutEngine

/// The font loader under the fuzzer: bytes a theme's `font.file` could hold, loaded as the
/// font check loads them, then used to measure and draw labels as a render does.
enum FontFuzzing {
    /// The pinned font the patches apply to: a whole, valid font, so small changes reach
    /// deep into FreeType, HarfBuzz and cairo rather than failing at the first table.
    static let baseFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let base: [UInt8] = (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: baseFontPath)))) ?? []

    /// The font file an input stands for. An input that starts like a font file
    /// (`\0\1\0\0`, `true`, `OTTO`, `ttcf`) is that file; any other input patches the base
    /// font: each 5 bytes are an offset (big-endian, taken modulo the size) and the byte
    /// written there, and an offset with its top bit set cuts the font there instead.
    static func fontBytes(_ input: [UInt8]) -> [UInt8] {
        let magic = Array(input.prefix(4))
        if [[0, 1, 0, 0], Array("true".utf8), Array("OTTO".utf8), Array("ttcf".utf8)].contains(magic) { return input }
        var font = base
        var i = 0
        while i + 5 <= input.count, !font.isEmpty {
            let offset = input[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) }
            if offset & 0x8000_0000 != 0 {
                font.removeLast(font.count - (offset & 0x7FFF_FFFF) % font.count)
            } else {
                font[offset % font.count] = input[i + 4]
            }
            i += 5
        }
        return font
    }

    private static let counter = Locked(0)
    /// A measurer and a renderer shared by a run of inputs, made anew every 64 inputs so the
    /// fonts each input adds to their private configuration do not pile up.
    private static let shared = Locked<(measurer: LabelMeasurer, renderer: Renderer, uses: Int)?>(nil)

    private static func drawing() -> (LabelMeasurer, Renderer)? {
        shared.withLock { shared -> (LabelMeasurer, Renderer)? in
            if shared == nil || shared!.uses >= 64 {
                guard let measurer = try? LabelMeasurer(), let renderer = try? Renderer() else { return nil }
                shared = (measurer, renderer, 0)
            }
            shared!.uses += 1
            return (shared!.measurer, shared!.renderer)
        }
    }

    /// Loads the font of `input` from a file of its own, as the theme check does; when a face
    /// loads, measures and draws labels with it (Latin, accented, CJK, and an emoji the font
    /// lacks) on a small keyboard.
    static func run(_ input: [UInt8]) {
        let bytes = fontBytes(input)
        let n = counter.withLock { value -> Int in value += 1; return value }
        let path = NSTemporaryDirectory() + "/render-keyboard-fuzz-\(getpid())-\(n).ttf"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
        defer { unlink(path) }
        guard FontConfiguration.family(ofFontAt: path) != nil else { return }
        let labels = ["Qg", "é1", "中", "😀"]
        let yaml = "keys: [\(labels.map { "\"\($0)\"" }.joined(separator: ", "))]\nportrait: {height: 40, rows: [{columns: 4}]}\n"
        guard let decoded = try? LayoutDecoder.decode(Array(yaml.utf8), file: FuzzTarget.file, baseDirectory: FuzzTarget.folder),
              let frames = try? Solver.solve(decoded.layout, on: Canvas(deviceName: nil, orientation: .portrait, width: 160, scale: 2), file: FuzzTarget.file),
              let (measurer, renderer) = drawing() else { return }
        var theme = Theme()
        theme.font = Theme.Font(file: FontFileReference(path: "fuzz.ttf", baseDirectory: FuzzTarget.folder, checkedCopy: path))
        let scale = frames.canvas.scale
        guard let scene = try? SceneComposer.compose(
            frames: frames, theme: theme, image: { _ in throw Diagnostic(file: FuzzTarget.file, path: "", reason: "no images") },
            measure: { label, font, size in try measurer.measure(label, font: font, textSize: size, scale: scale) }
        ) else { return }
        _ = try? renderer.png(scene)
        _ = try? renderer.pdf(scene)
    }
}
