import KeyboardModel

/// The callout shape of docs/pattern-pads.md.
///
/// - Bubble: `key width + 26` × 55 pt (on a landscape keyboard narrower than
///   `tabletWidth`, i.e. a phone: the key's height), centred over the key, its bottom edge on
///   the key's top edge. It is moved to stay `edgeMargin` inside the image's left and right
///   edges, but never so far that it stops covering the key's side.
/// - Corners: radius 10 on top; at the bottom `min(10, overhang − fillet width)` so the
///   fillet meets a straight stretch of the bubble's bottom edge.
/// - Fillets: `min(8, overhang)` wide, `min(15, key height)` tall, each a cubic from the
///   key's side to the bubble's bottom edge with both control points on the key's side at
///   half the fillet's height.
/// - The key: its drawn rectangle with square top corners and its own bottom corners.
package enum CalloutGeometry {
    /// How much wider the bubble is than its key, points (13 on each side).
    package static let extraWidth = 26.0
    /// The bubble's height, points; on a phone in landscape the key's height is used instead.
    package static let bubbleHeight = 55.0
    /// Radius of the bubble's top corners, points (and the most its bottom corners get).
    package static let cornerRadius = 10.0
    /// Width of each concave fillet joining the key's side to the bubble, points (less when the
    /// bubble overhangs the key by less).
    package static let filletWidth = 8.0
    /// Height of each fillet, points (less on a shorter key).
    package static let filletHeight = 15.0
    /// The least distance between the shape and the image's left and right edges, points.
    package static let edgeMargin = 3.0
    /// Landscape keyboards at least this wide (points) are tablets and keep the 55 pt bubble.
    package static let tabletWidth = 1000.0

    /// The bubble's rectangle over `key` (points) on a keyboard `imageWidth` points wide.
    package static func bubble(over key: Rect, imageWidth: Double, orientation: Orientation) -> Rect {
        let width = key.width + extraWidth
        let height = orientation == .landscape && imageWidth < tabletWidth ? key.height : bubbleHeight
        var x = key.x + key.width / 2 - width / 2
        x = min(x, imageWidth - edgeMargin - width)
        x = max(x, edgeMargin)
        x = min(max(x, key.maxX - width), key.x)   // keep both key sides covered
        return Rect(x: x, y: key.y - height, width: width, height: height)
    }

    /// The merged outline, clockwise from the bubble's top-left corner.
    ///
    /// - Parameters:
    ///   - b: the bubble, points.
    ///   - k: the key, points.
    ///   - keyRadius: the key's corner radius (already clamped to its size), points.
    ///   - squareBottom: the key's bottom corners that stay square.
    package static func outline(bubble b: Rect, key k: Rect, keyRadius: Double, squareBottom: Set<Corner>) -> ScenePath {
        var p = ScenePath()
        let top = min(cornerRadius, b.width / 2, b.height / 2)
        let outLeft = max(0, k.x - b.x), outRight = max(0, b.maxX - k.maxX)
        let filletLeft = min(filletWidth, outLeft), filletRight = min(filletWidth, outRight)
        let fh = min(filletHeight, k.height)
        let bottomLeft = min(cornerRadius, outLeft - filletLeft, b.height - top)
        let bottomRight = min(cornerRadius, outRight - filletRight, b.height - top)
        let r = min(keyRadius, k.width / 2, max(0, k.height - fh))
        let rBL = squareBottom.contains(.bottomLeft) ? 0 : r
        let rBR = squareBottom.contains(.bottomRight) ? 0 : r

        p.move(b.x + top, b.y)
        p.line(b.maxX - top, b.y)
        p.corner(from: b.maxX - top, b.y, via: b.maxX, b.y, to: b.maxX, b.y + top)
        p.line(b.maxX, b.maxY - bottomRight)
        if bottomRight > 0 { p.corner(from: b.maxX, b.maxY - bottomRight, via: b.maxX, b.maxY, to: b.maxX - bottomRight, b.maxY) }
        p.line(k.maxX + filletRight, b.maxY)
        if filletRight > 0 { p.curve(k.maxX, k.y + fh / 2, k.maxX, k.y + fh / 2, k.maxX, k.y + fh) }
        p.line(k.maxX, k.maxY - rBR)
        if rBR > 0 { p.corner(from: k.maxX, k.maxY - rBR, via: k.maxX, k.maxY, to: k.maxX - rBR, k.maxY) }
        p.line(k.x + rBL, k.maxY)
        if rBL > 0 { p.corner(from: k.x + rBL, k.maxY, via: k.x, k.maxY, to: k.x, k.maxY - rBL) }
        p.line(k.x, k.y + fh)
        if filletLeft > 0 { p.curve(k.x, k.y + fh / 2, k.x, k.y + fh / 2, k.x - filletLeft, b.maxY) }
        p.line(b.x + bottomLeft, b.maxY)
        if bottomLeft > 0 { p.corner(from: b.x + bottomLeft, b.maxY, via: b.x, b.maxY, to: b.x, b.maxY - bottomLeft) }
        p.line(b.x, b.y + top)
        p.corner(from: b.x, b.y + top, via: b.x, b.y, to: b.x + top, b.y)
        p.close()
        return p
    }
}
