import KeyboardModel

/// A light and a dark scene of one keyboard written into one SVG: only colours may differ
/// between them, since the file has one set of shapes.
enum SVGThemePair {
    /// The first field whose value differs between the two scenes' geometry, as
    /// `FIELD (WHERE): LIGHT here, DARK there`; nil when they draw the same shapes. Compared
    /// in this order: the image size, the background's kind, the font, then key by key (its
    /// state, label, icon and each style field that places or sizes a shape: `textSize`,
    /// `cornerRadius`, `hiddenCorners`, `borderWidth`, `shadowHeight`, `inset`, `image`),
    /// the toolbar, and the callouts.
    static func geometryDifference(light: KeyboardScene, dark: KeyboardScene) -> String? {
        func differ(_ field: String, _ a: String, _ b: String) -> String? {
            a == b ? nil : "\(field): \(a) in the light theme, \(b) in the dark theme"
        }
        if let d = differ("image size", "\(light.imageWidth) × \(light.imageHeight) px", "\(dark.imageWidth) × \(dark.imageHeight) px") { return d }
        if light.frames.keys.map(\.pixelFrame) != dark.frames.keys.map(\.pixelFrame) { return "key frames: the two scenes place the keys differently" }
        if let d = differ("background", backgroundKind(light.background), backgroundKind(dark.background)) { return d }
        if let d = differ("font.family", light.font.files.first ?? light.font.family, dark.font.files.first ?? dark.font.family) { return d }
        if let d = differ("font.weight", light.font.weight.rawValue, dark.font.weight.rawValue) { return d }
        if let d = differ("font.bold", light.font.files.dropFirst().first ?? "none", dark.font.files.dropFirst().first ?? "none") { return d }
        for (a, b) in zip(light.keys, dark.keys) {
            if let d = keyDifference(a, b) { return d }
        }
        if let d = differ("toolbar", light.toolbar.map { "\($0.pixelFrame)" } ?? "none", dark.toolbar.map { "\($0.pixelFrame)" } ?? "none") { return d }
        if let d = differ("toolbar.textSize", light.toolbar.map { exact($0.textSize) } ?? "none", dark.toolbar.map { exact($0.textSize) } ?? "none") { return d }
        if let d = differ("callouts", "\(light.callouts.count)", "\(dark.callouts.count)") { return d }
        for (a, b) in zip(light.callouts, dark.callouts) {
            let shape = { (c: SceneCallout) in "\(c.outline.points.map { "\(exact($0.x)),\(exact($0.y))" })" }
            if let d = differ("callout outline", shape(a), shape(b)) { return d }
            for (field, x, y) in [("callout.textSize", a.textSize, b.textSize), ("callout.borderWidth", a.borderWidth, b.borderWidth), ("callout.shadowHeight", a.shadowHeight, b.shadowHeight)] {
                if let d = differ(field, exact(x) + " pt", exact(y) + " pt") { return d }
            }
        }
        return nil
    }

    /// The first geometry field two scenes' drawings of one key differ in.
    private static func keyDifference(_ a: SceneKey, _ b: SceneKey) -> String? {
        let key = "key " + quoted(a.frame.key.label.isEmpty ? a.frame.key.codeName : a.frame.key.label)
        func differ(_ field: String, _ x: String, _ y: String) -> String? {
            x == y ? nil : "\(field) (\(key)): \(x) in the light theme, \(y) in the dark theme"
        }
        let s = a.style, t = b.style
        let image = { (style: ResolvedKeyStyle) in style.image.map { "\(quoted($0.id)) \($0.capInsets)" } ?? "none" }
        let inset = { (e: EdgeInsets) in "\(exact(e.top)), \(exact(e.left)), \(exact(e.bottom)), \(exact(e.right)) pt" }
        let corners = { (c: Set<Corner>) in "[" + c.map(\.rawValue).sorted().joined(separator: ", ") + "]" }
        return differ("state", a.state.rawValue, b.state.rawValue)
            ?? differ("label", quoted(a.label), quoted(b.label))
            ?? differ("icon", a.icon.kind.rawValue, b.icon.kind.rawValue)
            ?? differ("textSize", exact(s.textSize) + " pt", exact(t.textSize) + " pt")
            ?? differ("cornerRadius", exact(s.cornerRadius) + " pt", exact(t.cornerRadius) + " pt")
            ?? differ("hiddenCorners", corners(s.hiddenCorners), corners(t.hiddenCorners))
            ?? differ("borderWidth", exact(s.borderWidth) + " pt", exact(t.borderWidth) + " pt")
            ?? differ("shadowHeight", exact(s.shadowHeight) + " pt", exact(t.shadowHeight) + " pt")
            ?? differ("inset", inset(s.inset), inset(t.inset))
            ?? differ("image", image(s), image(t))
    }

    private static func backgroundKind(_ background: SceneBackground) -> String {
        switch background {
        case .color: return "a colour"
        case let .image(image): return "the image " + quoted(image.id)
        }
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text + "\""
    }

    /// A number as the frames JSON writes it: whole numbers without a fraction (`3`), others
    /// as the shortest text that reads back to the same value (`90.1`).
    static func exact(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }
}
