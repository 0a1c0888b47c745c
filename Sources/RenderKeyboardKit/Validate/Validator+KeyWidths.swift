import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

extension Validator {
    /// Narrowest key a finger can still hit reliably, points: a letter key on the narrowest
    /// phone (iPhone SE, portrait) is about 31 pt wide, so a key under 20 pt is a layout that
    /// ran out of room, not a design.
    package static let minimumKeyWidth = 20.0

    /// Warnings for keys that come out too narrow on `frames`' canvas: narrower than
    /// `minimumKeyWidth`, or narrower than their label at the built-in `default` theme's
    /// text size (the renderer then shrinks the label to fit).
    ///
    /// - Parameters:
    ///   - place: the canvas in words, appended to each warning.
    ///   - theme: the theme whose text sizes the labels are measured at (the built-in `default`).
    ///   - styles: each key's resolved normal style under `theme` (`KeyboardPipeline.styles`).
    static func narrowKeyWarnings(_ frames: KeyboardFrames, styles: [ResolvedKeyStyle], file: String, where place: String, theme: Theme) -> [Diagnostic] {
        let font = SceneComposer.font(of: theme)
        var warnings: [Diagnostic] = []
        for (keyFrame, style) in zip(frames.keys, styles) {
            let key = keyFrame.key
            let width = keyFrame.frame.width
            let path = "keys[\(keyFrame.index)]"
            if width < minimumKeyWidth {
                warnings.append(Diagnostic(file: file, path: path, reason: "the key is \(Limits.format(rounded(width))) pt wide on \(place), under the \(Limits.format(minimumKeyWidth)) pt a finger can hit"))
                continue
            }
            guard key.icon == .none, !key.label.isEmpty else { continue }
            guard let size = try? LabelMeasuring.measure(key.label, font: font, textSize: style.textSize) else { continue }
            let room = width - SceneComposer.labelPadding
            if size.width > room {
                warnings.append(Diagnostic(file: file, path: path, reason: "the label \(Diagnostic.quote(key.label)) is \(Limits.format(rounded(size.width))) pt wide at \(Limits.format(style.textSize)) pt but the key leaves \(Limits.format(rounded(room))) pt on \(place); it will be drawn smaller"))
            }
        }
        return warnings
    }

    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
