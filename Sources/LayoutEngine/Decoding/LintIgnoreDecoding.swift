extension FieldReader {
    /// The fields of a file's `lint` block.
    static let lintFields = ["ignore"]
    /// The fields of one `lint.ignore` entry.
    static let lintIgnoreFields = ["rule", "field", "reason"]

    /// Reads `lint: {ignore: [{rule, field, reason}]}` (SPEC §12): each entry needs a known
    /// rule, a field path and a reason that is not blank; an entry with a problem is left out
    /// after the problem is recorded at `lint.ignore[N].FIELD`.
    package func lintIgnores(_ document: Document, _ path: String) -> [LintIgnore] {
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
                guard text.contains(where: { $0 != " " && $0 != "\t" }) else {
                    error(fieldPath, "must not be empty: \(hint)")
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
            let field = text("field", "the field path whose findings are kept, such as keys.enter")
            let reason = text("reason", "say why the finding is kept")
            if let rule, let field, let reason { ignores.append(LintIgnore(rule: rule, field: field, reason: reason)) }
        }
        return ignores
    }
}
