import KeyboardModel

/// Checks every number of a scene before any of it reaches cairo. Values that cannot mean
/// anything (NaN, infinite, negative lengths, frames beyond any image) throw
/// `RenderError.invalidValue` naming the field; merely large lengths are clamped later
/// (radii and borders to half the key's shorter side).
enum SceneValidation {

    /// Throws for a scale outside `Limits.scale`, for keyboards and pattern pads alike.
    static func check(scale: Double) throws {
        if let problem = Limits.scaleProblem(scale) {
            throw RenderError.invalidValue(field: "scale", value: scale, reason: "is not a usable pixels-per-point scale: \(problem)")
        }
    }

    static func validate(_ scene: KeyboardScene) throws {
        let scale = scene.scale
        try check(scale: scale)
        try CairoSurface.checkSize(width: scene.imageWidth, height: scene.imageHeight)
        var decodedPixels = 0
        var counted = Set<String>()
        func count(_ image: SceneImage, field: String) throws {
            guard counted.insert(image.id).inserted, let size = PNGCodec.declaredSize(image.png) else { return }
            decodedPixels += size.width * size.height
            if decodedPixels > Limits.maxSceneImagePixels {
                throw RenderError.invalidValue(field: field, value: Double(decodedPixels), reason: "px: the scene's images decode to more than \(Limits.maxSceneImagePixels) px together")
            }
        }
        if case let .image(image) = scene.background { try count(image, field: "background.image") }
        for (i, key) in scene.keys.enumerated() {
            if let image = key.style.image { try count(image, field: "keys[\(i)].style.image") }
        }
        if case let .image(image) = scene.background { try validate(image, field: "background.image") }
        if let toolbar = scene.toolbar {
            try validate(toolbar.pixelFrame, field: "toolbar.pixelFrame")
            try length(toolbar.textSize, "toolbar.textSize")
        }
        for (i, key) in scene.keys.enumerated() {
            try validate(key.frame.pixelFrame, field: "keys[\(i)].pixelFrame")
            let style = key.style
            let field = "keys[\(i)].style"
            try length(style.textSize, "\(field).textSize")
            try length(style.cornerRadius, "\(field).cornerRadius")
            try length(style.borderWidth, "\(field).borderWidth")
            try length(style.shadowHeight, "\(field).shadowHeight")
            if let image = style.image { try validate(image, field: "\(field).image") }
        }
        for (i, callout) in scene.callouts.enumerated() {
            let field = "callouts[\(i)]"
            guard scene.keys.indices.contains(callout.keyIndex) else {
                throw RenderError.invalidValue(field: "\(field).keyIndex", value: Double(callout.keyIndex), reason: "is not the index of a key")
            }
            try length(callout.textSize, "\(field).textSize")
            try length(callout.borderWidth, "\(field).borderWidth")
            try length(callout.shadowHeight, "\(field).shadowHeight")
            let limit = Double(Limits.maxScenePixel) / scale
            for (n, point) in callout.outline.points.enumerated() {
                guard point.x.isFinite, point.y.isFinite, abs(point.x) <= limit, abs(point.y) <= limit else {
                    throw RenderError.invalidValue(field: "\(field).outline[\(n)]", value: point.x.isFinite ? point.y : point.x, reason: "pt is not a drawable coordinate")
                }
            }
            for (name, value) in [("x", callout.bubble.x), ("y", callout.bubble.y), ("width", callout.bubble.width), ("height", callout.bubble.height)] {
                guard value.isFinite, abs(value) <= limit else {
                    throw RenderError.invalidValue(field: "\(field).bubble.\(name)", value: value, reason: "pt is not a drawable coordinate")
                }
            }
        }
    }

    static func validate(_ rect: PixelRect, field: String) throws {
        for (name, value) in [("x", rect.x), ("y", rect.y), ("width", rect.width), ("height", rect.height)] {
            guard (-Limits.maxScenePixel...Limits.maxScenePixel).contains(value) else { // not abs(): Int.min has none
                throw RenderError.invalidValue(field: "\(field).\(name)", value: Double(value), reason: "px is beyond ±\(Limits.maxScenePixel) px")
            }
        }
        guard rect.width >= 0, rect.height >= 0 else {
            throw RenderError.invalidValue(field: "\(field).\(rect.width < 0 ? "width" : "height")", value: Double(min(rect.width, rect.height)), reason: "px is negative")
        }
    }

    static func validate(_ image: SceneImage, field: String) throws {
        if let problem = Limits.scaleProblem(image.scale) {
            throw RenderError.invalidValue(field: "\(field).scale", value: image.scale, reason: "is not a usable image scale: \(problem)")
        }
        let insets = image.capInsets
        try length(insets.top, "\(field).capInsets.top")
        try length(insets.left, "\(field).capInsets.left")
        try length(insets.bottom, "\(field).capInsets.bottom")
        try length(insets.right, "\(field).capInsets.right")
    }

    /// A length in points: finite and ≥ 0.
    static func length(_ value: Double, _ field: String) throws {
        guard value.isFinite else { throw RenderError.invalidValue(field: field, value: value, reason: "pt is not a finite number") }
        guard value >= 0 else { throw RenderError.invalidValue(field: field, value: value, reason: "pt is negative") }
    }
}

extension Double {
    /// `self` limited to `0…limit` (for lengths already known to be finite and ≥ 0, after
    /// multiplying by the scale, which may overflow to infinity).
    func clampedLength(_ limit: Double) -> Double {
        guard self.isFinite else { return self.isNaN ? 0 : (self > 0 ? limit : 0) }
        return Swift.max(0, Swift.min(self, limit))
    }
}
