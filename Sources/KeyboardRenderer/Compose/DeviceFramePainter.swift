import KeyboardModel

/// Paints a `VectorFrame`: the body under the screen, the cut-out and the home button over it.
enum DeviceFramePainter {
    /// Circular corners drawn as cubic curves: control points at this share of the radius.
    private static let kappa = Bezier.quarterCircleKappa
    /// The notch's lower corners, as a share of its height.
    private static let notchCorner = 0.6
    /// The small concave corners where a notch meets the screen's edge, as a share of its height.
    private static let notchEar = 0.2

    /// The body and its rim.
    static func paintBody(_ frame: VectorFrame, in context: CairoContext) {
        let body = frame.body
        context.roundedRectangle(body.x, body.y, body.width, body.height, radius: frame.bodyRadius)
        context.setSource(frame.color)
        context.fill()
        guard frame.rimWidth > 0 else { return }
        let inset = frame.rimWidth / 2
        context.roundedRectangle(body.x + inset, body.y + inset, body.width - frame.rimWidth, body.height - frame.rimWidth,
                                 radius: max(0, frame.bodyRadius - inset))
        context.setLineWidth(frame.rimWidth)
        context.setSource(frame.rim)
        context.stroke()
    }

    /// The cut-out (black) and the home button.
    static func paintOverScreen(_ frame: VectorFrame, in context: CairoContext) {
        if let cutout = frame.cutout {
            context.setSource(.black)
            let r = cutout.rect
            switch cutout.kind {
            case .island: context.roundedRectangle(r.x, r.y, r.width, r.height, radius: min(r.width, r.height) / 2)
            case .hole: context.arc(r.x + r.width / 2, r.y + r.height / 2, radius: min(r.width, r.height) / 2, from: 0, to: 2 * .pi)
            case .notch: notchPath(cutout, in: context)
            case .none: break
            }
            context.fill()
        }
        if let button = frame.homeButton {
            context.arc(button.centerX, button.centerY, radius: button.radius, from: 0, to: 2 * .pi)
            context.setSource(button.fill)
            context.fillPreserve()
            context.setLineWidth(max(1, button.radius * 0.08))
            context.setSource(button.ring)
            context.stroke()
        }
    }

    /// A notch hanging from the screen's edge: straight sides, rounded lower corners, and
    /// small concave corners where it meets the edge. Drawn along the edge (`u`) and away
    /// from it (`v`), then turned to the edge the cut-out touches.
    private static func notchPath(_ cutout: CutoutShape, in context: CairoContext) {
        let r = cutout.rect
        let length = cutout.fromLeftEdge ? r.height : r.width, depth = cutout.fromLeftEdge ? r.width : r.height
        let point: (Double, Double) -> (Double, Double) = { u, v in
            cutout.fromLeftEdge ? (r.x + v, r.y + u) : (r.x + u, r.y + v)
        }
        let c = min(depth * notchCorner, length / 2), e = depth * notchEar
        func move(_ u: Double, _ v: Double) { let p = point(u, v); context.move(p.0, p.1) }
        func line(_ u: Double, _ v: Double) { let p = point(u, v); context.line(p.0, p.1) }
        func curve(_ u1: Double, _ v1: Double, _ u2: Double, _ v2: Double, _ u: Double, _ v: Double) {
            let a = point(u1, v1), b = point(u2, v2), p = point(u, v)
            context.curve(a.0, a.1, b.0, b.1, p.0, p.1)
        }
        context.newPath()
        move(-e, 0)
        curve(-e + kappa * e, 0, 0, e - kappa * e, 0, e)
        line(0, depth - c)
        curve(0, depth - c + kappa * c, c - kappa * c, depth, c, depth)
        line(length - c, depth)
        curve(length - c + kappa * c, depth, length, depth - c + kappa * c, length, depth - c)
        line(length, e)
        curve(length, e - kappa * e, length + e - kappa * e, 0, length + e, 0)
        context.closePath()
    }
}
