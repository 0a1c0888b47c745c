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

    /// A value with every stored property given; those with a default may be left out.
    package init(source: IMESource, label: String, code: Int? = nil, type: String? = nil, styleCode: Int? = nil) {
        self.source = source
        self.label = label
        self.code = code
        self.type = type
        self.styleCode = styleCode
    }
}
