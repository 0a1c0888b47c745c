/// A pattern pad ready to paint, in points (the renderer multiplies by `scale`).
public struct PatternScene: Sendable, Hashable {
    /// One dot: its filled disc and, on the path, the ring around it.
    public struct Dot: Sendable, Hashable {
        /// Centre's distance from the left of the image, points.
        package var centerX: Double
        /// Centre's distance from the top of the image, points.
        package var centerY: Double
        /// Diameter, points.
        package var diameter: Double
        /// The disc's colour: the drawn state's `dot` colour on the path, the `normal` one
        /// elsewhere.
        package var color: Color
        /// Diameter of the ring disc drawn under the dot, points; 0 for none.
        package var ringDiameter: Double
        /// The ring's colour, the drawn state's `ring` colour (translucent by default).
        package var ringColor: Color

        /// A value with every stored property given; those with a default may be left out.
        package init(centerX: Double, centerY: Double, diameter: Double, color: Color, ringDiameter: Double, ringColor: Color) {
            self.centerX = centerX
            self.centerY = centerY
            self.diameter = diameter
            self.color = color
            self.ringDiameter = ringDiameter
            self.ringColor = ringColor
        }
    }

    /// The solved pad: dot positions, the completed path and the image size.
    public var frames: PatternFrames
    /// The state the pad is drawn in.
    public var state: PatternState
    /// The colour filling the whole image: the pattern block's `background`, else the theme's
    /// background colour, else `#D1D3D9`.
    package var background: Color
    /// The path's dot centres in order (points); drawn under the dots with round caps and joins.
    package var line: [(x: Double, y: Double)] { frames.path.map { (frames.dots[$0].centerX, frames.dots[$0].centerY) } }
    /// Points.
    package var lineWidth: Double
    /// The line's colour, the drawn state's `line` colour; transparent (no line) at rest.
    package var lineColor: Color
    /// Row-major.
    package var dots: [Dot]

    /// Pixels per point of the image (the canvas's scale).
    public var scale: Double { frames.canvas.scale }
    /// Width and height of the square image, pixels.
    public var imageSide: Int { frames.imageSide }

    /// A value with every stored property given; those with a default may be left out.
    package init(frames: PatternFrames, state: PatternState, background: Color, lineWidth: Double, lineColor: Color, dots: [Dot]) {
        self.frames = frames
        self.state = state
        self.background = background
        self.lineWidth = lineWidth
        self.lineColor = lineColor
        self.dots = dots
    }
}
