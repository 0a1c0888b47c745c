import CCairo
import KeyboardModel

/// Input callouts: the merged outline the scene gives, drawn like a key (shadow, fill,
/// border inside the shape), with the label centred in the bubble.
extension Renderer {
    func paint(_ callout: SceneCallout, scene: KeyboardScene, in context: CairoContext) throws {
        let scale = scene.scale
        func trace(dy: Double = 0) {
            context.newPath()
            for element in callout.outline.elements {
                switch element {
                case let .move(x, y): context.move(x * scale, (y + dy) * scale)
                case let .line(x, y): context.line(x * scale, (y + dy) * scale)
                case let .curve(x1, y1, x2, y2, x, y):
                    context.curve(x1 * scale, (y1 + dy) * scale, x2 * scale, (y2 + dy) * scale, x * scale, (y + dy) * scale)
                case .close: context.closePath()
                }
            }
        }
        let drop = (callout.shadowHeight * scale).clampedLength(Double(scene.imageHeight))
        if drop > 0, callout.shadowColor.alpha > 0 {
            context.setSource(callout.shadowColor)
            trace(dy: (drop >= 1 ? drop.rounded() : drop) / scale)
            context.fill()
        }
        if callout.fill.alpha > 0 {
            context.setSource(callout.fill)
            trace()
            context.fill()
        }
        let border = (callout.borderWidth * scale).clampedLength(callout.bubble.height * scale / 2)
        if border > 0, callout.borderColor.alpha > 0 {
            context.save()
            trace()
            context.clip()
            trace()
            context.setSource(callout.borderColor)
            context.setLineWidth(2 * border)
            context.stroke()
            context.restore()
        }
        guard callout.text.alpha > 0, !callout.label.isEmpty else { return }
        let b = callout.bubble
        let x = b.x * scale, y = b.y * scale, w = b.width * scale, h = b.height * scale
        try draw(callout.label, size: callout.textSize, color: callout.text, scene: scene, centeredAt: x + w / 2, y + h / 2, in: context)
    }
}
