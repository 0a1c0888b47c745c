import RenderKeyboardKit
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine

/// What changed between two keyboards drawn with the same render options (`render-keyboard
/// diff BEFORE AFTER`): two layouts under one theme, or one layout under two themes.
///
/// Keys are matched by name: the label, else the code (`delete`, `shift`), with `#2`, `#3`, …
/// for a name's second and later keys in frame order. A key only one side has is added or
/// removed; a matched key is moved when its frame's origin changed and resized when its size
/// changed (points, from the solved frames, each compared to 0.001 pt), and restyled once for
/// each field of its resolved style (`fill`, `text`, `textSize`, `cornerRadius`,
/// `hiddenCorners`, `borderWidth`, `borderColor`, `shadowHeight`, `shadowColor`, `image`) that
/// changed in each state (`normal`, `pressed`, as drawn: a theme without `highlightOnPress`
/// draws pressed keys in their normal style).
public struct KeyboardDiff: Sendable {
    /// One change, one line of the report.
    public struct Change: Sendable, Hashable, Codable {
        /// `added`, `removed`, `moved`, `resized` or `restyled` for a key; `keyboard` for a
        /// change of the whole keyboard's look (`field` says which).
        public var change: String
        /// The key's name (see the type's documentation); empty for a `keyboard` change.
        public var key: String
        /// For `restyled`: the state, `normal` or `pressed`.
        public var state: String?
        /// For `restyled`: the resolved style field.
        public var field: String?
        /// The value before (a frame `x, y, w × h pt` for added/removed/moved/resized, else
        /// the field's value); nil for an added key.
        public var before: String?
        /// The value after; nil for a removed key.
        public var after: String?
        /// For `moved`: the change of x and y, points.
        public var dx: Double?
        /// For `moved`: the change of y, points.
        public var dy: Double?
        /// For `resized`: the change of width, points.
        public var dw: Double?
        /// For `resized`: the change of height, points.
        public var dh: Double?

        /// One line: `moved "a" by +2, 0 pt (10, 54 → 12, 54)`,
        /// `restyled "Done" pressed fill #0062CCFF → #004999FF`.
        public var line: String {
            let name = Diagnostic.quote(key)
            switch change {
            case "added": return "added \(name) at \(after ?? "")"
            case "removed": return "removed \(name) from \(before ?? "")"
            case "moved": return "moved \(name) by \(Self.signed(dx ?? 0)), \(Self.signed(dy ?? 0)) pt (\(before ?? "") → \(after ?? ""))"
            case "keyboard": return "keyboard \(field ?? "") \(before ?? "") → \(after ?? "")"
            case "resized": return "resized \(name) by \(Self.signed(dw ?? 0)) × \(Self.signed(dh ?? 0)) pt (\(before ?? "") → \(after ?? ""))"
            default: return "restyled \(name) \(state ?? "") \(field ?? "") \(before ?? "") → \(after ?? "")"
            }
        }

        static func signed(_ value: Double) -> String {
            let text = KeyboardDiff.points(value)
            return value > 0 ? "+" + text : text
        }
    }

    /// Every change: first the keyboard's own (`background`, `font`, `toolbar.fill`,
    /// `toolbar.text`, `toolbar.textSize`, `toolbar.title`, `size` in pixels), then keys in the
    /// order of the after keyboard (removed keys last), each key's changes in the order
    /// added/removed, moved, resized, restyled (normal before pressed).
    public var changes: [Change]
    /// The keys to outline in the before picture (removed and changed keys), pixels.
    public var beforeOutlines: [PixelRect]
    /// The keys to outline in the after picture (added and changed keys), pixels.
    public var afterOutlines: [PixelRect]

    /// Compares two scenes; `beforeTheme` and `afterTheme` are the themes they were composed
    /// with, used to resolve every key in both states.
    ///
    /// - Throws: a theme's image that cannot be read (as composing the scene would).
    public init(before: KeyboardScene, beforeTheme: Theme, after: KeyboardScene, afterTheme: Theme) throws {
        let old = Self.named(before.frames.keys), new = Self.named(after.frames.keys)
        let oldByName = Dictionary(old.map { ($0.name, $0.frame) }, uniquingKeysWith: { a, _ in a })
        let newNames = Set(new.map(\.name))
        // Every key's style in both states, resolved by the pipeline as drawing resolves it.
        let pipeline = KeyboardPipeline()
        var styles: [KeyState: (before: [Int: ResolvedKeyStyle], after: [Int: ResolvedKeyStyle])] = [:]
        func byIndex(_ frames: KeyboardFrames, _ theme: Theme, _ state: KeyState) throws -> [Int: ResolvedKeyStyle] {
            Dictionary(zip(frames.keys.map(\.index), try pipeline.styles(of: frames, theme: theme, state: state)), uniquingKeysWith: { a, _ in a })
        }
        for state in KeyState.allCases {
            styles[state] = (try byIndex(before.frames, beforeTheme, state), try byIndex(after.frames, afterTheme, state))
        }
        var changes = Self.keyboardChanges(before, after)
        var beforeOutlines: [PixelRect] = [], afterOutlines: [PixelRect] = []
        for (name, frame) in new {
            guard let was = oldByName[name] else {
                changes.append(Change(change: "added", key: name, after: Self.describe(frame.frame)))
                afterOutlines.append(frame.pixelFrame)
                continue
            }
            var changed = false
            let a = was.frame, b = frame.frame
            if !Self.same(a.x, b.x) || !Self.same(a.y, b.y) {
                changes.append(Change(change: "moved", key: name, before: Self.describe(a, size: false), after: Self.describe(b, size: false), dx: b.x - a.x, dy: b.y - a.y))
                changed = true
            }
            if !Self.same(a.width, b.width) || !Self.same(a.height, b.height) {
                changes.append(Change(change: "resized", key: name, before: Self.size(a), after: Self.size(b), dw: b.width - a.width, dh: b.height - a.height))
                changed = true
            }
            for state in KeyState.allCases {
                guard let s1 = styles[state]?.before[was.index], let s2 = styles[state]?.after[frame.index] else { continue }
                for (field, v1, v2) in Self.fields(s1, s2) where v1 != v2 {
                    changes.append(Change(change: "restyled", key: name, state: state.rawValue, field: field, before: v1, after: v2))
                    changed = true
                }
            }
            if changed {
                beforeOutlines.append(was.pixelFrame)
                afterOutlines.append(frame.pixelFrame)
            }
        }
        for (name, frame) in old where !newNames.contains(name) {
            changes.append(Change(change: "removed", key: name, before: Self.describe(frame.frame)))
            beforeOutlines.append(frame.pixelFrame)
        }
        self.changes = changes
        self.beforeOutlines = beforeOutlines
        self.afterOutlines = afterOutlines
    }

    /// The changes as JSON: an array of objects with the fields of `Change`, keys sorted.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(changes)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    /// Gap between the two panels of `picture`, pixels.
    public static let panelGap = 8

    /// Before and after side by side (`panelGap` pixels apart on mid-grey), each changed key
    /// outlined in 3 px of opaque magenta (#FF00FF) just inside its pixel frame.
    public func picture(before: RasterImage, after: RasterImage) -> RasterImage {
        let height = max(before.height, after.height, 1)
        let width = before.width + Self.panelGap + after.width
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in before.width..<(before.width + Self.panelGap) {
                let i = (y * width + x) * 4
                out[i] = 128; out[i + 1] = 128; out[i + 2] = 128; out[i + 3] = 255
            }
        }
        func paste(_ image: RasterImage, at offset: Int) {
            for y in 0..<image.height {
                for x in 0..<image.width {
                    guard let p = image.pixel(x: x, y: y) else { continue }
                    let i = (y * width + offset + x) * 4
                    out[i] = p.r; out[i + 1] = p.g; out[i + 2] = p.b; out[i + 3] = p.a
                }
            }
        }
        func outline(_ rect: PixelRect, in image: RasterImage, at offset: Int) {
            let x0 = max(0, rect.x), y0 = max(0, rect.y)
            let x1 = min(image.width, rect.x + rect.width), y1 = min(image.height, rect.y + rect.height)
            guard x0 < x1, y0 < y1 else { return }
            for y in y0..<y1 {
                for x in x0..<x1 where x - x0 < 3 || x1 - 1 - x < 3 || y - y0 < 3 || y1 - 1 - y < 3 {
                    let i = (y * width + offset + x) * 4
                    out[i] = 255; out[i + 1] = 0; out[i + 2] = 255; out[i + 3] = 255
                }
            }
        }
        paste(before, at: 0)
        paste(after, at: before.width + Self.panelGap)
        for rect in beforeOutlines { outline(rect, in: before, at: 0) }
        for rect in afterOutlines { outline(rect, in: after, at: before.width + Self.panelGap) }
        return RasterImage(width: width, height: height, rgba: out)
    }

    // MARK: - Private

    /// The changes of the keyboard as a whole: background, font, toolbar, image size.
    private static func keyboardChanges(_ a: KeyboardScene, _ b: KeyboardScene) -> [Change] {
        func background(_ s: KeyboardScene) -> String {
            switch s.background {
            case .color(let color): return "\(color)"
            case .image(let image): return "image \(image.id)"
            }
        }
        func font(_ s: KeyboardScene) -> String {
            "\(s.font.family) \(s.font.weight)" + (s.font.files.isEmpty ? "" : " (" + s.font.files.map(FilePath.lastComponent).joined(separator: ", ") + ")")
        }
        func toolbar(_ s: KeyboardScene, _ part: (SceneToolbar) -> String) -> String { s.toolbar.map(part) ?? "none" }
        let fields: [(String, (KeyboardScene) -> String)] = [
            ("size", { "\($0.imageWidth) × \($0.imageHeight) px" }),
            ("background", background),
            ("font", font),
            ("toolbar.fill", { toolbar($0) { "\($0.fill)" } }),
            ("toolbar.text", { toolbar($0) { "\($0.text)" } }),
            ("toolbar.textSize", { toolbar($0) { points($0.textSize) } }),
            ("toolbar.title", { toolbar($0) { Diagnostic.quote($0.title) } }),
        ]
        return fields.compactMap { field, value in
            let (v1, v2) = (value(a), value(b))
            return v1 == v2 ? nil : Change(change: "keyboard", key: "", field: field, before: v1, after: v2)
        }
    }

    /// Each key frame with its name: label, else code, `#n` for the n-th key of a name.
    static func named(_ keys: [KeyFrame]) -> [(name: String, frame: KeyFrame)] {
        var seen: [String: Int] = [:]
        return keys.map { frame in
            let base = frame.key.label.isEmpty ? frame.key.code.rawValue : frame.key.label
            let n = (seen[base] ?? 0) + 1
            seen[base] = n
            return (n == 1 ? base : "\(base)#\(n)", frame)
        }
    }

    /// Each compared field of the style table (`KeyStyleField.all`) as `diff` shows it.
    private static func fields(_ a: ResolvedKeyStyle, _ b: ResolvedKeyStyle) -> [(String, String, String)] {
        KeyStyleField.all.compactMap { field in
            guard let before = field.shownValue(in: a), let after = field.shownValue(in: b) else { return nil }
            return (field.name, before, after)
        }
    }

    private static func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 0.001 }

    /// Points with at most three decimals (`12`, `10.667`).
    static func points(_ value: Double) -> String {
        Limits.format((value * 1000).rounded() / 1000)
    }

    private static func size(_ r: Rect) -> String { "\(points(r.width)) × \(points(r.height))" }

    private static func describe(_ r: Rect, size: Bool = true) -> String {
        "\(points(r.x)), \(points(r.y))" + (size ? ", \(points(r.width)) × \(points(r.height)) pt" : "")
    }
}

extension KeyboardDiff {
    /// What a `diff` argument is.
    public enum Kind: String, Sendable {
        /// A layout (built-in, YAML/JSON, Android keyboard XML, HeliBoard or FlorisBoard).
        case layout
        /// A theme.
        case theme
    }

    /// Whether `reference` is a layout or a theme: a built-in name, else the file's kind as
    /// `validate` tells it.
    ///
    /// - Throws: the file's problems (`DiagnosticList`) when it cannot be read or told apart,
    ///   or when it is a manifest.
    public static func kind(of reference: String) throws -> Kind {
        if Resources.layoutNames.contains(reference) { return .layout }
        if Resources.themeNames.contains(reference) { return .theme }
        let report = Validator.validate(reference)
        // Every layout format (`LayoutFormat`'s names: weights, Android XML, the apps') is a layout.
        if let kind = report.kind, LayoutFormat.Name(rawValue: kind) != nil { return .layout }
        switch report.kind {
        case "theme": return .theme
        default:
            if report.problems.isEmpty {
                throw Diagnostic(file: report.file, path: "", reason: "is a \(report.kind ?? "file"), not a layout or a theme")
            }
            throw DiagnosticList(report.problems)
        }
    }
}

extension RenderRequest {
    /// The request's theme, loaded as `scene()` loads it.
    package func loadedTheme() throws -> Theme {
        try KeyboardPipeline().theme(theme)
    }
}
