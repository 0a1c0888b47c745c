/// A theme's input callout for one key class (docs/pattern-pads.md `callout`): every field optional.
///
/// Its fields are rows of the key style table (`KeyStyleField.calloutFields`: `fill`, `text`,
/// `textSize`, `borderColor`, `borderWidth`, `shadowColor`) and `enabled`. Fields left out fall
/// back to the key's normal style; `textSize` to twice the key's.
public struct CalloutStyle: Sendable, Hashable {
    /// Whether a pressed key of this class shows the callout; the callout is drawn only when
    /// the cascade ends at `true`.
    package var enabled: Bool?
    /// The bubble's fields, written as a key style's; only those of
    /// `KeyStyleField.calloutFields` are ever set.
    package var style = KeyStyle()

    /// A callout block; every field left nil falls back as the type describes.
    package init(enabled: Bool? = nil, style: KeyStyle = KeyStyle()) {
        self.enabled = enabled
        self.style = style
    }

    /// This style with every field that `other` sets taken from `other`.
    package func overlaid(by other: CalloutStyle?) -> CalloutStyle {
        guard let other else { return self }
        return CalloutStyle(enabled: other.enabled ?? enabled, style: style.overlaid(by: other.style))
    }

    /// The bubble as drawn: the key's normal style `normal`, its text size doubled, with every
    /// field this callout sets in its place.
    package func drawn(over normal: ResolvedKeyStyle) -> ResolvedKeyStyle {
        var drawn = normal
        drawn.textSize = 2 * normal.textSize
        for field in KeyStyleField.calloutFields { field.drawOver?(style, &drawn) }
        return drawn
    }
}
