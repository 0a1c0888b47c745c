import KeyboardModel

/// One rule's selector in a Snygg stylesheet: `element[attr=values]…:state`
/// (`key[code=-201,-202][shiftstate=\`caps_lock\`]:pressed`).
///
/// An attribute's values are integers (`10`, `-202`), ranges (`48..57`) or backtick-quoted
/// names (`` `caps_lock` ``), separated by commas.
package struct SnyggSelector: Sendable, Hashable {
    /// One value an attribute may take.
    package enum Value: Sendable, Hashable {
        /// An integer range (a single integer is a range of one).
        case range(ClosedRange<Int>)
        /// A backtick-quoted name, without the backticks.
        case name(String)
    }

    /// The element (`key`, `window`, `smartbar`, …).
    package var element: String
    /// The attributes in the order written: name and the values any of which matches.
    package var attributes: [(name: String, values: [Value])]
    /// The state after the colon (`pressed`, `focus`, `hover`, `disabled`); nil for none.
    package var state: String?

    package static func == (a: SnyggSelector, b: SnyggSelector) -> Bool {
        a.element == b.element && a.state == b.state && a.attributes.count == b.attributes.count
            && zip(a.attributes, b.attributes).allSatisfy { $0.name == $1.name && $0.values == $1.values }
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(element)
        hasher.combine(state)
        for attribute in attributes { hasher.combine(attribute.name); hasher.combine(attribute.values) }
    }

    /// The states a selector may end with.
    static let states = ["pressed", "focus", "hover", "disabled"]

    /// Parses `text`; nil with the reason when it is no selector.
    package static func parse(_ text: String) -> Result<SnyggSelector, SnyggProblem> {
        var rest = Substring(text)
        let element = rest.prefix(while: { $0.isLetter || $0.isNumber || $0 == "-" })
        guard !element.isEmpty, element.allSatisfy(\.isASCII) else {
            return .failure(SnyggProblem("a rule starts with an element name of letters, digits and -"))
        }
        rest = rest.dropFirst(element.count)
        var selector = SnyggSelector(element: String(element), attributes: [], state: nil)
        while rest.first == "[" {
            guard let close = rest.firstIndex(of: "]") else { return .failure(SnyggProblem("an attribute [name=values] is not closed")) }
            let body = rest[rest.index(after: rest.startIndex)..<close]
            rest = rest[rest.index(after: close)...]
            guard let equals = body.firstIndex(of: "=") else { return .failure(SnyggProblem("an attribute is written [name=values]")) }
            let name = body[..<equals]
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                return .failure(SnyggProblem("an attribute name is letters, digits and -"))
            }
            switch values(body[body.index(after: equals)...]) {
            case .success(let parsed): selector.attributes.append((String(name), parsed))
            case .failure(let problem): return .failure(problem)
            }
        }
        if rest.first == ":" {
            let state = String(rest.dropFirst())
            guard states.contains(state) else {
                return .failure(SnyggProblem("the state after : is one of \(states.joined(separator: ", "))"))
            }
            selector.state = state
            rest = ""
        }
        guard rest.isEmpty else { return .failure(SnyggProblem("unexpected text after the element and its attributes")) }
        return .success(selector)
    }

    /// The comma-separated values of one attribute.
    static func values(_ text: Substring) -> Result<[Value], SnyggProblem> {
        var values: [Value] = []
        var rest = text
        while true {
            if rest.first == "`" {
                let body = rest.dropFirst()
                guard let close = body.firstIndex(of: "`"), close != body.startIndex else {
                    return .failure(SnyggProblem("a name value is written between backticks: `name`"))
                }
                values.append(.name(String(body[..<close])))
                rest = body[body.index(after: close)...]
            } else {
                let token = rest.prefix(while: { $0 != "," })
                rest = rest.dropFirst(token.count)
                let bounds = token.split(separator: "..", omittingEmptySubsequences: false)
                let numbers = bounds.compactMap { Int($0) }
                guard numbers.count == bounds.count, (1...2).contains(numbers.count), let low = numbers.min(), let high = numbers.max() else {
                    return .failure(SnyggProblem("\(Diagnostic.quote(String(token))) is no integer, range a..b or `name`"))
                }
                values.append(.range(low...high))
            }
            guard let next = rest.first else { return .success(values) }
            guard next == "," else { return .failure(SnyggProblem("values are separated by commas")) }
            rest = rest.dropFirst()
        }
    }
}

/// Why a Snygg rule or value cannot be read (the file and field are added by the reader).
package struct SnyggProblem: Error, Sendable, Hashable {
    package var reason: String
    package init(_ reason: String) { self.reason = reason }
}
