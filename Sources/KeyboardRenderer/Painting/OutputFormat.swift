import KeyboardModel

/// The file formats the renderer writes, each with everything that differs between them: its
/// file extension, its MIME type and the surface that draws it. Commands, manifests, the
/// live preview's URLs and the help all read this table, so a new format is a case here (and
/// its surface in `CairoSurface`).
public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
    /// A PNG bitmap of `imageWidth × imageHeight` pixels (the frames' image size).
    case png
    /// An SVG document, one user unit per pixel.
    case svg
    /// A one-page PDF, the image's size in points.
    case pdf

    /// The file extension that names the format, without the dot.
    public var fileExtension: String { rawValue }

    /// The MIME type the format is served as.
    public var mimeType: String {
        switch self {
        case .png: return "image/png"
        case .svg: return "image/svg+xml"
        case .pdf: return "application/pdf"
        }
    }

    /// The format a file extension names (any case), or nil.
    public init?(fileExtension: String) {
        self.init(rawValue: fileExtension.lowercased())
    }

    /// Every format in words, for help and messages: `png, svg or pdf`, or with `dotted` the
    /// extensions `.png, .svg or .pdf`.
    public static func listed(dotted: Bool = false) -> String {
        let names = allCases.map { (dotted ? "." : "") + $0.fileExtension }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    /// Draws an image `width × height` pixels at `scale` pixels per point in this format:
    /// `paint` draws in pixel units on the context it is given.
    ///
    /// - Throws: `RenderError` for a size outside the limits, a bad compression level or a
    ///   cairo failure.
    func draw(width: Int, height: Int, scale: Double, pngCompression: Int, using renderer: Renderer, _ paint: (CairoContext) throws -> Void) throws -> [UInt8] {
        switch self {
        case .png:
            try PNGCodec.check(compression: pngCompression)
            let surface = try CairoSurface.image(width: width, height: height)
            try renderer.withContext(surface, paint)
            return try surface.pngFile(compression: pngCompression)
        case .svg:
            // Cairo's own SVG surface: the renderer writes SVG with `SVGWriter`; this stays
            // for measuring the two against each other (`Renderer.cairoSVG`).
            let surface = try CairoSurface.svg(width: width, height: height)
            try renderer.withContext(surface, paint)
            return SVGNormalizer.renumberIDs(try surface.finish())
        case .pdf:
            let surface = try CairoSurface.pdf(widthPoints: Double(width) / scale, heightPoints: Double(height) / scale)
            try renderer.withContext(surface) { context in
                context.scale(1 / scale, 1 / scale)
                try paint(context)
            }
            return try surface.finish()
        }
    }
}
