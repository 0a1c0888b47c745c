import KeyboardModel

/// Decodes the device table (`devices/screens.csv`, docs/store-screenshots.md) into one
/// `DeviceOutline` per device preset, reporting every problem with its line and column
/// (`devices/screens.csv: line 14, corner_radius_pt: "x" is not a number`).
///
/// Lines starting with `#` and blank lines are skipped; cells are separated by `,` and trimmed
/// of spaces, without quoting; the last column, `source`, is the rest of the line, commas
/// included, so it can be written as a sentence.
package enum DeviceOutlineDecoder {
    /// The header, in order.
    package static let columns = ["device", "corner_radius_pt", "cutout", "cutout_width_pt", "cutout_height_pt", "cutout_top_pt",
                                  "side_bezel_pt", "top_bezel_pt", "bottom_bezel_pt", "home_button_pt", "source"]

    /// The largest length a cell may hold, points: more than any device's screen.
    package static let maxLength = 2000.0

    /// Decodes the table.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 CSV of at most `Limits.maxFileSize` bytes.
    ///   - file: the name used in messages.
    /// - Throws: `DiagnosticList` with every problem: a missing or different header, a row with
    ///   too few cells, a device that is no preset or appears twice, a cut-out kind that is not
    ///   one of `DeviceOutline.CutoutKind`, a length that is not a number in 0…`maxLength`, an
    ///   empty source, a cut-out whose size and kind disagree.
    package static func decode(_ bytes: [UInt8], file: String) throws -> [DeviceOutline] {
        guard bytes.count <= Limits.maxFileSize else {
            throw DiagnosticList([Diagnostic(file: file, path: "", reason: "file is \(bytes.count) bytes; the limit is \(Limits.maxFileSize) bytes (1 MiB)")])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw DiagnosticList([Diagnostic(file: file, path: "", reason: "file is not UTF-8 text")])
        }
        let reader = FieldReader(file: file)
        var header = false
        var rows: [DeviceOutline] = []
        var lines: [String: Int] = [:]
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let line = trim(raw)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let cells = line.split(separator: ",", maxSplits: columns.count - 1, omittingEmptySubsequences: false).map(trim)
            guard header else {
                header = cells.map(String.init) == columns
                if !header {
                    reader.error("line \(index + 1)", "not a device table: the first line that is not a comment must be the header \(columns.joined(separator: ","))")
                    break
                }
                continue
            }
            guard let row = readRow(cells, line: index + 1, reader: reader) else { continue }
            if let first = lines[row.device] {
                reader.error("line \(index + 1), device", "a second row for \(row.device) (the first is on line \(first))")
            } else {
                lines[row.device] = index + 1
                rows.append(row)
            }
        }
        if header && rows.isEmpty && reader.diagnostics.isEmpty { reader.error("", "has no rows: give one row per device preset") }
        try reader.throwIfFailed()
        return rows
    }

    /// One row, or nil after recording its problems.
    private static func readRow(_ cells: [Substring], line: Int, reader: FieldReader) -> DeviceOutline? {
        guard cells.count == columns.count else {
            reader.error("line \(line)", "has \(counted(cells.count, "cell")); the header has \(columns.count)")
            return nil
        }
        let name = String(cells[0])
        var problems = false
        if !Device.all.contains(where: { $0.name == name }) {
            reader.error("line \(line), device", "\(Diagnostic.quote(name)) is not a device preset" + FieldReader.didYouMean(name, in: Device.all.map(\.name)))
            problems = true
        }
        var lengths: [Double] = []
        for column in [1, 3, 4, 5, 6, 7, 8, 9] {
            let text = String(cells[column])
            guard let value = Text.parseNumber(text), value.isFinite, (0...maxLength).contains(value) else {
                reader.error("line \(line), \(columns[column])", "\(Diagnostic.quote(text)) is not a length in 0…\(Limits.format(maxLength)) pt")
                problems = true
                lengths.append(0)
                continue
            }
            lengths.append(value)
        }
        let kind = DeviceOutline.CutoutKind(rawValue: String(cells[2]))
        if kind == nil {
            reader.error("line \(line), cutout", "\(Diagnostic.quote(String(cells[2]))) is not one of \(DeviceOutline.CutoutKind.allCases.map(\.rawValue).joined(separator: ", "))")
            problems = true
        }
        let source = String(cells[10])
        if source.isEmpty {
            reader.error("line \(line), source", "is empty: say where the row's values came from, and which were not measured")
            problems = true
        }
        guard !problems, let kind else { return nil }
        let cutout = DeviceOutline.Cutout(kind: kind, width: lengths[1], height: lengths[2], top: lengths[3])
        if (kind == .none) != (cutout.width == 0 || cutout.height == 0) {
            reader.error("line \(line), cutout", kind == .none ? "none has no size: give 0 for its width and height" : "a \(kind.rawValue) needs a width and a height")
            return nil
        }
        return DeviceOutline(device: name, cornerRadius: lengths[0], cutout: cutout, sideBezel: lengths[4], topBezel: lengths[5],
                             bottomBezel: lengths[6], homeButton: lengths[7], source: source)
    }

    private static func trim(_ text: Substring) -> Substring {
        var text = text
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" || text.last == "\r" { text.removeLast() }
        return text
    }
}
