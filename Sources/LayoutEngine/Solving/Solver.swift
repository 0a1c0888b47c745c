// The geometry solver, step by step, with the geometry additions of the iOS keyboard
// (fixed `widths`, `keyAreaWidth`, `bottomBand`; docs/ios-keyboard.md).
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
// Steps 0, 4 and 5 are in this file; 1–2 in Solver+Slots.swift, 3 in Solver+Columns.swift,
// 6 in Solver+PixelGrid.swift, and step 0's number checks in Solver+InputChecks.swift.
//
// Guards beyond the steps:
//  - The obstacle-order check of step 3 is a guard: slot lists built by step 2 from a top-down
//    pass always agree with x order when every segment has room, so it fires only on
//    inconsistent obstacle positions handed to `layOutRow` directly.
//  - Span obstacles are capped at `Limits.maxObstacles` in total, so a hostile file cannot make the
//    slot lists quadratic in size.
//  - Arrays in a `RowGeometry` built in code that are shorter than `columns` are read with
//    the file defaults (weights 1, paddings 0), as the decoder pads them.
import KeyboardModel

/// Computes key frames from a layout on a canvas (the steps above; the fields in docs/format.md).
public enum Solver {

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
