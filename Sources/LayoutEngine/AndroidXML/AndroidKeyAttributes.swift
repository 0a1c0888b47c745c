/// What an Android keyboard file says about a key beyond its face: reported in the frames
/// JSON's `android` object (SPEC §8 "Keys"); none of it moves the key.
public struct AndroidKeyAttributes: Sendable, Hashable {
    /// Android's edge flags (`Keyboard.EDGE_*`).
    public struct EdgeFlags: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// `left` (`EDGE_LEFT`, 1): the key is at the keyboard's left edge.
        public static let left = EdgeFlags(rawValue: 1)
        /// `right` (`EDGE_RIGHT`, 2): the key is at the keyboard's right edge.
        public static let right = EdgeFlags(rawValue: 2)
        /// `top` (`EDGE_TOP`, 4): the key is in the top row.
        public static let top = EdgeFlags(rawValue: 4)
        /// `bottom` (`EDGE_BOTTOM`, 8): the key is in the bottom row.
        public static let bottom = EdgeFlags(rawValue: 8)

        /// The flag names Android's attributes use, in bit order.
        public static let names: [(String, EdgeFlags)] = [("left", .left), ("right", .right), ("top", .top), ("bottom", .bottom)]
    }

    /// The key's codes; the first is the key's code. Empty only for the key at which Android
    /// stopped reading the file (no codes, no label).
    public var codes: [Int]
    /// `keyOutputText`, escapes applied.
    public var outputText: String?
    /// The key's `keyEdgeFlags` combined with its row's `rowEdgeFlags`, as Android does.
    public var edgeFlags: EdgeFlags
    /// `isRepeatable`: the key repeats while held (delete, space); reported, not drawn.
    public var isRepeatable: Bool
    /// `isModifier`: the key modifies others (shift, alt); reported, not drawn.
    public var isModifier: Bool
    /// `isSticky`: the key toggles (shift); reported, not drawn.
    public var isSticky: Bool
    /// `keyIcon` as written (`@drawable/sym_keyboard_delete`); icons are not loaded.
    public var icon: String?

    /// The attributes of one key; the flags default to false and the edge flags to none.
    public init(codes: [Int], outputText: String? = nil, edgeFlags: EdgeFlags = [], isRepeatable: Bool = false, isModifier: Bool = false, isSticky: Bool = false, icon: String? = nil) {
        self.codes = codes
        self.outputText = outputText
        self.edgeFlags = edgeFlags
        self.isRepeatable = isRepeatable
        self.isModifier = isModifier
        self.isSticky = isSticky
        self.icon = icon
    }

    /// The key's code (the first of `codes`).
    public var code: Int { codes.first ?? 0 }

    /// What the key's code means (`AndroidKeyCode`).
    public var meaning: AndroidKeyCode { AndroidKeyCode(code) }
}
