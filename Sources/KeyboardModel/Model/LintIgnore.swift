/// The rules of `render-keyboard lint` (docs/lint.md), by their ids: what a finding reports and
/// what a file's `lint.ignore` names.
public enum LintRule: String, Sendable, Hashable, CaseIterable {
    /// A label against its face, normal and pressed (error).
    case textContrast = "text-contrast"
    /// The same under simulated colour-vision deficiencies, where the plain ratio passes (warning).
    case cvdTextContrast = "cvd-text-contrast"
    /// A key's face against the keyboard background, 3:1 (warning).
    case keyContrast = "key-contrast"
    /// A pressed face too close to the normal one (warning).
    case pressedState = "pressed-state"
    /// A key's slot (frame plus half the gaps around it) below 24 × 24 pt (error) or below the
    /// platform's 44 × 44 pt (iOS) or 48 × 48 dp (Android) (warning).
    case targetSize = "target-size"
    /// A label drawn under 11 pt after fitting (warning).
    case labelSize = "label-size"
    /// A label with a character no pinned font draws (error).
    case missingGlyph = "missing-glyph"
}

/// A finding of `lint` that a theme or layout keeps on purpose, and why (docs/lint.md,
/// `lint: {ignore: [{rule, field, reason}]}`): the finding is still reported, marked as
/// ignored, and does not count.
package struct LintIgnore: Sendable, Hashable {
    /// The rule whose findings are ignored.
    package var rule: LintRule
    /// A field path of the file (`keys.enter`); it covers itself and every field under it
    /// (`keys.enter.normal.fill`, and `keys[3]` covers `keys[3].appearance.normal.text`); never
    /// empty.
    package var field: String
    /// Why the finding is kept, shown beside it; never empty.
    package var reason: String

    /// Whether this entry covers a finding of `rule` located at `field`: the same rule, and
    /// `field` is this entry's field or lies under it (the next character after the prefix is
    /// `.` or `[`, so `keys.enter` does not cover `keys.enterprise`).
    package func covers(rule: LintRule, field: String) -> Bool {
        guard rule == self.rule, field.hasPrefix(self.field) else { return false }
        let rest = field.utf8.dropFirst(self.field.utf8.count)
        return rest.isEmpty || rest.first == UInt8(ascii: ".") || rest.first == UInt8(ascii: "[")
    }

    /// A value with every stored property given; those with a default may be left out.
    package init(rule: LintRule, field: String, reason: String) {
        self.rule = rule
        self.field = field
        self.reason = reason
    }
}
