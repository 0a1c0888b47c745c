import KeyboardModel

/// A text of a scene with characters that no font of the chain draws: the theme's fonts, the
/// default face and the pinned per-script fallbacks all lack them, so Pango would draw a
/// hex box.
public struct MissingGlyph: Sendable, Hashable {
    /// Which text of the scene it is.
    public enum Field: String, Sendable, Hashable {
        /// A key's label as drawn (shift applied).
        case label
        /// A key's shift label.
        case shiftLabel
        /// The label of an input callout.
        case callout
        /// The toolbar's title.
        case toolbarTitle
    }

    /// Index of the key in `KeyboardScene.keys` (and its frames' keys); nil for the toolbar.
    public var keyIndex: Int?
    /// Which text.
    public var field: Field
    /// The whole text.
    public var text: String
    /// Its visible characters that no font has, in text order, each once; empty when Pango
    /// drew a box for a character some font claims (then `unknownGlyphs` tells how many).
    public var scalars: [Unicode.Scalar]
    /// How many glyphs Pango drew as boxes.
    public var unknownGlyphs: Int

    /// A value with every stored property given.
    package init(keyIndex: Int?, field: Field, text: String, scalars: [Unicode.Scalar], unknownGlyphs: Int) {
        self.keyIndex = keyIndex
        self.field = field
        self.text = text
        self.scalars = scalars
        self.unknownGlyphs = unknownGlyphs
    }
}

extension TextEngine {
    /// Every text of `scene` that has a missing glyph, in drawing order: keys' labels and
    /// shift labels, callouts' labels, then the toolbar's title. Each text is laid out at
    /// the pixel size it is drawn at, so the check fills the cache drawing takes from.
    func missingGlyphs(in scene: KeyboardScene) throws -> [MissingGlyph] {
        var found: [MissingGlyph] = []
        func check(_ text: String, size: Double, key: Int?, field: MissingGlyph.Field) throws {
            guard !text.isEmpty else { return }
            let sizePx = (size * scene.scale).clampedLength(Double(PNGCodec.maxSide))
            let layout = try self.layout(text, font: scene.font, sizePx: sizePx >= 0.5 ? sizePx : 1)
            guard layout.unknownGlyphs > 0 else { return }
            found.append(MissingGlyph(keyIndex: key, field: field, text: text, scalars: layout.missing, unknownGlyphs: layout.unknownGlyphs))
        }
        for (n, key) in scene.keys.enumerated() {
            if key.icon == .none { try check(key.label, size: key.style.textSize, key: n, field: .label) }
            let shifted = key.frame.key.shiftLabel
            if shifted != key.label { try check(shifted, size: key.style.textSize, key: n, field: .shiftLabel) }
        }
        for callout in scene.callouts {
            try check(callout.label, size: callout.textSize, key: callout.keyIndex, field: .callout)
        }
        if let toolbar = scene.toolbar { try check(toolbar.title, size: toolbar.textSize, key: nil, field: .toolbarTitle) }
        return found
    }
}

extension Renderer {
    /// The texts of `scene` with characters no font of the chain draws (`MissingGlyph`);
    /// empty when every character has a glyph. Drawing the scene after this lays out nothing
    /// again.
    ///
    /// - Throws: `RenderError` for a text size that cannot be set.
    public func missingGlyphs(in scene: KeyboardScene) throws -> [MissingGlyph] {
        try text.missingGlyphs(in: scene)
    }

    /// The font files drawing `scene` reads: `DrawingLibraries.fontFiles(drawing:)`, and each
    /// per-script fallback file a character of its texts is taken from.
    ///
    /// - Throws: `RenderError` for a text size that cannot be set.
    public func fontFiles(drawing scene: KeyboardScene) throws -> [String] {
        var files = DrawingLibraries.fontFiles(drawing: scene)
        var texts = scene.keys.flatMap { [$0.label, $0.frame.key.shiftLabel] } + scene.callouts.map(\.label)
        if let toolbar = scene.toolbar { texts.append(toolbar.title) }
        for text in Set(texts).sorted() where text.unicodeScalars.contains(where: { $0.value >= 0x80 }) {
            for file in try self.text.fallbackFiles(drawing: text, font: scene.font) where !files.contains(file) {
                files.append(file)
            }
        }
        return files
    }
}

extension LabelMeasurer {
    /// As `Renderer.missingGlyphs(in:)`, with the measurer's fonts, for checks that do not draw.
    ///
    /// - Throws: `RenderError` for a text size that cannot be set.
    public func missingGlyphs(in scene: KeyboardScene) throws -> [MissingGlyph] {
        try text.withLock { try $0.missingGlyphs(in: scene) }
    }
}
