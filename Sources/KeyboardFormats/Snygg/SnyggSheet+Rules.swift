import Foundation
import KeyboardModel

extension SnyggSheet {
    /// `@font `NAME``: the family NAME joins the theme's `fallbackFonts`, looked up among the
    /// pinned fonts; the rule's font files (`src`) are not loaded, which a warning says.
    func fontRule(_ key: String, _ path: String) {
        let name = key.dropFirst("@font".count).trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`\"'"))
        guard !name.isEmpty, !name.contains(",") else {
            reader.error(path, "an @font rule names its family: @font `Name`")
            return
        }
        theme.fallbackFonts = (theme.fallbackFonts ?? []) + [.family(name)]
        ignore(path, "the font files of @font \(Diagnostic.quote(name)) are not loaded; the family is taken from the pinned fonts when they have it")
    }

    /// One top-level entry: `@font `NAME`` (a fallback font by family), or a rule and its
    /// properties.
    func rule(_ key: String, _ value: Document) {
        let path = Diagnostic.truncated(key, to: Limits.maxQuotedLength)
        if key.hasPrefix("@font") {
            fontRule(key, path)
            return
        }
        guard case .success(var selector) = SnyggSelector.parse(key) else {
            if case .failure(let problem) = SnyggSelector.parse(key) { reader.error(path, "not a Snygg rule: \(problem.reason)") }
            return
        }
        guard let properties = fields(value, path) else { return }
        var resolved: [(name: String, value: String, place: SnyggPlace)] = []
        for (name, raw) in properties {
            if let (text, place) = resolve(raw, reader.join(path, name)) { resolved.append((name, text, place)) }
        }
        if !version2 {
            if selector.element == "keyboard" { selector.element = "window" }
            if selector.element == "key-popup" { selector.element = "key-popup-box" }
        }
        switch selector.element {
        case "window": windowRule(selector, resolved, path)
        case "key": keyRule(selector, resolved, path)
        default:
            if !otherElements.contains(selector.element) { otherElements.append(selector.element) }
        }
    }

    /// `window`: its background is the keyboard's (only the plain rule, or one for the fixed
    /// window mode, which is the one drawn).
    func windowRule(_ selector: SnyggSelector, _ properties: [(name: String, value: String, place: SnyggPlace)], _ path: String) {
        let fixed = selector.attributes.allSatisfy { $0.name == "windowmode" && $0.values.contains(.name("fixed")) }
        guard selector.state == nil, fixed else {
            ignore(path, "only the window of the fixed window mode, unpressed, is drawn")
            return
        }
        for (name, text, place) in properties {
            guard name == "background" else {
                ignore(place.property, "the window draws only its background")
                continue
            }
            if let color = color(text, place) { theme.background = .color(color) }
        }
    }

    /// A `key` rule: its attributes, and the style its properties set.
    func keyRule(_ selector: SnyggSelector, _ properties: [(name: String, value: String, place: SnyggPlace)], _ path: String) {
        if let state = selector.state, state != "pressed" {
            ignore(path, ":\(state) is not drawn")
            return
        }
        var rule = KeyRule(codes: nil, modes: nil, shiftStates: nil, pressed: selector.state == "pressed", style: KeyStyle(), selector: path)
        for attribute in selector.attributes {
            switch attribute.name {
            case "code":
                rule.codes = attribute.values.compactMap { if case .range(let r) = $0 { return r } else { return nil } }
            case "mode":
                rule.modes = attribute.values.map { value -> String in
                    if case .name(let name) = value { return KeyRule.normalized(name) }
                    return "#"   // a number names no mode
                }
            case "shiftstate":
                rule.shiftStates = attribute.values.flatMap(shiftStates)
            default:
                ignore(path, "key rules match code, mode and shiftstate, not \(attribute.name)")
                return
            }
        }
        let plain = selector.attributes.isEmpty && selector.state == nil
        for (name, text, place) in properties {
            apply(name, text, to: &rule.style, plain: plain, place: place)
        }
        rules.append(rule)
    }


    /// The shift states a `shiftstate` value names (version 1: 0 unshifted, 1 shifted
    /// manually, 2 automatically, 3 caps lock); automatic shift is never drawn.
    func shiftStates(_ value: SnyggSelector.Value) -> [ShiftState] {
        switch value {
        case .name(let name):
            switch KeyRule.normalized(name) {
            case "unshifted": return [.off]
            case "shiftedmanual": return [.on]
            case "capslock": return [.locked]
            default: return []
            }
        case .range(let range):
            return range.clamped(to: 0...3).compactMap { [0: ShiftState.off, 1: .on, 3: .locked][$0] }
        }
    }

    /// Sets the style field property `name` maps to (`SnyggDecoder`'s list), or notes it
    /// ignored; a value's problem is reported where the value is written (`place`).
    func apply(_ name: String, _ text: String, to style: inout KeyStyle, plain: Bool, place: SnyggPlace) {
        let path = place.property
        switch name {
        case "background": style.fill = color(text, place)
        case "foreground": style.text = color(text, place)
        case "border-color": style.borderColor = color(text, place)
        case "shadow-color": style.shadowColor = color(text, place)
        case "font-size": style.textSize = read(SnyggValue.size(text, unit: "sp", in: Limits.maxTextSize, zero: false), place)
        case "border-width": style.borderWidth = read(SnyggValue.size(text, unit: "dp"), place)
        case "margin": style.inset = read(SnyggValue.padding(text), place)
        case "shadow-elevation":
            guard let elevation = read(SnyggValue.size(text, unit: "dp"), place) else { return }
            style.shadowHeight = elevation > 0 ? 1 : 0
            if elevation > 0 && style.shadowColor == nil { style.shadowColor = Color(red: 0, green: 0, blue: 0, alpha: 0x40) }
        case "shape":
            guard let (shape, cut) = read(SnyggValue.shape(text), place) else { return }
            if cut { reader.warn(path, "cut corners are drawn rounded") }
            switch shape {
            case .rectangle: (style.cornerRadius, style.cornerFraction) = (0, nil)
            case .radius(let radius): (style.cornerRadius, style.cornerFraction) = (radius, nil)
            case .fraction(let fraction): (style.cornerRadius, style.cornerFraction) = (nil, fraction)
            }
        case "font-family" where plain:
            theme.font = Theme.Font(family: Self.family(text), weight: theme.font?.weight)
        case "font-weight" where plain:
            guard let weight = Self.weight(text) else { return reader.error(place.value, "not a font weight (thin … black, 100 … 900)" + place.note) }
            theme.font = Theme.Font(family: theme.font?.family ?? "Roboto", weight: weight)
        default:
            ignore(path, Self.keyProperties.contains(name) ? "\(name) is drawn from the plain key rule only" : "\(name) is not drawn")
        }
    }

    /// The value of a read, or nil after recording its problem where the value is written.
    func read<T>(_ result: Result<T, SnyggProblem>, _ place: SnyggPlace) -> T? {
        switch result {
        case .success(let value): return value
        case .failure(let problem): reader.error(place.value, problem.reason + place.note); return nil
        }
    }

    /// A colour value (see `SnyggValue.color`), noting a wallpaper colour.
    func color(_ text: String, _ place: SnyggPlace) -> Color? {
        guard let (color, dynamic) = read(SnyggValue.color(text), place) else { return nil }
        if dynamic { usedDynamicColor = true }
        return color
    }

    /// A property's text with `var(--name)` replaced by its definition (followed through
    /// definitions that are themselves `var()`), and where that text is written: the property
    /// at `path`, or the `@defines` entry it came from. Nil after recording an undefined
    /// variable, a cycle or a value that is no string; `inherit` is nil: the property is not
    /// set.
    func resolve(_ value: Document, _ path: String) -> (text: String, place: SnyggPlace)? {
        var text = reader.string(value, path)
        var place = SnyggPlace(property: path, value: path, note: "")
        var seen = Set<String>()
        while let current = text, let name = SnyggValue.call("var", SnyggValue.trimmed(current)).map(SnyggValue.trimmed) {
            let shown = Diagnostic.truncated(name, to: Limits.maxQuotedLength)
            guard let definition = defines[name] else {
                reader.error(path, "var(\(shown)) is not defined in @defines")
                return nil
            }
            guard seen.insert(name).inserted, seen.count <= Limits.maxVariableChain else {
                reader.error(path, "var(\(shown)) is defined through itself or through more than \(Limits.maxVariableChain) variables")
                return nil
            }
            let definitionPath = reader.join("@defines", shown)
            text = reader.string(definition, definitionPath)
            place = SnyggPlace(property: path, value: definitionPath, note: " (the value of var(\(shown)), which \(path) uses)")
        }
        guard let text, SnyggValue.trimmed(text) != "inherit" else { return nil }
        return (text, place)
    }

    /// The font family a `font-family` value names: the apps' system font (Roboto) for
    /// `system` and `sans-serif`; DejaVu's faces for the other generic names; a custom
    /// `` `Name` `` as written.
    static func family(_ text: String) -> String {
        let value = SnyggValue.trimmed(text)
        switch value {
        case "system", "sans-serif": return "Roboto"
        case "serif": return "DejaVu Serif"
        case "monospace": return "DejaVu Sans Mono"
        case "cursive": return "DejaVu Sans"
        default: return String(value.filter { $0 != "`" })
        }
    }

    /// The weight a `font-weight` value names, as the engine's five.
    static func weight(_ text: String) -> FontWeight? {
        switch SnyggValue.trimmed(text) {
        case "thin", "extra-light", "light", "100", "200", "300": return .light
        case "normal", "400": return .regular
        case "medium", "500": return .medium
        case "semi-bold", "600": return .semibold
        case "bold", "extra-bold", "black", "700", "800", "900": return .bold
        default: return nil
        }
    }
}

/// Where a property's value is written, for its messages: a problem of the value is reported
/// at the `@defines` entry that holds it when the property takes it through `var()` (naming
/// the property in `note`), else at the property; notes about the property itself (ignored,
/// drawn otherwise) at the property.
struct SnyggPlace {
    /// The property: `key[code=10].background`.
    var property: String
    /// Where its value is written: the property, or `@defines.--primary`.
    var value: String
    /// Said after a problem of the value: empty, or which property took it through `var()`.
    var note: String
}
