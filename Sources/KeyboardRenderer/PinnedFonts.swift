import CCairo

/// The fonts labels are set in, pinned so that output never depends on the fonts installed
/// on the machine: a private fontconfig configuration that holds exactly these files and the
/// rendering settings below, nothing from /etc/fonts.
enum PinnedFonts {
    /// Font files, in fallback order, with the Debian package that installs each.
    static let files: [(path: String, package: String)] = [
        ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "fonts-dejavu-core"),
        ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "fonts-dejavu-core"),
        ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", "fonts-wqy-microhei"),
    ]

    /// The family used when a scene names a family none of the files has.
    static let fallbackFamilies = ["DejaVu Sans", "WenQuanYi Micro Hei"]

    /// Rendering settings of the private configuration: grey antialiasing, no hinting, no
    /// subpixel (LCD) rendering, no embedded bitmaps; every requested family falls back to
    /// DejaVu Sans, then WenQuanYi Micro Hei (for CJK).
    static let configurationXML = """
        <?xml version="1.0"?>
        <fontconfig>
          <match target="pattern">
            <edit name="family" mode="append_last" binding="strong">
              <string>DejaVu Sans</string>
              <string>WenQuanYi Micro Hei</string>
            </edit>
          </match>
          <match target="font">
            <edit name="antialias" mode="assign"><bool>true</bool></edit>
            <edit name="hinting" mode="assign"><bool>false</bool></edit>
            <edit name="hintstyle" mode="assign"><const>hintnone</const></edit>
            <edit name="autohint" mode="assign"><bool>false</bool></edit>
            <edit name="rgba" mode="assign"><const>none</const></edit>
            <edit name="lcdfilter" mode="assign"><const>lcdnone</const></edit>
            <edit name="embeddedbitmap" mode="assign"><bool>false</bool></edit>
            <edit name="embolden" mode="assign"><bool>false</bool></edit>
          </match>
        </fontconfig>
        """
}

/// Owns the private `FcConfig` holding exactly `PinnedFonts.files`.
final class FontConfiguration {
    let pointer: OpaquePointer

    /// - Throws: `RenderError.fontMissing` naming the file and its Debian package when a file
    ///   cannot be read or holds no font; `.fontSetup` when fontconfig refuses the settings.
    init() throws {
        guard let config = FcConfigCreate() else { throw RenderError.fontSetup("fontconfig could not create a configuration") }
        pointer = config
        let parsed = PinnedFonts.configurationXML.withCString { xml in
            xml.withMemoryRebound(to: FcChar8.self, capacity: PinnedFonts.configurationXML.utf8.count + 1) {
                FcConfigParseAndLoadFromMemory(config, $0, FcBool(1))
            }
        }
        guard parsed != 0 else { throw RenderError.fontSetup("fontconfig rejected the pinned rendering settings") }
        for file in PinnedFonts.files {
            let before = fontCount
            let added = file.path.withCString { path in
                path.withMemoryRebound(to: FcChar8.self, capacity: file.path.utf8.count + 1) {
                    FcConfigAppFontAddFile(config, $0)
                }
            }
            guard added != 0, fontCount > before else {
                throw RenderError.fontMissing(path: file.path, package: file.package)
            }
        }
        // Made fontconfig's current configuration before Pango asks for one: otherwise
        // fontconfig's first use (Pango calls `FcInit` when a font map is made) parses the
        // machine's XML configuration and font caches, a large part of a whole run's
        // start-up, only for them to go unused. Every pinned configuration is the same, so
        // which renderer's is current does not matter; fontconfig keeps its own reference.
        FcConfigSetCurrent(config)
    }

    deinit { FcConfigDestroy(pointer) }

    /// Number of faces loaded so far.
    var fontCount: Int {
        guard let set = FcConfigGetFonts(pointer, FcSetApplication) else { return 0 }
        return Int(set.pointee.nfont)
    }
}
