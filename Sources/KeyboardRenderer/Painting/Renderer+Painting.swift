import CCairo
import KeyboardModel

/// docs/layouts-and-themes.md drawing order, in pixel space of the scene (1 user unit = 1 pixel).
extension Renderer {
    func paint(_ scene: KeyboardScene, in context: CairoContext) throws {
        let width = Double(scene.imageWidth), height = Double(scene.imageHeight)
        switch scene.background {
        case let .color(color):
            context.setSource(color)
            context.rectangle(0, 0, width, height)
            context.fill()
        case let .image(image):
            let surface = try decodedImage(image)
            try context.paint(surface, source: (0, 0, Double(surface.width), Double(surface.height)), destination: (0, 0, width, height))
        }
        if let toolbar = scene.toolbar { try paint(toolbar, scene: scene, in: context) }
        // Every face first, then every label: a key that overlaps another (an Android key
        // taller than its row reaches into the rows below) never covers that key's label.
        let replaced = Set(scene.callouts.map(\.keyIndex))
        for (n, key) in scene.keys.enumerated() where !replaced.contains(n) {
            try paintFace(key, scene: scene, in: context)
        }
        for (n, key) in scene.keys.enumerated() where !replaced.contains(n) {
            try paintLabel(key, scene: scene, in: context)
        }
        for callout in scene.callouts {
            try paint(callout, scene: scene, in: context)
        }
        try context.check("drawing the keyboard")
    }

    func paint(_ toolbar: SceneToolbar, scene: KeyboardScene, in context: CairoContext) throws {
        let r = toolbar.pixelFrame
        guard r.width > 0, r.height > 0 else { return }
        let x = Double(r.x), y = Double(r.y), w = Double(r.width), h = Double(r.height)
        context.setSource(toolbar.fill)
        context.rectangle(x, y, w, h)
        context.fill()
        guard toolbar.text.alpha > 0 else { return }
        try draw(toolbar.title, size: toolbar.textSize, color: toolbar.text, scene: scene, centeredAt: x + w / 2, y + h / 2, in: context)
    }

    /// Draws `label` at `size` points, the size the scene gives (`SceneComposer` fits labels;
    /// nothing is measured or shrunk here), its logical box centred on (`cx`, `cy`) pixels.
    /// An empty label or one smaller than half a pixel draws nothing.
    func draw(_ label: String, size: Double, color: Color, scene: KeyboardScene, centeredAt cx: Double, _ cy: Double, in context: CairoContext) throws {
        let sizePx = (size * scene.scale).clampedLength(Double(PNGCodec.maxSide))
        guard !label.isEmpty, sizePx >= 0.5 else { return }
        let layout = try text.layout(label, font: scene.font, sizePx: sizePx)
        context.setSource(color)
        layout.draw(in: context, centeredAt: cx, cy)
    }

    /// A key's shadow, fill, image and border.
    func paintFace(_ key: SceneKey, scene: KeyboardScene, in context: CairoContext) throws {
        guard let (x, y, w, h) = Self.drawnRectangle(of: key, scale: scene.scale) else { return }
        let style = key.style
        let scale = scene.scale
        let half = min(w, h) / 2
        let radius = (style.cornerRadius * scale).clampedLength(half)
        let square = style.hiddenCorners

        // Shadow: the shape moved down by the scene's drop (the image has room for it).
        let drop = style.shadowDrop(scale: scale).clampedLength(Double(scene.imageHeight))
        if drop > 0 {
            context.setSource(style.shadowColor)
            context.roundedRectangle(x, y + drop, w, h, radius: radius, square: square)
            context.fill()
        }

        // Fill, then image, clipped to the shape.
        if style.fill.alpha > 0 {
            context.setSource(style.fill)
            context.roundedRectangle(x, y, w, h, radius: radius, square: square)
            context.fill()
        }
        if let image = style.image {
            context.save()
            context.roundedRectangle(x, y, w, h, radius: radius, square: square)
            context.clip()
            try paint(image, x: x, y: y, width: w, height: h, scale: scale, in: context)
            context.restore()
        }

        // Border inside the shape: clip to the shape, stroke twice the width on its outline.
        let border = (style.borderWidth * scale).clampedLength(half)
        if border > 0, style.borderColor.alpha > 0 {
            context.save()
            context.roundedRectangle(x, y, w, h, radius: radius, square: square)
            context.clip()
            context.roundedRectangle(x, y, w, h, radius: radius, square: square)
            context.setSource(style.borderColor)
            context.setLineWidth(2 * border)
            context.stroke()
            context.restore()
        }
    }

    /// A key's icon or label, centred on it.
    func paintLabel(_ key: SceneKey, scene: KeyboardScene, in context: CairoContext) throws {
        let style = key.style
        guard let (x, y, w, h) = Self.drawnRectangle(of: key, scale: scene.scale), style.text.alpha > 0 else { return }
        let size = (style.textSize * scene.scale).clampedLength(Double(PNGCodec.maxSide))
        if key.icon != .none {
            context.setSource(style.text)
            KeyIconPainter.draw(key.icon, in: context, centerX: x + w / 2, centerY: y + h / 2, textSize: size, maxWidth: w, maxHeight: h)
        } else {
            try draw(key.label, size: style.textSize, color: style.text, scene: scene, centeredAt: x + w / 2, y + h / 2, in: context)
        }
    }

    /// The key's face (left, top, width, height, pixels): its pixel frame less the style's
    /// `inset` (`ResolvedKeyStyle.face`); nil when it covers no pixel and nothing of the key
    /// is drawn.
    private static func drawnRectangle(of key: SceneKey, scale: Double) -> (Double, Double, Double, Double)? {
        let r = key.style.face(of: key.frame.pixelFrame, scale: scale)
        guard r.width > 0, r.height > 0 else { return nil }
        return (Double(r.x), Double(r.y), Double(r.width), Double(r.height))
    }
}
