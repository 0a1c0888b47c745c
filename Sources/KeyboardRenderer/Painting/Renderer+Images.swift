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
        for (source, target) in Self.nineSlices(image, imageWidth: imageWidth, imageHeight: imageHeight, x: x, y: y, width: width, height: height, scale: scale) {
            try context.paint(surface, source: source, destination: target)
        }
    }

    /// The 9-slice of `image` (`imageWidth` × `imageHeight` pixels, non-zero cap insets) over
    /// the pixel rectangle at `scale` pixels per point: each non-empty slice's rectangle in the
    /// image and the rectangle it is drawn over, rows top to bottom, columns left to right.
    /// The one plan of the PNG and PDF painter and the SVG writer.
    static func nineSlices(_ image: SceneImage, imageWidth: Double, imageHeight: Double, x: Double, y: Double, width: Double, height: Double,
                           scale: Double) -> [(source: (Double, Double, Double, Double), target: (Double, Double, Double, Double))] {
        let insets = image.capInsets
        let source = caps(insets.left * image.scale, insets.right * image.scale, total: imageWidth)
        let sourceV = caps(insets.top * image.scale, insets.bottom * image.scale, total: imageHeight)
        let target = caps(insets.left * scale, insets.right * scale, total: width)
        let targetV = caps(insets.top * scale, insets.bottom * scale, total: height)
        let sourceColumns = [(0, source.0), (source.0, imageWidth - source.0 - source.1), (imageWidth - source.1, source.1)]
        let sourceRows = [(0, sourceV.0), (sourceV.0, imageHeight - sourceV.0 - sourceV.1), (imageHeight - sourceV.1, sourceV.1)]
        let targetColumns = [(x, target.0), (x + target.0, width - target.0 - target.1), (x + width - target.1, target.1)]
        let targetRows = [(y, targetV.0), (y + targetV.0, height - targetV.0 - targetV.1), (y + height - targetV.1, targetV.1)]
        var slices: [(source: (Double, Double, Double, Double), target: (Double, Double, Double, Double))] = []
        for row in 0..<3 {
            for column in 0..<3 {
                let s = (sourceColumns[column], sourceRows[row]), t = (targetColumns[column], targetRows[row])
                guard s.0.1 > 0, s.1.1 > 0, t.0.1 > 0, t.1.1 > 0 else { continue }
                slices.append(((s.0.0, s.1.0, s.0.1, s.1.1), (t.0.0, t.1.0, t.0.1, t.1.1)))
            }
        }
        return slices
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
