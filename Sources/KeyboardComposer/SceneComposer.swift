import KeyboardModel

/// Turns solved frames and a theme into a `KeyboardScene`: labels with shift applied, icons,
/// and one resolved style per key and state (docs/layouts-and-themes.md cascade); with a measure, the size of
/// every label, callout label and toolbar title (`LabelFitting`); and the input callouts of pressed keys (docs/pattern-pads.md), growing the image
/// upward when a bubble would cross its top edge. The image also grows at the bottom and
/// right by whatever a key's style draws beyond it (its shadow).
public enum SceneComposer {
    /// Values used where the whole theme chain is silent.
    package static let defaultStyle = ResolvedKeyStyle()
    /// The background when the theme chain gives none.
    package static let defaultBackground = Color(red: 0xD1, green: 0xD3, blue: 0xD9)
    /// The toolbar's fill when the theme chain gives none.
    package static let defaultToolbarFill = Color(red: 0xF7, green: 0xF7, blue: 0xF7)
    /// Horizontal room kept free around a label, points (both sides together).
    package static let labelPadding = 6.0

    /// Builds the scene.
    ///
    /// - Parameters:
    ///   - frames: the solved frames (see `Solver`).
    ///   - theme: the theme with `extends` already applied.
    ///   - pressed: indices (into `frames.keys`) of keys drawn pressed.
    ///   - shift: shift on draws shift labels and the shift key pressed with a filled arrow;
    ///     locked adds a bar under the arrow.
    ///   - image: reads a referenced PNG (and confines it to its folder); its errors propagate.
    ///   - measure: sets text to measure it; with it every label's text size is decided here
    ///     (`LabelFitting`: shrunk to fit its key, even across its row and key class), and so
    ///     are the callouts' labels and the toolbar's title. Without it every text keeps its
    ///     theme size. The renderer draws the sizes the scene carries and fits nothing.
    public static func compose(
        frames: KeyboardFrames, theme: Theme, pressed: Set<Int> = [], shift: ShiftState = .off,
        image: (FileReference) throws -> SceneImage, measure: LabelMeasure? = nil
    ) throws -> KeyboardScene {
        let highlight = theme.highlightOnPress ?? true
        let context = KeyStyleContext(mode: frames.styleMode, shift: shift)
        var keys: [SceneKey] = []
        keys.reserveCapacity(frames.keys.count)
        for keyFrame in frames.keys {
            let key = keyFrame.key
            let isShiftKey = key.code == .shift
            let touched = pressed.contains(keyFrame.index)
            let state: KeyState = touched || (isShiftKey && shift != .off) ? .pressed : .normal
            let drawnState: KeyState = highlight ? state : .normal
            // Key rules show the shift state by their shiftstate, not by pressing the shift key.
            let style = try resolveStyle(
                for: key, state: drawnState, theme: theme, frame: keyFrame.pixelFrame.points(scale: frames.canvas.scale), context: context,
                rulesState: touched ? drawnState : .normal, image: image
            )
            let icon = SceneIcon(icon(of: key, theme: theme), shift: shift)
            let label = icon == .none ? (shift == .off ? key.label : key.shiftLabel) : ""
            keys.append(SceneKey(frame: keyFrame, label: label, icon: icon, state: state, style: style))
        }
        let background: SceneBackground
        switch theme.background {
        case .image(let reference)?: background = .image(try image(reference))
        case .color(let color)?: background = .color(color)
        case nil: background = .color(defaultBackground)
        }
        let font = font(of: theme)
        let calloutKeys = try calloutCandidates(keys, frames: frames, theme: theme, highlight: highlight, context: context, image: image)
        if let measure { try fitLabels(&keys, scale: frames.canvas.scale, font: font, measure: measure, skipping: Set(calloutKeys.map(\.key))) }
        var toolbar: SceneToolbar?
        if let frame = frames.toolbarFrame {
            toolbar = SceneToolbar(
                frame: frame, pixelFrame: PixelRect(snapping: frame, scale: frames.canvas.scale),
                title: frames.toolbarTitle ?? "",
                fill: theme.toolbar?.fill ?? defaultToolbarFill,
                text: theme.toolbar?.text ?? Color(red: 0x33, green: 0x33, blue: 0x33),
                textSize: theme.toolbar?.textSize ?? 15
            )
            if let measure { try fitTitle(&toolbar!, scale: frames.canvas.scale, font: font, measure: measure) }
        }
        var scene = KeyboardScene(frames: frames, background: background, font: font, toolbar: toolbar, keys: keys, themeName: theme.name)
        growToFitKeys(&scene)
        if !calloutKeys.isEmpty { try addCallouts(calloutKeys, to: &scene, measure: measure) }
        return scene
    }

    /// Grows the image at the bottom and right until every key, shadow included, is inside it
    /// (an Android pad ends flush with its bottom row, whose shadow would be cut). Whole
    /// pixels; no frame moves. Borders are drawn inside the key and need no room.
    static func growToFitKeys(_ scene: inout KeyboardScene) {
        var right = scene.frames.imageWidth, bottom = scene.frames.imageHeight
        for key in scene.keys {
            let r = key.frame.pixelFrame
            guard r.width > 0, r.height > 0 else { continue }
            right = max(right, r.x + r.width)
            let drawnBottom = Double(r.y + r.height) + key.style.shadowDrop(scale: scene.scale)
            bottom = max(bottom, Int(min(drawnBottom, Double(Int32.max)).rounded(.up)))
        }
        scene.frames.imageWidth = right
        scene.frames.imageHeight = bottom
    }

    /// Sets every label's text size (`LabelFitting`) in the key's drawn frame.
    /// Keys in `skipping` (their label is drawn in a callout) take no part.
    static func fitLabels(_ keys: inout [SceneKey], scale: Double, font: SceneFont, measure: LabelMeasure, skipping: Set<Int> = []) throws {
        var items: [LabelFitting.Item] = []
        for (n, key) in keys.enumerated() where key.icon == .none && !key.label.isEmpty && !skipping.contains(n) {
            let frame = key.frame.pixelFrame.points(scale: scale)
            let room = frame.width - labelPadding
            items.append(LabelFitting.Item(
                key: n, row: key.frame.row, keyClass: key.frame.key.keyClass, text: key.label,
                size: key.style.textSize, maxWidth: room > 0 ? room : frame.width, maxHeight: frame.height
            ))
        }
        let sizes = try LabelFitting.evenSizes(items, font: font, measure: measure)
        for (item, size) in zip(items, sizes) { keys[item.key].style.textSize = size }
    }

    /// Sets the toolbar title's text size (`LabelFitting.fittedSize`): shrunk until it fits
    /// the bar's drawn frame less `labelPadding` at each end (the whole bar when that leaves
    /// no room).
    static func fitTitle(_ toolbar: inout SceneToolbar, scale: Double, font: SceneFont, measure: LabelMeasure) throws {
        guard !toolbar.title.isEmpty else { return }
        let frame = toolbar.pixelFrame.points(scale: scale)
        let room = frame.width - 2 * labelPadding
        toolbar.textSize = try LabelFitting.fittedSize(
            toolbar.title, font: font, size: toolbar.textSize, maxWidth: room > 0 ? room : frame.width, maxHeight: frame.height, measure: measure
        )
    }

    /// The cascade `base.normal < base.S < class.normal < class.S < key rules <
    /// appearance.normal < appearance.S`, later wins, then each field resolved by its line of
    /// `KeyStyleField.all` (the defaults; the radius clamped to half the shorter side of
    /// `frame`, points; the image read). The theme's key rules that match the key's code in
    /// `context` are laid in their order, the `:pressed` ones only when `rulesState` (default:
    /// `state`) is not normal (`KeyRule`).
    package static func resolveStyle(
        for key: Key, state: KeyState, theme: Theme, frame: Rect, context: KeyStyleContext = KeyStyleContext(),
        rulesState: KeyState? = nil, image: (FileReference) throws -> SceneImage
    ) throws -> ResolvedKeyStyle {
        var style = KeyStyle()
        for layer in [theme.base, theme.styles(for: key.keyClass)] {
            style = style.overlaid(by: layer?.normal)
            if state != .normal { style = style.overlaid(by: layer?.style(for: state)) }
        }
        if !theme.keyRules.isEmpty {
            let code = key.styleCode
            let pressed = (rulesState ?? state) != .normal
            for rule in theme.keyRules where (!rule.pressed || pressed) && rule.matches(code: code, context: context) {
                style = style.overlaid(by: rule.style)
            }
        }
        style = style.overlaid(by: key.appearance?.normal)
        if state != .normal { style = style.overlaid(by: key.appearance?.style(for: state)) }
        var resolved = ResolvedKeyStyle()
        for field in KeyStyleField.all {
            try field.resolve(style, &resolved, frame, image)
        }
        return resolved
    }

    /// The font `theme`'s labels are set in: its family and weight, `SceneFont.default`'s where it
    /// names none, the checked copies of its font files (regular, then bold), and its
    /// fallback fonts in order.
    package static func font(of theme: Theme) -> SceneFont {
        SceneFont(
            family: theme.font?.family ?? SceneFont.default.family, weight: theme.font?.weight ?? SceneFont.default.weight,
            files: [theme.font?.file, theme.font?.bold].compactMap { $0?.checkedCopy },
            fallbacks: (theme.fallbackFonts ?? []).compactMap { fallback in
                switch fallback {
                case .family(let name): return .family(name)
                case .file(let reference): return reference.checkedCopy.map(SceneFontFallback.file)
                }
            }
        )
    }

    /// The icon `key` draws: the theme's icon for its code (`Theme.icons`, for the keys of
    /// Android keyboard files and app layouts, whose codes are the app's), else its own.
    static func icon(of key: Key, theme: Theme) -> KeyIcon {
        if let icons = theme.icons, key.android != nil || key.ime != nil, let icon = icons[key.codeValue] { return icon }
        return key.icon
    }
}

extension KeyboardFrames {
    /// Indices of the keys a `--pressed` name picks: keys whose label, shift label or value
    /// equals `name`, or, when none does, keys whose code is `name` (`delete`, `shift`, …).
    public func keyIndices(named name: String) -> [Int] {
        let byLabel = keys.filter { $0.key.label == name || $0.key.shiftLabel == name || $0.key.value == name }
        if !byLabel.isEmpty { return byLabel.map(\.index) }
        return keys.filter { $0.key.code.rawValue == name || $0.key.codeName == name }.map(\.index)
    }
}
