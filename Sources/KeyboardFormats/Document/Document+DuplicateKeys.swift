import KeyboardModel
import Yams

extension Document {
    /// The message for a mapping whose key `key` is given twice, the first time at `first`.
    ///
    /// It names the line and column of the second time the key is given, and quotes nothing
    /// of the file, which failed to parse and may be any file the user can read.
    static func duplicateKeyReason(_ key: String, first: Mark, in text: String) -> String {
        guard let second = secondOccurrence(of: key, after: first, in: text) else {
            return "line \(first.line), column \(first.column): this key appears again in the same mapping; each field may be given once"
        }
        return "line \(second.line), column \(second.column): this key was given already in the same mapping (line \(first.line), column \(first.column)); each field may be given once"
    }

    /// Where `key` is given again in the mapping whose key at `first` it is: the key at
    /// `first` is changed to a name no file uses, the text is parsed again, and the mapping
    /// that holds the changed key gives the mark of the other. Nil when that does not settle
    /// it (the key three times, a second repeated key, an escape at the key's start).
    private static func secondOccurrence(of key: String, after first: Mark, in text: String) -> Mark? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        guard first.line >= 1, first.line <= lines.count else { return nil }
        var start = first.column - 1
        guard start >= 0, start < lines[first.line - 1].count else { return nil }
        let opening = lines[first.line - 1][start]
        if opening == "\"" || opening == "'" { start += 1 }
        guard start < lines[first.line - 1].count, lines[first.line - 1][start] != "\\" else { return nil }
        lines[first.line - 1][start] = "\u{E000}"
        var changed = ""
        for (n, line) in lines.enumerated() {
            if n > 0 { changed += "\n" }
            changed.unicodeScalars.append(contentsOf: line)
        }
        guard let root = try? Yams.compose(yaml: changed, .basic) else { return nil }
        var budget = Limits.maxNodes
        return mark(of: key, besideKeyAt: first, in: root, budget: &budget)
    }

    /// The mark of key `key` in the mapping under `node` that has a key at `first`; walks at
    /// most `budget` nodes.
    private static func mark(of key: String, besideKeyAt first: Mark, in node: Node, budget: inout Int) -> Mark? {
        budget -= 1
        guard budget >= 0 else { return nil }
        switch node {
        case let .mapping(mapping):
            if mapping.keys.contains(where: { $0.mark?.line == first.line && $0.mark?.column == first.column }) {
                return mapping.keys.first(where: { $0.string == key })?.mark
            }
            for (name, value) in mapping {
                if let found = mark(of: key, besideKeyAt: first, in: name, budget: &budget) ?? mark(of: key, besideKeyAt: first, in: value, budget: &budget) {
                    return found
                }
            }
            return nil
        case let .sequence(sequence):
            for item in sequence {
                if let found = mark(of: key, besideKeyAt: first, in: item, budget: &budget) { return found }
            }
            return nil
        default:
            return nil
        }
    }
}
