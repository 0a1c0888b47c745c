import Foundation
import ColorMetrics
import KeyboardRenderer
import LayoutEngine

/// One keyboard of a lint sweep: its scenes (normal, and every key pressed), and the rules of
/// SPEC §12 measured on them.
final class LintKeyboard {
    let request: RenderRequest
    let level: LintLevel
    /// Where each field is set; given to `findings(using:)`.
    private var sources: StyleSources!
    let renderer: Renderer
    let normal: KeyboardScene
    /// Every key pressed; nil when the theme turns highlighting off (pressed keys look normal).
    let pressed: KeyboardScene?
    let measure: LabelMeasure
    /// The theme drawn, its whole `extends` chain merged (its `lintIgnores` included).
    let theme: Theme
    /// The faces drawn without labels, by state, made when a face needs its pixels.
    private var faces: [KeyState: RasterImage] = [:]

    /// Loads, solves and composes the keyboard; every file it reads is checked here, as
    /// `render` checks it.
    init(request: RenderRequest, level: LintLevel, renderer: Renderer) throws {
        self.request = request
        self.level = level
        self.renderer = renderer
        let pipeline = KeyboardPipeline(caching: true)
        var plain = request
        plain.pressed = []
        normal = try pipeline.scene(of: plain, measure: renderer.labelMeasure(atScale:)).scene
        let theme = try pipeline.theme(request.theme, metrics: normal.frames.metricsRow)
        if theme.highlightOnPress ?? true {
            pressed = try pipeline.scene(of: plain, pressing: .every, measure: renderer.labelMeasure(atScale:)).scene
        } else {
            pressed = nil
        }
        self.measure = renderer.labelMeasure(atScale: normal.frames.canvas.scale)
        self.theme = theme
    }

    /// Every finding of this keyboard, unmerged, located with `sources`.
    func findings(using sources: StyleSources) throws -> [LintFinding] {
        self.sources = sources
        var out: [LintFinding] = []
        for (n, key) in normal.keys.enumerated() {
            let name = Self.name(of: key)
            let normalMeasure = try textMeasure(key: n, in: normal, state: .normal)
            if let m = normalMeasure { out += textFindings(m, key: key, name: name) }
            if let pressed {
                if let callout = pressed.callouts.first(where: { $0.keyIndex == n }) {
                    if let m = calloutMeasure(callout, key: key, in: pressed) { out += textFindings(m, key: key, name: name) }
                } else if let m = try textMeasure(key: n, in: pressed, state: .pressed) {
                    out += textFindings(m, key: key, name: name)
                    if let p = pressedStateFinding(normal: key, pressed: pressed.keys[n], name: name) { out.append(p) }
                }
            }
            if let k = keyContrastFinding(key, name: name) { out.append(k) }
        }
        out += targetSizeFindings()
        return out
    }

    // MARK: - Text

    /// A label (or icon) and what lies under it, as drawn.
    struct TextMeasure {
        /// The state drawn (`normal`, `pressed`), and the theme block that styles it.
        var state: String
        var block: String
        var keyClass: KeyClass
        /// The key's index in the layout, for the layout's own `appearance`.
        var keyIndex: Int
        /// The text as drawn (its alpha composited) and the face colour it is read against:
        /// the solid face, or the face pixel at the 5th percentile of contrast.
        var text: SRGB
        var face: SRGB
        /// WCAG contrast ratio of `text` against `face`, 1…21.
        var ratio: Double
        /// Points, as drawn (after fitting).
        var textSize: Double
        /// Large text by WCAG's measure (icons count as large).
        var large: Bool
        var isIcon: Bool
        /// The face's source field: `fill`, or `image` for image faces.
        var faceField: String
    }

    private static func name(of key: SceneKey) -> String {
        let label = key.frame.key.label
        return label.isEmpty ? key.frame.key.codeName : label
    }

    private func srgb(_ color: Color) -> SRGB { SRGB(red8: color.red, green8: color.green, blue8: color.blue) }

    /// The solid colour behind the keys, or nil for a background image.
    private func backgroundColor(_ scene: KeyboardScene) -> SRGB? {
        if case .color(let color) = scene.background {
            return srgb(color).composited(alpha: Double(color.alpha) / 255, over: .white)
        }
        return nil
    }

    /// The face drawn, when it is one colour: the fill composited over the background colour.
    private func solidFace(_ style: ResolvedKeyStyle, in scene: KeyboardScene) -> SRGB? {
        guard style.image == nil else { return nil }
        if style.fill.alpha == 255 { return srgb(style.fill) }
        guard let background = backgroundColor(scene) else { return nil }
        return srgb(style.fill).composited(alpha: Double(style.fill.alpha) / 255, over: background)
    }

    private func textMeasure(key n: Int, in scene: KeyboardScene, state: KeyState) throws -> TextMeasure? {
        let key = scene.keys[n]
        let isIcon = key.icon != .none
        guard isIcon || !key.label.isEmpty else { return nil }
        let style = key.style
        let frame = key.frame.pixelFrame
        guard frame.width > 0, frame.height > 0 else { return nil }
        let scale = scene.scale
        let text = srgb(style.text)
        let alpha = Double(style.text.alpha) / 255
        let bold = scene.font.weight == .bold
        var box: (width: Double, height: Double)
        if isIcon {
            let side = Double(min(frame.width, frame.height)) / 2
            box = (side, side)
        } else {
            let size = try measure(key.label, scene.font, style.textSize)
            box = (size.width * scale, size.height * scale)
        }
        let drawnText: SRGB, face: SRGB, ratio: Double
        if let solid = solidFace(style, in: scene) {
            face = solid
            drawnText = text.composited(alpha: alpha, over: solid)
            ratio = ColorMetrics.contrastRatio(drawnText, solid)
        } else {
            let pixels = try facePixels(state: state, scene: scene, frame: frame, box: box)
            guard let worst = Self.percentile(pixels.map { pixel -> (ratio: Double, face: SRGB) in
                (ColorMetrics.contrastRatio(text.composited(alpha: alpha, over: pixel), pixel), pixel)
            }) else { return nil }
            face = worst.face
            drawnText = text.composited(alpha: alpha, over: worst.face)
            ratio = worst.ratio
        }
        return TextMeasure(
            state: state.rawValue, block: state.rawValue, keyClass: key.frame.key.keyClass, keyIndex: key.frame.index,
            text: drawnText, face: face, ratio: ratio, textSize: style.textSize,
            large: isIcon || LintRule.isLarge(textSize: style.textSize, bold: bold), isIcon: isIcon,
            faceField: style.image == nil ? "fill" : "image"
        )
    }

    private func calloutMeasure(_ callout: SceneCallout, key: SceneKey, in scene: KeyboardScene) -> TextMeasure? {
        guard !callout.label.isEmpty else { return nil }
        let fill = srgb(callout.fill).composited(alpha: Double(callout.fill.alpha) / 255, over: backgroundColor(scene) ?? .white)
        let text = srgb(callout.text).composited(alpha: Double(callout.text.alpha) / 255, over: fill)
        return TextMeasure(
            state: KeyState.pressed.rawValue, block: "callout", keyClass: key.frame.key.keyClass, keyIndex: key.frame.index,
            text: text, face: fill, ratio: ColorMetrics.contrastRatio(text, fill), textSize: callout.textSize,
            large: LintRule.isLarge(textSize: callout.textSize, bold: scene.font.weight == .bold), isIcon: false, faceField: "fill"
        )
    }

    /// The entry at the 5th percentile of contrast (the lowest 5 % of pixels), or nil for none.
    static func percentile(_ samples: [(ratio: Double, face: SRGB)]) -> (ratio: Double, face: SRGB)? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted { $0.ratio < $1.ratio }
        return sorted[Int((Double(sorted.count - 1) * 0.05).rounded(.down))]
    }

    /// The pixels of the label-free faces under a box of `box` pixels centred in `frame`
    /// (clipped to the key).
    private func facePixels(state: KeyState, scene: KeyboardScene, frame: PixelRect, box: (width: Double, height: Double)) throws -> [SRGB] {
        if faces[state] == nil {
            var bare = scene
            for n in bare.keys.indices {
                bare.keys[n].label = ""
                bare.keys[n].icon = .none
            }
            bare.callouts = []
            faces[state] = try renderer.rasterize(bare)
        }
        guard let image = faces[state] else { return [] }
        let cx = Double(frame.x) + Double(frame.width) / 2, cy = Double(frame.y) + Double(frame.height) / 2
        let x0 = max(frame.x, Int((cx - box.width / 2).rounded(.down))), x1 = min(frame.x + frame.width, Int((cx + box.width / 2).rounded(.up)))
        let y0 = max(frame.y, Int((cy - box.height / 2).rounded(.down))), y1 = min(frame.y + frame.height, Int((cy + box.height / 2).rounded(.up)))
        var out: [SRGB] = []
        if x0 < x1 && y0 < y1 {
            for y in y0..<y1 {
                for x in x0..<x1 {
                    if let p = image.pixel(x: x, y: y) {
                        out.append(SRGB(red8: p.r, green8: p.g, blue8: p.b).composited(alpha: Double(p.a) / 255, over: .white))
                    }
                }
            }
        }
        if out.isEmpty, let p = image.pixel(x: Int(cx), y: Int(cy)) {
            out.append(SRGB(red8: p.r, green8: p.g, blue8: p.b))
        }
        return out
    }

    /// The field a contrast finding names: the face's or the label's, whichever is set more
    /// specifically (the face on a tie), since that is where the pair was decided.
    private func contrastSource(_ m: TextMeasure) -> SourcePosition {
        let text = sources.source(of: "text", keyClass: m.keyClass, block: m.block, keyIndex: m.keyIndex)
        let face = sources.source(of: m.faceField, keyClass: m.keyClass, block: m.block, keyIndex: m.keyIndex)
        return text.rank > face.rank ? text.position : face.position
    }

    private func textFindings(_ m: TextMeasure, key: SceneKey, name: String) -> [LintFinding] {
        var out: [LintFinding] = []
        let need = LintRule.textNeed(level: level, large: m.large)
        let size = m.isIcon ? "icon, counted as large text" : "\(Self.number(m.textSize)) pt" + (m.large ? ", large text" : "")
        if m.ratio < need {
            out.append(finding(.textContrast, .error, source: contrastSource(m), state: m.state, keys: [name], measured: m.ratio, needed: need,
                               m: m, details: "\(m.text.hex) on \(m.face.hex), \(size), \(m.state)"))
        } else {
            for deficiency in ColorVisionDeficiency.allCases {
                let ratio = ColorMetrics.contrastRatio(deficiency.simulate(m.text), deficiency.simulate(m.face))
                if ratio < need {
                    var f = finding(.cvdTextContrast, .warning, source: contrastSource(m), state: m.state, keys: [name], measured: ratio, needed: need,
                                    m: m, details: "\(m.text.hex) on \(m.face.hex) seen with \(deficiency.rawValue), \(size), \(m.state)")
                    f.simulation = deficiency.rawValue
                    out.append(f)
                }
            }
        }
        if !m.isIcon && m.textSize < LintRule.minimumLabel {
            let source = sources.source(of: "textSize", keyClass: m.keyClass, block: m.block, keyIndex: m.keyIndex).position
            out.append(finding(.labelSize, .warning, source: source, state: m.state, keys: [name], measured: m.textSize, needed: LintRule.minimumLabel,
                               m: m, details: "drawn at \(Self.number(m.textSize)) pt after fitting, \(m.state)"))
        }
        return out
    }

    private func pressedStateFinding(normal: SceneKey, pressed: SceneKey, name: String) -> LintFinding? {
        guard let pressedScene = self.pressed else { return nil }
        let keyClass = normal.frame.key.keyClass
        let ratio: Double, delta: Double, details: String
        if let a = solidFace(normal.style, in: self.normal), let b = solidFace(pressed.style, in: pressedScene) {
            ratio = ColorMetrics.contrastRatio(a, b)
            delta = ColorMetrics.deltaE2000(a, b)
            details = "\(b.hex) pressed against \(a.hex), ΔE2000 \(Self.number(delta, decimals: 1)) < \(Self.number(LintRule.pressedDeltaE))"
        } else if normal.style.image == pressed.style.image && normal.style.fill == pressed.style.fill {
            ratio = 1
            delta = 0
            details = "the pressed face is drawn exactly like the normal one"
        } else {
            return nil
        }
        guard ratio < LintRule.nonTextNeed && delta < LintRule.pressedDeltaE else { return nil }
        let field = normal.style.image != nil || pressed.style.image != nil ? "image" : "fill"
        let source = sources.source(of: field, keyClass: keyClass, block: "pressed", keyIndex: normal.frame.index).position
        return finding(.pressedState, .warning, source: source, state: "pressed", keys: [name], measured: ratio, needed: LintRule.nonTextNeed, details: details)
    }

    private func keyContrastFinding(_ key: SceneKey, name: String) -> LintFinding? {
        guard let background = backgroundColor(normal), let face = solidFace(key.style, in: normal) else { return nil }
        let ratio = ColorMetrics.contrastRatio(face, background)
        guard ratio < LintRule.nonTextNeed else { return nil }
        let source = sources.source(of: "fill", keyClass: key.frame.key.keyClass, block: "normal", keyIndex: key.frame.index).position
        var f = finding(.keyContrast, .warning, source: source, state: "normal", keys: [name], measured: ratio, needed: LintRule.nonTextNeed,
                        details: "face \(face.hex) on background \(background.hex)")
        f.foreground = face.hex
        f.background = background.hex
        return f
    }

    // MARK: - Geometry

    /// Each key's slot: its frame plus half the gap to the nearest key on each side (keys
    /// overlapping it across that side), none toward the keyboard's edge.
    private func targetSizeFindings() -> [LintFinding] {
        let frames = normal.frames
        let isApple = ["iphone", "ipad"].contains { (frames.canvas.deviceName ?? "").hasPrefix($0) }
        let platform = isApple ? LintRule.appleTarget : LintRule.androidTarget
        let rects = frames.keys.map(\.frame)
        var out: [LintFinding] = []
        for (n, keyFrame) in frames.keys.enumerated() {
            let r = rects[n]
            var left = Double.infinity, right = Double.infinity, up = Double.infinity, down = Double.infinity
            for (m, o) in rects.enumerated() where m != n {
                let rowsOverlap = o.y < r.maxY && o.maxY > r.y
                let columnsOverlap = o.x < r.maxX && o.maxX > r.x
                if rowsOverlap && o.maxX <= r.x { left = min(left, r.x - o.maxX) }
                if rowsOverlap && o.x >= r.maxX { right = min(right, o.x - r.maxX) }
                if columnsOverlap && o.maxY <= r.y { up = min(up, r.y - o.maxY) }
                if columnsOverlap && o.y >= r.maxY { down = min(down, o.y - r.maxY) }
            }
            func half(_ gap: Double) -> Double { gap.isFinite ? gap / 2 : 0 }
            let width = r.width + half(left) + half(right), height = r.height + half(up) + half(down)
            let smaller = min(width, height)
            let severity: LintSeverity, need: Double
            if smaller < LintRule.minimumTarget {
                (severity, need) = (.error, LintRule.minimumTarget)
            } else if smaller < platform {
                (severity, need) = (.warning, platform)
            } else {
                continue
            }
            let unit = isApple ? "pt" : "dp"
            out.append(finding(.targetSize, severity, source: rowSource(keyFrame.row), state: nil, keys: [Self.name(of: normal.keys[n])], measured: smaller, needed: need,
                               details: "slot \(Self.number(width, decimals: 1)) × \(Self.number(height, decimals: 1)) \(unit) < \(Self.number(need)) × \(Self.number(need)) \(unit) on \(frames.canvas.deviceName ?? "") \(frames.canvas.orientation.rawValue)"))
        }
        return out
    }

    /// The layout's row geometry that sizes the keys of `row`.
    private func rowSource(_ row: Int) -> SourcePosition {
        guard let layout = sources.layout else { return SourcePosition(file: normal.frames.layoutName, field: "") }
        let orientation = request.orientation == .landscape && layout.has("landscape") ? "landscape" : "portrait"
        let path = "\(orientation).rows[\(row)]"
        return layout.has(path) ? layout.position(path) : layout.position(orientation)
    }

    // MARK: - Shared

    private func finding(_ rule: LintRule, _ severity: LintSeverity, source: SourcePosition, state: String?, keys: [String], measured: Double, needed: Double, m: TextMeasure? = nil, details: String) -> LintFinding {
        LintFinding(
            rule: rule, severity: severity, source: source, layout: request.layout, theme: request.theme,
            device: request.device ?? "", orientation: request.orientation.rawValue, state: state, keys: keys,
            measured: measured, needed: needed, foreground: m?.text.hex, background: m?.face.hex, textSize: m?.textSize,
            details: details
        )
    }

    /// A number for people: at most `decimals` decimals, without trailing zeros, rounded to
    /// the nearest unless that would print a failing value as its threshold (`below`): 4.497
    /// under 4.5 prints `4.49`.
    static func number(_ value: Double, decimals: Int = 2, below threshold: Double? = nil) -> String {
        guard value.isFinite else { return "\(value)" }
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        var shown = (value * factor).rounded() / factor
        if let threshold, value < threshold, shown >= threshold { shown = (value * factor).rounded(.down) / factor }
        var text = String(format: "%.\(decimals)f", shown)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
