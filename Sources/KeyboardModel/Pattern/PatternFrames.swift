import JSONText

/// The state a pattern pad is drawn in: at rest, being drawn, rejected or accepted.
public enum PatternState: String, Sendable, Hashable, CaseIterable {
    /// At rest: every dot, on the path or not, in the `normal` colours, with no line or rings.
    case normal
    /// While the user draws: the path's dots, rings and line in the `selected` colours (blue by
    /// default).
    case selected
    /// A rejected pattern: the path in the `error` colours (red by default).
    case error
    /// An accepted pattern: the path in the `success` colours (green by default).
    case success
}

/// One dot of a solved pattern pad.
public struct PatternDot: Sendable, Hashable {
    /// Row-major index from 0.
    public var index: Int
    /// Row of the dot, 0 at the top (`index / size`).
    public var row: Int
    /// Column of the dot, 0 at the left (`index mod size`).
    public var column: Int
    /// Centre in points.
    public var centerX: Double
    /// Centre's distance from the top of the image, points.
    public var centerY: Double
    /// Position in the completed path, or nil when the path does not visit it.
    public var order: Int?

    /// A value with every stored property given; those with a default may be left out.
    package init(index: Int, row: Int, column: Int, centerX: Double, centerY: Double, order: Int? = nil) {
        self.index = index
        self.row = row
        self.column = column
        self.centerX = centerX
        self.centerY = centerY
        self.order = order
    }
}

/// A solved pattern pad: everything its frames JSON reports.
public struct PatternFrames: Sendable, Hashable {
    /// The canvas the pad was solved on; its scale and safe areas decide the image.
    public var canvas: Canvas
    /// Dots per side.
    public var size: Int
    /// The pad's side in points; the image is `side × side` points.
    public var side: Double
    /// Side of one cell in points.
    public var cell: Double
    /// The path as given.
    public var requestedPath: [Int]
    /// The path with the dots it passes over filled in (step 2).
    public var path: [Int]
    /// Row-major.
    public var dots: [PatternDot]
    /// Image side in pixels.
    public var imageSide: Int

    /// A value with every stored property given; those with a default may be left out.
    package init(canvas: Canvas, size: Int, side: Double, cell: Double, requestedPath: [Int], path: [Int], dots: [PatternDot], imageSide: Int) {
        self.canvas = canvas
        self.size = size
        self.side = side
        self.cell = cell
        self.requestedPath = requestedPath
        self.path = path
        self.dots = dots
        self.imageSide = imageSide
    }
}

extension PatternFrames {
    /// The pattern's frames JSON: `size`, `state`, `path` (as given), `completedPath` (with
    /// the dots passed over), `device`, `orientation`, `scale`, `width`/`height` (points),
    /// `imageWidth`/`imageHeight` (pixels), then one dot per line with its `index`, `row`,
    /// `column`, `center` (points) and `inPath`/`order`. No newline after the closing brace.
    public func json(state: PatternState) -> String {
        var members = [
            ("size", "\(size)"), ("state", JSONText.printable(state.rawValue)),
            ("path", JSONText.array(requestedPath.map(String.init))), ("completedPath", JSONText.array(path.map(String.init))),
        ]
        members += canvas.jsonMembers(width: side, height: side, imageWidth: imageSide, imageHeight: imageSide)
        // A pattern pad names its orientation after its device.
        members.insert(("orientation", JSONText.printable(canvas.orientation.rawValue)), at: 5)
        let dots = dots.map { dot in
            JSONText.object([
                ("index", "\(dot.index)"), ("row", "\(dot.row)"), ("column", "\(dot.column)"),
                ("center", JSONText.object([("x", JSONText.number(dot.centerX)), ("y", JSONText.number(dot.centerY))])),
                ("inPath", "\(dot.order != nil)"), ("order", dot.order.map(String.init) ?? "null"),
            ])
        }
        return JSONText.document(members, list: "dots", items: dots)
    }
}
