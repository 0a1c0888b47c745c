import KeyboardModel

extension FieldReader {
    /// Reads a theme's `pattern` block.
    package func patternStyle(_ document: Document, _ path: String) -> PatternStyle? {
        let known = ["dot", "ring", "line", "background"] + PatternState.allCases.map(\.rawValue)
        guard let fields = fields(document, path, known: known) else { return nil }
        var style = PatternStyle()
        func fraction(_ name: String) -> Double? {
            guard let value = fields[name], let fraction = number(value, join(path, name), in: 0...1, what: "fraction of the cell") else { return nil }
            guard fraction > 0 else {
                error(join(path, name), "must be greater than 0 (a fraction of the cell)")
                return nil
            }
            return fraction
        }
        style.dot = fraction("dot")
        style.ring = fraction("ring")
        style.line = fraction("line")
        if let v = fields["background"] { style.background = color(v, join(path, "background")) }
        for state in PatternState.allCases {
            guard let block = fields[state.rawValue] else { continue }
            let statePath = join(path, state.rawValue)
            guard let colors = self.fields(block, statePath, known: ["dot", "ring", "line"]) else { continue }
            var decoded = PatternColors()
            if let v = colors["dot"] { decoded.dot = color(v, join(statePath, "dot")) }
            if let v = colors["ring"] { decoded.ring = color(v, join(statePath, "ring")) }
            if let v = colors["line"] { decoded.line = color(v, join(statePath, "line")) }
            style.states[state] = decoded
        }
        return style
    }
}
