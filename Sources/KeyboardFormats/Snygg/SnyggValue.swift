import KeyboardModel

/// The values of a Snygg stylesheet's properties (docs/android-imes.md), read after `var()` is resolved:
/// colours, `dp`/`sp` sizes, shapes and paddings. White space around and inside is allowed.
enum SnyggValue {
    /// A key shape as the engine draws it.
    enum Shape: Equatable {
        /// Square corners (`rectangle()`).
        case rectangle
        /// Corners of this radius, points (`rounded-corner(…dp…)`: the largest of the four).
        case radius(Double)
        /// Corners of this fraction of the key's shorter side (`rounded-corner(…%…)`: the
        /// largest; `circle()` is 0.5).
        case fraction(Double)
    }

    /// A colour: `#RRGGBB`, `#RRGGBBAA`, `rgb(r, g, b)`, `rgba(r, g, b, a)` with a from 0 to 1,
    /// `transparent`, or `dynamic-light-color(NAME)` / `dynamic-dark-color(NAME)` (the Material
    /// 3 baseline; `dynamic` is true).
    static func color(_ text: String) -> Result<(color: Color, dynamic: Bool), SnyggProblem> {
        let value = trimmed(text)
        if value == "transparent" { return .success((.clear, false)) }
        if value.hasPrefix("#") {
            guard value.count == 7 || value.count == 9, let color = Color(hex: value) else {
                return .failure(SnyggProblem("a colour is #RRGGBB or #RRGGBBAA"))
            }
            return .success((color, false))
        }
        for (function, dark) in [("dynamic-light-color", false), ("dynamic-dark-color", true)] {
            guard let argument = call(function, value) else { continue }
            let name = trimmed(argument)
            guard let color = MaterialBaseline.color(name, dark: dark) else {
                return .failure(SnyggProblem("\(Diagnostic.quote(name)) is not a colour of the Material 3 baseline drawn for wallpaper colours; the names are \(MaterialBaseline.names.joined(separator: ", "))"))
            }
            return .success((color, true))
        }
        for (function, count) in [("rgba", 4), ("rgb", 3)] {
            guard let argument = call(function, value) else { continue }
            let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map { trimmed(String($0)) }
            guard parts.count == count else { return .failure(SnyggProblem("\(function)() takes \(count) numbers")) }
            var channels: [UInt8] = []
            for part in parts.prefix(3) {
                guard let channel = UInt8(part) else { return .failure(SnyggProblem("a channel of \(function)() is a whole number from 0 to 255")) }
                channels.append(channel)
            }
            var alpha: UInt8 = 255
            if count == 4 {
                guard let a = Text.parseNumber(parts[3]), a.isFinite, (0...1).contains(a) else {
                    return .failure(SnyggProblem("the opacity of rgba() is a number from 0 to 1"))
                }
                alpha = UInt8((a * 255).rounded())
            }
            return .success((Color(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha), false))
        }
        return .failure(SnyggProblem("not a colour (#RRGGBB, #RRGGBBAA, rgb(), rgba(), transparent, dynamic-light-color() or dynamic-dark-color())"))
    }

    /// A size `Ndp` or `Nsp` (`unit`), in points (a dp is a point on the devices the apps run
    /// on): finite, from 0 (above 0 when not `zero`) to `most` (default the length limit);
    /// the message states that range, so a font size is told its own limit.
    static func size(_ text: String, unit: String, in most: Double = Limits.maxLength, zero: Bool = true) -> Result<Double, SnyggProblem> {
        let value = trimmed(text)
        guard value.hasSuffix(unit), let number = Text.parseNumber(String(value.dropLast(unit.count))),
              number.isFinite, zero ? number >= 0 : number > 0, number <= most else {
            let range = zero ? "from 0 to \(Limits.format(most))\(unit)" : "greater than 0 and at most \(Limits.format(most))\(unit)"
            return .failure(SnyggProblem("expected a size such as 8\(unit), \(range)"))
        }
        return .success(number)
    }

    /// A shape: `rectangle()`, `circle()`, `rounded-corner(a, b, c, d)` or `cut-corner(a, b,
    /// c, d)` with four `dp` or four `%` sizes (`cut` is true for the last, drawn rounded).
    static func shape(_ text: String) -> Result<(shape: Shape, cut: Bool), SnyggProblem> {
        let value = trimmed(text)
        if let argument = call("rectangle", value), trimmed(argument).isEmpty { return .success((.rectangle, false)) }
        if let argument = call("circle", value), trimmed(argument).isEmpty { return .success((.fraction(0.5), false)) }
        for (function, cut) in [("rounded-corner", false), ("cut-corner", true)] {
            guard let argument = call(function, value) else { continue }
            let corners = argument.split(separator: ",", omittingEmptySubsequences: false).map { trimmed(String($0)) }
            guard corners.count == 4 else { return .failure(SnyggProblem("\(function)() takes four corner sizes")) }
            if corners.allSatisfy({ $0.hasSuffix("%") }) {
                let percents = corners.compactMap { Text.parseNumber(String($0.dropLast())) }
                guard percents.count == 4, percents.allSatisfy({ $0.isFinite && (0...100).contains($0) }) else {
                    return .failure(SnyggProblem("a corner in % is from 0% to 100%"))
                }
                return .success((.fraction((percents.max() ?? 0) / 100), cut))
            }
            var sizes: [Double] = []
            for corner in corners {
                guard case .success(let size) = self.size(corner, unit: "dp") else {
                    return .failure(SnyggProblem("the corners of \(function)() are four dp sizes or four percentages"))
                }
                sizes.append(size)
            }
            return .success((.radius(sizes.max() ?? 0), cut))
        }
        return .failure(SnyggProblem("not a shape (rectangle(), circle(), rounded-corner() or cut-corner())"))
    }

    /// A margin or padding: one `dp` size for every side, `horizontal vertical`, or `start top
    /// end bottom`.
    static func padding(_ text: String) -> Result<EdgeInsets, SnyggProblem> {
        let parts = trimmed(text).split(whereSeparator: { $0 == " " || $0 == "\t" })
        var sizes: [Double] = []
        for part in parts {
            guard case .success(let size) = size(String(part), unit: "dp") else {
                return .failure(SnyggProblem("a margin is one, two (horizontal vertical) or four (start top end bottom) dp sizes"))
            }
            sizes.append(size)
        }
        switch sizes.count {
        case 1: return .success(EdgeInsets(top: sizes[0], left: sizes[0], bottom: sizes[0], right: sizes[0]))
        case 2: return .success(EdgeInsets(top: sizes[1], left: sizes[0], bottom: sizes[1], right: sizes[0]))
        case 4: return .success(EdgeInsets(top: sizes[1], left: sizes[0], bottom: sizes[3], right: sizes[2]))
        default: return .failure(SnyggProblem("a margin is one, two (horizontal vertical) or four (start top end bottom) dp sizes"))
        }
    }

    /// The text between `function(` and a final `)`, or nil when `value` is no such call.
    static func call(_ function: String, _ value: String) -> String? {
        guard value.hasPrefix(function), value.hasSuffix(")") else { return nil }
        let rest = trimmed(String(value.dropFirst(function.count)))
        guard rest.hasPrefix("("), rest.hasSuffix(")") else { return nil }
        return String(rest.dropFirst().dropLast())
    }

    /// `text` without white space at either end.
    static func trimmed(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
