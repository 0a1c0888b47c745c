/// A theme's input callout for one key class (docs/pattern-pads.md `callout`): every field optional.
///
/// Fields left out fall back to the key's normal style: `fill`, `text`, `borderColor`,
/// `borderWidth`, `shadowColor`; `textSize` to twice the key's. `borderWidth` is an addition
/// to the spec's fields (points).
public struct CalloutStyle: Sendable, Hashable {
    /// Whether a pressed key of this class shows the callout; the callout is drawn only when
    /// the cascade ends at `true`.
    package var enabled: Bool?
    /// The bubble's colour; nil uses the key's normal `fill`.
    package var fill: Color?
    /// The label's colour in the bubble; nil uses the key's normal `text`.
    package var text: Color?
    /// Points.
    package var textSize: Double?
    /// The outline's border colour; nil uses the key's normal `borderColor`.
    package var borderColor: Color?
    /// Points.
    package var borderWidth: Double?
    /// The shadow's colour under the shape; nil uses the key's normal `shadowColor`.
    package var shadowColor: Color?

    /// A callout block; every field left nil falls back as the type describes.
    package init(enabled: Bool? = nil, fill: Color? = nil, text: Color? = nil, textSize: Double? = nil, borderColor: Color? = nil, borderWidth: Double? = nil, shadowColor: Color? = nil) {
        self.enabled = enabled
        self.fill = fill
        self.text = text
        self.textSize = textSize
        self.borderColor = borderColor
        self.borderWidth = borderWidth
        self.shadowColor = shadowColor
    }

    /// This style with every field that `other` sets taken from `other`.
    package func overlaid(by other: CalloutStyle?) -> CalloutStyle {
        guard let other else { return self }
        return CalloutStyle(
            enabled: other.enabled ?? enabled, fill: other.fill ?? fill, text: other.text ?? text,
            textSize: other.textSize ?? textSize, borderColor: other.borderColor ?? borderColor,
            borderWidth: other.borderWidth ?? borderWidth, shadowColor: other.shadowColor ?? shadowColor
        )
    }
}
