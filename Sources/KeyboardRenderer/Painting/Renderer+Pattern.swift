import CCairo
import KeyboardModel

/// Pattern pads: the background, the line under the dots (round caps and joins), then each
/// dot's ring and disc. Points are multiplied by the scene's scale.
extension Renderer {
    /// The pad as `imageSide × imageSide` pixels of straight RGBA.
    ///
    /// - Throws: `RenderError` for a value that cannot be drawn or an image side outside
    ///   1…16384 px.
    public func rasterize(_ scene: PatternScene) throws -> RasterImage {
        try validate(scene)
        let surface = try CairoSurface.image(width: scene.imageSide, height: scene.imageSide)
        try withContext(surface) { paint(scene, in: $0) }
        return try surface.rasterImage()
    }

    /// The pad as a file in `format`: a PNG of `imageSide × imageSide` pixels, an SVG whose
    /// user unit is one pixel, or a one-page PDF the size of the pad in points. Equal scenes
    /// give equal bytes.
    public func render(_ scene: PatternScene, as format: OutputFormat, pngCompression: Int = 1) throws -> [UInt8] {
        if format == .svg { return try svg(scene) }
        try validate(scene)
        return try format.draw(width: scene.imageSide, height: scene.imageSide, scale: scene.scale, pngCompression: pngCompression, using: self) {
            paint(scene, in: $0)
        }
    }

    /// The pad as a PNG file.
    public func png(_ scene: PatternScene, compression: Int = 1) throws -> [UInt8] {
        try render(scene, as: .png, pngCompression: compression)
    }

    /// The pad as a one-page PDF the size of the pad in points, with fixed dates.
    public func pdf(_ scene: PatternScene) throws -> [UInt8] {
        try render(scene, as: .pdf)
    }

    func validate(_ scene: PatternScene) throws {
        let scale = scene.scale
        try SceneValidation.check(scale: scale)
        try CairoSurface.checkSize(width: scene.imageSide, height: scene.imageSide)
        let limit = Double(Limits.maxScenePixel) / scale
        try SceneValidation.length(scene.lineWidth, "lineWidth")
        for (i, dot) in scene.dots.enumerated() {
            try SceneValidation.length(dot.diameter, "dots[\(i)].diameter")
            try SceneValidation.length(dot.ringDiameter, "dots[\(i)].ringDiameter")
            for (name, value) in [("centerX", dot.centerX), ("centerY", dot.centerY), ("diameter", dot.diameter), ("ringDiameter", dot.ringDiameter)] where abs(value) > limit {
                throw RenderError.invalidValue(field: "dots[\(i)].\(name)", value: value, reason: "pt is beyond the drawable range")
            }
        }
        if scene.lineWidth > limit {
            throw RenderError.invalidValue(field: "lineWidth", value: scene.lineWidth, reason: "pt is beyond the drawable range")
        }
    }

    func paint(_ scene: PatternScene, in context: CairoContext) {
        let s = scene.scale
        let side = Double(scene.imageSide)
        context.setSource(scene.background)
        context.rectangle(0, 0, side, side)
        context.fill()
        let line = scene.line
        if line.count > 1, scene.lineWidth > 0, scene.lineColor.alpha > 0 {
            context.newPath()
            context.move(line[0].x * s, line[0].y * s)
            for point in line.dropFirst() { context.line(point.x * s, point.y * s) }
            context.setRoundJoins()
            context.setLineWidth(scene.lineWidth * s)
            context.setSource(scene.lineColor)
            context.stroke()
        }
        for dot in scene.dots {
            if dot.ringDiameter > 0, dot.ringColor.alpha > 0 {
                context.newPath()
                context.arc(dot.centerX * s, dot.centerY * s, radius: dot.ringDiameter * s / 2, from: 0, to: 2 * .pi)
                context.setSource(dot.ringColor)
                context.fill()
            }
            if dot.diameter > 0, dot.color.alpha > 0 {
                context.newPath()
                context.arc(dot.centerX * s, dot.centerY * s, radius: dot.diameter * s / 2, from: 0, to: 2 * .pi)
                context.setSource(dot.color)
                context.fill()
            }
        }
    }
}
