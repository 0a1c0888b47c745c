import KeyboardModel

/// Decodes metrics tables (docs/ios-keyboard.md, CSV) into a `MetricsTable`, reporting every problem with
/// its line and column (`metrics/ios.csv: line 12, gap: "6pt" is not a number`).
package enum MetricsTableDecoder {
    /// The two cells every row starts with.
    static let keyColumns = ["device", "orientation"]

    /// Decodes one table.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents: UTF-8 CSV, at most `Limits.maxFileSize` bytes; lines
    ///     starting with `#` and blank lines are skipped; cells are separated by `,` and
    ///     trimmed of spaces; no quoting (every cell is a name or a number).
    ///   - name: the table's name (a built-in's name, or the file's stem).
    ///   - file: the name used in messages.
    /// - Throws: `DiagnosticList` with every problem: no header, a header that does not start
    ///   with `device,orientation` (the file is no table, and nothing of it is quoted), an empty, repeated or malformed column name, a row with
    ///   the wrong number of cells, an unknown device or orientation, a cell that is not a
    ///   finite number, two rows for one device and orientation, or no row at all.
    package static func decode(_ bytes: [UInt8], name: String, file: String) throws -> MetricsTable {
        guard bytes.count <= Limits.maxFileSize else {
            throw DiagnosticList([Diagnostic(file: file, path: "", reason: "file is \(bytes.count) bytes; the limit is \(Limits.maxFileSize) bytes (1 MiB)")])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw DiagnosticList([Diagnostic(file: file, path: "", reason: "file is not UTF-8 text")])
        }
        let r = FieldReader(file: file)
        var columns: [String]? = nil
        var rows: [MetricsRow] = []
        var firstLine: [String: Int] = [:]
        for (index, line) in ScalarText.lines(text).enumerated() {
            let trimmed = trim(Substring(line))
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let cells = ScalarText.fields(line, separatedBy: ",").map { trim(Substring($0)) }
            guard let header = columns else {
                columns = readHeader(cells, line: index + 1, reader: r)
                if columns == nil { break }
                continue
            }
            guard let row = readRow(cells, columns: header, table: name, line: index + 1, reader: r) else { continue }
            let key = "\(row.device) \(row.orientation.rawValue)"
            if let first = firstLine[key] {
                r.error("line \(index + 1)", "a second row for \(key) (the first is on line \(first))")
            } else {
                firstLine[key] = index + 1
                rows.append(row)
            }
        }
        if columns == nil && r.diagnostics.isEmpty {
            r.error("", "no header line: a metrics table starts with device,orientation,COLUMN…")
        } else if rows.isEmpty && r.diagnostics.isEmpty {
            r.error("", "has no rows: give one row per device preset and orientation")
        }
        try r.throwIfFailed()
        return MetricsTable(name: name, file: file, columns: columns ?? [], rows: rows)
    }

    /// The value columns of a header line, or nil after recording why it is not one.
    private static func readHeader(_ cells: [Substring], line: Int, reader r: FieldReader) -> [String]? {
        // Nothing of a file that is no table is quoted: it may be any file the user can read.
        guard cells.count >= 2, cells[0] == "device", cells[1] == "orientation" else {
            r.error("line \(line)", "not a metrics table: the first line that is not a comment must be the header device,orientation,COLUMN…")
            return nil
        }
        var columns: [String] = []
        var seen = Set<String>(keyColumns)
        for (i, cell) in cells.dropFirst(2).enumerated() {
            let column = String(cell)
            if let problem = MetricReference.columnNameProblem(column) {
                r.error("line \(line)", "column \(i + 3): \(problem)")
            } else if !seen.insert(column).inserted {
                r.error("line \(line)", "column \(Diagnostic.quote(column)) appears twice")
            }
            columns.append(column)
        }
        return columns
    }

    /// One row, or nil after recording its problems.
    private static func readRow(_ cells: [Substring], columns: [String], table: String, line: Int, reader r: FieldReader) -> MetricsRow? {
        guard cells.count == columns.count + 2 else {
            r.error("line \(line)", "has \(counted(cells.count, "cell")); the header has \(columns.count + 2)")
            return nil
        }
        let deviceName = String(cells[0])
        let device = Device.named(deviceName)
        if device == nil {
            let names = Device.all.map(\.name)
            r.error("line \(line), device", "\(Diagnostic.quote(deviceName)) is not a device preset, an alias such as iphone-390x844, or a pixel device WxH@D" + FieldReader.didYouMean(deviceName, in: names))
        }
        let orientation = Orientation(rawValue: String(cells[1]))
        if orientation == nil {
            r.error("line \(line), orientation", "\(Diagnostic.quote(String(cells[1]))) is not one of portrait, landscape")
        }
        var values: [String: Double] = [:]
        var complete = true
        for (column, cell) in zip(columns, cells.dropFirst(2)) {
            let text = String(cell)
            guard let value = Text.parseNumber(text), value.isFinite else {
                r.error("line \(line), \(Diagnostic.clip(column))", "\(Diagnostic.quote(text)) is not a number" + (text.isEmpty ? " (the cell is empty)" : ""))
                complete = false
                continue
            }
            values[column] = value
        }
        guard let device, let orientation, complete else { return nil }
        return MetricsRow(table: table, device: device.name, orientation: orientation, values: values, line: line)
    }

    private static func trim(_ text: Substring) -> Substring {
        var text = text
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" || text.last == "\r" { text.removeLast() }
        return text
    }
}
