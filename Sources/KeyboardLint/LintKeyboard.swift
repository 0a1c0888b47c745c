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
    /// The faces drawn without labels, by state and the region read, made when a face needs
    /// its pixels (LintKeyboard+Faces.swift).
    var faces: [KeyState: [PixelRect: RasterImage]] = [:]

    /// Loads, solves and composes the keyboard; every file it reads is checked here, as
    /// `render` checks it. `pipeline` (a caching one, used on this thread only) may have
    /// loaded the files and solved the frames for an earlier keyboard of the sweep.
    init(request: RenderRequest, level: LintLevel, renderer: Renderer, pipeline: KeyboardPipeline = KeyboardPipeline(caching: true)) throws {
        self.request = request
        self.level = level
        self.renderer = renderer
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

    /// What `sources` answered, for this keyboard and those that share the sources.
    private var lookups = StyleLookups()

    /// Every finding of this keyboard, rule by rule in the table's order, unmerged, located
    /// with `sources` (whose answers `lookups` keeps: give the same table with the same
    /// sources).
    func findings(using sources: StyleSources, lookups: StyleLookups = StyleLookups()) throws -> [LintFinding] {
        self.sources = sources
        self.lookups = lookups
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
            guard let worst = Self.worstFace(pixels, text: text, alpha: alpha) else { return nil }
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

    /// The field a contrast finding names: the face's or the label's, whichever is set more
    /// specifically (the face on a tie), since that is where the pair was decided.
    func contrastSource(_ m: TextMeasure) -> SourcePosition {
        let text = source(of: "text", keyClass: m.keyClass, block: m.block, keyIndex: m.keyIndex)
        let face = source(of: m.faceField, keyClass: m.keyClass, block: m.block, keyIndex: m.keyIndex)
        return text.rank > face.rank ? text.position : face.position
    }

    /// The stylesheet's rules, when the theme is a Snygg stylesheet; made on first use.
    private lazy var snygg = SnyggSources(theme: theme, file: sources.namedTheme)

    /// Where a style field of a key is set, and its rank (higher is more specific): in a Snygg
    /// stylesheet, the rule and property that set it for this key (`SnyggSources`); else where
    /// the theme and layout cascade sets it (`StyleSources`, looked up once a sweep).
    func source(of field: String, keyClass: KeyClass, block: String, keyIndex: Int?) -> (position: SourcePosition, rank: Int) {
        if block != "callout", let keyIndex, let snygg, let key = normal.keys.first(where: { $0.frame.index == keyIndex }) {
            let context = KeyStyleContext(mode: normal.frames.styleMode, shift: request.shift)
            if let found = snygg.source(of: field, code: key.frame.key.styleCode, context: context, pressed: block == "pressed") { return found }
        }
        return lookups.source(of: field, keyClass: keyClass, block: block, keyIndex: keyIndex, in: sources)
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
        var text = Self.fixed(shown, decimals: decimals)
        // Trailing zeros of the decimals only (a byte test: Foundation's `contains` is slow).
        guard text.utf8.contains(UInt8(ascii: ".")) else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
