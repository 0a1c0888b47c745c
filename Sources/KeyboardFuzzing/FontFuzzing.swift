import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine

/// The font loader under the fuzzer: bytes a theme's `font.file` could hold, loaded as the
/// font check loads them.
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

    /// Loads the font of `input` from a file of its own, exactly as the theme font check does
    /// (`FontConfiguration.family(ofFontAt:)`: FreeType through fontconfig, every face and
    /// table it reads). Drawing is left out: a renderer's one-time Pango and fontconfig set-up
    /// holds memory the leak checker would report on every input.
    static func run(_ input: [UInt8]) {
        let bytes = fontBytes(input)
        let n = counter.withLock { value -> Int in value += 1; return value }
        let path = NSTemporaryDirectory() + "/render-keyboard-fuzz-\(getpid())-\(n).ttf"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
        defer { unlink(path) }
        _ = FontConfiguration.family(ofFontAt: path)
    }
}
