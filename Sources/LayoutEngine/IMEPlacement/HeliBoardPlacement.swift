// HeliBoard's geometry (docs/format.md "HeliBoard and FlorisBoard layouts"), in whole pixels with Java float32 arithmetic.
// W, Hpx: the display in pixels; d: density. Fractions are aapt complex fractions (§8).
//
//   H      = trunc(max(min(205.6 dp, 46 %p · Hpx), 61.8 %p · W))
//   top    = trunc(2.335 %p · H), bottom = trunc(4.669 %p · H), vGap = trunc(6.127 %p · H)
//   hGap   = 1.739 %p · W (float); side padding 0
//   baseH  = H − top − bottom + vGap; row height = 25 % of baseH, × 4/R with R rows ≠ 4
//   slots abut from x = 0, y = top: slotW = width · W
//   key    x = round(slotX + gap/2), w = round(slotW − gap) (gap = hGap; spacers are no keys),
//          y = round(slotY), h = trunc(rowH − vGap), round(v) = floor(v + 0.5) in float32.
// The image is W × H.
import KeyboardModel

extension IMEKeyboard {
    /// HeliBoard's lengths on one display, pixels.
    struct HeliBoardGeometry: Equatable {
        /// Keyboard height `H`, top and bottom padding, vertical gap (whole pixels).
        var height: Int, top: Int, bottom: Int, verticalGap: Int
        /// Horizontal gap, float pixels.
        var horizontalGap: Float
        /// Row height, float pixels.
        var rowHeight: Float

        /// The geometry for a display `width` × `screenHeight` pixels at `density`, with `rows`
        /// rows of keys.
        init(width: Int, screenHeight: Int, density: Double, rows: Int) {
            let w = Float(width), d = Float(density)
            func fraction(_ percent: Double) -> Float { AndroidDimension(written: percent, unit: .percentOfParent).value }
            let preferred = AndroidDimension(written: 205.6, unit: .dp).value * d
            let most = fraction(46) * Float(screenHeight)
            let least = fraction(61.8) * w
            height = AndroidDimension.javaInt(max(min(preferred, most), least))
            let h = Float(height)
            top = AndroidDimension.javaInt(fraction(2.335) * h)
            bottom = AndroidDimension.javaInt(fraction(4.669) * h)
            verticalGap = AndroidDimension.javaInt(fraction(6.127) * h)
            horizontalGap = fraction(1.739) * w
            let baseHeight = Float(height - top - bottom + verticalGap)
            var rowHeight = baseHeight * fraction(25)
            if rows != 4 && rows > 0 { rowHeight *= Float(4) / Float(rows) }
            self.rowHeight = rowHeight
        }
    }

    /// Java's `Math.round(float)`: floor(v + 0.5) in float32.
    static func javaRound(_ v: Float) -> Int {
        AndroidDimension.javaInt((v + Float(0.5)).rounded(.down))
    }

    /// Places the rows of `heliBoardRows()` (see the file's comment).
    func placeHeliBoard(on display: IMEDisplay, canvas: Canvas, file: String) throws -> KeyboardFrames {
        let rows = heliBoardRows().filter { !$0.isEmpty }
        let geometry = HeliBoardGeometry(width: display.width, screenHeight: display.height, density: display.density, rows: rows.count)
        let w = Float(display.width)
        var placed: [IMEKeyboard.PlacedKey] = []
        var slotY = Float(geometry.top)
        for (r, row) in rows.enumerated() {
            var slotX: Float = 0
            var slotIndex = 0
            for slot in row {
                let slotWidth = slot.width * w
                defer { slotX += slotWidth }
                guard slot.background != .spacer, let key = slot.key else { continue }
                let gap = geometry.horizontalGap
                let rect = PixelRect(
                    x: Self.javaRound(slotX + gap / 2), y: Self.javaRound(slotY),
                    width: Self.javaRound(slotWidth - gap), height: AndroidDimension.javaInt(geometry.rowHeight - Float(geometry.verticalGap))
                )
                let engine = engineKey(key, functional: slot.background == .functional, action: slot.background == .action)
                placed.append((engine, rect, rect.points(scale: display.density), nil, r, slotIndex, key.path))
                slotIndex += 1
            }
            slotY += geometry.rowHeight
        }
        return try frames(placed, height: geometry.height, display: display, canvas: canvas, file: file)
    }
}
