/// Every limit that keeps a hostile input from exhausting time or memory, in one place.
///
/// Decoders, the solver, the renderer, the file loaders, `validate` and the command line all
/// read these constants, so a file one of them accepts is never refused by another.
public enum Limits {
    // MARK: - Documents (layouts, themes, manifests)

    /// Largest accepted layout, theme or manifest file, bytes.
    public static let maxFileSize = 1 << 20
    /// Deepest accepted nesting of lists and mappings.
    package static let maxDepth = 64
    /// Most nodes a document may expand to, YAML aliases counted at every use.
    package static let maxNodes = 200_000
    /// Most bytes of text (scalars and keys) a document may expand to, YAML aliases counted at
    /// every use.
    package static let maxDocumentBytes = 4 << 20
    /// Largest accepted lint report read as a baseline (`lint --baseline`), bytes.
    package static let maxBaselineFileSize = 16 << 20
    /// Most keys in one layout.
    package static let maxKeys = 10_000
    /// Longest `extends` chain of themes.
    package static let maxThemeChain = 16
    /// Longest chain of stylesheet variables defined through variables that is followed.
    package static let maxVariableChain = 64
    /// Most references followed from one Android attribute before it counts as a loop.
    package static let maxReferenceDepth = 16
    /// Most Android values files read for one keyboard.
    package static let maxValuesFiles = 64

    // MARK: - Geometry

    /// Largest accepted length (gaps, insets, margins, widths, heights, text sizes), points.
    package static let maxLength = 100_000.0
    /// Largest accepted weight or key aspect ratio.
    package static let maxWeight = 1000.0
    /// Largest accepted text size, points.
    package static let maxTextSize = 1000.0
    /// Accepted pixels per point: for canvases (`--scale`, device presets) and image files.
    package static let scale: ClosedRange<Double> = 0.1...10
    /// Most span obstacles (a span key counts once for each row below its first) in a layout.
    package static let maxObstacles = 100_000
    /// Largest coordinate, in pixels, that the solver's pixel-grid pass accepts.
    package static let maxPixelCoordinate = 1e15
    /// Largest magnitude of any length an Android file converts to, pixels: `maxLength`.
    package static let maxAndroidPixels = Int(maxLength)
    /// Most dots per side of a pattern pad (at least 2).
    package static let maxPatternSize = 12
    /// The `groupId` of a HeliBoard or FlorisBoard key (1 and 2 are the comma's and the
    /// period's groups; any other adds nothing, HeliBoard's KALQ layout writes -1).
    package static let imeGroupIds = -1_000_000...1_000_000
    /// Largest pixel coordinate or length a frame of a scene may have when it is painted.
    package static let maxScenePixel = 1 << 20
    /// Largest coordinate or length, in the painter's user units, drawn: cairo's 24.8 fixed
    /// point cannot hold more.
    package static let maxDrawingCoordinate = 4_000_000.0

    // MARK: - Images

    /// Largest side of any image read or written, pixels.
    public static let maxImageSide = 16384
    /// Most pixels of an image written (a keyboard or a contact sheet, a comparison's report),
    /// and so of an image read back to be compared: 64 Mi px, 256 MiB as RGBA, so one render
    /// stays well under 1 GiB.
    package static let maxImagePixels = 64 << 20
    /// Largest file a rendered image (PNG, SVG or PDF) may be when it is read back to be
    /// compared (`compare`, `batch --compare`, the snapshot library), bytes: the PNG of an
    /// image of `maxImagePixels` pixels stored without compression as RGBA (256 MiB), plus
    /// 8 MiB for the row filter bytes, deflate's block headers and the chunk framing (together
    /// under 1 % of it). So every image a render writes can be compared.
    package static let maxRenderedFileSize = maxImagePixels * 4 + (8 << 20)
    /// Largest accepted PNG file named by a theme or layout, bytes.
    package static let maxImageFileSize = 32 << 20
    /// Most pixels one theme or layout image may decode to: 16 Mi px (64 MiB as RGBA).
    public static let maxDecodedImagePixels = 16 << 20
    /// Most pixels all the images of one scene may decode to together.
    package static let maxSceneImagePixels = 32 << 20
    /// Largest accepted font file named by a theme, bytes.
    package static let maxFontFileSize = 64 << 20
    /// Largest PNG chunk libpng may allocate memory for, bytes.
    package static let maxPNGChunkBytes = 8 << 20

    // MARK: - Store screenshots (`compose`)

    /// Largest side of a store screenshot's canvas, pixels (also held to `maxImagePixels`).
    public static let maxComposeSide = 10_000
    /// Most lines a caption may wrap to.
    public static let maxCaptionLines = 3
    /// Most locales one captions file may hold.
    package static let maxLocales = 500
    /// Largest app, background or frame image file read for a screenshot, bytes.
    package static let maxComposeImageFileSize = 64 << 20
    /// Most pixels an app, background or frame image may decode to: 40 Mi px (160 MiB as
    /// RGBA), more than any phone or tablet screenshot.
    package static let maxComposeImagePixels = 40 << 20

    // MARK: - Runs

    /// Most worker threads of a batch or gallery run.
    package static let maxWorkers = 64
    /// Most command-line arguments accepted (repeated options included).
    package static let maxArguments = 1024
    /// Most keyboards one preview (or one device of a live page) draws.
    package static let maxPreviewCells = 400
    /// Longest file name the file systems written to take, bytes (`NAME_MAX`).
    package static let maxFileNameBytes = 255
    /// Deepest folder looked into below a references folder for stale references.
    package static let maxReferenceFolderDepth = 64
    /// Most files looked at in a references folder for stale references.
    package static let maxReferenceFiles = 1_000_000
    /// Longest request line the live preview answers; a longer one gets 414.
    package static let maxRequestLine = 8 * 1024
    /// Most event streams the live preview keeps open at once; one more is answered 503.
    package static let maxEventStreams = 32

    // MARK: - Messages

    /// Longest value quoted in a message, characters; longer values are cut with `…` and
    /// their size.
    package static let maxQuotedLength = 60
    /// Most problems reported for one file; the rest are counted in one closing line.
    package static let maxDiagnostics = 100
}

// MARK: - The range checks every decoder and the solver share

extension Limits {
    /// Why `value` is not a length (finite, 0…`maxLength` pt), or nil when it is.
    package static func lengthProblem(_ value: Double) -> String? {
        guard value.isFinite else { return "\(format(value)) is not a finite number" }
        if value < 0 { return "must not be negative (found \(format(value)))" }
        if value > maxLength { return "length \(format(value)) is over the limit of \(format(maxLength)) pt" }
        return nil
    }

    /// Why `value` is not a positive length (finite, > 0, ≤ `maxLength` pt), or nil.
    package static func positiveLengthProblem(_ value: Double) -> String? {
        if let problem = lengthProblem(value) { return problem }
        return value > 0 ? nil : "must be greater than 0 (found \(format(value)))"
    }

    /// Why `value` is not a weight (finite, > 0, ≤ `maxWeight`), or nil when it is.
    package static func weightProblem(_ value: Double) -> String? {
        guard value.isFinite else { return "\(format(value)) is not a finite number" }
        if value <= 0 { return "weight must be greater than 0 (found \(format(value)))" }
        if value > maxWeight { return "weight \(format(value)) is over the limit of \(format(maxWeight))" }
        return nil
    }

    /// Why `value` is not a percentage of the keyboard width (finite, 0…100), or nil.
    package static func percentProblem(_ value: Double) -> String? {
        guard value.isFinite else { return "\(format(value))% is not a finite percentage" }
        guard value >= 0 && value <= 100 else { return "percentage \(format(value))% is out of range 0…100" }
        return nil
    }

    /// Why `value` is not a scale (pixels per point in `Limits.scale`), or nil when it is.
    package static func scaleProblem(_ value: Double) -> String? {
        guard value.isFinite, scale.contains(value) else {
            return "scale \(format(value)) is out of range \(format(scale.lowerBound))…\(format(scale.upperBound))"
        }
        return nil
    }

    /// Why an image of `width × height` pixels cannot be written, or nil when it can.
    package static func imageSizeProblem(width: Int, height: Int) -> String? {
        guard (1...maxImageSide).contains(width), (1...maxImageSide).contains(height) else {
            return "the image would be \(width) × \(height) px; each side must be 1…\(maxImageSide) px"
        }
        guard width * height <= maxImagePixels else {
            return "the image would be \(width) × \(height) px (\(width * height) px); the limit is \(maxImagePixels) px"
        }
        return nil
    }

    /// A number as people write it: `3`, not `3.0`.
    package static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }
}

/// `count` with its noun in the singular or plural: `1 row`, `3 rows`.
package func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
}
