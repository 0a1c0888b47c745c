import LayoutEngine

/// One keyboard placed on a contact sheet, with a caption.
public struct SheetCell: Sendable {
    public var scene: KeyboardScene
    /// Top-left corner of the scene on the sheet, pixels.
    public var originX: Int
    public var originY: Int
    /// Drawn with its logical box's top-left at (`captionX`, `captionY`) pixels; empty for none.
    public var caption: String
    public var captionX: Int
    public var captionY: Int
    /// Caption text size, pixels.
    public var captionSize: Double
    public var captionColor: Color

    public init(scene: KeyboardScene, originX: Int, originY: Int, caption: String = "", captionX: Int = 0, captionY: Int = 0, captionSize: Double = 14, captionColor: Color = .black) {
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

extension Renderer {
    /// A `width × height` pixel sheet filled with `background`, each cell's scene painted at its
    /// origin at the scene's own scale (clipped to its image rectangle), and each caption set in
    /// DejaVu Sans.
    ///
    /// - Throws: `RenderError.imageSize` for a sheet side outside 1…16384 px, and whatever
    ///   painting one of the scenes throws.
    public func rasterizeSheet(width: Int, height: Int, background: Color, cells: [SheetCell]) throws -> RasterImage {
        try CairoSurface.checkSize(width: width, height: height)
        for cell in cells {
            try SceneValidation.validate(cell.scene)
            for (name, value) in [("originX", cell.originX), ("originY", cell.originY), ("captionX", cell.captionX), ("captionY", cell.captionY)] {
                guard (-SceneValidation.pixelLimit...SceneValidation.pixelLimit).contains(value) else {
                    throw RenderError.invalidValue(field: "cell.\(name)", value: Double(value), reason: "px is beyond ±\(SceneValidation.pixelLimit) px")
                }
            }
            guard cell.captionSize.isFinite, cell.captionSize >= 0 else {
                throw RenderError.invalidValue(field: "cell.captionSize", value: cell.captionSize, reason: "px is not a usable text size")
            }
        }
        let surface = try CairoSurface.image(width: width, height: height)
        try withContext(surface) { context in
            context.setSource(background)
            context.paint()
            let captionFont = SceneFont(family: PinnedFonts.fallbackFamilies[0], weight: .regular)
            for cell in cells {
                context.save()
                context.translate(Double(cell.originX), Double(cell.originY))
                context.rectangle(0, 0, Double(cell.scene.imageWidth), Double(cell.scene.imageHeight))
                context.clip()
                try paint(cell.scene, in: context)
                context.restore()
                let size = cell.captionSize.clampedLength(Double(PNGCodec.maxSide))
                if !cell.caption.isEmpty, size >= 0.5 {
                    let layout = try text.layout(cell.caption, font: captionFont, sizePx: size)
                    context.setSource(cell.captionColor)
                    layout.draw(in: context, centeredAt: Double(cell.captionX) + layout.logicalSize.width / 2, Double(cell.captionY) + layout.logicalSize.height / 2)
                }
            }
        }
        return try surface.rasterImage()
    }
}
