import RenderKeyboardKit
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// `target-size` (error below 24 × 24 pt, WCAG 2.5.8; warning below 44 × 44 pt on iOS devices
/// and 48 × 48 dp on Android ones): a key's slot, its frame plus half the gaps around it.
struct TargetSize: LintCheck {
    static let minimum = 24.0
    static let apple = 44.0
    static let android = 48.0

    var severities: String { "error below 24 × 24 pt, warning below 44 pt on iOS and 48 dp on Android" }
    var defaultSeverity: LintSeverity { .error }
    var summary: String { "A key's slot, its frame plus half the gaps around it, is at least 24 × 24 pt; on iOS 44 × 44 pt and on Android 48 × 48 dp are recommended." }
    var reference: (name: String, url: String) { ("WCAG 2.2 SC 2.5.8 Target Size (Minimum)", "https://www.w3.org/TR/WCAG22/#target-size-minimum") }
    var step: Double { 1 }   // points

    /// Each key's slot: its frame plus half the gap to the nearest key on each side (keys
    /// overlapping it across that side), none toward the keyboard's edge.
    func findings(on keyboard: LintKeyboard) throws -> [LintFinding] {
        let frames = keyboard.normal.frames
        let isApple = ["iphone", "ipad"].contains { (frames.canvas.deviceName ?? "").hasPrefix($0) }
        let platform = isApple ? Self.apple : Self.android
        let unit = isApple ? "pt" : "dp"
        let rects = frames.keys.map(\.frame)
        let elements = keyboard.loaded.source.androidXML?.sizeElements ?? [:]
        var out: [LintFinding] = []
        for (n, keyFrame) in frames.keys.enumerated() {
            let (width, height) = Self.slot(of: n, among: rects)
            let smaller = min(width, height)
            let severity: LintSeverity, need: Double
            if smaller < Self.minimum {
                (severity, need) = (.error, Self.minimum)
            } else if smaller < platform {
                (severity, need) = (.warning, platform)
            } else {
                continue
            }
            let details = "slot \(LintKeyboard.number(width, decimals: 1)) × \(LintKeyboard.number(height, decimals: 1)) \(unit) < \(LintKeyboard.number(need)) × \(LintKeyboard.number(need)) \(unit) on \(frames.canvas.deviceName ?? "") \(frames.canvas.orientation.rawValue)"
            out.append(keyboard.finding(.targetSize, severity, source: source(keyboard, keyFrame, elements: elements), state: nil, keys: [LintKeyboard.name(of: keyboard.normal.keys[n])], keyClass: nil,
                                        measured: smaller, needed: need, details: details))
        }
        return out
    }

    /// The slot of key `n`: its frame plus half the gap to its nearest neighbour on each side.
    static func slot(of n: Int, among rects: [Rect]) -> (width: Double, height: Double) {
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
        return (r.width + half(left) + half(right), r.height + half(up) + half(down))
    }

    /// What sizes the key: its row's geometry in a layout file; in an Android keyboard file
    /// the `<Key>` element when it writes its own width or height, else its `<Row>`.
    private func source(_ keyboard: LintKeyboard, _ key: KeyFrame, elements: [String: (path: String, line: Int, column: Int)]) -> SourcePosition {
        let sources = keyboard.sources!
        if let file = sources.androidFile {
            guard let path = key.key.android?.path, let element = elements[path] else {
                return SourcePosition(file: file.name, field: "", isBuiltIn: file.isBuiltIn)
            }
            return SourcePosition(file: file.name, field: element.path, line: element.line, column: element.column, isBuiltIn: file.isBuiltIn)
        }
        guard let layout = sources.layout else { return SourcePosition(file: keyboard.normal.frames.layoutName, field: "") }
        let orientation = keyboard.request.orientation == .landscape && layout.has("landscape") ? "landscape" : "portrait"
        let path = "\(orientation).rows[\(key.row)]"
        return layout.has(path) ? layout.position(path) : layout.position(orientation)
    }
}
