/// A corner of a key's rectangle.
public enum Corner: String, Sendable, Hashable, CaseIterable {
    case topLeft, topRight, bottomLeft, bottomRight
}

/// A PNG referenced by a theme or a layout, before it is read.
///
/// `path` is as written in the file (relative, `/`-separated); `baseDirectory` is the folder of
/// the file that named it. Whoever reads the image confines it to that folder. `file` and
/// `field` say where the reference was written, for messages about the image.
public struct ImageReference: Sendable, Hashable {
    public var path: String
    public var baseDirectory: String
    /// The referring file as named in messages.
    public var file: String
    /// The field path of the reference in that file, e.g. `keys.content.normal.image`.
    public var field: String

    public init(path: String, baseDirectory: String, file: String = "", field: String = "") {
        self.path = path
        self.baseDirectory = baseDirectory
        self.file = file
        self.field = field
    }
}

/// A key style as written in a theme or a key's `appearance`: every field optional.
///
/// Lengths are points. Styles are merged field by field, later wins (SPEC §5 cascade).
public struct KeyStyle: Sendable, Hashable {
    public var fill: Color?
    public var image: ImageReference?
    /// 9-slice cap insets in points; only meaningful with `image`.
    public var capInsets: EdgeInsets?
    public var text: Color?
    public var textSize: Double?
    public var cornerRadius: Double?
    public var hiddenCorners: Set<Corner>?
    public var borderWidth: Double?
    public var borderColor: Color?
    public var shadowHeight: Double?
    public var shadowColor: Color?

    public init(
        fill: Color? = nil, image: ImageReference? = nil, capInsets: EdgeInsets? = nil,
        text: Color? = nil, textSize: Double? = nil, cornerRadius: Double? = nil,
        hiddenCorners: Set<Corner>? = nil, borderWidth: Double? = nil, borderColor: Color? = nil,
        shadowHeight: Double? = nil, shadowColor: Color? = nil
    ) {
        self.fill = fill
        self.image = image
        self.capInsets = capInsets
        self.text = text
        self.textSize = textSize
        self.cornerRadius = cornerRadius
        self.hiddenCorners = hiddenCorners
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        self.shadowHeight = shadowHeight
        self.shadowColor = shadowColor
    }

    /// This style with every field that `other` sets taken from `other`.
    public func overlaid(by other: KeyStyle?) -> KeyStyle {
        guard let other else { return self }
        var merged = self
        merged.fill = other.fill ?? fill
        merged.image = other.image ?? image
        merged.capInsets = other.capInsets ?? capInsets
        merged.text = other.text ?? text
        merged.textSize = other.textSize ?? textSize
        merged.cornerRadius = other.cornerRadius ?? cornerRadius
        merged.hiddenCorners = other.hiddenCorners ?? hiddenCorners
        merged.borderWidth = other.borderWidth ?? borderWidth
        merged.borderColor = other.borderColor ?? borderColor
        merged.shadowHeight = other.shadowHeight ?? shadowHeight
        merged.shadowColor = other.shadowColor ?? shadowColor
        return merged
    }
}

/// A key style per state, as in a theme's key class or a key's `appearance`.
public struct StateStyles: Sendable, Hashable {
    public var normal: KeyStyle?
    public var pressed: KeyStyle?

    public init(normal: KeyStyle? = nil, pressed: KeyStyle? = nil) {
        self.normal = normal
        self.pressed = pressed
    }

    public func style(for state: KeyState) -> KeyStyle? {
        state == .normal ? normal : pressed
    }

    /// `other`'s fields over this one's, state by state.
    public func overlaid(by other: StateStyles?) -> StateStyles {
        guard let other else { return self }
        return StateStyles(
            normal: (normal ?? KeyStyle()).overlaid(by: other.normal),
            pressed: (pressed ?? KeyStyle()).overlaid(by: other.pressed)
        )
    }
}

/// The state a key is drawn in.
public enum KeyState: String, Sendable, Hashable, CaseIterable {
    case normal, pressed
}
