import CCairo
import KeyboardModel

extension Renderer {
    /// The pixels of some regions of the scene, each exactly as `rasterize(_:)` draws it:
    /// one straight-RGBA image per region, in the order given, of the region's part inside
    /// the image (an empty image, 0 × 0, for a region outside it or of no area).
    ///
    /// Nothing is clipped (a clip would change pixels inside the regions: cairo rasterises
    /// shapes and samples images differently under one): the scene is drawn whole, except
    /// the keys that cannot reach a region (`reaching(_:in:)`), and only the regions are
    /// converted and copied out, so a check that reads a few boxes of a large keyboard does
    /// not pay for a second copy of the image.
    ///
    /// - Throws: as `rasterize(_:)` (nothing is drawn, and nothing thrown, when no region
    ///   holds a pixel of the image).
    public func rasterize(_ scene: KeyboardScene, regions: [PixelRect]) throws -> [RasterImage] {
        try SceneValidation.validate(scene)
        let width = scene.imageWidth, height = scene.imageHeight
        let inside = regions.map { region -> PixelRect in
            let x0 = min(max(region.x, 0), width), y0 = min(max(region.y, 0), height)
            let x1 = max(min(region.x.addingClamped(region.width), width), x0)
            let y1 = max(min(region.y.addingClamped(region.height), height), y0)
            return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        guard inside.contains(where: { $0.width > 0 && $0.height > 0 }) else {
            return inside.map { _ in RasterImage(width: 0, height: 0, rgba: []) }
        }
        let surface = try CairoSurface.image(width: width, height: height)
        let drawn = Self.reaching(inside, in: scene)
        try withContext(surface) { try paint(drawn, in: $0) }
        return try surface.rasterImages(of: inside)
    }

    /// `scene` with every key that draws no label or icon and whose face, border and shadow
    /// lie outside all `regions` left undrawn (its frame made empty). Such a key paints only
    /// inside its face rectangle and that rectangle moved down by its shadow's drop (its
    /// border is inside the face, its image clipped to it); a pixel of margin is kept around
    /// both. Each key is composited on its own, so the pixels of the regions are unchanged.
    static func reaching(_ regions: [PixelRect], in scene: KeyboardScene) -> KeyboardScene {
        var drawn = scene
        for (n, key) in scene.keys.enumerated() where key.label.isEmpty && key.icon == .none {
            let face = key.style.face(of: key.frame.pixelFrame, scale: scene.scale)
            guard face.width > 0, face.height > 0 else { continue }
            let drop = key.style.shadowDrop(scale: scene.scale)
            let bottom = Double(face.y) + Double(face.height) + (drop.isFinite ? drop : Double(scene.imageHeight))
            let reach = (x0: face.x - 1, y0: face.y - 1, x1: face.x + face.width + 1, y1: Int(min(bottom.rounded(.up), Double(Int32.max))) + 1)
            let meets = regions.contains { r in
                r.width > 0 && r.height > 0 && r.x < reach.x1 && reach.x0 < r.x + r.width && r.y < reach.y1 && reach.y0 < r.y + r.height
            }
            if !meets { drawn.keys[n].frame.pixelFrame = PixelRect(x: 0, y: 0, width: 0, height: 0) }
        }
        return drawn
    }
}

extension CairoSurface {
    /// The pixels of each rectangle (inside the surface) as straight RGBA, converted as
    /// `rasterImage()` converts the whole surface.
    func rasterImages(of rectangles: [PixelRect]) throws -> [RasterImage] {
        cairo_surface_flush(pointer)
        try check("flushing the image")
        guard let data = cairo_image_surface_get_data(pointer) else {
            throw RenderError.cairo(operation: "reading the image", status: "no pixel data")
        }
        let stride = Int(cairo_image_surface_get_stride(pointer))
        return rectangles.map { r in
            guard r.width > 0, r.height > 0, r.x >= 0, r.y >= 0, r.x + r.width <= width, r.y + r.height <= height else {
                return RasterImage(width: 0, height: 0, rgba: [])
            }
            let rgba = [UInt8](unsafeUninitializedCapacity: r.width * r.height * 4) { buffer, count in
                if let base = buffer.baseAddress {
                    rk_argb32_to_rgba(data + r.y * stride + r.x * 4, Int32(stride), Int32(r.width), Int32(r.height), base)
                }
                count = r.width * r.height * 4
            }
            return RasterImage(width: r.width, height: r.height, rgba: rgba)
        }
    }
}

private extension Int {
    /// The sum, held at `Int.max` instead of overflowing.
    func addingClamped(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
