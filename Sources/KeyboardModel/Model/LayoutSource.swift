/// A layout as its file describes it, before it is placed: the model each input format reads
/// to. Weight layouts are solved by the engine's own rules; an Android keyboard file and the
/// IMEs' layouts are placed as their apps place them (docs/android-xml.md,
/// docs/android-imes.md). A new kind of layout is a new case here, and the compiler then
/// names every place that must handle it (placement, the keys it types, where it may be drawn).
package enum LayoutSource: Sendable, Hashable {
    /// A YAML or JSON layout of weights, gaps and margins (docs/layouts-and-themes.md).
    case weights(Layout)
    /// An Android keyboard file (`res/xml`, `android.inputmethodservice.Keyboard`).
    case androidXML(AndroidKeyboard)
    /// A HeliBoard or FlorisBoard layout file.
    case ime(IMEKeyboard)

    /// The layout's name: a weight layout's `name`, else the file's stem.
    package var name: String {
        switch self {
        case .weights(let layout): return layout.name
        case .androidXML(let keyboard): return keyboard.name
        case .ime(let keyboard): return keyboard.name
        }
    }

    /// The findings of `lint` the file keeps on purpose (`lint.ignore`); only weight
    /// layouts write them.
    package var lintIgnores: [LintIgnore] {
        if case .weights(let layout) = self { return layout.lintIgnores }
        return []
    }

    /// The metrics table the layout reads its numbers from; only weight layouts name one.
    package var metrics: MetricsTable? {
        if case .weights(let layout) = self { return layout.metrics }
        return nil
    }

    /// The weight layout, for a source that is one.
    package var weights: Layout? {
        if case .weights(let layout) = self { return layout }
        return nil
    }

    /// The Android keyboard, for a source that is one.
    package var androidXML: AndroidKeyboard? {
        if case .androidXML(let keyboard) = self { return keyboard }
        return nil
    }
}
