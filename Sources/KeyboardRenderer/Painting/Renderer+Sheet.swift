import KeyboardModel

/// One picture placed on a contact sheet, with a caption: a keyboard (`SheetCell`) or a
/// gesture pattern pad (`PatternSheetCell`).
public struct PlacedCell<Scene: Sendable>: Sendable {
    /// The picture: a `KeyboardScene` or a `PatternScene`, drawn at its own scale.
    public var scene: Scene
    /// Left edge of the scene on the sheet, pixels.
    public var originX: Int
    /// Top edge of the scene on the sheet, pixels.
    public var originY: Int
    /// Drawn with its logical box's top-left at (`captionX`, `captionY`) pixels; empty for none.
    public var caption: String
    /// Left edge of the caption's logical box, pixels.
    public var captionX: Int
    /// Top edge of the caption's logical box, pixels.
    public var captionY: Int
    /// Caption text size, pixels.
    public var captionSize: Double
    /// The caption's text colour.
    public var captionColor: Color

    /// A cell; positions and sizes are sheet pixels, nothing is checked until it is drawn.
    public init(scene: Scene, originX: Int, originY: Int, caption: String = "", captionX: Int = 0, captionY: Int = 0, captionSize: Double = 14, captionColor: Color = .black) {
        self.scene = scene
        self.originX = originX
        self.originY = originY
        self.caption = caption
        self.captionX = captionX
        self.captionY = captionY
        self.captionSize = captionSize
        self.captionColor = captionColor
    }
}

/// One keyboard placed on a contact sheet, with a caption.
public typealias SheetCell = PlacedCell<KeyboardScene>
/// One pattern pad placed on a contact sheet, with a caption.
public typealias PatternSheetCell = PlacedCell<PatternScene>

extension Renderer {
    /// A `width × height` pixel sheet filled with `background`, each cell's scene painted at its
    /// origin at the scene's own scale (clipped to its image rectangle), and each caption set in
    /// DejaVu Sans.
    ///
    /// - Parameters:
    ///   - width: the sheet's width, pixels.
    ///   - height: the sheet's height, pixels.
    ///   - background: the colour under every cell.
    ///   - cells: keyboards with their origins and captions, in sheet pixels.
    ///   - patterns: pattern pads placed like `cells`, painted after them.
    /// - Throws: `RenderError.imageSize` for a sheet side outside 1…16384 px, and whatever
    ///   painting one of the scenes throws.
    public func rasterizeSheet(width: Int, height: Int, background: Color, cells: [SheetCell], patterns: [PatternSheetCell] = []) throws -> RasterImage {
        try CairoSurface.checkSize(width: width, height: height)
        let placements = cells.map { ($0.originX, $0.originY, $0.captionX, $0.captionY, $0.captionSize) } + patterns.map { ($0.originX, $0.originY, $0.captionX, $0.captionY, $0.captionSize) }
        for cell in cells { try SceneValidation.validate(cell.scene) }
        for pattern in patterns { try validate(pattern.scene) }
        for (originX, originY, captionX, captionY, captionSize) in placements {
            for (name, value) in [("originX", originX), ("originY", originY), ("captionX", captionX), ("captionY", captionY)] {
                guard (-Limits.maxScenePixel...Limits.maxScenePixel).contains(value) else {
                    throw RenderError.invalidValue(field: "cell.\(name)", value: Double(value), reason: "px is beyond ±\(Limits.maxScenePixel) px")
                }
            }
            guard captionSize.isFinite, captionSize >= 0 else {
                throw RenderError.invalidValue(field: "cell.captionSize", value: captionSize, reason: "px is not a usable text size")
            }
        }
        let surface = try CairoSurface.image(width: width, height: height)
        try withContext(surface) { context in
            context.setSource(background)
            context.paint()
            let captionFont = SceneFont.default
            for cell in cells {
                context.save()
                context.translate(Double(cell.originX), Double(cell.originY))
                context.rectangle(0, 0, Double(cell.scene.imageWidth), Double(cell.scene.imageHeight))
                context.clip()
                try paint(cell.scene, in: context)
                context.restore()
                try drawCaption(cell.caption, x: cell.captionX, y: cell.captionY, size: cell.captionSize, color: cell.captionColor, font: captionFont, in: context)
            }
            for cell in patterns {
                context.save()
                context.translate(Double(cell.originX), Double(cell.originY))
                context.rectangle(0, 0, Double(cell.scene.imageSide), Double(cell.scene.imageSide))
                context.clip()
                paint(cell.scene, in: context)
                context.restore()
                try drawCaption(cell.caption, x: cell.captionX, y: cell.captionY, size: cell.captionSize, color: cell.captionColor, font: captionFont, in: context)
            }
        }
        return try surface.rasterImage()
    }

    /// A caption with its logical box's top-left at (`x`, `y`) pixels, `size` pixels tall.
    private func drawCaption(_ caption: String, x: Int, y: Int, size captionSize: Double, color: Color, font: SceneFont, in context: CairoContext) throws {
        let size = captionSize.clampedLength(Double(PNGCodec.maxSide))
        guard !caption.isEmpty, size >= 0.5 else { return }
        let layout = try text.layout(caption, font: font, sizePx: size)
        context.setSource(color)
        layout.draw(in: context, centeredAt: Double(x) + layout.logicalSize.width / 2, Double(y) + layout.logicalSize.height / 2)
    }
}
