/// What an Android keyboard file says about a key beyond its face: reported in the frames
/// JSON's `android` object (docs/android-xml.md "Keys"); none of it moves the key.
package struct AndroidKeyAttributes: Sendable, Hashable {
    /// Android's edge flags (`Keyboard.EDGE_*`).
    package struct EdgeFlags: OptionSet, Sendable, Hashable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        /// `left` (`EDGE_LEFT`, 1): the key is at the keyboard's left edge.
        package static let left = EdgeFlags(rawValue: 1)
        /// `right` (`EDGE_RIGHT`, 2): the key is at the keyboard's right edge.
        package static let right = EdgeFlags(rawValue: 2)
        /// `top` (`EDGE_TOP`, 4): the key is in the top row.
        package static let top = EdgeFlags(rawValue: 4)
        /// `bottom` (`EDGE_BOTTOM`, 8): the key is in the bottom row.
        package static let bottom = EdgeFlags(rawValue: 8)

        /// The flag names Android's attributes use, in bit order.
        package static let names: [(String, EdgeFlags)] = [("left", .left), ("right", .right), ("top", .top), ("bottom", .bottom)]
    }

    /// The key's codes; the first is the key's code. Empty only for the key at which Android
    /// stopped reading the file (no codes, no label).
    package var codes: [Int]
    /// `keyOutputText`, escapes applied.
    package var outputText: String?
    /// `keyLabel`, escapes applied; with the output text it decides whether a code beyond the
    /// Basic Multilingual Plane is a character (`AndroidKeyCode`).
    package var label: String?
    /// The key's `keyEdgeFlags` combined with its row's `rowEdgeFlags`, as Android does.
    package var edgeFlags: EdgeFlags = []
    /// `isRepeatable`: the key repeats while held (delete, space); reported, not drawn.
    package var isRepeatable: Bool = false
    /// `isModifier`: the key modifies others (shift, alt); reported, not drawn.
    package var isModifier: Bool = false
    /// `isSticky`: the key toggles (shift); reported, not drawn.
    package var isSticky: Bool = false
    /// `keyIcon` as written (`@drawable/sym_keyboard_delete`); icons are not loaded.
    package var icon: String?
    /// The `<Key>` element's field path in its file (`Row[2].Key[4]`); empty when unknown.
    package var path = ""
    /// Line and column (from 1) of the `<Key>` start tag; 0 when unknown.
    package var line = 0, column = 0

    /// The key's code (the first of `codes`).
    package var code: Int { codes.first ?? 0 }

    /// What the key's code means (`AndroidKeyCode`).
    package var meaning: AndroidKeyCode { AndroidKeyCode(code, label: label, outputText: outputText) }

    /// A value with every stored property given; those with a default may be left out.
    package init(codes: [Int], outputText: String? = nil, label: String? = nil, edgeFlags: EdgeFlags = [], isRepeatable: Bool = false, isModifier: Bool = false, isSticky: Bool = false, icon: String? = nil, path: String = "") {
        self.codes = codes
        self.outputText = outputText
        self.label = label
        self.edgeFlags = edgeFlags
        self.isRepeatable = isRepeatable
        self.isModifier = isModifier
        self.isSticky = isSticky
        self.icon = icon
        self.path = path
    }
}
