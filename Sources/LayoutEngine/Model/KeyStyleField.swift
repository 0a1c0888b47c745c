/// One field of a key style, described once (SPEC §5): its name in theme and layout files,
/// how a file's value is read, its value when the whole cascade is silent, how it resolves
/// for drawing, how `diff` shows it, and its row in the format reference.
///
/// `KeyStyle` (as written), `ResolvedKeyStyle` (as drawn), the decoder, the cascade,
/// `diff` and the documentation test all read `KeyStyleField.all`, so a new style field is a
/// line there (and its use in the renderer, and its row in `docs/format.md`).
package struct KeyStyleField: Sendable {
    /// How a file's value is read: the reader records a problem and returns nil when the
    /// value is not one (reader, value, field path, the folder of the file).
    typealias Read = @Sendable (FieldReader, Document, String, String) -> StyleValue?
    /// Sets the field of the drawn style from the written cascade (`written` is nil when the
    /// cascade is silent); `frame` is the key's drawn frame in points; `image` reads a PNG.
    typealias Resolve = @Sendable (_ written: StyleValue?, _ style: KeyStyle, _ into: inout ResolvedKeyStyle, _ frame: Rect, _ image: (ImageReference) throws -> SceneImage) throws -> Void

    /// The field's name in files (`fill`).
    package let name: String
    let read: Read
    /// The drawn value when the cascade is silent; nil for a field with none (`image`).
    let fallback: StyleValue?
    let resolve: Resolve
    /// How `diff` shows the drawn value; nil for a field `diff` does not compare on its own
    /// (`capInsets`, which is part of the image).
    let shown: (@Sendable (ResolvedKeyStyle) -> String)?
    /// The field's row in the format reference: type, default and what is accepted.
    package let type: String, defaultText: String, accepted: String

    /// A field whose drawn value is the written one, or `fallback` (`Value` is its type).
    static func plain<Value: Hashable & Sendable>(
        _ name: String, _ type: String, default fallback: Value, shown defaultText: String, accepted: String = "—",
        show: @escaping @Sendable (Value) -> String = { "\($0)" },
        read: @escaping @Sendable (FieldReader, Document, String) -> Value?
    ) -> KeyStyleField {
        KeyStyleField(
            name: name, read: { reader, value, path, _ in read(reader, value, path).map(StyleValue.init) },
            fallback: StyleValue(fallback),
            resolve: { written, _, into, _, _ in into.values[name] = written ?? StyleValue(fallback) },
            shown: { style in show(style.values[name]?.base as? Value ?? fallback) },
            type: type, defaultText: defaultText, accepted: accepted
        )
    }

    /// The drawn value of this field in `style` as `diff` shows it (`#FFFFFFFF`, `10.5`,
    /// `[topLeft]`); nil for a field `diff` does not compare on its own.
    package func shownValue(in style: ResolvedKeyStyle) -> String? {
        shown?(style)
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
        .plain("fill", "colour", default: Color.white, shown: "`#FFFFFF`") { $0.color($1, $2) },
        KeyStyleField(
            name: "image",
            read: { reader, value, path, base in reader.imageReference(value, path, baseDirectory: base).map(StyleValue.init) },
            fallback: nil,
            resolve: { written, style, into, _, image in
                guard let reference = written?.base as? ImageReference else { into.image = nil; return }
                var drawn = try image(reference)
                drawn.capInsets = style.capInsets ?? .zero
                into.image = drawn
            },
            shown: { style in style.image.map { "\($0.id)" } ?? "none" },
            type: "image", defaultText: "none", accepted: "drawn over `fill`, stretched over the key (`@2x`/`@3x` in the file name sets its scale)"
        ),
        KeyStyleField(
            name: "capInsets",
            read: { reader, value, path, _ in reader.insets(value, path).map(StyleValue.init) },
            fallback: StyleValue(EdgeInsets.zero), resolve: { _, _, _, _, _ in }, shown: nil,
            type: "mapping `{top, left, bottom, right}` of lengths", defaultText: "each 0", accepted: "pt on the key; with them the image is a 9-slice"
        ),
        .plain("text", "colour", default: Color.black, shown: "`#000000`", accepted: "the label's and icon's colour") { $0.color($1, $2) },
        .plain("textSize", "text size", default: 22.0, shown: "22", accepted: "labels shrink to fit their key, never grow", show: points) { $0.textSize($1, $2) },
        KeyStyleField(
            name: "cornerRadius",
            read: { reader, value, path, _ in reader.length(value, path).map(StyleValue.init) },
            fallback: StyleValue(5.0),
            resolve: { written, _, into, frame, _ in
                let shorter = max(0, min(frame.width, frame.height))
                let radius = (written?.base as? ShorterSideFraction).map { $0.value * shorter } ?? written?.base as? Double ?? 5
                into.values["cornerRadius"] = StyleValue(min(radius, shorter / 2))
            },
            shown: { points($0.cornerRadius) },
            type: "length", defaultText: "5", accepted: "clamped to half the key's shorter side"
        ),
        .plain("hiddenCorners", "list of choices", default: Set<Corner>(), shown: "none",
               accepted: "`topLeft`, `topRight`, `bottomLeft`, `bottomRight`: those corners stay square",
               show: { $0.isEmpty ? "[]" : "[" + $0.map(\.rawValue).sorted().joined(separator: ", ") + "]" }) { reader, value, path in
            guard let items = reader.list(value, path) else { return nil }
            var corners = Set<Corner>()
            for (i, item) in items.enumerated() {
                if let corner = reader.choice(item, reader.join(path, i), as: Corner.self) { corners.insert(corner) }
            }
            return corners
        },
        .plain("borderWidth", "length", default: 0.0, shown: "0", accepted: "stroked inside the key's shape", show: points) { $0.length($1, $2) },
        .plain("borderColor", "colour", default: Color.clear, shown: "`#00000000` (none)") { $0.color($1, $2) },
        .plain("shadowHeight", "length", default: 0.0, shown: "0", accepted: "the key's shape moved down by this much, under the key", show: points) { $0.length($1, $2) },
        .plain("shadowColor", "colour", default: Color.clear, shown: "`#00000000` (none)") { $0.color($1, $2) },
        .plain("inset", "mapping `{top, left, bottom, right}` of lengths", default: EdgeInsets.zero, shown: "each 0",
               accepted: "pt between the key's frame and its face: the face, its shadow, border and label are drawn inside; the frame (and where a touch lands) stays",
               show: { "\(KeyStyleField.points($0.top)), \(KeyStyleField.points($0.left)), \(KeyStyleField.points($0.bottom)), \(KeyStyleField.points($0.right))" }) { $0.insets($1, $2) },
    ]

    /// The fields by name.
    static let named: [String: KeyStyleField] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The field names, in order.
    package static var names: [String] { all.map(\.name) }
}

/// A corner radius written as a fraction of the key's shorter side (a stylesheet's
/// `rounded-corner(…%…)` and `circle()`), resolved against each key's frame.
package struct ShorterSideFraction: Sendable, Hashable {
    /// The fraction, 0…1 (0.5 is a circle's).
    package var value: Double

    package init(_ value: Double) {
        self.value = value
    }
}

// MARK: - Each field by name, as written and as drawn

extension KeyStyle {
    /// The colour filling the key's shape; `#FFFFFF` when the whole cascade is silent.
    package var fill: Color? { get { value("fill") } set { set("fill", newValue) } }
    /// A PNG drawn over `fill`, stretched over the key (a 9-slice with `capInsets`); its scale
    /// comes from its file name (`key@2x.png` is 2 pixels per point).
    package var image: ImageReference? { get { value("image") } set { set("image", newValue) } }
    /// 9-slice cap insets in points; only meaningful with `image`.
    package var capInsets: EdgeInsets? { get { value("capInsets") } set { set("capInsets", newValue) } }
    /// The label's and the icon's colour; `#000000` when the whole cascade is silent.
    package var text: Color? { get { value("text") } set { set("text", newValue) } }
    /// The label's size in points (22 when the whole cascade is silent); a label too large for
    /// its key is set smaller. Icons are drawn in proportion to it.
    package var textSize: Double? { get { value("textSize") } set { set("textSize", newValue) } }
    /// Radius of the key's corners, points (5 when the whole cascade is silent); clamped to
    /// half the key's shorter side when drawn.
    package var cornerRadius: Double? { get { value("cornerRadius") } set { set("cornerRadius", newValue) } }
    /// The corners drawn square instead of rounded; none when the whole cascade is silent.
    package var hiddenCorners: Set<Corner>? { get { value("hiddenCorners") } set { set("hiddenCorners", newValue) } }
    /// Width of the border stroked inside the key's shape, points; 0 (no border) when the whole
    /// cascade is silent.
    package var borderWidth: Double? { get { value("borderWidth") } set { set("borderWidth", newValue) } }
    /// The border's colour; transparent when the whole cascade is silent.
    package var borderColor: Color? { get { value("borderColor") } set { set("borderColor", newValue) } }
    /// How far the shadow (the key's shape moved down) shows below the key, points; 0 (no
    /// shadow) when the whole cascade is silent.
    package var shadowHeight: Double? { get { value("shadowHeight") } set { set("shadowHeight", newValue) } }
    /// The shadow's colour; transparent when the whole cascade is silent.
    package var shadowColor: Color? { get { value("shadowColor") } set { set("shadowColor", newValue) } }
    /// Room between the key's frame and its face, points; none when the cascade is silent.
    package var inset: EdgeInsets? { get { value("inset") } set { set("inset", newValue) } }
}

extension ResolvedKeyStyle {
    /// The colour filling the key's shape; `#FFFFFF` when the whole cascade is silent.
    package var fill: Color { get { value("fill") } set { values["fill"] = StyleValue(newValue) } }
    /// The label's and the icon's colour; `#000000` when the whole cascade is silent.
    package var text: Color { get { value("text") } set { values["text"] = StyleValue(newValue) } }
    /// The label's size in points (22 when the whole cascade is silent); a label too large for
    /// its key is set smaller. Icons are drawn in proportion to it.
    package var textSize: Double { get { value("textSize") } set { values["textSize"] = StyleValue(newValue) } }
    /// Radius of the key's corners, points (5 when the whole cascade is silent); clamped to
    /// half the key's shorter side when drawn.
    package var cornerRadius: Double { get { value("cornerRadius") } set { values["cornerRadius"] = StyleValue(newValue) } }
    /// The corners drawn square instead of rounded; none when the whole cascade is silent.
    package var hiddenCorners: Set<Corner> { get { value("hiddenCorners") } set { values["hiddenCorners"] = StyleValue(newValue) } }
    /// Width of the border stroked inside the key's shape, points; 0 (no border) when the whole
    /// cascade is silent.
    package var borderWidth: Double { get { value("borderWidth") } set { values["borderWidth"] = StyleValue(newValue) } }
    /// The border's colour; transparent when the whole cascade is silent.
    package var borderColor: Color { get { value("borderColor") } set { values["borderColor"] = StyleValue(newValue) } }
    /// How far the shadow (the key's shape moved down) shows below the key, points; 0 (no
    /// shadow) when the whole cascade is silent.
    package var shadowHeight: Double { get { value("shadowHeight") } set { values["shadowHeight"] = StyleValue(newValue) } }
    /// The shadow's colour; transparent when the whole cascade is silent.
    package var shadowColor: Color { get { value("shadowColor") } set { values["shadowColor"] = StyleValue(newValue) } }
    /// Room between the key's frame and its face, points: the face is drawn inside it.
    package var inset: EdgeInsets { get { value("inset") } set { values["inset"] = StyleValue(newValue) } }

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
