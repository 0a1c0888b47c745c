/// A metrics table (docs/ios-keyboard.md): named numbers per device preset and orientation, which a
/// layout that says `metrics: NAME` reads as `"$COLUMN"` wherever a number goes, and its theme
/// as `"$COLUMN|DEFAULT"`.
///
/// Written as CSV: `#` lines are comments, the header is `device,orientation,COLUMN…`, and
/// each row holds a device preset (or its `iphone-WxH` alias, or a `WxH@D` pixel device), an
/// orientation and one number per column. Invariants once decoded: every row has a value for
/// every column, every value is finite, and no two rows share a device and orientation.
package struct MetricsTable: Sendable, Hashable {
    /// The table's name: a built-in's name, or the file's name without folder and extension.
    package var name: String
    /// The file as named in messages (`metrics/ios.csv`).
    package var file: String
    /// The value columns in file order, without `device` and `orientation`.
    package var columns: [String]
    /// The rows in file order.
    package var rows: [MetricsRow]

    /// A table; `rows` should hold a value for every column.
    package init(name: String, file: String, columns: [String], rows: [MetricsRow]) {
        self.name = name
        self.file = file
        self.columns = columns
        self.rows = rows
    }

    /// The row of the device called `device` (a preset's name, as a canvas holds it) in
    /// `orientation`, or nil when the table has none (or `device` is nil: a bare width).
    package func row(device: String?, orientation: Orientation) -> MetricsRow? {
        guard let device else { return nil }
        return rows.first { $0.device == device && $0.orientation == orientation }
    }

    /// The message for a keyboard drawn where the table has no row:
    /// `ios: no metrics row for ipad-10 portrait`, with the devices it has rows for.
    package func missingRowReason(device: String?, width: Double, orientation: Orientation) -> String {
        let place = device.map { Diagnostic.clip($0) } ?? "a canvas \(Limits.format(width)) pt wide"
        var devices: [String] = []
        for row in rows where !devices.contains(row.device) { devices.append(row.device) }
        return "\(Diagnostic.clip(name)): no metrics row for \(place) \(orientation.rawValue)"
            + (devices.isEmpty ? "" : "; \(Diagnostic.clip(file)) has rows for \(devices.joined(separator: ", "))")
    }
}

/// One row of a metrics table: the numbers a keyboard reads on one device in one orientation.
package struct MetricsRow: Sendable, Hashable {
    /// The name of the table the row belongs to, for messages.
    package var table: String
    /// The device preset's name (an alias in the file is stored as the preset's name), or a
    /// `WxH@D` pixel device as written.
    package var device: String
    /// The orientation the row is for.
    package var orientation: Orientation
    /// Each column's value, finite.
    package var values: [String: Double]
    /// The row's line in its file, from 1; 0 for a row built in code.
    package var line: Int

    /// A row; `values` should hold every column of its table.
    package init(table: String, device: String, orientation: Orientation, values: [String: Double], line: Int = 0) {
        self.table = table
        self.device = device
        self.orientation = orientation
        self.values = values
        self.line = line
    }
}

extension MetricsTable {
    /// The table as `list --metrics` prints it: a line naming the table and its file, then
    /// the header and one line a row, in aligned columns, numbers as short as they read back.
    package var listing: String {
        let header = ["device", "orientation"] + columns
        let lines = [header] + rows.map { row in
            [row.device, row.orientation.rawValue] + columns.map { row.values[$0].map(Limits.format) ?? "" }
        }
        var widths = [Int](repeating: 0, count: header.count)
        for line in lines {
            for (i, cell) in line.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        var out = "\(Diagnostic.clip(name)) (\(Diagnostic.clip(file))): \(counted(columns.count, "column")), \(counted(rows.count, "row"))\n"
        for line in lines {
            let padded = line.enumerated().map { i, cell in cell + String(repeating: " ", count: widths[i] - cell.count) }
            out += padded.joined(separator: "  ").replacingTrailingSpaces() + "\n"
        }
        return out
    }
}

extension String {
    /// The string without the spaces at its end.
    fileprivate func replacingTrailingSpaces() -> String {
        var text = Substring(self)
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
