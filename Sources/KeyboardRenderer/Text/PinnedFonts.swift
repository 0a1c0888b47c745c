import CCairo

/// The fonts labels are set in, pinned so that output never depends on the fonts installed
/// on the machine: a private fontconfig configuration that holds exactly these files and the
/// rendering settings below, nothing from /etc/fonts.
enum PinnedFonts {
    /// The default face's files, in fallback order, with the Debian package that installs
    /// each: DejaVu Sans (`latinFiles`), then WenQuanYi Micro Hei (`cjkFiles`).
    static var files: [(path: String, package: String)] { latinFiles + cjkFiles }

    /// DejaVu Sans and its bold: loaded when a configuration is made.
    static let latinFiles: [(path: String, package: String)] = [
        ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "fonts-dejavu-core"),
        ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "fonts-dejavu-core"),
    ]

    /// WenQuanYi Micro Hei: loaded into a chain the first time one of its labels has a
    /// character the chain's first faces lack (`FontChain.loadFallback(for:)`), or when a
    /// theme names it. Reading its character map is most of the cost of a configuration, and
    /// a keyboard whose labels DejaVu Sans draws never needs it.
    static let cjkFiles: [(path: String, package: String)] = [
        ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", "fonts-wqy-microhei"),
    ]

    /// The family `cjkFiles` hold.
    static let cjkFamily = "WenQuanYi Micro Hei"

    /// Pinned families that are no fallback, by family name: loaded only into the chains
    /// (`FontChain`) that name the family, so a run that never uses them never pays for
    /// reading them, and a label of another chain never draws from them (Inter has glyphs,
    /// private-use ones among them, that no font of the default chain has).
    static let families: [String: [(path: String, package: String)]] = [
        // Roboto, Android's face, for the built-in `material` theme.
        "Roboto": [
            ("/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf", "fonts-roboto"),
            ("/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Medium.ttf", "fonts-roboto"),
            ("/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Bold.ttf", "fonts-roboto"),
        ],
        // Inter, standing in for Apple's SF Pro (not free to ship), for the built-in `ios` themes.
        "Inter": [
            ("/usr/share/fonts/opentype/inter/Inter-Light.otf", "fonts-inter"),
            ("/usr/share/fonts/opentype/inter/Inter-Regular.otf", "fonts-inter"),
            ("/usr/share/fonts/opentype/inter/Inter-Medium.otf", "fonts-inter"),
            ("/usr/share/fonts/opentype/inter/Inter-SemiBold.otf", "fonts-inter"),
            ("/usr/share/fonts/opentype/inter/Inter-Bold.otf", "fonts-inter"),
        ],
    ]

    /// The family used when a scene names a family none of the files has.
    static let fallbackFamilies = ["DejaVu Sans", "WenQuanYi Micro Hei"]

    /// Rendering settings of the private configuration: grey antialiasing, no hinting, no
    /// subpixel (LCD) rendering, no embedded bitmaps; every requested family falls back to
    /// DejaVu Sans, then WenQuanYi Micro Hei (for CJK), then the per-script faces of
    /// `FontFallback` in their order (those a chain has loaded).
    static let configurationXML = """
        <?xml version="1.0"?>
        <fontconfig>
          <match target="pattern">
            <edit name="family" mode="append_last" binding="strong">
              <string>DejaVu Sans</string>
              <string>WenQuanYi Micro Hei</string>
        \(FontFallback.families.map { "      <string>\($0)</string>" }.joined(separator: "\n"))
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

/// Owns a private `FcConfig`: `PinnedFonts.latinFiles`, then the files added to it (one chain's).
package final class FontConfiguration {
    let pointer: OpaquePointer

    /// - Throws: `RenderError.fontMissing` naming the file and its Debian package when a file
    ///   cannot be read or holds no font; `.fontSetup` when fontconfig refuses the settings.
    /// - Parameter pinned: add `PinnedFonts.latinFiles` and make the configuration fontconfig's
    ///   current one; false gives an empty configuration for probing a file.
    init(pinned: Bool = true) throws {
        guard let config = FcConfigCreate() else { throw RenderError.fontSetup("fontconfig could not create a configuration") }
        pointer = config
        let parsed = PinnedFonts.configurationXML.withCString { xml in
            xml.withMemoryRebound(to: FcChar8.self, capacity: PinnedFonts.configurationXML.utf8.count + 1) {
                FcConfigParseAndLoadFromMemory(config, $0, FcBool(1))
            }
        }
        guard parsed != 0 else { throw RenderError.fontSetup("fontconfig rejected the pinned rendering settings") }
        guard pinned else { return }
        try addPinned(PinnedFonts.latinFiles)
        // Made fontconfig's current configuration before Pango asks for one: otherwise
        // fontconfig's first use (Pango calls `FcInit` when a font map is made) parses the
        // machine's XML configuration and font caches, a large part of a whole run's
        // start-up, only for them to go unused. Every font map is given its own configuration,
        // so which one is current does not matter; fontconfig keeps its own reference.
        FcConfigSetCurrent(config)
    }

    deinit { FcConfigDestroy(pointer) }

    /// Adds pinned font files.
    ///
    /// - Throws: `RenderError.fontMissing` naming the first file that holds no font.
    func addPinned(_ files: [(path: String, package: String)]) throws {
        for file in files {
            let before = fontCount
            let added = file.path.withCString { path in
                path.withMemoryRebound(to: FcChar8.self, capacity: file.path.utf8.count + 1) {
                    FcConfigAppFontAddFile(pointer, $0)
                }
            }
            guard added != 0, fontCount > before else {
                throw RenderError.fontMissing(path: file.path, package: file.package)
            }
        }
    }

    /// Adds a theme's font file to this private configuration (never the system's).
    ///
    /// - Returns: the family name the file holds.
    /// - Throws: `RenderError.fontFile` when fontconfig cannot load a face from it.
    func add(_ path: String) throws -> String {
        let before = fontCount
        let added = path.withCString { p in
            p.withMemoryRebound(to: FcChar8.self, capacity: path.utf8.count + 1) { FcConfigAppFontAddFile(pointer, $0) }
        }
        guard added != 0, fontCount > before, let set = FcConfigGetFonts(pointer, FcSetApplication),
              let pattern = set.pointee.fonts[before] else {
            throw RenderError.fontFile(path: path)
        }
        var family: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, "family", 0, &family) == FcResultMatch, let family else {
            throw RenderError.fontFile(path: path)
        }
        return String(cString: family)
    }

    /// The family of the first face in the font file at `path`, loaded as drawing loads it
    /// (FreeType through fontconfig) into a configuration of its own, which is then dropped;
    /// nil when the file holds no face that loads.
    package static func family(ofFontAt path: String) -> String? {
        guard let configuration = try? FontConfiguration(pinned: false) else { return nil }
        return try? configuration.add(path)
    }

    /// Number of faces loaded so far.
    var fontCount: Int {
        guard let set = FcConfigGetFonts(pointer, FcSetApplication) else { return 0 }
        return Int(set.pointee.nfont)
    }
}
