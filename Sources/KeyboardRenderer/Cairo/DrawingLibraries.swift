import CCairo
import KeyboardModel

/// The C libraries whose versions decide how pixels come out, asked at run time (the
/// libraries this process loaded, not the headers it was built with), and the files drawing
/// reads: what a record of the rendering stack is made of.
package enum DrawingLibraries {
    /// The names, in the order `versions()` gives them.
    package static let names = ["cairo", "pango", "harfbuzz", "freetype", "fontconfig", "libpng"]

    /// Each library of `names` with the version it reports (`1.16.0`); `unknown` for one
    /// that cannot tell.
    package static func versions() -> [(name: String, version: String)] {
        let fontconfig = Int(FcGetVersion())
        var freetype = [CChar](repeating: 0, count: 32)
        rk_freetype_version(&freetype, freetype.count)
        let texts: [String?] = [
            cairo_version_string().map { String(cString: $0) },
            pango_version_string().map { String(cString: $0) },
            hb_version_string().map { String(cString: $0) },
            String(decoding: freetype.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
            "\(fontconfig / 10000).\(fontconfig / 100 % 100).\(fontconfig % 100)",
            png_get_libpng_ver(nil).map { String(cString: $0) },
        ]
        return zip(names, texts).map { ($0, $1.flatMap { $0.isEmpty ? nil : $0 } ?? "unknown") }
    }

    /// The SHA-256 digest of `bytes`, 64 lowercase hexadecimal digits (GLib's checksum).
    package static func sha256(_ bytes: [UInt8]) -> String {
        let digest = bytes.withUnsafeBufferPointer { buffer in
            g_compute_checksum_for_data(G_CHECKSUM_SHA256, buffer.baseAddress, gsize(buffer.count))
        }
        guard let digest else { return "" }
        defer { g_free(digest) }
        return String(cString: digest)
    }

    /// Every font file the renderer may load, in a fixed order: the default face's files, the
    /// families loaded on first use, then the per-script fallbacks.
    package static var pinnedFontFiles: [String] {
        PinnedFonts.files.map(\.path) + PinnedFonts.families.keys.sorted().flatMap { PinnedFonts.families[$0]!.map(\.path) }
            + FontFallback.files.map(\.path)
    }

    /// The font files drawing `scene` reads: the pinned fallback files, the pinned family the
    /// scene names when it is one loaded on first use, and the theme's own files (as the scene
    /// names them: the private copies that were checked).
    package static func fontFiles(drawing scene: KeyboardScene) -> [String] {
        var files = PinnedFonts.files.map(\.path)
        if scene.font.files.isEmpty, let family = PinnedFonts.families[scene.font.family] { files += family.map(\.path) }
        files += scene.font.files
        for fallback in scene.font.fallbacks {
            switch fallback {
            case .family(let name): files += (PinnedFonts.families[name] ?? []).map(\.path)
            case .file(let path): files.append(path)
            }
        }
        return files
    }
}
