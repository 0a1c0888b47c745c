/// A corner of a key's rectangle.
public enum Corner: String, Sendable, Hashable, CaseIterable {
    /// The top-left corner; in `hiddenCorners` it is drawn square instead of rounded.
    case topLeft
    /// The top-right corner; in `hiddenCorners` it is drawn square instead of rounded.
    case topRight
    /// The bottom-left corner; in `hiddenCorners` it is drawn square instead of rounded.
    case bottomLeft
    /// The bottom-right corner; in `hiddenCorners` it is drawn square instead of rounded.
    case bottomRight
}

/// A key style per state, as in a theme's key class or a key's `appearance`.
public struct StateStyles: Sendable, Hashable {
    /// The `normal` block: the style in every state.
    package var normal: KeyStyle?
    /// The `pressed` block: laid over `normal` while the key is pressed.
    package var pressed: KeyStyle?
    /// The input callout shown while the key is pressed (docs/pattern-pads.md).
    package var callout: CalloutStyle?

    /// Styles per state; blocks left nil add nothing to the cascade.
    package init(normal: KeyStyle? = nil, pressed: KeyStyle? = nil, callout: CalloutStyle? = nil) {
        self.normal = normal
        self.pressed = pressed
        self.callout = callout
    }

    /// The block written for `state` alone (`normal` or `pressed`), without the other merged
    /// in.
    package func style(for state: KeyState) -> KeyStyle? {
        state == .normal ? normal : pressed
    }

    /// `other`'s fields over this one's, state by state.
    package func overlaid(by other: StateStyles?) -> StateStyles {
        guard let other else { return self }
        return StateStyles(
            normal: (normal ?? KeyStyle()).overlaid(by: other.normal),
            pressed: (pressed ?? KeyStyle()).overlaid(by: other.pressed),
            callout: other.callout.map { (callout ?? CalloutStyle()).overlaid(by: $0) } ?? callout
        )
    }
}

/// The state a key is drawn in.
public enum KeyState: String, Sendable, Hashable, CaseIterable {
    /// Not touched: the `normal` styles of the cascade.
    case normal
    /// Touched (`--pressed`, or the shift key while shift is on or locked): the `normal` styles
    /// with the `pressed` ones over them, unless the theme's `highlightOnPress` is false.
    case pressed
}
