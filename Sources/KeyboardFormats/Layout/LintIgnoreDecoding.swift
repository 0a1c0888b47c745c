import KeyboardModel
import TerminalText

extension FieldReader {
    /// The fields of a file's `lint` block.
    static let lintFields = ["ignore"]
    /// The fields of one `lint.ignore` entry.
    static let lintIgnoreFields = ["rule", "field", "reason"]

    /// Reads `lint: {ignore: [{rule, field, reason}]}` (docs/lint.md): each entry needs a known
    /// rule, a field path that matches a field lint can report in this kind of file (`fields`)
    /// and a reason that is not blank; an entry with a problem is left out after the problem
    /// is recorded at `lint.ignore[N].FIELD`.
    package func lintIgnores(_ document: Document, _ path: String, fields tree: LintFields) -> [LintIgnore] {
        guard let lint = fields(document, path, known: Self.lintFields), let list = lint["ignore"] else { return [] }
        let listPath = join(path, "ignore")
        guard let items = self.list(list, listPath) else { return [] }
        var ignores: [LintIgnore] = []
        for (i, item) in items.enumerated() {
            let itemPath = join(listPath, i)
            guard let entry = fields(item, itemPath, known: Self.lintIgnoreFields) else { continue }
            func text(_ name: String, _ hint: String) -> String? {
                let fieldPath = join(itemPath, name)
                guard let value = entry[name] else {
                    error(fieldPath, "is required: \(hint)")
                    return nil
                }
                guard let text = drawableString(value, fieldPath) else { return nil }
                // Spaces, zero-width characters or a Hangul filler say nothing a reader can see.
                guard !TerminalText.isBlank(text) else {
                    error(fieldPath, "must say something: it is empty or holds only characters that show nothing; \(hint)")
                    return nil
                }
                return text
            }
            var rule: LintRule? = nil
            if let value = entry["rule"] {
                rule = choice(value, join(itemPath, "rule"), as: LintRule.self)
            } else {
                error(join(itemPath, "rule"), "is required: one of \(LintRule.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            var field = text("field", "the field path whose findings are kept, such as keys.enter")
            if let written = field, let problem = tree.problem(with: written) {
                error(join(itemPath, "field"), "\(Diagnostic.quote(written)) \(problem)")
                field = nil
            }
            let reason = text("reason", "say why the finding is kept")
            if let rule, let field, let reason { ignores.append(LintIgnore(rule: rule, field: field, reason: reason)) }
        }
        return ignores
    }
}

/// The fields a `lint.ignore` entry may name (docs/lint.md): those `lint` locates findings at in
/// one kind of file, and every path above them (`keys.enter` covers
/// `keys.enter.normal.fill`). A path that matches none of them is an error.
package enum LintFields: Sendable {
    /// A theme: `keys.{base|CLASS}.{normal|pressed}.STYLE_FIELD` and
    /// `keys.{base|CLASS}.callout.CALLOUT_FIELD`.
    case theme
    /// A layout with `keys` keys (nil when they could not be read) and the row count of
    /// each geometry it has (`portrait`, `landscape`): `keys[N].appearance.…` as in a theme,
    /// and `GEOMETRY.rows[N]`.
    case layout(keys: Int?, rows: [String: Int])

    /// Why `field` matches nothing, or nil when it names (or lies above) such a field.
    func problem(with field: String) -> String? {
        guard let parts = Self.components(field) else { return "is not a field path (names joined with dots, list items as [N])" }
        switch self {
        case .theme:
            guard parts.first == .name("keys") else { return "matches no field lint reports in a theme: keys.CLASS.STATE.FIELD, CLASS one of base, \(KeyClass.allCases.map(\.rawValue).joined(separator: ", "))" }
            return Self.styleProblem(Array(parts.dropFirst()), classes: ["base"] + KeyClass.allCases.map(\.rawValue))
        case .layout(let keys, let rows):
            switch parts.first {
            case .name("keys"):
                guard parts.count > 1 else { return nil }
                guard case .index(let n) = parts[1], keys.map({ n < $0 }) ?? true else {
                    return "matches no key: keys[N] with N from 0 to \(max((keys ?? 1) - 1, 0))"
                }
                guard parts.count > 2 else { return nil }
                guard parts[2] == .name("appearance") else { return "matches no field lint reports in a layout's key: keys[N].appearance.STATE.FIELD" }
                return Self.blockProblem(Array(parts.dropFirst(3)))
            case .name(let geometry) where rows[geometry] != nil:
                guard parts.count > 1 else { return nil }
                guard parts[1] == .name("rows") else { return "matches no field lint reports in a layout's geometry: \(geometry).rows[N]" }
                guard parts.count > 2 else { return nil }
                guard parts.count == 3, case .index(let n) = parts[2], n < rows[geometry] ?? 0 else {
                    return "matches no row: \(geometry).rows[N] with N from 0 to \(max((rows[geometry] ?? 1) - 1, 0))"
                }
                return nil
            default:
                let geometries = ["portrait", "landscape"].filter { rows[$0] != nil }.map { "\($0).rows[N]" }
                return "matches no field lint reports in this layout: keys[N].appearance.STATE.FIELD or " + geometries.joined(separator: ", ")
            }
        }
    }

    /// `CLASS.STATE.FIELD` (or a prefix) of a theme's `keys`.
    private static func styleProblem(_ parts: [Component], classes: [String]) -> String? {
        guard let first = parts.first else { return nil }
        guard case .name(let name) = first, classes.contains(name) else {
            return "matches no key class: keys.CLASS with CLASS one of \(classes.joined(separator: ", "))"
        }
        return blockProblem(Array(parts.dropFirst()))
    }

    /// `STATE.FIELD` (or a prefix) of a style block: `normal`/`pressed` with a key style
    /// field, `callout` with a callout field.
    private static func blockProblem(_ parts: [Component]) -> String? {
        guard let first = parts.first else { return nil }
        let states = KeyState.allCases.map(\.rawValue) + ["callout"]
        guard case .name(let state) = first, states.contains(state) else {
            return "matches no state: STATE one of \(states.joined(separator: ", "))"
        }
        guard parts.count > 1 else { return nil }
        let fields = state == "callout" ? FieldReader.calloutFields : FieldReader.keyStyleFields
        guard parts.count == 2, case .name(let field) = parts[1], fields.contains(field) else {
            return "matches no \(state == "callout" ? "callout" : "key style") field" + FieldReader.didYouMean(parts.count == 2 ? "\(parts[1])" : "", in: fields)
        }
        return nil
    }

    /// One step of a field path.
    enum Component: Hashable, CustomStringConvertible {
        case name(String), index(Int)

        var description: String {
            switch self {
            case .name(let name): return name
            case .index(let n): return "[\(n)]"
            }
        }
    }

    /// `a.b[2].c` as its steps; nil when it is not a field path.
    static func components(_ path: String) -> [Component]? {
        var out: [Component] = []
        for part in path.split(separator: ".", omittingEmptySubsequences: false) {
            var rest = Substring(part)
            let name = rest.prefix { $0 != "[" }
            guard !name.isEmpty else { return nil }
            out.append(.name(String(name)))
            rest = rest.dropFirst(name.count)
            while rest.hasPrefix("[") {
                // An index is written as `lint` writes it (`rows[0]`, never `rows[00]` or `rows[+1]`),
                // since a finding's field is matched as text.
                guard let close = rest.firstIndex(of: "]") else { return nil }
                let digits = rest[rest.index(after: rest.startIndex)..<close]
                guard let n = Int(digits), String(n) == digits else { return nil }
                out.append(.index(n))
                rest = rest[rest.index(after: close)...]
            }
            guard rest.isEmpty else { return nil }
        }
        return out
    }
}
