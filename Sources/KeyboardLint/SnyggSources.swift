import RenderKeyboardKit
import KeyboardFormats
import KeyboardModel

/// Where a Snygg stylesheet sets a key's style field (docs/lint.md "Where a finding points"):
/// in the last `key` rule, in the order the engine lays them (`Theme.keyRules`), that matches
/// the key's code, the keyboard's mode and shift state — the `:pressed` ones only for a
/// pressed key — and sets the property the field is drawn from. The finding names that rule
/// and property as `validate` does (`key[code=10].background`), at the property's line and
/// column, with the rule's own line and column.
struct SnyggSources {
    /// The stylesheet, read for positions.
    let file: SourceFile
    /// Its rules, in the order they are laid.
    let rules: [KeyRule]

    /// The property each style field is drawn from (the decoder's table, inverted).
    static let properties = Dictionary(SnyggDecoder.styleFields.map { ($0.value, $0.key) }, uniquingKeysWith: { a, _ in a })

    /// The stylesheet's sources, when `theme` was read from one (`file` is the named theme).
    init?(theme: Theme, file: SourceFile?) {
        guard let file, !theme.keyRules.isEmpty else { return nil }
        self.file = file
        rules = theme.keyRules
    }

    /// The position of `field` for a key with `code` on a keyboard in `context`, pressed or
    /// not, and its rank (the later the rule is laid, the higher; 0 for the default): when no
    /// rule sets it (the engine's default applies), the plain `key` rule's property, without
    /// a line. Nil for a field no property draws (an image, a callout's).
    func source(of field: String, code: Int?, context: KeyStyleContext, pressed: Bool) -> (position: SourcePosition, rank: Int)? {
        guard let property = Self.properties[field], let styleField = KeyStyleField.all.first(where: { $0.name == field }) else { return nil }
        let index = rules.lastIndex { (!$0.pressed || pressed) && $0.matches(code: code, context: context) && styleField.isSet(in: $0.style) }
        guard let index else {
            return (SourcePosition(file: file.display, field: "key." + property, isBuiltIn: file.name.isBuiltIn), 0)
        }
        let rule = rules[index]
        var position = SourcePosition(file: file.display, field: rule.selector + "." + property, isBuiltIn: file.name.isBuiltIn)
        if let marks = file.entryMarks(rule.selector, field: property) {
            position.line = marks.field?.line
            position.column = marks.field?.column
            position.rule = .init(file: file.display, isBuiltIn: file.name.isBuiltIn, line: marks.entry.line, column: marks.entry.column)
        }
        return (position, index + 1)
    }
}
