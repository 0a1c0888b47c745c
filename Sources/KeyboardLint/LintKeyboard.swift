import RenderKeyboardKit
import ColorMetrics
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine

/// One keyboard of a lint sweep: its scenes (normal, and every key pressed), what the rules
/// of docs/lint.md measure on them (each label against what lies under it, each face, each
/// slot), and where each measured value is set. Each rule (`LintCheck`) reads what it needs.
final class LintKeyboard {
    let request: RenderRequest
    let level: LintLevel
    /// Where each field is set; given to `findings(using:)`.
    private(set) var sources: StyleSources!
    let renderer: Renderer
    let normal: KeyboardScene
    /// Every key pressed; nil when the theme turns highlighting off (pressed keys look normal).
    let pressed: KeyboardScene?
    let measure: LabelMeasure
    /// The theme drawn, its whole `extends` chain merged (its `lintIgnores` included).
    let theme: Theme
    /// The layout as loaded (for an Android keyboard file, the keyboard itself).
    let loaded: LoadedLayout
    /// The faces drawn without labels, by state, made when a face needs its pixels.
    private var faces: [KeyState: RasterImage] = [:]

    /// Loads, solves and composes the keyboard; every file it reads is checked here, as
    /// `render` checks it.
    init(request: RenderRequest, level: LintLevel, renderer: Renderer) throws {
        self.request = request
        self.level = level
        self.renderer = renderer
        let pipeline = KeyboardPipeline(caching: true)
        var unpressed = request
        unpressed.pressed = []
        let plain = try unpressed.checked()
        normal = try pipeline.scene(of: plain, measure: renderer.labelMeasure(atScale:)).scene
        loaded = try pipeline.layout(of: unpressed)
        let theme = try pipeline.theme(request.theme, metrics: normal.frames.metricsRow)
        if theme.highlightOnPress ?? true {
            pressed = try pipeline.scene(of: plain, pressing: .every, measure: renderer.labelMeasure(atScale:)).scene
        } else {
            pressed = nil
        }
        self.measure = renderer.labelMeasure(atScale: normal.frames.canvas.scale)
        self.theme = theme
    }

    /// Every finding of this keyboard, rule by rule in the table's order, unmerged, located
    /// with `sources`.
    func findings(using sources: StyleSources) throws -> [LintFinding] {
        self.sources = sources
        var out: [LintFinding] = []
        for rule in LintRule.allCases { out += try rule.check.findings(on: self) }
        return out
    }

    // MARK: - What the rules read

    private var measuredTexts: [TextMeasure]?

    /// Every label as drawn, in key order: each key's normal label, then its pressed one —
    /// or, for a key that shows a callout when pressed, the callout's label on its bubble
    /// (the key under it is hidden by the callout).
    func texts() throws -> [TextMeasure] {
        if let measuredTexts { return measuredTexts }
        var out: [TextMeasure] = []
        for (n, key) in normal.keys.enumerated() {
            if let m = try textMeasure(key: n, in: normal, state: .normal) { out.append(m) }
            guard let pressed else { continue }
            if let callout = pressed.callouts.first(where: { $0.keyIndex == n }) {
                if let m = calloutMeasure(callout, key: key, in: pressed) { out.append(m) }
            } else if let m = try textMeasure(key: n, in: pressed, state: .pressed) {
                out.append(m)
            }
        }
        measuredTexts = out
        return out
    }

    // MARK: - Text

    /// A label (or icon) and what lies under it, as drawn.
    struct TextMeasure {
        /// The key's label, or its code for an icon key.
        var name: String
        /// The state drawn (`normal`, `pressed`), and the theme block that styles it.
        var state: String
        var block: String
        var keyClass: KeyClass
        /// The key's index in the layout, for the layout's own `appearance`.
        var keyIndex: Int
        /// The key's index in the scenes.
        var sceneIndex: Int
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

    static func name(of key: SceneKey) -> String {
        let label = key.frame.key.label
        return label.isEmpty ? key.frame.key.codeName : label
    }

    func srgb(_ color: Color) -> SRGB { SRGB(red8: color.red, green8: color.green, blue8: color.blue) }

    /// The solid colour behind the keys, or nil for a background image.
    func backgroundColor(_ scene: KeyboardScene) -> SRGB? {
        if case .color(let color) = scene.background {
            return srgb(color).composited(alpha: Double(color.alpha) / 255, over: .white)
        }
        return nil
    }

    /// The face drawn, when it is one colour: the fill composited over the background colour.
    func solidFace(_ style: ResolvedKeyStyle, in scene: KeyboardScene) -> SRGB? {
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
            name: Self.name(of: key), state: state.rawValue, block: state.rawValue, keyClass: key.frame.key.keyClass, keyIndex: key.frame.index, sceneIndex: n,
            text: drawnText, face: face, ratio: ratio, textSize: style.textSize,
            large: isIcon || Self.isLarge(textSize: style.textSize, bold: bold), isIcon: isIcon,
            faceField: style.image == nil ? "fill" : "image"
        )
    }

    private func calloutMeasure(_ callout: SceneCallout, key: SceneKey, in scene: KeyboardScene) -> TextMeasure? {
        guard !callout.label.isEmpty else { return nil }
        let fill = srgb(callout.fill).composited(alpha: Double(callout.fill.alpha) / 255, over: backgroundColor(scene) ?? .white)
        let text = srgb(callout.text).composited(alpha: Double(callout.text.alpha) / 255, over: fill)
        return TextMeasure(
            name: Self.name(of: key), state: KeyState.pressed.rawValue, block: "callout", keyClass: key.frame.key.keyClass, keyIndex: key.frame.index, sceneIndex: callout.keyIndex,
            text: text, face: fill, ratio: ColorMetrics.contrastRatio(text, fill), textSize: callout.textSize,
            large: Self.isLarge(textSize: callout.textSize, bold: scene.font.weight == .bold), isIcon: false, faceField: "fill"
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
    func contrastSource(_ m: TextMeasure) -> SourcePosition {
        let text = source(of: "text", keyClass: m.keyClass, block: m.block, keyIndex: m.keyIndex)
        let face = source(of: m.faceField, keyClass: m.keyClass, block: m.block, keyIndex: m.keyIndex)
        return text.rank > face.rank ? text.position : face.position
    }

    /// The stylesheet's rules, when the theme is a Snygg stylesheet; made on first use.
    private lazy var snygg = SnyggSources(theme: theme, file: sources.namedTheme)

    /// Where a style field of the key `keyIndex` is set, and its rank (higher is more
    /// specific): in a Snygg stylesheet, the rule and property that set it for this key
    /// (`SnyggSources`); else where the theme and layout cascade sets it (`StyleSources`).
    func source(of field: String, keyClass: KeyClass, block: String, keyIndex: Int) -> (position: SourcePosition, rank: Int) {
        if block != "callout", let snygg, let key = normal.keys.first(where: { $0.frame.index == keyIndex }) {
            let context = KeyStyleContext(mode: normal.frames.styleMode, shift: request.shift)
            if let found = snygg.source(of: field, code: key.frame.key.styleCode, context: context, pressed: block == "pressed") { return found }
        }
        return sources.source(of: field, keyClass: keyClass, block: block, keyIndex: keyIndex)
    }

    // MARK: - Shared

    /// A finding on this keyboard; `m` gives the colours and text size of a text rule.
    func finding(_ rule: LintRule, _ severity: LintSeverity, source: SourcePosition, state: String?, keys: [String], keyClass: KeyClass?, measured: Double, needed: Double, m: TextMeasure? = nil, details: String) -> LintFinding {
        var finding = LintFinding(
            rule: rule, severity: severity, source: source, layout: request.layout, theme: request.theme,
            device: request.device ?? "", orientation: request.orientation.rawValue, state: state, keys: keys,
            measured: measured, needed: needed, foreground: m?.text.hex, background: m?.face.hex, textSize: m?.textSize,
            details: details
        )
        finding.keyClass = keyClass
        return finding
    }

    /// Large text: 24 pt, or 18.66 pt bold (WCAG's 18 pt and 14 pt bold, one point of ours
    /// taken as one CSS pixel).
    static func isLarge(textSize: Double, bold: Bool) -> Bool {
        textSize >= 24 || (bold && textSize >= 18.66)
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
