/// Apple's `passwordrules` grammar, read exactly as the reference parser in
/// apple/password-manager-resources (`tools/PasswordRulesParser.js`) reads it, so the
/// effective rule is what Safari and iOS apply (docs/password-rules.md). On top of that, every problem is
/// reported with its column and its consequence.
///
/// The steps, in the reference's order:
/// 1. Skip whitespace (space, tab, CR, LF, form feed). A property must start with a name
///    character (`a–z A–Z -`); anything else stops reading: what came before is kept.
/// 2. Read the name. An unknown name (names are case-sensitive) discards the whole rule.
///    A name at the end, or not directly followed by `:`, drops that property.
/// 3. Read the value after optional whitespace. Nothing (end or `;`) drops the property.
///    `required`/`allowed`: a comma-separated list of class names (case-insensitive: upper,
///    lower, digit, special, ascii-printable, unicode; an unknown one discards the whole rule)
///    and `[…]` classes. Inside `[…]` only printable ASCII counts; `-` counts only as the
///    first character; `]` ends the class unless the next character is `]` too (then the
///    first is a member); an unclosed `[` drops that class only.
///    Numbers: ASCII digits directly followed by `;` or the end; anything else (a space
///    included) drops the property; 0 is dropped too.
/// 4. After a property, whitespace, then `;` or the end; anything else discards the whole
///    rule, including properties read so far. `;` followed by only whitespace ends the rule.
/// 5. Combine: `max-repeating`, `max-sequential`, `max-consecutive` and `maxlength` take the
///    smallest value, `minlength` the largest; `max-consecutive` (deprecated, reported) also
///    counts as both `max-repeating` and `max-sequential`, the smallest again winning (what
///    Apple added to the language in September 2026). Each `required` is
///    canonicalised on its own and also added to the allowed classes. Within one list, the
///    first `unicode` or `ascii-printable` wins over everything; otherwise the classes are
///    united. No allowed characters means `ascii-printable`.
public enum PasswordRulesParser {
    /// Diagnostics beyond this many are summarised in one last diagnostic.
    public static let maxDiagnostics = 100

    /// Parses `rule`; never fails, never traps, runs in time linear in the rule's length.
    public static func parse(_ rule: String) -> PasswordRules {
        var scanner = Scanner(Array(rule.unicodeScalars))
        return scanner.parse()
    }

    /// A class as written in a `required` or `allowed` value, before combining.
    enum ClassValue {
        case unicode, asciiPrintable
        case set(PrintableASCIISet)
    }

    enum Value {
        case classes([ClassValue])
        case number(Int)
    }

    struct Property {
        var name: PasswordRuleProperty
        var value: Value
        /// Column of the property's name.
        var column: Int
    }

    /// A problem that cost a property; its consequence depends on what follows it.
    struct Failure {
        var column: Int
        var problem: String
    }

    struct Scanner {
        let text: [Unicode.Scalar]
        var diagnostics: [PasswordRuleDiagnostic] = []
        var unshown = 0
        var firstUnshownColumn = 0

        init(_ text: [Unicode.Scalar]) { self.text = text }

        var end: Int { text.count }

        static let wholeRule = "Safari ignores the whole rule"

        mutating func report(_ column: Int, _ message: String) {
            if diagnostics.count < PasswordRulesParser.maxDiagnostics {
                diagnostics.append(PasswordRuleDiagnostic(column: column, message: message))
            } else {
                if unshown == 0 { firstUnshownColumn = column }
                unshown += 1
            }
        }

        func isNameCharacter(_ position: Int) -> Bool {
            guard position < end else { return false }
            let c = text[position].value
            return (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x2D
        }

        static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\u{C}" || scalar == "\n" || scalar == "\r" || scalar == "\t"
        }

        static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x30 && scalar.value <= 0x39 }

        func skipWhitespace(_ position: Int) -> Int {
            var position = position
            while position < end && Self.isWhitespace(text[position]) { position += 1 }
            return position
        }

        func name(at position: Int) -> (String, Int) {
            var next = position
            var name = ""
            while isNameCharacter(next) {
                name.unicodeScalars.append(text[next])
                next += 1
            }
            return (name, next)
        }

        func found(_ position: Int) -> String {
            position < end ? "found \(DisplayText.quote(text[position]))" : "found the end of the rule"
        }

        // MARK: Steps 1 and 4

        mutating func parse() -> PasswordRules {
            var properties: [Property] = []
            var applied = true
            var position = skipWhitespace(0)
            reading: while position < end {
                guard isNameCharacter(position) else {
                    report(position + 1, "a property cannot start with \(DisplayText.quote(text[position])) — Safari stops reading here and ignores the rest of the rule")
                    break reading
                }
                let (outcome, next) = parseProperty(at: position)
                position = skipWhitespace(next)
                let discards = position < end && text[position] != ";"
                switch outcome {
                case .success(let property):
                    properties.append(property)
                    if discards {
                        report(position + 1, "expected `;`, \(found(position)) — \(Self.wholeRule)")
                    }
                case .failure(let failure, _):
                    let name = self.name(at: outcome.nameColumn - 1).0
                    report(failure.column, "\(failure.problem) — " + (discards ? Self.wholeRule : "Safari ignores this `\(name)`"))
                }
                if discards {
                    properties = []
                    applied = false
                    break reading
                }
                if position >= end { break }
                position = skipWhitespace(position + 1)
            }
            reportCharacterReferences()
            var rules = combine(properties)
            rules.applied = applied
            rules.diagnostics = diagnostics.enumerated()
                .sorted { ($0.element.column, $0.offset) < ($1.element.column, $1.offset) }
                .map(\.element)
            if unshown > 0 {
                rules.diagnostics.append(PasswordRuleDiagnostic(column: firstUnshownColumn, message: "\(unshown) more problems are not shown"))
            }
            return rules
        }

        /// HTML character references are read as the characters they are written with, as
        /// Safari reads the rule; one copied from a page's source usually meant what the
        /// browser decodes them to.
        mutating func reportCharacterReferences() {
            var source = ""
            source.unicodeScalars.append(contentsOf: text)
            for reference in HTMLCharacterReferences.find(in: source) {
                let length = reference.written.unicodeScalars.count
                let decoded = reference.decoded.unicodeScalars.first.map(DisplayText.quote) ?? "nothing"
                report(reference.column, "\(DisplayText.snippet(reference.written.unicodeScalars)) is an HTML character reference: it is read as the \(length) characters it is written with, while a browser reads the page's attribute as \(decoded) — decode the rule's references first if it was copied from HTML source")
            }
        }

        enum Outcome {
            case success(Property)
            case failure(Failure, nameColumn: Int)

            var nameColumn: Int {
                switch self {
                case .success(let property): return property.column
                case .failure(_, let column): return column
                }
            }
        }

        // MARK: Steps 2 and 3

        mutating func parseProperty(at start: Int) -> (Outcome, Int) {
            let column = start + 1
            let (name, afterName) = self.name(at: start)
            guard let property = PasswordRuleProperty(rawValue: name) else {
                var problem = "unknown property `\(name)`"
                if let known = PasswordRuleProperty(rawValue: name.lowercased()) {
                    problem += " (property names are case-sensitive: write `\(known.rawValue)`)"
                } else {
                    problem += " (properties: " + PasswordRuleProperty.allCases.map(\.rawValue).joined(separator: ", ") + ")"
                }
                return (.failure(Failure(column: column, problem: problem), nameColumn: column), start)
            }
            guard afterName < end else {
                return (.failure(Failure(column: column, problem: "`\(name)` has no `:` and no value"), nameColumn: column), afterName)
            }
            guard text[afterName] == ":" else {
                return (.failure(Failure(column: afterName + 1, problem: "expected `:` right after `\(name)`, \(found(afterName))"), nameColumn: column), afterName)
            }
            let position = skipWhitespace(afterName + 1)
            if position >= end || text[position] == ";" {
                return (.failure(Failure(column: column, problem: "`\(name):` has no value"), nameColumn: column), position)
            }
            switch property {
            case .required, .allowed:
                let (values, next, failure) = parseClasses(at: position)
                if let failure { return (.failure(failure, nameColumn: column), next) }
                if values.isEmpty {
                    report(column, property == .required
                        ? "`required` names no character: Apple's parser keeps it as a requirement that no password can meet"
                        : "`allowed` names no character: it adds nothing")
                }
                return (.success(Property(name: property, value: .classes(values), column: column)), next)
            case .maxRepeating, .maxSequential, .maxConsecutive, .minLength, .maxLength:
                let (number, next, failure) = parseNumber(at: position, property: name)
                if let failure { return (.failure(failure, nameColumn: column), next) }
                if number == 0 {
                    return (.failure(Failure(column: position + 1, problem: "`\(name): 0` counts as no value"), nameColumn: column), next)
                }
                return (.success(Property(name: property, value: .number(number), column: column)), next)
            }
        }

        static let classNames = "upper, lower, digit, special, ascii-printable, unicode"

        mutating func parseClasses(at start: Int) -> ([ClassValue], Int, Failure?) {
            var values: [ClassValue] = []
            var position = start
            while true {
                if isNameCharacter(position) {
                    let (name, next) = self.name(at: position)
                    switch name.lowercased() {
                    case "upper": values.append(.set(.upper))
                    case "lower": values.append(.set(.lower))
                    case "digit": values.append(.set(.digit))
                    case "special": values.append(.set(.special))
                    case "ascii-printable": values.append(.asciiPrintable)
                    case "unicode": values.append(.unicode)
                    default:
                        return (values, position, Failure(column: position + 1, problem: "unknown character class `\(name)` (classes: \(Self.classNames))"))
                    }
                    position = next
                } else if text[position] == "[" {
                    let (set, next) = parseCustomClass(at: position)
                    if let set, !set.isEmpty { values.append(.set(set)) }
                    position = next
                } else {
                    return (values, position, Failure(column: position + 1, problem: "expected a class name or `[`, \(found(position))"))
                }
                position = skipWhitespace(position)
                if position >= end || text[position] == ";" { break }
                if text[position] == "," {
                    let comma = position
                    position = skipWhitespace(position + 1)
                    if position >= end {
                        return (values, position, Failure(column: comma + 1, problem: "nothing follows the `,`"))
                    }
                    continue
                }
                return (values, position, Failure(column: position + 1, problem: "expected `,` or `;`, \(found(position))"))
            }
            return (values, position, nil)
        }

        /// Reads `[…]` starting at its `[`; nil when the class is never closed.
        mutating func parseCustomClass(at open: Int) -> (PrintableASCIISet?, Int) {
            var position = open + 1
            guard position < end else {
                report(open + 1, "`[` ends the rule — Safari drops this class")
                return (nil, position)
            }
            let first = position
            var members: [Unicode.Scalar] = []
            var droppedDashes: [Int] = []
            var droppedOthers: [Int] = []
            repeat {
                let c = text[position]
                if !PrintableASCIISet.isPrintableASCII(c) {
                    droppedOthers.append(position)
                    position += 1
                    continue
                }
                if c == "-" && position > first {
                    droppedDashes.append(position)
                    position += 1
                    continue
                }
                members.append(c)
                position += 1
                if c == "]" { break }
            } while position < end
            let close: Int
            if (position < end && text[position] != "]") || (position == end && text[position - 1] == "]") {
                members.removeLast()
                close = position
            } else if position < end && text[position] == "]" {
                close = position + 1
            } else {
                report(open + 1, "\(DisplayText.snippet(text[open..<min(end, open + 32)])) is never closed with `]` — Safari drops this class")
                return (nil, position)
            }
            var set = PrintableASCIISet()
            for member in members { set.insert(member) }
            let written = DisplayText.snippet(text[open..<close])
            let content = DisplayText.members(set)
            for dash in droppedDashes {
                let between = dash > first && dash + 1 < close - 1
                    && PrintableASCIISet.isPrintableASCII(text[dash - 1]) && PrintableASCIISet.isPrintableASCII(text[dash + 1])
                let why = between ? "ranges do not exist" : "a `-` counts only as the first character"
                report(dash + 1, "`-` inside \(written) is dropped: \(why), this class is \(content)")
            }
            if let firstOther = droppedOthers.first {
                let shown = droppedOthers.prefix(8).map { DisplayText.quote(text[$0]) }.joined(separator: ", ")
                    + (droppedOthers.count > 8 ? " and \(droppedOthers.count - 8) more" : "")
                let verb = droppedOthers.count == 1 ? "is" : "are"
                report(firstOther + 1, "\(shown) inside \(written) \(verb) dropped: only printable ASCII counts, this class is \(content)")
            }
            if set.isEmpty {
                report(open + 1, "\(written) holds no character — Safari drops it")
            }
            return (set, close)
        }

        mutating func parseNumber(at start: Int, property: String) -> (Int, Int, Failure?) {
            guard Self.isDigit(text[start]) else {
                return (0, start, Failure(column: start + 1, problem: "`\(property)` needs a whole number, \(found(start))"))
            }
            // Accumulated as the reference does (a double), then saturated to Int.
            var value = 0.0
            var position = start
            repeat {
                value = 10 * value + Double(text[position].value - 0x30)
                position += 1
            } while position < end && text[position] != ";" && Self.isDigit(text[position])
            if position < end && text[position] != ";" {
                let problem = Self.isWhitespace(text[position])
                    ? "whitespace after the number of `\(property)` is not allowed (write `\(property): \(DisplayText.snippet(text[start..<position]).dropFirst().dropLast());`)"
                    : "expected `;` after the number of `\(property)`, \(found(position))"
                return (0, position, Failure(column: position + 1, problem: problem))
            }
            let number = value >= 9.2e18 ? Int.max : Int(value)
            return (number, position, nil)
        }

        // MARK: Step 5

        mutating func combine(_ properties: [Property]) -> PasswordRules {
            var rules = PasswordRules()
            var allowedValues: [(value: ClassValue, column: Int)] = []
            var numbers: [PasswordRuleProperty: [(value: Int, column: Int)]] = [:]
            for property in properties {
                switch property.value {
                case .number(let value):
                    numbers[property.name, default: []].append((value, property.column))
                case .classes(let values):
                    if property.name == .required {
                        let canonical = Self.canonicalize(values)
                        rules.required.append(Self.effective(canonical) ?? .ascii(PrintableASCIISet()))
                        allowedValues += canonical.map { ($0, property.column) }
                    } else {
                        allowedValues += values.map { ($0, property.column) }
                    }
                }
            }
            rules.allowed = Self.effective(Self.canonicalize(allowedValues.map(\.value))) ?? .asciiPrintable
            reportShadowedUnicode(allowedValues)
            combineNumbers(numbers, into: &rules)
            if let minLength = rules.minLength, let maxLength = rules.maxLength, minLength > maxLength {
                report(numbers[.maxLength]![0].column, "minlength \(minLength) is larger than maxlength \(maxLength): no password can meet both")
            }
            return rules
        }

        /// The numbers of `numbers` (each property's values with their columns, in rule
        /// order): repeated ones reduced to the smallest (the largest for `minlength`), then
        /// `max-consecutive` applied to `max-repeating` and `max-sequential` as its alias.
        mutating func combineNumbers(_ numbers: [PasswordRuleProperty: [(value: Int, column: Int)]], into rules: inout PasswordRules) {
            let picks: [(PasswordRuleProperty, String, WritableKeyPath<PasswordRules, Int?>)] = [
                (.maxRepeating, "smallest", \.maxRepeating), (.maxSequential, "smallest", \.maxSequential),
                (.maxConsecutive, "smallest", \.maxConsecutive), (.minLength, "largest", \.minLength), (.maxLength, "smallest", \.maxLength),
            ]
            for (name, pick, field) in picks {
                guard let given = numbers[name] else { continue }
                let values = given.map(\.value)
                let chosen = pick == "largest" ? values.max()! : values.min()!
                rules[keyPath: field] = chosen
                if Set(values).count > 1 {
                    report(given[1].column, "`\(name.rawValue)` is given \(given.count) times: the \(pick), \(chosen), applies")
                }
            }
            for given in numbers[.maxConsecutive] ?? [] {
                report(given.column, Self.deprecatedConsecutive)
            }
            guard let alias = rules.maxConsecutive else { return }
            for (name, field, what) in [(PasswordRuleProperty.maxRepeating, \PasswordRules.maxRepeating, "identical characters"),
                                        (.maxSequential, \.maxSequential, "characters in sequence")] {
                if let own = rules[keyPath: field], own != alias, let column = numbers[name]?.first?.column {
                    report(column, "`\(name.rawValue): \(own)` and `max-consecutive: \(alias)` both limit \(what) back to back: the smallest, \(min(own, alias)), applies")
                }
                rules[keyPath: field] = min(rules[keyPath: field] ?? alias, alias)
            }
        }

        /// The diagnostic of every `max-consecutive` read.
        static let deprecatedConsecutive = "max-consecutive is deprecated; it means max-repeating and max-sequential"

        /// `unicode` after an `ascii-printable` (written, or a required class of all 95
        /// characters) in the allowed list is ignored: the first of the two wins.
        mutating func reportShadowedUnicode(_ values: [(value: ClassValue, column: Int)]) {
            guard let first = values.firstIndex(where: { if case .set = $0.value { return false } else { return true } }),
                  case .asciiPrintable = values[first].value,
                  let later = values[(first + 1)...].first(where: { if case .unicode = $0.value { return true } else { return false } })
            else { return }
            report(later.column, "`unicode` is ignored: `ascii-printable` comes first (the property at column \(values[first].column)) and the first of the two wins — Safari allows printable ASCII only")
        }

        /// One list of classes as the reference canonicalises it: the first `unicode` or
        /// `ascii-printable` wins; otherwise the union (all 95 characters become
        /// `ascii-printable`); empty when there is no character.
        static func canonicalize(_ values: [ClassValue]) -> [ClassValue] {
            var union = PrintableASCIISet()
            for value in values {
                switch value {
                case .unicode: return [.unicode]
                case .asciiPrintable: return [.asciiPrintable]
                case .set(let set): union = union.union(set)
                }
            }
            if union.isFull { return [.asciiPrintable] }
            return union.isEmpty ? [] : [.set(union)]
        }

        static func effective(_ canonical: [ClassValue]) -> PasswordCharacterClass? {
            switch canonical.first {
            case nil: return nil
            case .unicode?: return .unicode
            case .asciiPrintable?: return .asciiPrintable
            case .set(let set)?: return .ascii(set)
            }
        }
    }
}
