/// What a layout is for; decides whether it shuffles by default.

public enum LayoutKind: String, Sendable, Hashable, CaseIterable {
    /// A letter keyboard (QWERTY and the like); does not shuffle by default.
    case letter
    /// A digit pad; shuffles by default and shows no input callouts.
    case number
    /// A symbol keyboard; shuffles by default.
    case symbol
    /// An ID-card number pad (digits and `X`); shuffles by default and shows no input callouts.
    case idcard
    /// Any other keyboard, and the kind of a file that names none; does not shuffle by default.
    case custom

    /// docs/format.md: number, symbol and idcard pads shuffle unless the file says otherwise.
    package var shufflesByDefault: Bool {
        switch self {
        case .number, .symbol, .idcard: return true
        case .letter, .custom: return false
        }
    }
}

/// A length in a row margin: points, or percent of the keyboard width (`"N%"`).
public enum Length: Sendable, Hashable {
    /// A length in points (a number in the file, e.g. `6`).
    case points(Double)
    /// A percentage of the keyboard width `W` (`"2%"` is `percent(2)`, that is `2 / 100 × W`
    /// points).
    case percent(Double)

    /// The length in points on a keyboard `keyboardWidth` points wide.
    package func resolved(keyboardWidth: Double) -> Double {
        switch self {
        case .points(let p): return p
        case .percent(let n): return n / 100 * keyboardWidth
        }
    }
}

/// The optional bar above the keys.
public struct Toolbar: Sendable, Hashable {
    /// The text drawn centred in the bar, in the theme's toolbar style; empty draws no text.
    public var title: String
    /// Points; default 36.
    public var height: Double
    /// Points between the bar's bottom edge and the first row; default 0.
    public var gap: Double

    /// A toolbar; `height` and `gap` are points, finite and ≥ 0.
    public init(title: String = "", height: Double = 36, gap: Double = 0) {
        self.title = title
        self.height = height
        self.gap = gap
    }
}

/// One row of a geometry (docs/format.md). Arrays always hold exactly `columns` items once decoded.
public struct RowGeometry: Sendable, Hashable {
    /// Number of keys that start in this row.
    public var columns: Int
    /// The width weight of each key that starts in the row, in order (each > 0): a key's width
    /// is its weight × the unit of its segment (solver step 3).
    public var widthWeights: [Double]
    /// The height weight of each key that starts in the row, in order (each > 0): a key with
    /// rowSpan 1 is `heightWeight × unitH` tall, and the row is as tall as its largest such
    /// weight (solver step 4). Span keys ignore theirs.
    public var heightWeights: [Double]
    /// Extra space left of each key, points.
    public var paddings: [Double]
    /// Space between the left inset and the row's first key: points or a percentage of the
    /// keyboard width.
    public var marginLeft: Length
    /// Space between the row's last key and the right inset: points or a percentage of the
    /// keyboard width.
    public var marginRight: Length
    /// The fixed width of each key that starts in the row, points, or nil for a key whose width
    /// is its weight's share of what the fixed keys leave (docs/ios-keyboard.md `widths`). Shorter than
    /// `columns` (empty when no key is fixed): the keys past its end are not fixed.
    public var widths: [Double?]

    /// A row; missing weight and padding arrays get `columns` items of the default (weights
    /// 1, paddings 0), a missing `widths` is empty (no key fixed). Arrays of another length are
    /// kept as given; the decoder pads or truncates them (docs/format.md).
    public init(
        columns: Int, widthWeights: [Double]? = nil, heightWeights: [Double]? = nil,
        paddings: [Double]? = nil, marginLeft: Length = .points(0), marginRight: Length = .points(0),
        widths: [Double?]? = nil
    ) {
        self.columns = columns
        self.widthWeights = widthWeights ?? Array(repeating: 1, count: max(0, columns))
        self.heightWeights = heightWeights ?? Array(repeating: 1, count: max(0, columns))
        self.paddings = paddings ?? Array(repeating: 0, count: max(0, columns))
        self.marginLeft = marginLeft
        self.marginRight = marginRight
        self.widths = widths ?? []
    }
}

/// How the keyboard's height is decided: exactly one of these per geometry.
public enum Sizing: Sendable, Hashable {
    /// Keyboard height in points.
    case height(Double)
    /// Row unit height = ratio × the unit width of `referenceRow`.
    case keyAspectRatio(Double, referenceRow: Int)
}

/// The geometry of one orientation (docs/format.md).
public struct Geometry: Sendable, Hashable {
    /// Whether the height is given (`height`) or follows from the key aspect ratio
    /// (`keyAspectRatio`).
    public var sizing: Sizing
    /// Points between neighbouring keys in a row.
    public var horizontalGap: Double
    /// Points between rows.
    public var verticalGap: Double
    /// Space between the keyboard's edges and its rows, points; the device's safe left and
    /// right insets are added to `left` and `right` when solving (solver step 5).
    public var insets: EdgeInsets
    /// The rows, top to bottom; their `columns` add up to the number of keys.
    public var rows: [RowGeometry]
    /// When set, the rows are solved on a keyboard this many points wide, without the
    /// device's safe left and right insets, and the keys are then centred on the screen
    /// (docs/ios-keyboard.md); must be > 0 and at most the screen's width. Nil: the whole width.
    public var keyAreaWidth: Double?
    /// When set, the height of the empty band below the keyboard in place of the device's
    /// safe bottom inset, points (docs/ios-keyboard.md); nil keeps the device's.
    public var bottomBand: Double?

    /// A geometry; gaps, insets, the key area's width and the bottom band are points.
    public init(
        sizing: Sizing, horizontalGap: Double = 0, verticalGap: Double = 0, insets: EdgeInsets = .zero, rows: [RowGeometry],
        keyAreaWidth: Double? = nil, bottomBand: Double? = nil
    ) {
        self.sizing = sizing
        self.horizontalGap = horizontalGap
        self.verticalGap = verticalGap
        self.insets = insets
        self.rows = rows
        self.keyAreaWidth = keyAreaWidth
        self.bottomBand = bottomBand
    }
}

/// A keyboard layout file (docs/format.md), with every default applied.
public struct Layout: Sendable, Hashable {
    /// The layout's name (`name:`), reported as `layout` in the frames JSON.
    public var name: String
    /// What the layout is for (`kind:`, default `custom`); decides the default of `shuffle`.
    public var kind: LayoutKind
    /// Whether the input keys are permuted before solving (docs/format.md Shuffle); when the file does
    /// not say, `kind.shufflesByDefault`.
    public var shuffle: Bool
    /// The bar above the keys, or nil for none.
    public var toolbar: Toolbar?
    /// One flat list, row by row, left to right.
    public var keys: [Key]
    /// The geometry used in portrait, and in landscape when `landscape` is nil.
    public var portrait: Geometry
    /// When nil, the portrait geometry is used.
    public var landscape: Geometry?
    /// The metrics table the layout reads `"$COLUMN"` numbers from (`metrics:`, docs/ios-keyboard.md), or
    /// nil. Until the layout is resolved for a canvas (`resolved(on:file:)`, which every path
    /// to frames takes), its numbers are those of the table's first row.
    package var metrics: MetricsTable?
    /// How the file is read again, kept while the layout reads a table, so that each canvas
    /// decodes it again with its own row; nil once resolved, and for layouts without a table.
    package var rereading: MetricsRereading?
    /// The row the layout was resolved with, nil before (and without a table).
    package var metricsRow: MetricsRow?
    /// Findings of `lint` that the file keeps on purpose (`lint.ignore`, docs/lint.md).
    package var lintIgnores: [LintIgnore]

    /// A layout; a nil `shuffle` takes `kind.shufflesByDefault`.
    public init(name: String, kind: LayoutKind = .custom, shuffle: Bool? = nil, toolbar: Toolbar? = nil, keys: [Key], portrait: Geometry, landscape: Geometry? = nil) {
        self.name = name
        self.kind = kind
        self.shuffle = shuffle ?? kind.shufflesByDefault
        self.toolbar = toolbar
        self.keys = keys
        self.portrait = portrait
        self.landscape = landscape
        self.lintIgnores = []
    }

    /// The geometry used in `orientation`: `landscape` falls back to `portrait`.
    public func geometry(for orientation: Orientation) -> Geometry {
        orientation == .landscape ? (landscape ?? portrait) : portrait
    }
}

/// How a layout that reads a metrics table is read again with another row of it: the format
/// that decoded the file keeps the file, and decodes it again when asked
/// (`Layout.resolved(on:file:)`). The model never reads a file itself.
package struct MetricsRereading: Sendable, Hashable {
    /// Tells two files apart: equal for the same file decoded the same way.
    package var identity: Int
    /// The layout decoded again with every `"$COLUMN"` read from the row, named `file` in
    /// messages; throws `DiagnosticList` with every problem the row's values cause.
    package var reread: @Sendable (_ row: MetricsRow, _ file: String) throws -> Layout

    /// A rereading of the file `identity` names.
    package init(identity: Int, reread: @escaping @Sendable (MetricsRow, String) throws -> Layout) {
        self.identity = identity
        self.reread = reread
    }

    package static func == (lhs: MetricsRereading, rhs: MetricsRereading) -> Bool { lhs.identity == rhs.identity }
    package func hash(into hasher: inout Hasher) { hasher.combine(identity) }
}

/// Which way the device is held; picks the device's metrics and the layout's geometry.
public enum Orientation: String, Sendable, Hashable, CaseIterable {
    /// Upright: the device preset's portrait width, scale and safe areas, and the layout's
    /// `portrait` geometry.
    case portrait
    /// On its side: the device preset's landscape width and safe areas, and the layout's
    /// `landscape` geometry (its `portrait` one when it has none).
    case landscape
}
