import KeyboardModel
import MarkupText

/// The colours of an SVG as CSS custom properties (docs/rendering.md "SVG"): each shape is
/// painted with a variable `--rk-NAME`, declared in `:root` with the light theme's colour and,
/// with a dark theme, again under `@media (prefers-color-scheme: dark)` with the dark one.
///
/// Shapes of a group (keys of one theme class in one state, the callouts, the toolbar) share
/// the group's variable (`--rk-content-fill`, `--rk-content-pressed-fill`) while their colours,
/// light and dark, are the group's first; a shape whose colours differ (a key with its own
/// `appearance`, a key rule) gets a variable of its own (`--rk-key-q-fill`). The rules that
/// apply the variables are collected in the order they are first needed, each once.
struct SVGPalette {
    /// A colour in the light scene and, with a dark theme, in the dark one.
    struct Pair: Hashable {
        var light: Color
        var dark: Color?
    }

    private(set) var declarations: [(name: String, pair: Pair)] = []
    private var declared: [String: Pair] = [:]
    private(set) var rules: [String] = []
    private var ruleSet = Set<String>()

    /// The variable painting `pair`: `group`'s when it is free or holds the same colours,
    /// else `own`; its rule (`selector{property:var(--rk-…)…}`) is added once, the group's
    /// under `groupSelector`, an own variable's under `ownSelector`.
    mutating func paint(_ pair: Pair, group: String, own: String, groupSelector: String, ownSelector: String, property: String) -> String {
        let name: String, selector: String
        if declared[group] == nil || declared[group] == pair {
            (name, selector) = (group, groupSelector)
        } else {
            (name, selector) = (own, ownSelector)
        }
        if declared[name] == nil {
            declared[name] = pair
            declarations.append((name, pair))
        }
        rule("\(selector){\(Self.declaration(property, name))}")
        return name
    }

    /// Adds `text` as a rule inside `@supports`, unless it is there already.
    mutating func rule(_ text: String) {
        if ruleSet.insert(text).inserted { rules.append(text) }
    }

    /// `fill:var(--rk-NAME);fill-opacity:1`: the variable carries the alpha, so the opacity the
    /// attributes give (for renderers without variables) is set back to 1.
    static func declaration(_ property: String, _ name: String) -> String {
        switch property {
        case "fill": return "fill:var(--rk-\(name));fill-opacity:1"
        case "stroke": return "stroke:var(--rk-\(name));stroke-opacity:1"
        default: return "color:var(--rk-\(name));fill-opacity:1;stroke-opacity:1"
        }
    }

    /// Appends the `<style>` element: any `@font-face` rules, the light values in `:root`, the dark ones under
    /// `@media (prefers-color-scheme: dark)`, and the rules inside
    /// `@supports (color: var(--rk))`.
    func write(to markup: inout SVGMarkup, fontFaces: [UInt8] = []) {
        markup.raw("<style>\n")
        markup.raw(fontFaces)
        markup.raw(":root{")
        for (name, pair) in declarations {
            markup.raw("--rk-\(name):")
            markup.cssColor(pair.light)
            markup.raw(";")
        }
        markup.raw("}\n")
        if declarations.contains(where: { $0.pair.dark != nil }) {
            markup.raw("@media (prefers-color-scheme: dark){:root{")
            for (name, pair) in declarations {
                markup.raw("--rk-\(name):")
                markup.cssColor(pair.dark ?? pair.light)
                markup.raw(";")
            }
            markup.raw("}}\n")
        }
        markup.raw("@supports (color: var(--rk)){\n")
        for rule in rules {
            markup.raw(rule)
            markup.raw("\n")
        }
        markup.raw("}\n</style>\n")
    }
}
