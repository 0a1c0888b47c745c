import KeyboardModel

/// Resolves a theme's `pattern` block for a solved pad and a state.
public enum PatternComposer {
    /// Dot diameter as a fraction of the cell when the theme gives none.
    package static let defaultDot = 0.12
    /// Diameter of the ring around a dot on the path, as a fraction of the cell, when the theme
    /// gives none.
    package static let defaultRing = 0.3
    /// Line width as a fraction of the cell when the theme gives none.
    package static let defaultLine = 0.04
    /// Colours used where the theme is silent (a light pad, blue while drawing, red for an
    /// error, green for success).
    package static let defaultColors: [PatternState: PatternColors] = [
        .normal: PatternColors(dot: Color(red: 0x8E, green: 0x8E, blue: 0x93), ring: .clear, line: .clear),
        .selected: PatternColors(dot: Color(red: 0x00, green: 0x7A, blue: 0xFF), ring: Color(red: 0x00, green: 0x7A, blue: 0xFF, alpha: 0x40), line: Color(red: 0x00, green: 0x7A, blue: 0xFF, alpha: 0xB0)),
        .error: PatternColors(dot: Color(red: 0xFF, green: 0x3B, blue: 0x30), ring: Color(red: 0xFF, green: 0x3B, blue: 0x30, alpha: 0x40), line: Color(red: 0xFF, green: 0x3B, blue: 0x30, alpha: 0xB0)),
        .success: PatternColors(dot: Color(red: 0x34, green: 0xC7, blue: 0x59), ring: Color(red: 0x34, green: 0xC7, blue: 0x59, alpha: 0x40), line: Color(red: 0x34, green: 0xC7, blue: 0x59, alpha: 0xB0)),
    ]

    /// The scene: every dot at `dot × cell`; dots on the path in the state's colours with a
    /// `ring × cell` ring; the line `line × cell` wide in the state's line colour. In the
    /// `normal` state (the pad at rest) path dots take the normal colours too.
    public static func compose(frames: PatternFrames, theme: Theme, state: PatternState) -> PatternScene {
        let style = theme.pattern ?? PatternStyle()
        func colors(_ s: PatternState) -> PatternColors {
            (defaultColors[s] ?? PatternColors()).overlaid(by: style.states[s])
        }
        let rest = colors(.normal), active = colors(state)
        let cell = frames.cell
        let background: Color
        if let color = style.background {
            background = color
        } else if case .color(let color)? = theme.background {
            background = color
        } else {
            background = SceneComposer.defaultBackground
        }
        let dots = frames.dots.map { dot -> PatternScene.Dot in
            let onPath = dot.order != nil
            return PatternScene.Dot(
                centerX: dot.centerX, centerY: dot.centerY, diameter: (style.dot ?? defaultDot) * cell,
                color: (onPath ? active.dot : rest.dot) ?? .black,
                ringDiameter: onPath ? (style.ring ?? defaultRing) * cell : 0, ringColor: active.ring ?? .clear
            )
        }
        return PatternScene(frames: frames, state: state, background: background, lineWidth: (style.line ?? defaultLine) * cell, lineColor: active.line ?? .clear, dots: dots)
    }
}
