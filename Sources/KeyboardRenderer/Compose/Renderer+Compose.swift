import CCairo
import KeyboardModel

extension Renderer {
    /// The canvas of `scene` once for each of `captions` (nil: none), each encoded in
    /// `format`: a PNG of colour type 2 (8-bit RGB, no alpha) or a JPEG, exactly
    /// `scene.width × scene.height` pixels. The background and the device are painted once and
    /// shared by every caption. Equal scenes and captions give equal bytes.
    ///
    /// - Parameters:
    ///   - scene: the canvas: background, device, screen and keyboard, in pixels.
    ///   - captions: one caption per image written; nil draws none.
    ///   - format: PNG or JPEG.
    ///   - pngCompression: zlib level of a PNG, `PNGCodec.compressionLevels`.
    /// - Throws: `RenderError` for a size outside the limits, a value that cannot be drawn, a
    ///   keyboard scene that cannot be painted, or a cairo failure; `StillImageError` when a
    ///   JPEG cannot be written.
    public func compose(_ scene: ComposedScene, captions: [ComposedCaption?], as format: StillImageFormat, pngCompression: Int = 1) throws -> [[UInt8]] {
        try PNGCodec.check(compression: pngCompression)
        let base = try paintedBase(scene)
        var files: [[UInt8]] = []
        for caption in captions {
            let surface = captions.count == 1 ? base : try copy(of: base)
            if let caption { try withContext(surface) { try paint(caption, in: $0) } }
            files.append(try surface.consumeAsRGBA {
                try StillImageCodec.encode($0, width: scene.width, height: scene.height, as: format, compression: pngCompression)
            })
        }
        return files
    }

    /// The canvas of `scene` with `caption`, as opaque straight RGBA pixels.
    ///
    /// - Throws: as `compose(_:captions:as:pngCompression:)`.
    public func composedImage(_ scene: ComposedScene, caption: ComposedCaption?) throws -> RasterImage {
        let surface = try paintedBase(scene)
        if let caption { try withContext(surface) { try paint(caption, in: $0) } }
        return try surface.rasterImage()
    }

    /// The background and the framed device, over opaque white.
    private func paintedBase(_ scene: ComposedScene) throws -> CairoSurface {
        try CairoSurface.checkSize(width: scene.width, height: scene.height)
        let device = scene.device
        guard device.scale.isFinite, device.scale > 0, device.scale <= Double(Limits.maxImageSide) else {
            throw RenderError.invalidValue(field: "device.scale", value: device.scale, reason: "is not a usable scale")
        }
        let screen = try paintedScreen(device.screen)
        let surface = try CairoSurface.image(width: scene.width, height: scene.height)
        try withContext(surface) { context in
            context.setSource(.white)
            context.paint()
            try paint(scene.background, width: scene.width, height: scene.height, in: context)
            if case .vector(let frame) = device.frame { DeviceFramePainter.paintBody(frame, in: context) }
            context.save()
            let width = Double(device.screen.width) * device.scale, height = Double(device.screen.height) * device.scale
            context.roundedRectangle(Double(device.screenX), Double(device.screenY), width, height, radius: device.cornerRadius)
            context.clip()
            context.translate(Double(device.screenX), Double(device.screenY))
            context.scale(device.scale, device.scale)
            context.paintSurface(screen, filtered: device.scale != 1, padded: true)
            context.restore()
            switch device.frame {
            case .none: break
            case .vector(let frame): DeviceFramePainter.paintOverScreen(frame, in: context)
            case .image(let placed): try paint(placed, in: context)
            }
        }
        return surface
    }

    /// The screen at its own pixels: the fill, the app, the keyboard as `render` paints it,
    /// the status bar.
    private func paintedScreen(_ screen: ComposedScreen) throws -> CairoSurface {
        try SceneValidation.validate(screen.keyboard)
        let keyboard = try CairoSurface.image(width: screen.keyboard.imageWidth, height: screen.keyboard.imageHeight)
        try withContext(keyboard) { try paint(screen.keyboard, in: $0) }
        let surface = try CairoSurface.image(width: screen.width, height: screen.height)
        try withContext(surface) { context in
            context.setSource(screen.fill.opaque)
            context.paint()
            if let app = screen.app { try paint(app, in: context) }
            context.save()
            context.translate(Double(screen.keyboardX), Double(screen.keyboardY))
            context.paintSurface(keyboard, filtered: false, padded: false)
            context.restore()
            if let bar = screen.statusBar { try StatusBarPainter.paint(bar, text: text, in: context) }
        }
        return surface
    }

    private func paint(_ background: ComposedBackground, width: Int, height: Int, in context: CairoContext) throws {
        switch background {
        case .color(let color):
            context.setSource(color)
            context.paint()
        case .image(let image):
            let cover = max(Double(width) / Double(image.width), Double(height) / Double(image.height))
            let w = Double(image.width) * cover, h = Double(image.height) * cover
            try paint(PlacedImage(image: image, rect: Rect(x: (Double(width) - w) / 2, y: (Double(height) - h) / 2, width: w, height: h)), in: context)
        }
    }

    private func paint(_ placed: PlacedImage, in context: CairoContext) throws {
        let surface = try CairoSurface.image(from: placed.image)
        let r = placed.rect
        try context.paint(surface, source: (0, 0, Double(placed.image.width), Double(placed.image.height)), destination: (r.x, r.y, r.width, r.height))
    }

    private func paint(_ caption: ComposedCaption, in context: CairoContext) throws {
        guard !caption.text.isEmpty else { return }
        let paragraph = try CaptionParagraph(caption.text, font: caption.font, sizePx: caption.size, width: caption.box.width, engine: text)
        context.setSource(caption.color)
        paragraph.draw(in: context, x: caption.box.x, y: caption.box.y)
    }

    /// A new surface holding `base`'s pixels.
    private func copy(of base: CairoSurface) throws -> CairoSurface {
        let surface = try CairoSurface.image(width: base.width, height: base.height)
        try withContext(surface) { $0.paintSurface(base, filtered: false, padded: false) }
        return surface
    }
}

extension CairoContext {
    /// Paints `surface` with its top-left corner at the origin of the current user space;
    /// `filtered` resamples it with cairo's good filter (for a scaled user space), else pixels
    /// are taken as they are (nearest), so a whole-pixel offset copies them unchanged.
    /// `padded` repeats its edge pixels outward (for a surface clipped to its own outline, so
    /// a scaled edge does not fade); otherwise nothing is painted beyond it.
    func paintSurface(_ surface: CairoSurface, filtered: Bool, padded: Bool) {
        cairo_set_source_surface(pointer, surface.pointer, 0, 0)
        if let pattern = cairo_get_source(pointer) {
            cairo_pattern_set_filter(pattern, filtered ? CAIRO_FILTER_GOOD : CAIRO_FILTER_NEAREST)
            cairo_pattern_set_extend(pattern, padded ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        }
        cairo_paint(pointer)
    }
}

extension Color {
    /// The colour with full opacity.
    package var opaque: Color { Color(red: red, green: green, blue: blue) }
}
