/// What the frames JSON reports of a key read from a HeliBoard or FlorisBoard layout (its
/// `ime` object): the file's label, code and type after selectors, raw (docs/format.md "HeliBoard and FlorisBoard layouts").
package struct IMEKeyAttributes: Sendable, Hashable {
    /// The app whose layout the key came from.
    package var source: IMESource
    /// The label as written; for HeliBoard's functional keys the label they are added with
    /// (`shift`, `symbol_alpha`).
    package var label: String
    /// The code as written; nil when the file gives none.
    package var code: Int?
    /// The type as written; nil when the file gives none.
    package var type: String?
    /// The code FlorisBoard's stylesheets match the key by (`IMEKey.resolvedCode`).
    package var styleCode: Int?
    /// Where the key is written in its file (`rows[2][3]`); empty for a key the app adds
    /// (HeliBoard's functional keys).
    package var path = ""
    /// Line and column (from 1, in Unicode scalars) of the key's label in a simple text
    /// layout; nil where the format gives none.
    package var line: Int?, column: Int?
    /// The locale's popup keys of this key (`[popup_keys]`), kept for the frames JSON and
    /// never drawn; empty when the locale gives none.
    package var popups: [String] = []

    /// A value with every stored property given; those with a default may be left out.
    package init(source: IMESource, label: String, code: Int? = nil, type: String? = nil, styleCode: Int? = nil) {
        self.source = source
        self.label = label
        self.code = code
        self.type = type
        self.styleCode = styleCode
    }
}
