import KeyboardModel

/// The vector icons keys draw instead of a label, modelled on the iPhone keyboard's glyphs.
///
/// Each icon is drawn in a unit box centred on the key, 1 unit = `unitPerTextSize` × the key's
/// text size in pixels (shrunk if the icon would not fit the key), in the current source colour, with
/// round joins and caps and a stroke of `lineWidth` units.
enum KeyIconPainter {
    static let lineWidth = 0.07
    /// Icons are a little larger than the text size, as a phone's symbols are next to its
    /// labels: at 16 pt (a function key's "123") the shift arrow is about 17 pt tall.
    static let unitPerTextSize = 1.15

    /// Width and height of each icon in units, stroke included.
    static func size(of icon: SceneIcon) -> (width: Double, height: Double) {
        switch icon.kind {
        case .none: return (0, 0)
        case .shift: return (0.84 + lineWidth, 0.92 + lineWidth)
        case .delete: return (1.04 + lineWidth, 0.72 + lineWidth)
        case .return: return (0.84 + lineWidth, 0.70 + lineWidth)
        case .collapse: return (1.0 + lineWidth, 0.86 + lineWidth)
        case .globe: return (0.84 + lineWidth, 0.84 + lineWidth)
        case .space: return (1.0 + lineWidth, 0.24 + lineWidth)
        case .emoji: return (1.08 + lineWidth, 1.08 + lineWidth)
        case .mic: return (0.50 + lineWidth, 0.84 + lineWidth)
        }
    }

    /// Draws `icon` centred on (`centerX`, `centerY`), pixels; `textSize` in pixels; the icon
    /// keeps inside 80 % of `maxWidth` and 60 % of `maxHeight`.
    static func draw(_ icon: SceneIcon, in context: some IconCanvas, centerX: Double, centerY: Double, textSize: Double, maxWidth: Double, maxHeight: Double) {
        let box = size(of: icon)
        guard box.width > 0, box.height > 0 else { return }
        let unit = min(textSize * unitPerTextSize, 0.8 * maxWidth / box.width, 0.6 * maxHeight / box.height)
        guard unit.isFinite, unit >= 0.5 else { return }
        context.save()
        defer { context.restore() }
        context.translate(centerX, centerY)
        context.scale(unit, unit)
        context.setLineWidth(lineWidth)
        context.setRoundJoins()
        context.newPath()
        switch icon.kind {
        case .none: break
        case .shift: shift(icon.shift, in: context)
        case .delete: delete(in: context)
        case .return: returnArrow(in: context)
        case .collapse: collapse(in: context)
        case .globe: globe(in: context)
        case .space: space(in: context)
        case .emoji: emoji(in: context)
        case .mic: mic(in: context)
        }
    }

    /// Shift: the arrow outlined while shift is off, filled while it is on, and filled with a
    /// bar under it while it is locked.
    private static func shift(_ state: ShiftState, in context: some IconCanvas) {
        if state == .locked {
            arrow(in: context, top: -0.46, base: -0.06, bottom: 0.24)
            context.fillPreserve()
            context.stroke()
            context.rectangle(-0.19, 0.35, 0.38, 0.11)
            context.fillPreserve()
            context.stroke()
            return
        }
        arrow(in: context, top: -0.46, base: -0.02, bottom: 0.46)
        if state == .on { context.fillPreserve() }
        context.stroke()
    }

    /// Space: an open box (⎵), a baseline with a short upturn at each end.
    private static func space(in context: some IconCanvas) {
        context.move(-0.5, -0.12)
        context.line(-0.5, 0.12)
        context.line(0.5, 0.12)
        context.line(0.5, -0.12)
        context.stroke()
    }

    /// The shift arrow's outline: triangular head from `top` to `base`, stem down to `bottom`.
    private static func arrow(in context: some IconCanvas, top: Double, base: Double, bottom: Double) {
        let head = 0.42, stem = 0.19
        context.move(0, top)
        context.line(head, base)
        context.line(stem, base)
        context.line(stem, bottom)
        context.line(-stem, bottom)
        context.line(-stem, base)
        context.line(-head, base)
        context.closePath()
    }

    /// Backspace: a tag pointing left, rounded on the right, with an × inside.
    private static func delete(in context: some IconCanvas) {
        let left = -0.52, shoulder = -0.2, right = 0.52, top = -0.36, bottom = 0.36, r = 0.1
        context.move(left, 0)
        context.line(shoulder, top)
        context.line(right - r, top)
        context.arc(right - r, top + r, radius: r, from: -.pi / 2, to: 0)
        context.line(right, bottom - r)
        context.arc(right - r, bottom - r, radius: r, from: 0, to: .pi / 2)
        context.line(shoulder, bottom)
        context.closePath()
        context.stroke()
        let cx = 0.13, arm = 0.13
        context.move(cx - arm, -arm)
        context.line(cx + arm, arm)
        context.move(cx + arm, -arm)
        context.line(cx - arm, arm)
        context.stroke()
    }

    /// Return: a line down from the top right that turns left into an arrowhead (↵).
    private static func returnArrow(in context: some IconCanvas) {
        let right = 0.42, top = -0.35, turn = 0.10, tip = -0.42, r = 0.14
        context.move(right, top)
        context.line(right, turn - r)
        context.arc(right - r, turn - r, radius: r, from: 0, to: .pi / 2)
        context.line(tip, turn)
        context.stroke()
        context.move(tip + 0.22, turn - 0.22)
        context.line(tip, turn)
        context.line(tip + 0.22, turn + 0.22)
        context.stroke()
    }

    /// Collapse: a small keyboard outline with keys, and a chevron pointing down under it.
    private static func collapse(in context: some IconCanvas) {
        let left = -0.5, top = -0.43, width = 1.0, height = 0.58
        context.roundedRectangle(left, top, width, height, radius: 0.08)
        context.stroke()
        let key = 0.085, pitch = 0.165
        for row in 0..<2 {
            for column in 0..<5 {
                let cx = -2 * pitch + Double(column) * pitch
                let cy = top + 0.15 + Double(row) * 0.14
                context.rectangle(cx - key / 2, cy - key / 2, key, key)
            }
        }
        context.rectangle(-0.22, top + 0.43 - 0.04, 0.44, 0.08)
        context.fill()
        // The chevron keeps a clear gap under the outline even at small sizes.
        context.move(-0.13, 0.30)
        context.line(0, 0.42)
        context.line(0.13, 0.30)
        context.stroke()
    }

    /// Emoji: a round face with two upright oval eyes and an open, grinning mouth (a half
    /// disc, flat side up), as on the iPhone's emoji key; a little larger than the other
    /// icons, as the phone draws it.
    private static func emoji(in context: some IconCanvas) {
        let r = 0.54
        context.setLineWidth(lineWidth * 0.9)
        ellipse(radius: r, in: context)
        context.stroke()
        for side in [-1.0, 1.0] {
            ellipse(x: side * 0.18 * r / 0.54, y: -0.15 * r / 0.54, radius: 0.1, squeeze: 0.62, in: context)
            context.fill()
        }
        // The mouth's top edge bows down a little, as a grin's does.
        let mouthTop = 0.06, half = 0.31
        bowedLine(half: half, y: mouthTop, bow: 0.04, in: context)
        context.arc(0, mouthTop, radius: half, from: 0, to: .pi)
        context.closePath()
        context.fill()
    }

    /// Microphone: an upright capsule, the U of its stand around the capsule's foot, a
    /// stem and a short base.
    private static func mic(in context: some IconCanvas) {
        let halfWidth = 0.125, top = -0.42, capsuleBottom = 0.08
        context.roundedRectangle(-halfWidth, top, 2 * halfWidth, capsuleBottom - top, radius: halfWidth)
        context.stroke()
        let cradle = 0.23, cradleCenter = capsuleBottom - halfWidth, stemBottom = 0.38
        context.arc(0, cradleCenter, radius: cradle, from: 0, to: .pi)
        context.move(0, cradleCenter + cradle)
        context.line(0, stemBottom)
        context.move(-0.14, stemBottom)
        context.line(0.14, stemBottom)
        context.stroke()
    }

    /// Globe: a circle with a meridian ellipse, the axis, the equator and two parallels,
    /// in a lighter stroke (it has the most lines).
    private static func globe(in context: some IconCanvas) {
        let r = 0.42
        context.setLineWidth(lineWidth * 0.8)
        ellipse(radius: r, in: context)
        context.stroke()
        ellipse(radius: r, squeeze: 0.48, in: context)
        context.stroke()
        context.move(0, -r)
        context.line(0, r)
        context.move(-r, 0)
        context.line(r, 0)
        // Parallels bow slightly toward the poles, as on a globe seen from the front.
        let y = 0.25, half = (r * r - y * y).squareRoot(), bow = 0.05
        bowedLine(half: half, y: -y, bow: -bow, in: context)
        bowedLine(half: half, y: y, bow: bow, in: context)
        context.stroke()
    }

    /// Adds a circle of `radius` around (`x`, `y`), squeezed across to `squeeze` of its width,
    /// to the path as a closed sub-path.
    private static func ellipse(x: Double = 0, y: Double = 0, radius: Double, squeeze: Double = 1, in context: some IconCanvas) {
        context.save()
        context.translate(x, y)
        context.scale(squeeze, 1)
        context.arc(0, 0, radius: radius, from: 0, to: 2 * .pi)
        context.restore()
    }

    /// Adds a line from (−`half`, `y`) to (`half`, `y`) that bows by `bow` toward its middle
    /// (down when positive): a cubic with its control points over the quarter points.
    private static func bowedLine(half: Double, y: Double, bow: Double, in context: some IconCanvas) {
        context.move(-half, y)
        context.curve(-half / 2, y + bow, half / 2, y + bow, half, y)
    }
}
