import KeyboardModel

/// Theme images: decoded once per `Renderer` (by id), drawn stretched or as a 9-slice.
extension Renderer {
    /// The image decoded with libpng into a cairo surface, cached by `id`; a new `png` under
    /// the same id replaces the cached one.
    func decodedImage(_ image: SceneImage) throws -> CairoSurface {
        if let cached = images[image.id], cached.png == image.png { return cached.surface }
        let raster = try PNGCodec.decode(image.png, id: image.id)
        let surface = try CairoSurface.image(from: raster)
        if images.count >= 256 { images.removeAll() }
        images[image.id] = (image.png, surface)
        return surface
    }

    /// Draws `image` over the pixel rectangle. With zero cap insets the whole image is
    /// stretched. Otherwise it is a 9-slice: the source caps are `capInsets × image.scale`
    /// image pixels, drawn at `capInsets × scale` pixels (their size in points), the edges
    /// stretched along one axis and the centre along both. Caps larger than the image or the
    /// key are shrunk proportionally; cap sizes are rounded to whole pixels so slices meet
    /// without seams.
    func paint(_ image: SceneImage, x: Double, y: Double, width: Double, height: Double, scale: Double, in context: CairoContext) throws {
        let surface = try decodedImage(image)
        let imageWidth = Double(surface.width), imageHeight = Double(surface.height)
        let insets = image.capInsets
        guard insets != .zero else {
            try context.paint(surface, source: (0, 0, imageWidth, imageHeight), destination: (x, y, width, height))
            return
        }
        let source = Self.caps(insets.left * image.scale, insets.right * image.scale, total: imageWidth)
        let sourceV = Self.caps(insets.top * image.scale, insets.bottom * image.scale, total: imageHeight)
        let target = Self.caps(insets.left * scale, insets.right * scale, total: width)
        let targetV = Self.caps(insets.top * scale, insets.bottom * scale, total: height)

        let sourceColumns = [(0, source.0), (source.0, imageWidth - source.0 - source.1), (imageWidth - source.1, source.1)]
        let sourceRows = [(0, sourceV.0), (sourceV.0, imageHeight - sourceV.0 - sourceV.1), (imageHeight - sourceV.1, sourceV.1)]
        let targetColumns = [(x, target.0), (x + target.0, width - target.0 - target.1), (x + width - target.1, target.1)]
        let targetRows = [(y, targetV.0), (y + targetV.0, height - targetV.0 - targetV.1), (y + height - targetV.1, targetV.1)]
        for row in 0..<3 {
            for column in 0..<3 {
                let s = (sourceColumns[column], sourceRows[row])
                let t = (targetColumns[column], targetRows[row])
                guard s.0.1 > 0, s.1.1 > 0, t.0.1 > 0, t.1.1 > 0 else { continue }
                try context.paint(surface, source: (s.0.0, s.1.0, s.0.1, s.1.1), destination: (t.0.0, t.1.0, t.0.1, t.1.1))
            }
        }
    }

    /// Two cap lengths rounded to whole pixels and shrunk together to fit in `total`.
    static func caps(_ first: Double, _ second: Double, total: Double) -> (Double, Double) {
        var a = first.clampedLength(total), b = second.clampedLength(total)
        if a + b > total, a + b > 0 {
            let factor = total / (a + b)
            a *= factor
            b *= factor
        }
        a = a.rounded()
        b = min(b.rounded(), max(0, total.rounded(.down) - a))
        return (a, b)
    }
}
