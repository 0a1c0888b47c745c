/// A closed outline made of straight lines and cubic Béziers, in points of the image.
public struct ScenePath: Sendable, Hashable {
    /// One step of the outline; coordinates are points in image space.
    package enum Element: Sendable, Hashable {
        /// Starts the outline at (`x`, `y`).
        case move(x: Double, y: Double)
        /// A straight line from the current point to (`x`, `y`).
        case line(x: Double, y: Double)
        /// Control points 1 and 2, then the end point.
        case curve(x1: Double, y1: Double, x2: Double, y2: Double, x: Double, y: Double)
        /// A straight line back to the start, closing the outline.
        case close
    }

    /// The steps in drawing order: a `move` first, a `close` last.
    package var elements: [Element] = []

    /// A path of the given steps; nothing is checked.
    package init(elements: [Element] = []) {
        self.elements = elements
    }

    package mutating func move(_ x: Double, _ y: Double) { elements.append(.move(x: x, y: y)) }
    package mutating func line(_ x: Double, _ y: Double) { elements.append(.line(x: x, y: y)) }
    package mutating func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double) {
        elements.append(.curve(x1: x1, y1: y1, x2: x2, y2: y2, x: x, y: y))
    }
    package mutating func close() { elements.append(.close) }

    /// A quarter circle of radius `r` from the current point (`x0`, `y0`) to (`x`, `y`),
    /// turning around the corner (`cx`, `cy`) where the two straight edges would meet.
    package mutating func corner(from x0: Double, _ y0: Double, via cx: Double, _ cy: Double, to x: Double, _ y: Double) {
        let k = 1 - Bezier.quarterCircleKappa
        curve(x0 + (cx - x0) * (1 - k), y0 + (cy - y0) * (1 - k), x + (cx - x) * (1 - k), y + (cy - y) * (1 - k), x, y)
    }

    /// Every point of the path (ends and control points).
    package var points: [(x: Double, y: Double)] {
        elements.flatMap { element -> [(x: Double, y: Double)] in
            switch element {
            case let .move(x, y), let .line(x, y): return [(x, y)]
            case let .curve(x1, y1, x2, y2, x, y): return [(x1, y1), (x2, y2), (x, y)]
            case .close: return []
            }
        }
    }
}

/// The input callout of one pressed key, ready to paint: one merged outline (bubble, fillets
/// and the key's own rectangle), filled, shadowed and bordered like a key, with the label in
/// the bubble. Points, in image coordinates (the keyboard origin already applied).
public struct SceneCallout: Sendable, Hashable {
    /// Index of the key in `KeyboardScene.keys`; the callout is drawn instead of that key.
    package var keyIndex: Int
    /// The bubble's rectangle.
    package var bubble: Rect
    /// The merged shape (bubble, fillets and the key's rectangle), filled, shadowed and
    /// bordered as one.
    package var outline: ScenePath
    /// The key's label, drawn centred in `bubble` instead of on the key.
    package var label: String
    /// The shape's colour: the callout's `fill`, else the key's normal fill.
    package var fill: Color
    /// The label's colour: the callout's `text`, else the key's normal text colour.
    package var text: Color
    /// Points; already fitted to the bubble.
    package var textSize: Double
    /// Width of the border stroked inside the shape, points: the callout's `borderWidth`, else
    /// the key's normal one.
    package var borderWidth: Double
    /// The border's colour: the callout's `borderColor`, else the key's normal one.
    package var borderColor: Color
    /// How far the shadow (the shape moved down) shows below it, points: the key's normal
    /// `shadowHeight`.
    package var shadowHeight: Double
    /// The shadow's colour: the callout's `shadowColor`, else the key's normal one.
    package var shadowColor: Color

    /// A value with every stored property given; those with a default may be left out.
    package init(keyIndex: Int, bubble: Rect, outline: ScenePath, label: String, fill: Color, text: Color, textSize: Double, borderWidth: Double, borderColor: Color, shadowHeight: Double, shadowColor: Color) {
        self.keyIndex = keyIndex
        self.bubble = bubble
        self.outline = outline
        self.label = label
        self.fill = fill
        self.text = text
        self.textSize = textSize
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        self.shadowHeight = shadowHeight
        self.shadowColor = shadowColor
    }
}
