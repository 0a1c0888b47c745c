import CCairo
import Foundation
import KeyboardModel
import MarkupText

/// The faces an SVG's labels were set in, in the order first used, with the characters and
/// glyphs each set and the CSS weights it was asked for: what the document's comment names
/// and what `--svg-embed-fonts` subsets.
struct SVGFontUsage {
    private struct Use {
        var codepoints = Set<UInt32>()
        var glyphs = Set<UInt32>()
        var weights: [Int] = []
    }

    private(set) var faces: [SVGFace] = []
    private var uses: [SVGFace: Use] = [:]

    /// Notes a run's face, characters and glyphs, set at CSS `weight`.
    mutating func note(_ run: SVGGlyphRun, weight: Int) {
        guard let face = run.face else { return }
        if uses[face] == nil { faces.append(face) }
        var use = uses[face] ?? Use()
        use.codepoints.formUnion(run.text.unicodeScalars.map(\.value))
        use.glyphs.formUnion(run.glyphs.map(\.id))
        if !use.weights.contains(weight) { use.weights.append(weight) }
        uses[face] = use
    }

    /// The comment that opens the document: the families the labels were set in, with their
    /// font files' names, and how a reader gets them drawn as in the PNG.
    func comment(embedded: Bool, outlines: Bool) -> String {
        guard !faces.isEmpty else { return "Drawn by render-keyboard from the same scene as its PNG; no labels." }
        let named = faces.map { "\($0.family) (\(($0.file as NSString).lastPathComponent))" }.joined(separator: ", ")
        let how: String
        if outlines {
            how = "drawn as outlines, so no font is needed"
        } else if embedded {
            how = "embedded below as subsets of the glyphs used"
        } else {
            how = "install them (the fonts render-keyboard pins) to see the labels as in the PNG"
        }
        return "Drawn by render-keyboard from the same scene as its PNG. Label fonts: \(named); \(how)."
    }

    /// The `@font-face` rules: each face used, subset to its glyphs, as a data URI, once for
    /// each weight it was asked for.
    ///
    /// - Throws: `RenderError.fontEmbedding` for a face whose licence bits forbid embedding or
    ///   subsetting, or that HarfBuzz cannot subset.
    func fontFaceRules() throws -> [UInt8] {
        var markup = SVGMarkup(capacity: 1 << 16)
        for face in faces {
            guard let use = uses[face] else { continue }
            let font = try SVGFontSubset.subset(face, codepoints: use.codepoints.sorted(), glyphs: use.glyphs.sorted())
            let opentype = font.starts(with: Array("OTTO".utf8))
            for weight in use.weights {
                markup.raw("@font-face{font-family:")
                markup.escaped(SVGWriter.cssString(face.family))
                markup.raw(";font-weight:\(weight);src:url(data:font/\(opentype ? "otf" : "ttf");base64,")
                markup.base64(font)
                markup.raw(") format('\(opentype ? "opentype" : "truetype")')}\n")
            }
        }
        return markup.bytes
    }
}

/// A font file cut down to some glyphs, by HarfBuzz's subsetter.
enum SVGFontSubset {
    /// The face's file holding only `glyphs` and the mapping of `codepoints` (a TrueType or
    /// OpenType file, as the source is).
    ///
    /// - Throws: `RenderError.fontEmbedding` when the file cannot be read, its OS/2 `fsType`
    ///   forbids embedding (restricted licence, bitmap only) or subsetting, or the subsetter
    ///   fails.
    static func subset(_ face: SVGFace, codepoints: [UInt32], glyphs: [UInt32]) throws -> [UInt8] {
        guard let blob = hb_blob_create_from_file_or_fail(face.file) else {
            throw RenderError.fontEmbedding(path: face.file, reason: "cannot be read")
        }
        defer { hb_blob_destroy(blob) }
        guard let source = hb_face_create(blob, UInt32(max(0, face.index))) else {
            throw RenderError.fontEmbedding(path: face.file, reason: "holds no face \(face.index)")
        }
        defer { hb_face_destroy(source) }
        if let problem = licenceProblem(source) { throw RenderError.fontEmbedding(path: face.file, reason: problem) }
        guard let input = hb_subset_input_create_or_fail() else {
            throw RenderError.fontEmbedding(path: face.file, reason: "the subsetter could not start")
        }
        defer { hb_subset_input_destroy(input) }
        for codepoint in codepoints { hb_set_add(hb_subset_input_unicode_set(input), codepoint) }
        for glyph in glyphs { hb_set_add(hb_subset_input_glyph_set(input), glyph) }
        guard let subset = hb_subset_or_fail(source, input) else {
            throw RenderError.fontEmbedding(path: face.file, reason: "HarfBuzz could not subset it")
        }
        defer { hb_face_destroy(subset) }
        return bytes(of: hb_face_reference_blob(subset))
    }

    /// Why the face's OS/2 `fsType` forbids embedding a subset, or nil (installable,
    /// preview & print, or editable embedding, subsetting allowed; no OS/2 table: allowed).
    static func licenceProblem(_ face: OpaquePointer) -> String? {
        let os2 = bytes(of: hb_face_reference_table(face, 0x4F53_2F32))  // 'OS/2'
        guard os2.count >= 10 else { return nil }
        let fsType = Int(os2[8]) << 8 | Int(os2[9])
        if fsType & 0xF == 0x2 { return "its licence restricts embedding (OS/2 fsType \(fsType)); draw the labels with --svg-text outlines" }
        if fsType & 0x0100 != 0 { return "its licence forbids subsetting (OS/2 fsType \(fsType)); draw the labels with --svg-text outlines" }
        if fsType & 0x0200 != 0 { return "its licence allows bitmap embedding only (OS/2 fsType \(fsType)); draw the labels with --svg-text outlines" }
        return nil
    }

    /// A blob's bytes, copied; the blob is released.
    private static func bytes(of blob: OpaquePointer?) -> [UInt8] {
        guard let blob else { return [] }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
    }
}
