import KeyboardModel
import LayoutEngine

/// A decoded layout file and the warnings it raised (long arrays truncated, unused fields);
/// warnings do not stop decoding and go to stderr.
public struct DecodedLayout: Sendable {
    /// The decoded layout, keys in file order.
    public var layout: Layout
    /// Problems that did not stop decoding (rows longer than `columns`, …).
    public var warnings: [Diagnostic]

    /// A layout and its warnings.
    public init(layout: Layout, warnings: [Diagnostic]) {
        self.layout = layout
        self.warnings = warnings
    }
}

/// Decodes layout files (docs/format.md, JSON or YAML) into a `Layout` with every default applied.
public enum LayoutDecoder {
    /// The top-level fields of a layout file.
    package static let fields = ["name", "kind", "shuffle", "toolbar", "keys", "portrait", "landscape", "metrics", "lint"]
    static let keyFields = ["label", "value", "shiftLabel", "shiftValue", "code", "style", "rowSpan", "icon", "appearance", "fixed"]
    static let toolbarFields = ["title", "height", "gap"]
    static let geometryFields = ["height", "keyAspectRatio", "referenceRow", "horizontalGap", "verticalGap", "insets", "rows", "keyAreaWidth", "bottomBand"]
    static let insetFields = ["top", "left", "bottom", "right"]
    static let rowFields = ["columns", "widthWeights", "heightWeights", "paddings", "margin", "widths"]
    static let marginFields = ["left", "right"]


    /// Reads the metrics table a layout names (`metrics: NAME|PATH`, docs/ios-keyboard.md): a built-in
    /// table's name or a path, as written. Whoever reads files supplies it (`LayoutLoader`).
    package typealias MetricsTableLoader = (_ reference: String) throws -> MetricsTable

    /// Decodes one layout file. A file that names a metrics table (`metrics:`) is an error
    /// here: tables are files, read by whoever reads files (`RenderKeyboardKit`'s
    /// `LayoutLoader` decodes with `decode(_:file:baseDirectory:metrics:)`).
    ///
    /// - Parameters:
    ///   - bytes: the file's contents, JSON or YAML.
    ///   - file: the name used in messages.
    ///   - baseDirectory: the file's folder; image paths in key `appearance` stay relative to it.
    /// - Throws: `DiagnosticList` with every problem found, each with its field path.
    public static func decode(_ bytes: [UInt8], file: String, baseDirectory: String) throws -> DecodedLayout {
        try decode(bytes, file: file, baseDirectory: baseDirectory, metrics: nil)
    }

    /// Decodes one layout file.
    ///
    /// Besides each field's own checks, the structure of each geometry is checked against
    /// the keys (solver steps 1–2: columns adding up to the key count, span keys ending by
    /// the last row, the reference row); what depends on the keyboard's width (room in each
    /// row) is left to `Solver`. A layout that names a metrics table is decoded with the
    /// table's first row; `Layout.resolved(on:file:)` decodes it again for a canvas.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents, JSON or YAML.
    ///   - file: the name used in messages.
    ///   - baseDirectory: the file's folder; image paths in key `appearance` stay relative to it.
    ///   - metrics: reads the table `metrics:` names; nil makes a file that names one an error.
    ///     Its `Diagnostic`s are reported as thrown (a table's own problems name the table's
    ///     file); any other error is reported at the `metrics` field.
    /// - Throws: `DiagnosticList` with every problem found, each with its field path.
    package static func decode(_ bytes: [UInt8], file: String, baseDirectory: String, metrics: MetricsTableLoader?) throws -> DecodedLayout {
        let (layout, reader) = try FieldReader.decode(bytes, file: file) { document, reader in
            decode(document, reader: reader, baseDirectory: baseDirectory, row: nil, metrics: metrics)
        }
        guard let layout else {
            throw DiagnosticList([Diagnostic(file: file, path: "", reason: "not a layout")])
        }
        return DecodedLayout(layout: layout, warnings: reader.warnings)
    }

    /// `document`, decoded again with every `"$COLUMN"` read from `row` of `table`
    /// (`Layout.resolved(on:file:)` asks through `MetricsRereading`).
    ///
    /// - Throws: `DiagnosticList` with every problem the row's values cause.
    static func resolve(_ document: Document, baseDirectory: String, table: MetricsTable, row: MetricsRow, file: String) throws -> Layout {
        let reader = FieldReader(file: file)
        let layout = decode(document, reader: reader, baseDirectory: baseDirectory, row: row) { _ in table }
        try reader.throwIfFailed()
        guard let layout else { throw DiagnosticList([Diagnostic(file: file, path: "", reason: "not a layout")]) }
        return layout
    }

    /// Decodes a parsed document, recording problems in `reader`; nil when the document is
    /// not a mapping or lacks `keys` or `portrait`. With a table, metrics are read from `row`,
    /// or from the table's first row when `row` is nil.
    static func decode(_ document: Document, reader r: FieldReader, baseDirectory: String, row: MetricsRow?, metrics load: MetricsTableLoader?) -> Layout? {
        guard let fields = r.topLevelFields(document, kind: "layout", known: Self.fields) else { return nil }
        let table = fields["metrics"].flatMap { decodeMetrics($0, reader: r, load: load) }
        r.metrics = MetricLookup(table: table, row: table.flatMap { row ?? $0.rows.first }, tableMissing: fields["metrics"] != nil && table == nil)

        var name = defaultName(file: r.file)
        if let v = fields["name"], let text = r.drawableString(v, "name") {
            if text.isEmpty { r.error("name", "must not be empty") } else { name = text }
        }
        var kind = LayoutKind.custom
        if let v = fields["kind"], let decoded = r.choice(v, "kind", as: LayoutKind.self) { kind = decoded }
        var shuffle: Bool? = nil
        if let v = fields["shuffle"] { shuffle = r.bool(v, "shuffle") }
        var toolbar: Toolbar? = nil
        if let v = fields["toolbar"], !v.isNull { toolbar = decodeToolbar(v, reader: r) }

        var keys: [Key]? = nil
        let errorsBeforeKeys = r.diagnostics.count
        if let v = fields["keys"] {
            keys = decodeKeys(v, reader: r, baseDirectory: baseDirectory)
        } else {
            r.error("keys", "is required: the list of keys, row by row")
        }
        let keysAreValid = r.diagnostics.count == errorsBeforeKeys

        var portrait: Geometry? = nil
        if let v = fields["portrait"] {
            portrait = decodeGeometry(v, "portrait", reader: r, keys: keysAreValid ? keys : nil)
        } else {
            r.error("portrait", "is required: the portrait geometry")
        }
        var landscape: Geometry? = nil
        if let v = fields["landscape"], !v.isNull {
            landscape = decodeGeometry(v, "landscape", reader: r, keys: keysAreValid ? keys : nil)
        }

        let geometries = [("portrait", portrait), ("landscape", landscape)].compactMap { name, geometry in geometry.map { (name, $0.rows.count) } }
        let lintFields = LintFields.layout(keys: keysAreValid ? keys?.count : nil, rows: Dictionary(uniqueKeysWithValues: geometries))
        let lintIgnores = fields["lint"].map { r.lintIgnores($0, "lint", fields: lintFields) } ?? []
        guard let keys, let portrait else { return nil }
        var layout = Layout(name: name, kind: kind, shuffle: shuffle, toolbar: toolbar, keys: keys, portrait: portrait, landscape: landscape)
        layout.lintIgnores = lintIgnores
        layout.metrics = table
        if let table {
            if let row {
                layout.metricsRow = row
            } else {
                var identity = Hasher()
                identity.combine(document)
                identity.combine(baseDirectory)
                layout.rereading = MetricsRereading(identity: identity.finalize()) { row, file in
                    try resolve(document, baseDirectory: baseDirectory, table: table, row: row, file: file)
                }
            }
        }
        return layout
    }

    /// The table `metrics:` names, read by `load`; nil after recording why there is none.
    static func decodeMetrics(_ document: Document, reader r: FieldReader, load: MetricsTableLoader?) -> MetricsTable? {
        guard let reference = r.string(document, "metrics") else { return nil }
        guard !reference.isEmpty else {
            r.error("metrics", "must name a built-in metrics table or a CSV file")
            return nil
        }
        guard let load else {
            r.error("metrics", "no metrics table can be read here: load the layout from a file (LayoutLoader) to read \(Diagnostic.quote(reference))")
            return nil
        }
        do {
            return try load(reference)
        } catch let list as DiagnosticList {
            list.diagnostics.forEach(r.record)
        } catch let diagnostic as Diagnostic {
            r.record(diagnostic)
        } catch {
            r.error("metrics", "\(error)")
        }
        return nil
    }

    /// The file's name without folder and extension: the layout's name when it gives none.
    static func defaultName(file: String) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return base }
        return String(base[..<dot])
    }

    // MARK: - Toolbar

    static func decodeToolbar(_ document: Document, reader r: FieldReader) -> Toolbar? {
        guard let fields = r.fields(document, "toolbar", known: toolbarFields) else { return nil }
        var toolbar = Toolbar()
        if let v = fields["title"], let title = r.drawableString(v, "toolbar.title") { toolbar.title = title }
        if let v = fields["height"], let height = r.length(v, "toolbar.height") { toolbar.height = height }
        if let v = fields["gap"], let gap = r.length(v, "toolbar.gap") { toolbar.gap = gap }
        return toolbar
    }

    // MARK: - Keys

    static func decodeKeys(_ document: Document, reader r: FieldReader, baseDirectory: String) -> [Key]? {
        guard let items = r.list(document, "keys") else { return nil }
        guard items.count <= Limits.maxKeys else {
            r.error("keys", "has \(counted(items.count, "key")); the limit is \(Limits.maxKeys)")
            return nil
        }
        guard !items.isEmpty else {
            r.error("keys", "needs at least one key")
            return nil
        }
        var keys: [Key] = []
        keys.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            keys.append(decodeKey(item, "keys[\(i)]", reader: r, baseDirectory: baseDirectory) ?? Key(""))
        }
        return keys
    }

    /// A bare string is an input key whose label and value are the string; a mapping gives
    /// the fields of docs/format.md, each with its default.
    static func decodeKey(_ document: Document, _ path: String, reader r: FieldReader, baseDirectory: String) -> Key? {
        if case let .scalar(text, quoted) = document {
            if !quoted && document.isNull {
                r.error(path, "expected a key (a string or a mapping of fields), found nothing")
                return nil
            }
            if text.isEmpty {
                r.error(path, "an empty string is not a key; give it a label")
                return nil
            }
            guard r.drawableString(document, path) != nil else { return nil }
            return Key(text)
        }
        guard let fields = r.fields(document, path, known: keyFields) else { return nil }
        func text(_ name: String) -> String? {
            fields[name].flatMap { r.string($0, r.join(path, name)) }
        }
        func drawable(_ name: String) -> String? {
            fields[name].flatMap { r.drawableString($0, r.join(path, name)) }
        }
        let code = fields["code"].flatMap { r.choice($0, r.join(path, "code"), as: KeyCode.self) } ?? .input
        let keyClass = fields["style"].flatMap { r.choice($0, r.join(path, "style"), as: KeyClass.self) }
        // A label the file gives wins over the icon the key's code would draw by default
        // (`{code: delete, label: "删除"}` shows 删除); an explicit `icon` still wins over both.
        let icon = fields["icon"].flatMap { r.choice($0, r.join(path, "icon"), as: KeyIcon.self) }
            ?? (fields["label"] != nil ? KeyIcon.none : nil)
        var rowSpan = 1
        if let v = fields["rowSpan"], let n = r.integer(v, r.join(path, "rowSpan"), in: Int.min...Int.max) {
            if n < 1 {
                r.error(r.join(path, "rowSpan"), "must be at least 1 (found \(n))")
            } else {
                rowSpan = n
            }
        }
        let appearance = fields["appearance"].flatMap { r.stateStyles($0, r.join(path, "appearance"), baseDirectory: baseDirectory) }
        let label = drawable("label") ?? code.defaultLabel
        let isFixed = fields["fixed"].flatMap { r.bool($0, r.join(path, "fixed")) } ?? false
        let key = Key(
            label: label, value: text("value"), shiftLabel: drawable("shiftLabel"), shiftValue: text("shiftValue"),
            code: code, keyClass: keyClass, rowSpan: rowSpan, icon: icon, appearance: appearance, isFixed: isFixed
        )
        if code == .input && key.label.isEmpty && key.icon == .none {
            r.warn(path, "an input key with no label and no icon draws as a blank key")
        }
        return key
    }

    // MARK: - Geometry

    /// One orientation's geometry. With `keys` (nil when the keys had problems) the
    /// structure is checked too (`Solver.planSlots`).
    static func decodeGeometry(_ document: Document, _ path: String, reader r: FieldReader, keys: [Key]?) -> Geometry? {
        guard let fields = r.fields(document, path, known: geometryFields) else { return nil }
        let sizing = decodeSizing(fields, path, reader: r)
        let horizontalGap = fields["horizontalGap"].flatMap { r.length($0, r.join(path, "horizontalGap")) } ?? 0
        let verticalGap = fields["verticalGap"].flatMap { r.length($0, r.join(path, "verticalGap")) } ?? 0
        let insets = fields["insets"].map { decodeInsets($0, r.join(path, "insets"), reader: r) } ?? .zero
        let keyAreaWidth = fields["keyAreaWidth"].flatMap { positiveLength($0, r.join(path, "keyAreaWidth"), reader: r) }
        let bottomBand = fields["bottomBand"].flatMap { r.length($0, r.join(path, "bottomBand")) }
        var (rows, rowsComplete) = decodeRows(fields["rows"], r.join(path, "rows"), reader: r)
        if let rows, case .keyAspectRatio(_, let referenceRow) = sizing, !(0..<rows.count).contains(referenceRow) {
            r.error(r.join(path, "referenceRow"), "row \(referenceRow) does not exist (\(path) has \(counted(rows.count, "row")), numbered from 0)")
            rowsComplete = false
        }
        guard let sizing, let rows else { return nil }
        let geometry = Geometry(
            sizing: sizing, horizontalGap: horizontalGap, verticalGap: verticalGap, insets: insets, rows: rows,
            keyAreaWidth: keyAreaWidth, bottomBand: bottomBand
        )
        // Problems elsewhere (a bad weight, an unknown field) leave the structure checkable;
        // a row without a usable column count does not.
        if let keys, rowsComplete { checkStructure(geometry, keys: keys, path, reader: r) }
        return geometry
    }

    /// How tall the keyboard is: exactly one of `height` (points) and `keyAspectRatio` (with
    /// the `referenceRow` it is measured on); nil after recording why there is none.
    static func decodeSizing(_ fields: [String: Document], _ path: String, reader r: FieldReader) -> Sizing? {
        switch (fields["height"], fields["keyAspectRatio"]) {
        case (nil, nil):
            r.error(path, "needs either height (pt) or keyAspectRatio")
        case (.some, .some):
            r.error(path, "gives both height and keyAspectRatio; keep exactly one")
        case (let heightField?, nil):
            let heightPath = r.join(path, "height")
            var sizing: Sizing?
            if let height = positiveLength(heightField, heightPath, reader: r) { sizing = .height(height) }
            if fields["referenceRow"] != nil {
                r.warn(r.join(path, "referenceRow"), "is only used with keyAspectRatio; ignored")
            }
            return sizing
        case (nil, let ratioField?):
            let ratioPath = r.join(path, "keyAspectRatio")
            var referenceRow = 0
            if let v = fields["referenceRow"], let n = r.integer(v, r.join(path, "referenceRow"), in: Int.min...Int.max) {
                referenceRow = n
            }
            guard let ratio = r.number(ratioField, ratioPath, in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude, what: "ratio") else { return nil }
            if ratio <= 0 {
                r.error(ratioPath, "must be greater than 0 (found \(Limits.format(ratio)))")
            } else if ratio > Limits.maxWeight {
                r.error(ratioPath, "ratio \(Limits.format(ratio)) is over the limit of \(Limits.format(Limits.maxWeight))")
            } else {
                return .keyAspectRatio(ratio, referenceRow: referenceRow)
            }
        }
        return nil
    }

    /// A length greater than 0; nil after recording why it is not one.
    static func positiveLength(_ document: Document, _ path: String, reader r: FieldReader) -> Double? {
        guard let value = r.length(document, path) else { return nil }
        guard value > 0 else {
            r.error(path, "must be greater than 0")
            return nil
        }
        return value
    }

    /// The `insets` mapping: each side a length, 0 when not given.
    static func decodeInsets(_ document: Document, _ path: String, reader r: FieldReader) -> EdgeInsets {
        guard let sides = r.fields(document, path, known: insetFields) else { return .zero }
        func side(_ name: String) -> Double {
            sides[name].flatMap { r.length($0, r.join(path, name)) } ?? 0
        }
        return EdgeInsets(top: side("top"), left: side("left"), bottom: side("bottom"), right: side("right"))
    }

    /// The `rows` list (required, not empty), and whether every row was usable.
    static func decodeRows(_ document: Document?, _ path: String, reader r: FieldReader) -> (rows: [RowGeometry]?, complete: Bool) {
        guard let document else {
            r.error(path, "is required: the rows of keys")
            return (nil, true)
        }
        guard let items = r.list(document, path) else { return (nil, true) }
        guard !items.isEmpty else {
            r.error(path, "needs at least one row")
            return (nil, true)
        }
        var complete = true
        let rows = items.enumerated().map { j, item in
            guard let row = decodeRow(item, r.join(path, j), reader: r) else {
                complete = false
                return RowGeometry(columns: 0)
            }
            return row
        }
        return (rows, complete)
    }

    /// Records the structural problems `Solver.planSlots` finds in placing `keys`.
    static func checkStructure(_ geometry: Geometry, keys: [Key], _ path: String, reader r: FieldReader) {
        do {
            _ = try Solver.planSlots(rowSpans: keys.map(\.rowSpan), geometry: geometry, path: path, file: r.file)
        } catch let diagnostic as Diagnostic {
            r.error(diagnostic.path, diagnostic.reason)
        } catch {
            r.error(path, "\(error)")
        }
    }

    static func decodeRow(_ document: Document, _ path: String, reader r: FieldReader) -> RowGeometry? {
        guard let fields = r.fields(document, path, known: rowFields) else { return nil }
        var columns: Int? = nil
        let columnsPath = r.join(path, "columns")
        if let v = fields["columns"] {
            if let n = r.integer(v, columnsPath, in: Int.min...Int.max) {
                if n < 0 {
                    r.error(columnsPath, "must not be negative (found \(n))")
                } else if n > Limits.maxKeys {
                    r.error(columnsPath, "\(n) is over the limit of \(Limits.maxKeys) keys")
                } else {
                    columns = n
                }
            }
        } else {
            r.error(columnsPath, "is required: the number of keys that start in this row")
        }

        func array(_ name: String, fill: Double, read: (Document, String) -> Double?) -> [Double]? {
            let arrayPath = r.join(path, name)
            guard let v = fields[name] else { return columns.map { Array(repeating: fill, count: $0) } }
            guard let items = r.list(v, arrayPath) else { return nil }
            var used = items[...]
            if let columns, items.count > columns {
                r.warn(arrayPath, "has \(items.count) items but the row has \(columns) columns; the last \(items.count - columns) are ignored")
                used = items.prefix(columns)
            }
            var values = used.enumerated().map { i, item in read(item, r.join(arrayPath, i)) ?? fill }
            guard let columns else { return nil }
            values += Array(repeating: fill, count: columns - values.count)
            return values
        }
        let widthWeights = array("widthWeights", fill: 1, read: r.weight)
        let heightWeights = array("heightWeights", fill: 1, read: r.weight)
        let paddings = array("paddings", fill: 0, read: r.length)
        // A fixed width, or null for a key that shares what the fixed ones leave; NaN stands
        // for null inside `array`, whose items are numbers.
        let widths = array("widths", fill: .nan) { item, itemPath in item.isNull ? .nan : r.length(item, itemPath) }?
            .map { $0.isNaN ? nil : $0 }

        var marginLeft = Length.points(0), marginRight = Length.points(0)
        if let v = fields["margin"] {
            let marginPath = r.join(path, "margin")
            if let sides = r.fields(v, marginPath, known: marginFields) {
                if let left = sides["left"] { marginLeft = margin(left, r.join(marginPath, "left"), reader: r) ?? .points(0) }
                if let right = sides["right"] { marginRight = margin(right, r.join(marginPath, "right"), reader: r) ?? .points(0) }
            }
        }
        guard let columns, let widthWeights, let heightWeights, let paddings, let widths else { return nil }
        return RowGeometry(
            columns: columns, widthWeights: widthWeights, heightWeights: heightWeights,
            paddings: paddings, marginLeft: marginLeft, marginRight: marginRight, widths: widths
        )
    }

    /// A margin side: a number is points, `"N%"` is N percent of the keyboard width (0…100).
    static func margin(_ document: Document, _ path: String, reader r: FieldReader) -> Length? {
        if case let .scalar(text, quoted) = document, !FieldReader.isMetric(document) {
            let trimmed = text.trimmingSpaces()
            if trimmed.hasSuffix("%") {
                let number = String(trimmed.dropLast()).trimmingSpaces()
                guard let value = Text.parseNumber(number) else {
                    r.error(path, "\(Diagnostic.quote(text)) is not a length (a number of pt, or \"N%\" of the keyboard width)")
                    return nil
                }
                if let problem = Limits.percentProblem(value) {
                    r.error(path, problem)
                    return nil
                }
                return .percent(value)
            }
            if quoted {
                r.error(path, "\(Diagnostic.quote(text)) is not a length (a number of pt, or \"N%\" of the keyboard width)")
                return nil
            }
        }
        return r.length(document, path).map(Length.points)
    }
}

extension String {
    /// The string without leading and trailing spaces.
    fileprivate func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}

extension Layout {
    /// Decodes a layout file's bytes (JSON or YAML, docs/format.md).
    ///
    /// - Parameters:
    ///   - bytes: the file's content.
    ///   - file: the file's name in messages.
    ///   - baseDirectory: the folder that image paths of keys' `appearance` are relative to.
    /// - Throws: `DiagnosticList` with every problem, each `FILE: field.path: reason`.
    public init(decoding bytes: [UInt8], file: String, baseDirectory: String = ".") throws {
        self = try LayoutDecoder.decode(bytes, file: file, baseDirectory: baseDirectory).layout
    }
}
