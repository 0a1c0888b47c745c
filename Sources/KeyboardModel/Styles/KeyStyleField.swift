/// One field of a key style, described once (docs/layouts-and-themes.md): its name in theme and layout files,
/// what kind of value a file gives it, how it overlays, its value when the whole cascade is silent,
/// how it resolves for drawing, how `diff` shows it, and its row in the format reference.
///
/// The two style types below hold the fields; the decoder, the cascade (`KeyStyle.overlaid`),
/// `SceneComposer.resolveStyle`, `diff` and the documentation test loop over
/// `KeyStyleField.all`. A new style field is a stored property in each of the two types and a
/// line in the table, all in this file (then its use in the renderer and its row in
/// `docs/format.md`).

package final class KeyStyleField: Sendable {
    /// The field's name in files (`fill`).
    package let name: String
    /// What a file's value is and where it is kept: each format reads the kind its own way
    /// (a theme's YAML, a stylesheet's CSS values).
    package let value: KeyStyleValue
    /// Takes the field from the second style when it sets it.
    let overlay: @Sendable (inout KeyStyle, KeyStyle) -> Void
    /// Sets the drawn field from the merged cascade; `frame` is the key's drawn frame in
    /// points, `image` reads a PNG.
    package let resolve: @Sendable (KeyStyle, inout ResolvedKeyStyle, Rect, (FileReference) throws -> SceneImage) throws -> Void
    /// How `diff` shows the drawn value; nil for a field `diff` does not compare on its own.
    let shown: (@Sendable (ResolvedKeyStyle) -> String)?
    /// Puts the written value, when the style sets it, in place of the drawn one: how a
    /// callout's field replaces the key's; nil for a field a callout cannot set.
    let drawOver: (@Sendable (KeyStyle, inout ResolvedKeyStyle) -> Void)?
    /// The field's row in the format reference: type, default and what is accepted.
    package let type: String, defaultText: String, accepted: String

    /// A field described by its parts (see the properties); `plain` makes the common kind.
    init(
        name: String, value: KeyStyleValue,
        overlay: @escaping @Sendable (inout KeyStyle, KeyStyle) -> Void,
        resolve: @escaping @Sendable (KeyStyle, inout ResolvedKeyStyle, Rect, (FileReference) throws -> SceneImage) throws -> Void,
        shown: (@Sendable (ResolvedKeyStyle) -> String)?, drawOver: (@Sendable (KeyStyle, inout ResolvedKeyStyle) -> Void)? = nil,
        type: String, defaultText: String, accepted: String
    ) {
        self.name = name
        self.value = value
        self.overlay = overlay
        self.resolve = resolve
        self.shown = shown
        self.drawOver = drawOver
        self.type = type
        self.defaultText = defaultText
        self.accepted = accepted
    }

    /// A field whose drawn value is the written one, else the default `ResolvedKeyStyle()`
    /// holds (the one home of each default).
    static func plain<Value: Sendable>(
        _ name: String, _ written: WritableKeyPath<KeyStyle, Value?> & Sendable, _ drawn: WritableKeyPath<ResolvedKeyStyle, Value> & Sendable,
        _ type: String, shown defaultText: String, accepted: String = "—",
        show: @escaping @Sendable (Value) -> String = { "\($0)" },
        value: KeyStyleValue, inCallout: Bool = false
    ) -> KeyStyleField {
        var drawOver: (@Sendable (KeyStyle, inout ResolvedKeyStyle) -> Void)?
        if inCallout {
            drawOver = { style, into in if let value = style[keyPath: written] { into[keyPath: drawn] = value } }
        }
        return KeyStyleField(
            name: name,
            value: value,
            overlay: { style, other in if let value = other[keyPath: written] { style[keyPath: written] = value } },
            resolve: { style, into, _, _ in into[keyPath: drawn] = style[keyPath: written] ?? ResolvedKeyStyle.defaults[keyPath: drawn] },
            shown: { show($0[keyPath: drawn]) },
            drawOver: drawOver,
            type: type, defaultText: defaultText, accepted: accepted
        )
    }

    /// The drawn value of this field in `style` as `diff` shows it (`#FFFFFFFF`, `10.5`,
    /// `[topLeft]`); nil for a field `diff` does not compare on its own.
    package func shownValue(in style: ResolvedKeyStyle) -> String? {
        shown?(style)
    }

    /// Whether `style` sets this field (overlaying it would change an empty style).
    package func isSet(in style: KeyStyle) -> Bool {
        var probe = KeyStyle()
        overlay(&probe, style)
        return probe != KeyStyle()
    }

    /// The field's row of the format reference's key style table.
    package var documentationRow: String {
        "| `\(name)` | \(type) | \(defaultText) | \(accepted) |"
    }

    /// Points with at most three decimals (`12`, `10.667`), as `diff` shows lengths.
    static func points(_ value: Double) -> String {
        Limits.format((value * 1000).rounded() / 1000)
    }

    /// Every key style field, in the order files list them and `diff` reports them.
    package static let all: [KeyStyleField] = [
        .plain("fill", \.fill, \.fill, "colour", shown: "`#FFFFFF`", value: .color(\.fill), inCallout: true),
        KeyStyleField(
            name: "image",
            value: .image(\.image),
            overlay: { style, other in if let image = other.image { style.image = image } },
            resolve: { style, into, _, image in
                guard let reference = style.image else { into.image = nil; return }
                var drawn = try image(reference)
                drawn.capInsets = style.capInsets ?? .zero
                into.image = drawn
            },
            shown: { style in style.image.map { "\($0.id)" } ?? "none" },
            type: "image", defaultText: "none", accepted: "drawn over `fill`, stretched over the key (`@2x`/`@3x` in the file name sets its scale)"
        ),
        KeyStyleField(
            name: "capInsets",
            value: .insets(\.capInsets),
            overlay: { style, other in if let insets = other.capInsets { style.capInsets = insets } },
            resolve: { _, _, _, _ in },  // part of the image
            shown: nil,
            type: "mapping `{top, left, bottom, right}` of lengths", defaultText: "each 0", accepted: "pt on the key; with them the image is a 9-slice"
        ),
        .plain("text", \.text, \.text, "colour", shown: "`#000000`", accepted: "the label's and icon's colour", value: .color(\.text), inCallout: true),
        .plain("textSize", \.textSize, \.textSize, "text size", shown: "22", accepted: "labels shrink to fit their key, never grow", show: points, value: .textSize(\.textSize), inCallout: true),
        KeyStyleField(
            name: "cornerRadius",
            value: .length(\.cornerRadius),
            // A radius in points and one of the shorter side replace each other.
            overlay: { style, other in
                if other.cornerRadius != nil || other.cornerFraction != nil { (style.cornerRadius, style.cornerFraction) = (other.cornerRadius, other.cornerFraction) }
            },
            resolve: { style, into, frame, _ in
                let shorter = max(0, min(frame.width, frame.height))
                let radius = style.cornerFraction.map { $0 * shorter } ?? style.cornerRadius ?? ResolvedKeyStyle.defaults.cornerRadius
                into.cornerRadius = min(radius, shorter / 2)
            },
            shown: { points($0.cornerRadius) },
            type: "length", defaultText: "5", accepted: "clamped to half the key's shorter side"
        ),
        .plain("hiddenCorners", \.hiddenCorners, \.hiddenCorners, "list of choices", shown: "none",
               accepted: "`topLeft`, `topRight`, `bottomLeft`, `bottomRight`: those corners stay square",
               show: { $0.isEmpty ? "[]" : "[" + $0.map(\.rawValue).sorted().joined(separator: ", ") + "]" }, value: .corners(\.hiddenCorners)),
        .plain("borderWidth", \.borderWidth, \.borderWidth, "length", shown: "0", accepted: "stroked inside the key's shape", show: points, value: .length(\.borderWidth), inCallout: true),
        .plain("borderColor", \.borderColor, \.borderColor, "colour", shown: "`#00000000` (none)", value: .color(\.borderColor), inCallout: true),
        .plain("shadowHeight", \.shadowHeight, \.shadowHeight, "length", shown: "0", accepted: "the key's shape moved down by this much, under the key", show: points, value: .length(\.shadowHeight)),
        .plain("shadowColor", \.shadowColor, \.shadowColor, "colour", shown: "`#00000000` (none)", value: .color(\.shadowColor), inCallout: true),
        .plain("inset", \.inset, \.inset, "mapping `{top, left, bottom, right}` of lengths", shown: "each 0",
               accepted: "pt between the key's frame and its face: the face, its shadow, border and label are drawn inside; the frame (and where a touch lands) stays",
               show: { "\(points($0.top)), \(points($0.left)), \(points($0.bottom)), \(points($0.right))" }, value: .insets(\.inset)),
    ]

    /// The fields a theme's `callout` block may set besides `enabled`, in table order.
    package static let calloutFields = all.filter { $0.drawOver != nil }

    /// The fields by name.
    package static let named: [String: KeyStyleField] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The field names, in order.
    package static var names: [String] { all.map(\.name) }
}

/// What kind of value a key style field holds in a file, and the property of `KeyStyle` it
/// is kept in. Every format reads each kind by its own rules (a theme's `#RRGGBB`, a
/// stylesheet's `rgba()`); a field of a new kind adds a case here, and the compiler then
/// names every reader that must learn it.
package enum KeyStyleValue: Sendable {
    /// A colour.
    case color(WritableKeyPath<KeyStyle, Color?> & Sendable)
    /// A length in points.
    case length(WritableKeyPath<KeyStyle, Double?> & Sendable)
    /// A text size in points.
    case textSize(WritableKeyPath<KeyStyle, Double?> & Sendable)
    /// Four lengths in points (`{top, left, bottom, right}`).
    case insets(WritableKeyPath<KeyStyle, EdgeInsets?> & Sendable)
    /// A list of corners.
    case corners(WritableKeyPath<KeyStyle, Set<Corner>?> & Sendable)
    /// A PNG file, relative to the folder of the file that names it.
    case image(WritableKeyPath<KeyStyle, FileReference?> & Sendable)
}

/// A key style as written in a theme or a key's `appearance`: every field optional (the
/// fields of `KeyStyleField.all`).
///
/// Lengths are points. Styles are merged field by field, later wins (docs/layouts-and-themes.md cascade).
public struct KeyStyle: Sendable, Hashable {
    /// The colour filling the key's shape; `#FFFFFF` when the whole cascade is silent.
    package var fill: Color?
    /// A PNG drawn over `fill`, stretched over the key (a 9-slice with `capInsets`); its scale
    /// comes from its file name (`key@2x.png` is 2 pixels per point).
    package var image: FileReference?
    /// 9-slice cap insets in points; only meaningful with `image`.
    package var capInsets: EdgeInsets?
    /// The label's and the icon's colour; `#000000` when the whole cascade is silent.
    package var text: Color?
    /// The label's size in points (22 when the whole cascade is silent); a label too large for
    /// its key is set smaller. Icons are drawn in proportion to it.
    package var textSize: Double?
    /// Radius of the key's corners, points (5 when the whole cascade is silent); clamped to
    /// half the key's shorter side.
    package var cornerRadius: Double?
    /// Radius of the key's corners as a fraction of its shorter side (a stylesheet's
    /// `rounded-corner(…%…)` and `circle()`, 0.5); part of the `cornerRadius` field, which it
    /// replaces (and is replaced by) in the cascade.
    package var cornerFraction: Double?
    /// The corners drawn square instead of rounded; none when the whole cascade is silent.
    package var hiddenCorners: Set<Corner>?
    /// Width of the border stroked inside the key's shape, points; 0 (no border) when the whole
    /// cascade is silent.
    package var borderWidth: Double?
    /// The border's colour; transparent when the whole cascade is silent.
    package var borderColor: Color?
    /// How far the shadow (the key's shape moved down) shows below the key, points; 0 (no
    /// shadow) when the whole cascade is silent.
    package var shadowHeight: Double?
    /// The shadow's colour; transparent when the whole cascade is silent.
    package var shadowColor: Color?
    /// Room between the key's frame and its face, points; none when the cascade is silent.
    package var inset: EdgeInsets?

    /// A style that sets nothing: every field is taken from the layers under it in the
    /// cascade until the decoder (or `overlaid(by:)`) sets it.
    package init() {}

    /// This style with every field that `other` sets taken from `other`.
    package func overlaid(by other: KeyStyle?) -> KeyStyle {
        guard let other else { return self }
        var merged = self
        for field in KeyStyleField.all { field.overlay(&merged, other) }
        return merged
    }
}

/// A key style with every field decided: what the renderer paints. Lengths in points.
public struct ResolvedKeyStyle: Sendable, Hashable {
    /// Face colour, drawn under `image`.
    package var fill = Color.white
    /// Drawn over `fill`, clipped to the key's shape, with its cap insets.
    package var image: SceneImage?
    /// Label and icon colour.
    package var text = Color.black
    /// Label size in points: the theme's, and, in a scene composed with a measure, already
    /// fitted to the key (`LabelFitting`). The renderer draws the label at this size.
    package var textSize = 22.0
    /// Already clamped to half the key's shorter side.
    package var cornerRadius = 5.0
    /// Corners drawn square.
    package var hiddenCorners: Set<Corner> = []
    /// Border width in points, drawn inside the shape.
    package var borderWidth = 0.0
    /// Border colour.
    package var borderColor = Color.clear
    /// How far, in points, the shadow shows under the key.
    package var shadowHeight = 0.0
    /// Shadow colour.
    package var shadowColor = Color.clear
    /// Room between the key's frame and its face, points: the face is drawn inside it.
    package var inset = EdgeInsets.zero

    /// The defaults of every field: white, black labels of 22 pt, radius 5, no image, border,
    /// shadow or inset.
    package init() {}

    /// What every field is when the whole cascade is silent: `ResolvedKeyStyle()`.
    package static let defaults = ResolvedKeyStyle()

    /// A style with every value given; the defaults draw no image, border or shadow.
    package init(fill: Color, image: SceneImage? = nil, text: Color, textSize: Double, cornerRadius: Double, hiddenCorners: Set<Corner> = [], borderWidth: Double = 0, borderColor: Color = .clear, shadowHeight: Double = 0, shadowColor: Color = .clear) {
        self.fill = fill
        self.image = image
        self.text = text
        self.textSize = textSize
        self.cornerRadius = cornerRadius
        self.hiddenCorners = hiddenCorners
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        self.shadowHeight = shadowHeight
        self.shadowColor = shadowColor
    }

    /// The key's face in pixels: `frame` less `inset`, each side moved by whole pixels at
    /// `scale` (pixels per point); empty (zero width or height) when the inset leaves nothing.
    /// The one rule of where a face is drawn, for the painter and the callouts alike.
    package func face(of frame: PixelRect, scale: Double) -> PixelRect {
        func pixels(_ points: Double) -> Int {
            let value = (points * scale).rounded()
            return value.isFinite ? Int(max(0, min(value, Double(Int32.max)))) : 0
        }
        let left = pixels(inset.left), top = pixels(inset.top)
        let width = max(0, frame.width - left - pixels(inset.right)), height = max(0, frame.height - top - pixels(inset.bottom))
        return PixelRect(x: frame.x + left, y: frame.y + top, width: width, height: height)
    }
}
