// FlorisBoard's geometry (docs/format.md "HeliBoard and FlorisBoard layouts"), in float pixels, never rounded.
// W: the display's width in pixels; d: density; u = W / 10; mH = 2 dp, mV = 5 dp.
//
//   Each key has (factor, grow, shrink) by code and mode (`flay`); the language key is hidden:
//   (0, 0, 0), it keeps its place with width 0 and is not reported.
//   Row: avail = (W − 2·mH) / u, req = Σ factor.
//     req ≤ avail: width = (f + extra·g/Σg)·u, extra = avail − req; with Σg = 0 the first and
//                  last cells take extra/2 each (not drawn: the key keeps its own width).
//     otherwise:   width = (f − (req − avail)·s/Σs)·u.
//   Cells abut from x = mH; the drawn key is the cell inset by mH and mV.
//   Heights: keyboard 227.5 dp; rowBase = that / 4; UI = rowBase · max(4, R); row height =
//   min(UI / R, 1.12 · rowBase) for characters, symbols, symbols2 and numericAdvanced, else
//   rowBase; rows are (UI − R·rowH)/(R − 1) apart. The image is W × UI rounded.
import KeyboardModel

extension IMEKeyboard {
    /// FlorisBoard's width factor, grow and shrink of a key with `code` and `type` in `mode`.
    static func flay(code: Int?, type: String?, mode: IMEMode) -> (factor: Double, grow: Double, shrink: Double) {
        let code = code ?? 0
        if code == -227 { return (0, 0, 0) }
        switch mode {
        case .numeric, .phone, .phone2:
            return (2.68, 0, 1)
        case .numericAdvanced:
            let factor: Double
            switch code {
            case 44, 46: factor = 1
            case -202, 61: factor = 1.26
            default: factor = 1.56
            }
            return (factor, type == "numeric" ? 1 : 0, 1)
        default:
            switch code {
            case -11, -7: return (1.56, 0, 1.5)
            case -201, -202, -203, 10: return (1.56, 0, 0)
            case 32, -208: return (1, 1, 1)
            default: return (1, 0, 1)
            }
        }
    }

    /// The keyboard's heights for `rows` rows at `density`: row height, the gap between rows,
    /// and the keyboard's (UI) height, float pixels.
    static func florisBoardHeights(rows: Int, density: Double, mode: IMEMode) -> (row: Double, gap: Double, keyboard: Double) {
        let rowBase = 875 * 0.26 * density / 4
        let count = Double(max(rows, 1))
        let keyboard = rowBase * max(4, count)
        let tall: Set<IMEMode> = [.characters, .symbols, .symbols2, .numericAdvanced]
        let row = tall.contains(mode) ? min(keyboard / count, 1.12 * rowBase) : rowBase
        let gap = rows > 1 ? (keyboard - count * row) / (count - 1) : 0
        return (row, gap, keyboard)
    }

    /// Places `rows` (see the file's comment).
    func placeFlorisBoard(on display: IMEDisplay, canvas: Canvas, file: String) throws -> KeyboardFrames {
        let rows = self.rows.filter { !$0.isEmpty }
        let d = display.density, w = Double(display.width)
        let unit = w / 10, marginH = 2 * d, marginV = 5 * d
        let heights = Self.florisBoardHeights(rows: rows.count, density: d, mode: mode)
        var placed: [IMEKeyboard.PlacedKey] = []
        for (r, row) in rows.enumerated() {
            let y = Double(r) * (heights.row + heights.gap)
            let codes = row.map { $0.resolvedCode(source: source, mode: mode) }
            let flays = zip(row, codes).map { Self.flay(code: $1, type: $0.type, mode: mode) }
            let available = (w - 2 * marginH) / unit
            let requested = flays.reduce(0) { $0 + $1.factor }
            let growSum = flays.reduce(0) { $0 + $1.grow }, shrinkSum = flays.reduce(0) { $0 + $1.shrink }
            var x = marginH
            var slot = 0
            for (k, key) in row.enumerated() {
                let flay = flays[k]
                var width: Double, extraLeft = 0.0, extraRight = 0.0
                if requested <= available {
                    let extra = available - requested
                    if growSum == 0 {
                        width = flay.factor + (k == 0 || k == row.count - 1 ? extra / 2 : 0)
                        if k == 0 { extraLeft = extra / 2 * unit }
                        if k == row.count - 1 { extraRight = extra / 2 * unit }
                    } else {
                        width = flay.factor + extra * flay.grow / growSum
                    }
                } else {
                    width = flay.factor - (shrinkSum == 0 ? 0 : (requested - available) * flay.shrink / shrinkSum)
                }
                width *= unit
                defer { x += width }
                guard codes[k] != -227 else { continue }
                let cell = Rect(x: x, y: y, width: width, height: heights.row)
                let drawn = Rect(x: x + marginH + extraLeft, y: y + marginV, width: max(0, width - 2 * marginH - extraLeft - extraRight), height: max(0, heights.row - 2 * marginV))
                let points = Rect(x: drawn.x / d, y: drawn.y / d, width: drawn.width / d, height: drawn.height / d)
                let cellPoints = Rect(x: cell.x / d, y: cell.y / d, width: cell.width / d, height: cell.height / d)
                placed.append((engineKey(key), PixelRect(snapping: points, scale: d), points, cellPoints, r, slot, key.path))
                slot += 1
            }
        }
        let height = Int(heights.keyboard.rounded())
        return try frames(placed, height: height, display: display, canvas: canvas, file: file)
    }
}
