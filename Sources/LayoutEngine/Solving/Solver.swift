// The geometry solver: docs/layouts-and-themes.md, in the order the spec gives it, with the geometry additions
// of docs/ios-keyboard.md (fixed `widths`, `keyAreaWidth`, `bottomBand`).
//
//  R. Resolve. A layout that reads a metrics table is decoded again with the table's row for
//     the canvas's device and orientation; no row is an error.             (`Layout.resolved`)
//  0. Check the inputs. The canvas (width, scale, safe areas, height override) and every
//     number of the geometry must be finite and in range, so nothing below can produce a
//     NaN, divide by zero or overflow an integer. Layouts built in code get the same checks
//     the decoder applies to files.                                         (`checkInputs`)
//  1. Rows. Row j takes the next `columns_j` keys; the columns must add up to the key count
//     and a key with rowSpan n in row j needs j + n − 1 < R.     (`planSlots`: `planRows`)
//  2. Slots. Each row's slot list is its own keys plus one obstacle per span key of an
//     earlier row that still covers it, merged in at the span key's slot index in its own
//     row (ascending; an index past the end appends). With `keyAspectRatio` the reference
//     row must hold keys and no obstacles.     (`planSlots`: `mergeSlots`, `checkReferenceRow`)
//  3. Horizontal. With `keyAreaWidth` A the rows are solved on a keyboard A wide without the
//     safe left/right, and every x then moves right by (W − A)/2; A must fit the screen and
//     keep clear of the safe left/right.                                        (`keyArea`)
//     Row j spans [insets.left + safe.left + margin.left,
//     W − insets.right − safe.right − margin.right]; obstacles split it into segments;
//     a key with a fixed width (`widths`) takes it, and the others share
//     `avail = length − Σpadding − (n − 1)·g − Σfixed` by width weight (avail must be > 0
//     when some key shares it, ≥ 0 when every width is fixed, which then start at the
//     segment's left). Span keys are placed in their first row, so their x is known when
//     they become obstacles below.                            (`layOutRows`, `layOutRow`)
//  4. Vertical. Row weight = largest heightWeight of the rowSpan-1 keys starting in the
//     row (1 if none); the unit height comes from `height` (or the canvas's height
//     override) or from `keyAspectRatio` × the reference row's unit width. RowSpan-1 keys
//     are centred in their row; span keys run from their first row's top to their last
//     row's bottom.                                           (`stackRows`, `unitHeight`)
//  5. Device. The canvas's safe left/right add to the insets (step 3); the safe bottom, or
//     the geometry's `bottomBand` in its place, is an empty band below the keyboard; the
//     image is W × (H + band) points.
//                                                              (`imageSize`, `keyFrames`)
//  6. Pixel grid. Frames stay exact; `pixelFrame` snaps each edge on its own
//     (`PixelRect(snapping:scale:)`), a separate pass as in Yoga's
//     `roundLayoutResultsToPixelGrid`.                                 (`snapToPixelGrid`)
//
// Deviations and additions to the spec:
//  - The obstacle-order check of step 3 is a guard: slot lists built by step 2 from a top-down
//    pass always agree with x order when every segment has room, so it fires only on
//    inconsistent obstacle positions handed to `layOutRow` directly.
//  - Span obstacles are capped at `maxObstacles` in total, so a hostile file cannot make the
//    slot lists quadratic in size.
//  - Arrays in a `RowGeometry` built in code that are shorter than `columns` are read with
//    the file defaults (weights 1, paddings 0), as the decoder pads them.

/// Computes key frames from a layout on a canvas (docs/layouts-and-themes.md).
public enum Solver {
    /// Most span obstacles (a span key counts once for each row below its first) in a layout.
    package static let maxObstacles = 100_000
    /// Largest coordinate, in pixels, that the pixel-grid pass accepts.
    static let maxPixelCoordinate = 1e15

    /// Solves `layout` (its keys already shuffled, if they should be) on `canvas`.
    ///
    /// All frames are in points, origin at the top left of the keyboard, y down; the
    /// keyboard is `canvas.width` × `height` points, with the safe-area band below it.
    ///
    /// - Parameters:
    ///   - layout: the decoded layout, keys already in the order to place them (shuffled or not).
    ///   - canvas: the device or custom width, orientation and scale to solve on.
    ///   - file: the layout's file name, for messages.
    /// - Throws: `Diagnostic` naming the field path (`portrait.rows[2]`,
    ///   `keys[3].rowSpan`, …) when the geometry cannot be solved: columns that do not add
    ///   up to the key count, a span past the last row, a segment with no room for its keys,
    ///   obstacles out of order, a row unit height ≤ 0, or values out of range.
    public static func solve(_ layout: Layout, on canvas: Canvas, file: String = "layout") throws -> KeyboardFrames {
        let layout = try layout.resolved(on: canvas, file: file)
        let geometry = layout.geometry(for: canvas.orientation)
        let path = (canvas.orientation == .landscape && layout.landscape != nil) ? "landscape" : "portrait"
        try checkInputs(layout, geometry: geometry, canvas: canvas, path: path, file: file)
        let plan = try planSlots(rowSpans: layout.keys.map(\.rowSpan), geometry: geometry, path: path, file: file)
        let area = try keyArea(geometry, canvas: canvas, path: path, file: file)
        var columns = try layOutRows(plan, geometry: geometry, canvas: area.canvas, path: path, file: file)
        if area.offset != 0 { columns.xs = columns.xs.map { $0 + area.offset } }
        let rows = try stackRows(
            plan, keys: layout.keys, geometry: geometry, canvas: canvas, toolbar: layout.toolbar,
            rowUnits: columns.rowUnits, path: path, file: file
        )
        let band = geometry.bottomBand ?? canvas.safeArea.bottom
        let image = try imageSize(canvas: canvas, height: rows.height, band: band, file: file)
        var frames = try keyFrames(plan, keys: layout.keys, geometry: geometry, columns: columns, rows: rows, scale: canvas.scale, file: file)
        snapToPixelGrid(&frames, scale: canvas.scale)
        var solved = KeyboardFrames(
            layoutName: layout.name, canvas: canvas, width: canvas.width, height: rows.height,
            safeAreaBottom: band, imageWidth: image.width, imageHeight: image.height,
            toolbarFrame: layout.toolbar.map { Rect(x: 0, y: geometry.insets.top, width: canvas.width, height: $0.height) },
            toolbarTitle: layout.toolbar?.title, keys: frames, toolbarGap: layout.toolbar?.gap ?? 0, layoutKind: layout.kind
        )
        solved.metricsRow = layout.metricsRow
        return solved
    }

    /// Step 0: the canvas, the geometry and the toolbar's lengths are finite and in range.
    ///
    /// - Throws: a `Diagnostic` naming the first value out of range.
    static func checkInputs(_ layout: Layout, geometry: Geometry, canvas: Canvas, path: String, file: String) throws {
        try check(canvas, file: file)
        try check(geometry, path: path, file: file)
        if let problem = Limits.lengthProblem(layout.toolbar?.height ?? 0) {
            throw Diagnostic(file: file, path: "toolbar.height", reason: problem)
        }
        if let problem = Limits.lengthProblem(layout.toolbar?.gap ?? 0) {
            throw Diagnostic(file: file, path: "toolbar.gap", reason: problem)
        }
    }

    // MARK: - Steps 1 and 2: rows and slots

    /// The rows and slot lists of one geometry (docs/layouts-and-themes.md steps 1–2).
    ///
    /// Slots are stored flat: row j's slots are `slots[slotStart[j]..<slotStart[j + 1]]`.
    struct SlotPlan {
        /// Key indices: row j's own keys are `rowKeyStart[j]..<rowKeyStart[j + 1]`.
        var rowKeyStart: [Int]
        var slotStart: [Int]
        var slots: [Slot]
        /// Each key's index in its row's slot list, obstacles counted.
        var keySlot: [Int]

        func slots(ofRow j: Int) -> ArraySlice<Slot> { slots[slotStart[j]..<slotStart[j + 1]] }
    }

    /// One place in a row's slot list (docs/layouts-and-themes.md step 2).
    enum Slot: Hashable {
        /// A key that starts in this row: its index in the key list.
        case key(Int)
        /// The obstacle of a span key of an earlier row that still covers this row: the span
        /// key's index in the key list.
        case obstacle(spanKey: Int)

        /// The key of a `.key` slot; segments between obstacles hold only these.
        var keyIndex: Int {
            switch self {
            case .key(let index): return index
            case .obstacle(let spanKey): preconditionFailure("an obstacle of keys[\(spanKey)] inside a segment")
            }
        }
    }

    /// Builds the rows and slot lists (steps 1–2) and checks the structure that does not
    /// depend on the keyboard's width: at least one row, columns ≥ 0 adding up to the key
    /// count, rowSpan ≥ 1, no span past the last row, at most `maxObstacles` obstacles, and
    /// with `keyAspectRatio` a reference row in range that holds keys and no obstacles.
    ///
    /// - Parameter path: `portrait` or `landscape`, the prefix of field paths in messages.
    /// - Throws: the first problem, as a `Diagnostic`.
    static func planSlots(rowSpans: [Int], geometry: Geometry, path: String, file: String) throws -> SlotPlan {
        let (rowKeyStart, obstacleCount) = try planRows(rowSpans: rowSpans, rows: geometry.rows, path: path, file: file)
        let plan = mergeSlots(rowSpans: rowSpans, rowKeyStart: rowKeyStart, obstacleCount: obstacleCount)
        if case .keyAspectRatio(_, let referenceRow) = geometry.sizing {
            try checkReferenceRow(referenceRow, of: plan, path: path, file: file)
        }
        return plan
    }

    /// Step 1: row j takes the next `columns_j` keys.
    ///
    /// - Returns: the first key of each row, with the key count appended, and the number of
    ///   obstacles the span keys make.
    /// - Throws: a `Diagnostic` for no rows, negative columns, columns that do not add up to
    ///   the key count, a rowSpan below 1 or past the last row, or too many obstacles.
    static func planRows(rowSpans: [Int], rows: [RowGeometry], path: String, file: String) throws -> (rowKeyStart: [Int], obstacleCount: Int) {
        let keyCount = rowSpans.count
        guard !rows.isEmpty else {
            throw Diagnostic(file: file, path: path + ".rows", reason: "needs at least one row")
        }
        var rowKeyStart = [0]
        rowKeyStart.reserveCapacity(rows.count + 1)
        var total = 0
        var overflowed = false
        for (j, row) in rows.enumerated() {
            guard row.columns >= 0 else {
                throw Diagnostic(file: file, path: "\(path).rows[\(j)].columns", reason: "must not be negative (found \(row.columns))")
            }
            let (sum, overflow) = total.addingReportingOverflow(row.columns)
            overflowed = overflowed || overflow
            total = overflow ? Int.max : sum
            rowKeyStart.append(min(total, keyCount))
        }
        guard !overflowed, total == keyCount else {
            let sum = overflowed ? "more than \(Int.max)" : "\(total)"
            throw Diagnostic(file: file, path: path + ".rows", reason: "the rows' columns add up to \(sum) but the layout has \(counted(keyCount, "key"))")
        }
        var obstacleCount = 0
        for j in 0..<rows.count {
            for i in rowKeyStart[j]..<rowKeyStart[j + 1] {
                let span = rowSpans[i]
                guard span >= 1 else {
                    throw Diagnostic(file: file, path: "keys[\(i)].rowSpan", reason: "must be at least 1 (found \(span))")
                }
                guard span <= rows.count - j else {
                    throw Diagnostic(file: file, path: "keys[\(i)].rowSpan", reason: "rowSpan \(span) from row \(j) runs past the last row (\(path) has \(counted(rows.count, "row")))")
                }
                obstacleCount += span - 1
                guard obstacleCount <= maxObstacles else {
                    throw Diagnostic(file: file, path: "keys", reason: "span keys cover more than \(maxObstacles) rows below their first; simplify the layout")
                }
            }
        }
        return (rowKeyStart, obstacleCount)
    }

    /// Step 2: each row's slot list, its own keys with the obstacles of span keys from
    /// earlier rows merged in at their slot index (ascending; an index past the end appends).
    static func mergeSlots(rowSpans: [Int], rowKeyStart: [Int], obstacleCount: Int) -> SlotPlan {
        let keyCount = rowSpans.count
        let rowCount = rowKeyStart.count - 1
        var slotStart = [0]
        slotStart.reserveCapacity(rowCount + 1)
        var slots: [Slot] = []
        slots.reserveCapacity(keyCount + obstacleCount)
        var keySlot = [Int](repeating: 0, count: keyCount)
        // Span keys still covering some row below: (key, slot index in its own row, last row).
        var active: [(key: Int, index: Int, lastRow: Int)] = []
        var covering: [(key: Int, index: Int, lastRow: Int)] = []
        for j in 0..<rowCount {
            active.removeAll { $0.lastRow < j }
            covering = active
            // Ascending slot index; ties (impossible when built top-down) keep the earlier key first.
            covering.sort { ($0.index, $0.key) < ($1.index, $1.key) }
            var own = rowKeyStart[j]
            let ownEnd = rowKeyStart[j + 1]
            let rowBase = slots.count
            for obstacle in covering {
                while slots.count - rowBase < obstacle.index && own < ownEnd {
                    keySlot[own] = slots.count - rowBase
                    slots.append(.key(own))
                    own += 1
                }
                slots.append(.obstacle(spanKey: obstacle.key))
            }
            while own < ownEnd {
                keySlot[own] = slots.count - rowBase
                slots.append(.key(own))
                own += 1
            }
            slotStart.append(slots.count)
            for i in rowKeyStart[j]..<ownEnd where rowSpans[i] > 1 {
                active.append((i, keySlot[i], j + rowSpans[i] - 1))
            }
        }
        return SlotPlan(rowKeyStart: rowKeyStart, slotStart: slotStart, slots: slots, keySlot: keySlot)
    }

    /// With `keyAspectRatio`, the reference row must exist, hold keys and hold no obstacles.
    ///
    /// - Throws: a `Diagnostic` at `PATH.referenceRow` otherwise.
    static func checkReferenceRow(_ referenceRow: Int, of plan: SlotPlan, path: String, file: String) throws {
        let rowCount = plan.rowKeyStart.count - 1
        guard referenceRow >= 0 && referenceRow < rowCount else {
            throw Diagnostic(file: file, path: path + ".referenceRow", reason: "row \(referenceRow) does not exist (\(path) has \(counted(rowCount, "row")), numbered from 0)")
        }
        let own = plan.rowKeyStart[referenceRow + 1] - plan.rowKeyStart[referenceRow]
        let slotCount = plan.slotStart[referenceRow + 1] - plan.slotStart[referenceRow]
        guard slotCount == own else {
            throw Diagnostic(file: file, path: path + ".referenceRow", reason: "row \(referenceRow) holds span keys from the rows above; the reference row must not")
        }
        guard own > 0 else {
            throw Diagnostic(file: file, path: path + ".referenceRow", reason: "row \(referenceRow) has no keys to measure the unit width from")
        }
    }

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

    // MARK: - Step 4: vertical

    /// Each row's top and height, points, and the keyboard's height (step 4).
    struct Rows {
        /// Indexed by row.
        var tops: [Double]
        /// Indexed by row.
        var heights: [Double]
        /// The row unit height, points: a rowSpan-1 key is `heightWeight` × this tall.
        var unitHeight: Double
        /// The keyboard's height, points, without the safe-area band.
        var height: Double
    }

    /// Step 4: weighs the rows, finds the unit height and stacks the rows from the top.
    static func stackRows(
        _ plan: SlotPlan, keys: [Key], geometry: Geometry, canvas: Canvas, toolbar: Toolbar?,
        rowUnits: [Double], path: String, file: String
    ) throws -> Rows {
        let rowCount = geometry.rows.count
        var rowWeights = [Double](repeating: 1, count: rowCount)
        var weightSum = 0.0
        for j in 0..<rowCount {
            let row = geometry.rows[j]
            var largest = 0.0
            for i in plan.rowKeyStart[j]..<plan.rowKeyStart[j + 1] where keys[i].rowSpan == 1 {
                largest = max(largest, heightWeight(row, i - plan.rowKeyStart[j]))
            }
            rowWeights[j] = largest > 0 ? largest : 1
            weightSum += rowWeights[j]
        }
        let top = geometry.insets.top + (toolbar?.height ?? 0) + (toolbar?.gap ?? 0)
        let (unitHeight, height) = try unitHeight(
            geometry: geometry, canvas: canvas, top: top, weightSum: weightSum, rowUnits: rowUnits, path: path, file: file
        )
        var rows = Rows(tops: [Double](repeating: 0, count: rowCount), heights: [Double](repeating: 0, count: rowCount), unitHeight: unitHeight, height: height)
        var y = top
        for j in 0..<rowCount {
            rows.tops[j] = y
            rows.heights[j] = rowWeights[j] * unitHeight
            y += rows.heights[j] + geometry.verticalGap
        }
        return rows
    }

    /// The row unit height and the keyboard's height, points (step 4), from the canvas's
    /// height override, the geometry's `height`, or its `keyAspectRatio` × the reference
    /// row's unit width; `top` is where the first row starts.
    ///
    /// - Throws: a `Diagnostic` when the unit height is not greater than 0.
    static func unitHeight(
        geometry: Geometry, canvas: Canvas, top: Double, weightSum: Double, rowUnits: [Double], path: String, file: String
    ) throws -> (unitHeight: Double, height: Double) {
        let gapsHeight = Double(geometry.rows.count - 1) * geometry.verticalGap
        func fixed(_ height: Double, at field: String) throws -> (unitHeight: Double, height: Double) {
            let unitHeight = (height - top - geometry.insets.bottom - gapsHeight) / weightSum
            if !(unitHeight > 0) {
                throw Diagnostic(file: file, path: field, reason: "a keyboard \(Limits.format(height)) pt tall leaves no room for the rows (toolbar, insets and gaps take \(Limits.format(top + geometry.insets.bottom + gapsHeight)) pt)")
            }
            return (unitHeight, height)
        }
        if let override = canvas.heightOverride { return try fixed(override, at: "") }
        switch geometry.sizing {
        case .height(let h):
            return try fixed(h, at: path + ".height")
        case .keyAspectRatio(let ratio, let referenceRow):
            let unitHeight = ratio * rowUnits[referenceRow]
            if !(unitHeight > 0) {
                throw Diagnostic(file: file, path: path + ".keyAspectRatio", reason: "gives a row unit height of \(Limits.format(unitHeight)) pt; it must be greater than 0")
            }
            return (unitHeight, top + weightSum * unitHeight + gapsHeight + geometry.insets.bottom)
        }
    }

    // MARK: - Step 5: the image and the exact frames

    /// The image's size in pixels (step 5): the keyboard plus the band below it (`band`
    /// points: the safe bottom, or the geometry's `bottomBand`).
    ///
    /// - Throws: a `Diagnostic` when a side is not a representable pixel count.
    static func imageSize(canvas: Canvas, height: Double, band: Double, file: String) throws -> (width: Int, height: Int) {
        let scale = canvas.scale
        let fullHeight = height + band
        guard let imageWidth = pixel(canvas.width, scale: scale), let imageHeight = pixel(fullHeight, scale: scale) else {
            throw Diagnostic(file: file, path: "", reason: "a keyboard of \(Limits.format(canvas.width)) × \(Limits.format(fullHeight)) pt is too large to draw at scale \(Limits.format(scale))")
        }
        return (imageWidth, imageHeight)
    }

    /// Every key's exact frame (step 5), in key order, with an empty `pixelFrame` that
    /// `snapToPixelGrid` (step 6) fills in. RowSpan-1 keys are centred in their row; span
    /// keys run from their first row's top to their last row's bottom.
    ///
    /// - Throws: a `Diagnostic` at `keys[i]` for a frame too large for the pixel grid.
    static func keyFrames(
        _ plan: SlotPlan, keys: [Key], geometry: Geometry, columns: Columns, rows: Rows, scale: Double, file: String
    ) throws -> [KeyFrame] {
        var frames: [KeyFrame] = []
        frames.reserveCapacity(keys.count)
        for j in 0..<geometry.rows.count {
            let row = geometry.rows[j]
            for i in plan.rowKeyStart[j]..<plan.rowKeyStart[j + 1] {
                let key = keys[i]
                let keyY: Double
                let keyHeight: Double
                if key.rowSpan == 1 {
                    keyHeight = heightWeight(row, i - plan.rowKeyStart[j]) * rows.unitHeight
                    keyY = rows.tops[j] + (rows.heights[j] - keyHeight) / 2
                } else {
                    keyY = rows.tops[j]
                    var sum = Double(key.rowSpan - 1) * geometry.verticalGap
                    for covered in j..<(j + key.rowSpan) { sum += rows.heights[covered] }
                    keyHeight = sum
                }
                let frame = Rect(x: columns.xs[i], y: keyY, width: columns.widths[i], height: keyHeight)
                guard fitsPixelGrid(frame, scale: scale) else {
                    throw Diagnostic(file: file, path: "keys[\(i)]", reason: "the key's frame is too large to draw at scale \(Limits.format(scale))")
                }
                frames.append(KeyFrame(
                    index: i, key: key, row: j, slot: plan.keySlot[i], frame: frame,
                    pixelFrame: PixelRect(x: 0, y: 0, width: 0, height: 0)
                ))
            }
        }
        return frames
    }

    // MARK: - Row arrays, with the file defaults where a row built in code is short

    @inline(__always) static func widthWeight(_ row: RowGeometry, _ i: Int) -> Double {
        i < row.widthWeights.count ? row.widthWeights[i] : 1
    }

    @inline(__always) static func heightWeight(_ row: RowGeometry, _ i: Int) -> Double {
        i < row.heightWeights.count ? row.heightWeights[i] : 1
    }

    @inline(__always) static func padding(_ row: RowGeometry, _ i: Int) -> Double {
        i < row.paddings.count ? row.paddings[i] : 0
    }

    @inline(__always) static func fixedWidth(_ row: RowGeometry, _ i: Int) -> Double? {
        i < row.widths.count ? row.widths[i] : nil
    }
}
