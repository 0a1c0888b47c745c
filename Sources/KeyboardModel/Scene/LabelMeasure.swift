/// Measures a label: the width and height of its logical box (advance × line height), in
/// points, when `text` is set in `font` at `textSize` points. Supplied by whoever can set
/// text (the renderer module's `LabelMeasurer`); the composer never sets text itself.
public typealias LabelMeasure = (_ text: String, _ font: SceneFont, _ textSize: Double) throws -> (width: Double, height: Double)
