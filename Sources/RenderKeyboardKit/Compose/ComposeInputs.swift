import KeyboardFormats
import KeyboardModel
import KeyboardRenderer

/// The device table shipped in the binary (`devices/screens.csv`, docs/store-screenshots.md):
/// one `DeviceOutline` per device preset, each with the `source` of its values.
package enum DeviceOutlineTable {
    /// The table's path among the built-ins.
    package static let path = "devices/screens.csv"

    /// Every row, in the table's order.
    ///
    /// - Throws: `DiagnosticList` when the built-in table does not decode (a broken build).
    package static func rows() throws -> [DeviceOutline] {
        try decoded.get()
    }

    private static let decoded: Result<[DeviceOutline], any Error> = Result {
        guard let bytes = BuiltinFiles.bytes(atPath: BuiltinFiles.root + "/" + path) else {
            throw Diagnostic(origin: .program, reason: "the device table \(path) is not built in")
        }
        return try DeviceOutlineDecoder.decode(bytes, file: path)
    }

    /// The row of device preset `name`, or nil (a pixel device `WxH@D` has none).
    package static func outline(of name: String) throws -> DeviceOutline? {
        try rows().first { $0.device == name }
    }
}

/// Reading the files a screenshot names: images (PNG or JPEG), the caption's font, a frame.
enum ComposeFiles {
    /// The image at `path`, decoded, within the limits of images a screenshot reads.
    ///
    /// - Throws: `Diagnostic` naming the file: unreadable, too large, not a PNG or JPEG,
    ///   damaged, or over `Limits.maxComposeImagePixels`.
    static func image(_ path: String, confinedTo folder: String? = nil) throws -> RasterImage {
        let bytes = try FileAccess.read(path, limit: Limits.maxComposeImageFileSize, confinedTo: folder)
        do {
            return try StillImageCodec.decode(bytes, maxPixels: Limits.maxComposeImagePixels)
        } catch let error as StillImageError {
            throw Diagnostic(file: FilePath.shown(path), path: "", reason: "cannot read the image: \(error.reason)")
        }
    }

    /// Whether a caption font names a file (a path, or a name ending in a font file's
    /// extension) rather than a family.
    static func isFontFile(_ text: String) -> Bool {
        text.contains("/") || ["ttf", "otf", "ttc", "otc"].contains(FilePath.pathExtension(text).lowercased())
    }

    /// The caption's font: a font file (a path, or a name ending in .ttf, .otf, .ttc or .otc),
    /// checked as theme fonts are and drawn from a private copy; or a family with an optional
    /// weight word (`Inter Bold`, `DejaVu Sans`), which falls back like every label.
    ///
    /// - Throws: `Diagnostic` of the `caption-font` field for a file that cannot be read or
    ///   holds no font.
    static func captionFont(_ text: String) throws -> SceneFont {
        guard isFontFile(text) else {
            var words = text.split(separator: " ").map(String.init)
            var weight = FontWeight.regular
            if words.count > 1, let last = FontWeight(rawValue: words[words.count - 1].lowercased()) {
                weight = last
                words.removeLast()
            }
            return SceneFont(family: words.joined(separator: " "), weight: weight)
        }
        let field = InputOrigin.requestField(ComposeRequest.Field.captionFont.optionName)
        let bytes = try FileAccess.read(text, limit: Limits.maxFontFileSize)
        let magic = Array(bytes.prefix(4))
        guard [[0, 1, 0, 0], Array("true".utf8), Array("OTTO".utf8), Array("ttcf".utf8)].contains(magic) else {
            throw Diagnostic(origin: field, reason: "\(Diagnostic.quote(text)) is not a TrueType or OpenType font")
        }
        let copy: String
        do {
            copy = try CheckedFontCopies.copy(of: bytes, from: text)
        } catch let error as CheckedFontCopies.CopyError {
            throw Diagnostic(origin: field, reason: "\(Diagnostic.quote(text)): cannot keep a private copy: \(error.reason)")
        }
        guard let face = FontFileFace.familyAndWeight(ofFontAt: copy) else {
            throw Diagnostic(origin: field, reason: "\(Diagnostic.quote(text)) holds no font that can be loaded")
        }
        return SceneFont(family: face.family, weight: face.weight, files: [copy])
    }
}

/// A frame of the user's own (docs/store-screenshots.md): a JSON file naming a PNG of a
/// device frame (its screen area transparent), the screen's rectangle in the PNG's pixels and
/// the screen's corner radius.
///
/// ```json
/// {"image": "frame.png", "screen": {"x": 60, "y": 58, "width": 1179, "height": 2556}, "cornerRadius": 165}
/// ```
struct ComposeFrameFile {
    /// The frame's pixels.
    var image: RasterImage
    /// The screen's place in `image`, pixels.
    var screen: Rect
    /// The screen's corner radius, pixels of `image`.
    var cornerRadius: Double

    static let fields = ["image", "screen", "cornerRadius"]

    /// Reads the JSON (or YAML) file at `path` and the image it names, a path relative to its
    /// folder that may not leave it.
    ///
    /// - Throws: `DiagnosticList`/`Diagnostic` naming the file and field: a missing or odd
    ///   field, an image that cannot be read, a screen that lies outside the image.
    static func load(_ path: String) throws -> ComposeFrameFile {
        let file = FilePath.shown(path)
        let (read, _) = try FieldReader.decode(try FileAccess.read(path), file: file) { document, reader -> (String, Rect, Double)? in
            guard let top = reader.topLevelFields(document, kind: "frame", known: Self.fields) else { return nil }
            guard let image = top["image"].flatMap({ reader.string($0, "image") }) else {
                if top["image"] == nil { reader.error("image", "missing field (the PNG of the frame, beside this file)") }
                return nil
            }
            guard let screen = top["screen"].flatMap({ rectangle($0, reader) }) else {
                if top["screen"] == nil { reader.error("screen", "missing field ({x, y, width, height} in the image's pixels)") }
                return nil
            }
            let radius = top["cornerRadius"].flatMap { reader.number($0, "cornerRadius", in: 0...Double(Limits.maxImageSide)) } ?? 0
            return (image, screen, radius)
        }
        guard let (name, screen, radius) = read else { throw Diagnostic(file: file, path: "", reason: "not a frame file") }
        if name.hasPrefix("/") || name.split(separator: "/").contains("..") {
            throw Diagnostic(file: file, path: "image", reason: "\(Diagnostic.quote(name)) must be a path relative to the frame file's folder, inside it")
        }
        let folder = FilePath.folder(of: path)
        let image = try ComposeFiles.image(FilePath.joined(folder, name), confinedTo: folder)
        guard screen.width >= 1, screen.height >= 1, screen.x >= 0, screen.y >= 0,
              screen.maxX <= Double(image.width), screen.maxY <= Double(image.height) else {
            throw Diagnostic(file: file, path: "screen", reason: "the screen \(Limits.format(screen.x)),\(Limits.format(screen.y)) \(Limits.format(screen.width)) × \(Limits.format(screen.height)) px lies outside the \(image.width) × \(image.height) px image \(Diagnostic.quote(name))")
        }
        return ComposeFrameFile(image: image, screen: screen, cornerRadius: radius)
    }

    private static func rectangle(_ document: Document, _ reader: FieldReader) -> Rect? {
        guard let fields = reader.fields(document, "screen", known: ["x", "y", "width", "height"]) else { return nil }
        var values: [Double] = []
        for name in ["x", "y", "width", "height"] {
            guard let value = fields[name] else { reader.error("screen.\(name)", "missing field (pixels of the image)"); return nil }
            guard let number = reader.number(value, "screen.\(name)", in: -Double(Limits.maxImageSide)...Double(Limits.maxImageSide)) else { return nil }
            values.append(number)
        }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }
}
