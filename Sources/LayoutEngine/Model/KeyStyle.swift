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

/// A PNG referenced by a theme or a layout, before it is read.
///
/// `path` is as written in the file (relative, `/`-separated); `baseDirectory` is the folder of
/// the file that named it. Whoever reads the image confines it to that folder. `file` and
/// `field` say where the reference was written, for messages about the image.
public struct ImageReference: Sendable, Hashable {
    /// The path as written (relative, `/`-separated); absolute paths and paths that leave
    /// `baseDirectory` are refused when the image is read.
    package var path: String
    /// The folder of the file that names the image; `path` is relative to it.
    package var baseDirectory: String
    /// The referring file as named in messages.
    package var file: String
    /// The field path of the reference in that file, e.g. `keys.content.normal.image`.
    package var field: String

    /// A reference; nothing is read or checked here.
    package init(path: String, baseDirectory: String, file: String = "", field: String = "") {
        self.path = path
        self.baseDirectory = baseDirectory
        self.file = file
        self.field = field
    }
}

/// One value of a style field, of whatever type the field has (`KeyStyleField`).
///
/// Made only from `Sendable` values, so it is itself safe to share between threads.
package struct StyleValue: Hashable, @unchecked Sendable {
    /// The value.
    package let base: AnyHashable

    /// Wraps `value`.
    package init<Value: Hashable & Sendable>(_ value: Value) {
        base = AnyHashable(value)
    }
}

/// A key style as written in a theme or a key's `appearance`: every field optional.
///
/// Its fields are those of `KeyStyleField.all`, held by name. Lengths are points. Styles are
/// merged field by field, later wins (SPEC §5 cascade).
public struct KeyStyle: Sendable, Hashable {
    /// The written value of each field set, by field name (`KeyStyleField.name`).
    package var values: [String: StyleValue] = [:]

    /// A style that sets nothing: every field is taken from the layers under it in the
    /// cascade until the decoder (or `overlaid(by:)`) sets it.
    package init() {}

    /// This style with every field that `other` sets taken from `other`.
    package func overlaid(by other: KeyStyle?) -> KeyStyle {
        guard let other else { return self }
        var merged = self
        merged.values.merge(other.values) { _, later in later }
        return merged
    }

    /// The value written for the field `name`, when it is set and of type `Value`.
    package func value<Value>(_ name: String, as type: Value.Type = Value.self) -> Value? {
        values[name]?.base as? Value
    }

    /// Sets (or with nil, unsets) the field `name`.
    package mutating func set<Value: Hashable & Sendable>(_ name: String, _ value: Value?) {
        values[name] = value.map(StyleValue.init)
    }
}

/// A key style per state, as in a theme's key class or a key's `appearance`.
public struct StateStyles: Sendable, Hashable {
    /// The `normal` block: the style in every state.
    package var normal: KeyStyle?
    /// The `pressed` block: laid over `normal` while the key is pressed.
    package var pressed: KeyStyle?
    /// The input callout shown while the key is pressed (SPEC §9).
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
