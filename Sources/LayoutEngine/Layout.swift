/// What a layout is for; decides whether it shuffles by default.
public enum LayoutKind: String, Sendable, Hashable, CaseIterable {
    case letter, number, symbol, idcard, custom

    /// SPEC §2: number, symbol and idcard pads shuffle unless the file says otherwise.
    public var shufflesByDefault: Bool {
        switch self {
        case .number, .symbol, .idcard: return true
        case .letter, .custom: return false
        }
    }
}

/// A length in a row margin: points, or percent of the keyboard width (`"N%"`).
public enum Length: Sendable, Hashable {
    case points(Double)
    case percent(Double)

    /// The length in points on a keyboard `keyboardWidth` points wide.
    public func resolved(keyboardWidth: Double) -> Double {
        switch self {
        case .points(let p): return p
        case .percent(let n): return n / 100 * keyboardWidth
        }
    }
}

/// The optional bar above the keys.
public struct Toolbar: Sendable, Hashable {
    public var title: String
    /// Points; default 36.
    public var height: Double
    /// Points between the bar's bottom edge and the first row; default 0.
    public var gap: Double

    public init(title: String = "", height: Double = 36, gap: Double = 0) {
        self.title = title
        self.height = height
        self.gap = gap
    }
}

/// One row of a geometry (SPEC §2). Arrays always hold exactly `columns` items once decoded.
public struct RowGeometry: Sendable, Hashable {
    /// Number of keys that start in this row.
    public var columns: Int
    public var widthWeights: [Double]
    public var heightWeights: [Double]
    /// Extra space left of each key, points.
    public var paddings: [Double]
    public var marginLeft: Length
    public var marginRight: Length

    public init(
        columns: Int, widthWeights: [Double]? = nil, heightWeights: [Double]? = nil,
        paddings: [Double]? = nil, marginLeft: Length = .points(0), marginRight: Length = .points(0)
    ) {
        self.columns = columns
        self.widthWeights = widthWeights ?? Array(repeating: 1, count: max(0, columns))
        self.heightWeights = heightWeights ?? Array(repeating: 1, count: max(0, columns))
        self.paddings = paddings ?? Array(repeating: 0, count: max(0, columns))
        self.marginLeft = marginLeft
        self.marginRight = marginRight
    }
}

/// How the keyboard's height is decided: exactly one of these per geometry.
public enum Sizing: Sendable, Hashable {
    /// Keyboard height in points.
    case height(Double)
    /// Row unit height = ratio × the unit width of `referenceRow`.
    case keyAspectRatio(Double, referenceRow: Int)
}

/// The geometry of one orientation (SPEC §2).
public struct Geometry: Sendable, Hashable {
    public var sizing: Sizing
    /// Points between neighbouring keys in a row.
    public var horizontalGap: Double
    /// Points between rows.
    public var verticalGap: Double
    public var insets: EdgeInsets
    public var rows: [RowGeometry]

    public init(sizing: Sizing, horizontalGap: Double = 0, verticalGap: Double = 0, insets: EdgeInsets = .zero, rows: [RowGeometry]) {
        self.sizing = sizing
        self.horizontalGap = horizontalGap
        self.verticalGap = verticalGap
        self.insets = insets
        self.rows = rows
    }
}

/// A keyboard layout file (SPEC §2), with every default applied.
public struct Layout: Sendable, Hashable {
    public var name: String
    public var kind: LayoutKind
    public var shuffle: Bool
    public var toolbar: Toolbar?
    /// One flat list, row by row, left to right.
    public var keys: [Key]
    public var portrait: Geometry
    /// When nil, the portrait geometry is used.
    public var landscape: Geometry?

    public init(name: String, kind: LayoutKind = .custom, shuffle: Bool? = nil, toolbar: Toolbar? = nil, keys: [Key], portrait: Geometry, landscape: Geometry? = nil) {
        self.name = name
        self.kind = kind
        self.shuffle = shuffle ?? kind.shufflesByDefault
        self.toolbar = toolbar
        self.keys = keys
        self.portrait = portrait
        self.landscape = landscape
    }

    public func geometry(for orientation: Orientation) -> Geometry {
        orientation == .landscape ? (landscape ?? portrait) : portrait
    }
}

public enum Orientation: String, Sendable, Hashable, CaseIterable {
    case portrait, landscape
}
