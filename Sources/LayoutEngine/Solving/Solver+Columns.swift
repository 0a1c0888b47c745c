// Solver step 3 (every key's x and width); the steps are listed in Solver.swift.
import KeyboardModel

extension Solver {
    // MARK: - Step 3: horizontal

    /// Every key's x and width, points, and each row's unit width (step 3).
    struct Columns {
        /// Indexed by key.
        var xs: [Double]
        /// Indexed by key.
        var widths: [Double]
        /// Indexed by row: the unit width `layOutRow` returns.
        var rowUnits: [Double]
    }

    /// Step 3's width with `keyAreaWidth`: the canvas the rows are solved on (the key area's
    /// width, without the safe left and right) and how far every x then moves right,
    /// `(W − keyAreaWidth) / 2`; the canvas itself and 0 without it.
    ///
    /// - Throws: a `Diagnostic` at `PATH.keyAreaWidth` when the key area is wider than the
    ///   screen, or, centred, overlaps the safe left or right.
    static func keyArea(_ geometry: Geometry, canvas: Canvas, path: String, file: String) throws -> (canvas: Canvas, offset: Double) {
        guard let area = geometry.keyAreaWidth else { return (canvas, 0) }
        let field = path + ".keyAreaWidth"
        guard area <= canvas.width else {
            throw Diagnostic(file: file, path: field, reason: "the key area is \(Limits.format(area)) pt wide but the screen is \(Limits.format(canvas.width)) pt")
        }
        let offset = (canvas.width - area) / 2
        let safe = max(canvas.safeArea.left, canvas.safeArea.right)
        guard offset >= safe else {
            throw Diagnostic(file: file, path: field, reason: "the key area, \(Limits.format(area)) pt centred on a screen \(Limits.format(canvas.width)) pt wide, leaves \(Limits.format(offset)) pt at each side, where the device keeps \(Limits.format(safe)) pt clear; at most \(Limits.format(canvas.width - 2 * safe)) pt fits")
        }
        var rowsCanvas = canvas
        rowsCanvas.width = area
        rowsCanvas.safeArea.left = 0
        rowsCanvas.safeArea.right = 0
        return (rowsCanvas, offset)
    }

    /// Step 3: lays out the rows from the top, so each span key's x is known before it
    /// becomes an obstacle in the rows below.
    static func layOutRows(_ plan: SlotPlan, geometry: Geometry, canvas: Canvas, path: String, file: String) throws -> Columns {
        let width = canvas.width
        let rowCount = geometry.rows.count
        let keyCount = plan.keySlot.count
        var columns = Columns(
            xs: [Double](repeating: 0, count: keyCount), widths: [Double](repeating: 0, count: keyCount),
            rowUnits: [Double](repeating: 0, count: rowCount)
        )
        for j in 0..<rowCount {
            let row = geometry.rows[j]
            let start = geometry.insets.left + canvas.safeArea.left + row.marginLeft.resolved(keyboardWidth: width)
            let end = width - geometry.insets.right - canvas.safeArea.right - row.marginRight.resolved(keyboardWidth: width)
            columns.rowUnits[j] = try layOutRow(
                j, slots: plan.slots(ofRow: j), firstKey: plan.rowKeyStart[j], row: row,
                start: start, end: end, gap: geometry.horizontalGap,
                xs: &columns.xs, widths: &columns.widths, keyboardWidth: width, path: path, file: file
            )
        }
        return columns
    }

    /// Places row `j`'s own keys (step 3) in `[start, end]` around its obstacles, whose x and
    /// width are read from `xs`/`widths`, and writes the own keys' x and width there.
    ///
    /// - Returns: the unit width of the row's last segment with keys (the row's single
    ///   segment when it holds no obstacles), points; 0 when the row has no keys or only keys
    ///   of fixed width.
    /// - Throws: a `Diagnostic` at `PATH.rows[j]` for a segment with no room (at
    ///   `PATH.rows[j].widths` when fixed widths take it) or obstacles whose x order disagrees
    ///   with their slot order.
    static func layOutRow(
        _ j: Int, slots: ArraySlice<Slot>, firstKey: Int, row: RowGeometry, start: Double, end: Double, gap: Double,
        xs: inout [Double], widths: inout [Double], keyboardWidth: Double, path: String, file: String
    ) throws -> Double {
        let segment = Segment(row: row, index: j, firstKey: firstKey, gap: gap, keyboardWidth: keyboardWidth, path: path, file: file)
        var unit = 0.0
        var segmentStart = start
        var segmentFirstSlot = slots.startIndex
        var previousObstacle: Int? = nil
        for slot in slots.indices {
            guard case let .obstacle(obstacle) = slots[slot] else { continue }
            if let previous = previousObstacle, xs[obstacle] < xs[previous] + widths[previous] {
                throw Diagnostic(
                    file: file, path: "\(path).rows[\(j)]",
                    reason: "span keys keys[\(previous)] and keys[\(obstacle)] cover this row in that slot order, but keys[\(obstacle)] (x \(Limits.format(xs[obstacle]))) lies left of keys[\(previous)]'s right edge (x \(Limits.format(xs[previous] + widths[previous])))"
                )
            }
            unit = try segment.place(slots[segmentFirstSlot..<slot], from: segmentStart, to: xs[obstacle] - gap, xs: &xs, widths: &widths) ?? unit
            segmentStart = xs[obstacle] + widths[obstacle] + gap
            segmentFirstSlot = slot + 1
            previousObstacle = obstacle
        }
        return try segment.place(slots[segmentFirstSlot..<slots.endIndex], from: segmentStart, to: end, xs: &xs, widths: &widths) ?? unit
    }

    /// One row's keys between two obstacles or edges (step 3), and where messages about it
    /// point.
    struct Segment {
        var row: RowGeometry
        /// The row's index.
        var index: Int
        /// The key index of the row's first own key.
        var firstKey: Int
        var gap: Double
        var keyboardWidth: Double
        var path: String
        var file: String

        /// Places the keys of `slots` (keys only) in `[s, e]`: fixed widths as given, the
        /// others sharing `avail = (e − s) − Σp − (n − 1)·g − Σfixed` by weight.
        ///
        /// - Returns: the segment's unit width (0 when every key is fixed); nil for no keys.
        /// - Throws: a `Diagnostic` when the keys that share `avail` get none of it, or the
        ///   fixed widths alone overflow the segment.
        func place(_ slots: ArraySlice<Slot>, from s: Double, to e: Double, xs: inout [Double], widths: inout [Double]) throws -> Double? {
            guard !slots.isEmpty else { return nil }
            var weightSum = 0.0, paddingSum = 0.0, fixedSum = 0.0
            for slot in slots {
                let local = slot.keyIndex - firstKey
                if let fixed = fixedWidth(row, local) { fixedSum += fixed } else { weightSum += widthWeight(row, local) }
                paddingSum += padding(row, local)
            }
            let avail = (e - s) - paddingSum - Double(slots.count - 1) * gap - fixedSum
            // Keys that share `avail` need some of it; fixed widths alone need only to fit.
            guard weightSum > 0 ? avail > 0 : avail >= 0 else {
                throw noRoom(slots, from: s, to: e, avail: avail, fixed: fixedSum)
            }
            let unit = weightSum > 0 ? avail / weightSum : 0
            var x = s
            for (n, slot) in slots.enumerated() {
                let key = slot.keyIndex, local = key - firstKey
                x += (n == 0 ? 0 : gap) + padding(row, local)
                xs[key] = x
                widths[key] = fixedWidth(row, local) ?? widthWeight(row, local) * unit
                x += widths[key]
            }
            return unit
        }

        /// The error for a segment without room: at `rows[j].widths` when fixed widths take
        /// the room, else at `rows[j]`.
        func noRoom(_ slots: ArraySlice<Slot>, from s: Double, to e: Double, avail: Double, fixed: Double) -> Diagnostic {
            let first = slots[slots.startIndex].keyIndex, last = slots[slots.endIndex - 1].keyIndex
            let which = slots.count == 1 ? "keys[\(first)]" : "keys[\(first)]…keys[\(last)]"
            let segment = "the segment from x \(Limits.format(s)) to \(Limits.format(e)) pt"
            let keyboard = "on a keyboard \(Limits.format(keyboardWidth)) pt wide"
            if fixed > 0 {
                return Diagnostic(
                    file: file, path: "\(path).rows[\(index)].widths",
                    reason: "the fixed widths of \(which) (\(Limits.format(fixed)) pt) overflow the row: \(segment) leaves \(Limits.format(avail)) pt after gaps, paddings and fixed widths \(keyboard)"
                )
            }
            return Diagnostic(
                file: file, path: "\(path).rows[\(index)]",
                reason: "no room for \(which): \(segment) leaves \(Limits.format(avail)) pt after gaps and paddings \(keyboard)"
            )
        }
    }
}
