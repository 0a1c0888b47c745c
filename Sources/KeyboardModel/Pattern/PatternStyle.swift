/// The colours of a pattern pad in one state: unvisited dots use the `normal` state's `dot`;
/// dots on the path, their rings and the line use the drawn state's.
public struct PatternColors: Sendable, Hashable {
    /// Colour of the dots' discs; nil keeps the default of the state.
    package var dot: Color?
    /// Colour of the ring around each dot on the path; nil keeps the default of the state.
    package var ring: Color?
    /// Colour of the line joining the path's dots; nil keeps the default of the state.
    package var line: Color?

    /// These colours with every colour `other` sets taken from `other`.
    package func overlaid(by other: PatternColors?) -> PatternColors {
        guard let other else { return self }
        return PatternColors(dot: other.dot ?? dot, ring: other.ring ?? ring, line: other.line ?? line)
    }

    /// A value with every stored property given; those with a default may be left out.
    package init(dot: Color? = nil, ring: Color? = nil, line: Color? = nil) {
        self.dot = dot
        self.ring = ring
        self.line = line
    }
}

/// A theme's `pattern` block (docs/pattern-pads.md): sizes as fractions of a cell, colours per state.
public struct PatternStyle: Sendable, Hashable {
    /// Dot diameter, fraction of the cell (default 0.12).
    package var dot: Double?
    /// Diameter of the ring around a dot on the path, fraction of the cell (default 0.3).
    package var ring: Double?
    /// Line width, fraction of the cell (default 0.04).
    package var line: Double?
    /// The pad's background; default the theme's background colour.
    package var background: Color?
    /// The colours of each state (`normal`, `selected`, `error`, `success` blocks); a state
    /// that is missing keeps its default colours.
    package var states: [PatternState: PatternColors] = [:]

    /// This block with every field `other` sets taken from `other`, state colours merged colour
    /// by colour (the `extends` rule).
    package func overlaid(by other: PatternStyle?) -> PatternStyle {
        guard let other else { return self }
        var merged = PatternStyle(dot: other.dot ?? dot, ring: other.ring ?? ring, line: other.line ?? line, background: other.background ?? background, states: states)
        for (state, colors) in other.states {
            merged.states[state] = (states[state] ?? PatternColors()).overlaid(by: colors)
        }
        return merged
    }

    /// A value with every stored property given; those with a default may be left out.
    package init(dot: Double? = nil, ring: Double? = nil, line: Double? = nil, background: Color? = nil, states: [PatternState: PatternColors] = [:]) {
        self.dot = dot
        self.ring = ring
        self.line = line
        self.background = background
        self.states = states
    }
}
