// Solver steps 1 and 2 (the rows and their slot lists); the steps are listed in Solver.swift.
import KeyboardModel

extension Solver {
    // MARK: - Steps 1 and 2: rows and slots

    /// The rows and slot lists of one geometry (solver steps 1–2).
    ///
    /// Slots are stored flat: row j's slots are `slots[slotStart[j]..<slotStart[j + 1]]`.
    package struct SlotPlan {
        /// Key indices: row j's own keys are `rowKeyStart[j]..<rowKeyStart[j + 1]`.
        var rowKeyStart: [Int]
        var slotStart: [Int]
        var slots: [Slot]
        /// Each key's index in its row's slot list, obstacles counted.
        var keySlot: [Int]

        func slots(ofRow j: Int) -> ArraySlice<Slot> { slots[slotStart[j]..<slotStart[j + 1]] }
    }

    /// One place in a row's slot list (solver step 2).
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
    /// count, rowSpan ≥ 1, no span past the last row, at most `Limits.maxObstacles` obstacles, and
    /// with `keyAspectRatio` a reference row in range that holds keys and no obstacles.
    ///
    /// - Parameter path: `portrait` or `landscape`, the prefix of field paths in messages.
    /// - Throws: the first problem, as a `Diagnostic`.
    package static func planSlots(rowSpans: [Int], geometry: Geometry, path: String, file: String) throws -> SlotPlan {
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
                guard obstacleCount <= Limits.maxObstacles else {
                    throw Diagnostic(file: file, path: "keys", reason: "span keys cover more than \(Limits.maxObstacles) rows below their first; simplify the layout")
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
}
