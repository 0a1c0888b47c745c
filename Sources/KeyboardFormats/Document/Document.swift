import KeyboardModel
import Yams

/// A parsed JSON or YAML document: the generic tree that layout, theme and manifest
/// decoding read field by field.
///
/// Scalars keep their text as written; each decoder interprets it for its field, so YAML's
/// `on`/`yes` stay strings where a field wants a string.
package indirect enum Document: Sendable, Hashable {
    case scalar(String, quoted: Bool)
    case sequence([Document])
    case mapping([(key: String, value: Document)])

    package static func == (lhs: Document, rhs: Document) -> Bool {
        switch (lhs, rhs) {
        case let (.scalar(a, qa), .scalar(b, qb)): return a == b && qa == qb
        case let (.sequence(a), .sequence(b)): return a == b
        case let (.mapping(a), .mapping(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case let .scalar(s, q): hasher.combine(0); hasher.combine(s); hasher.combine(q)
        case let .sequence(items): hasher.combine(1); hasher.combine(items)
        case let .mapping(pairs):
            hasher.combine(2)
            for pair in pairs { hasher.combine(pair.key); hasher.combine(pair.value) }
        }
    }

    /// Whether this is a plain `null`, `~` or empty scalar.
    package var isNull: Bool {
        if case let .scalar(s, quoted: false) = self { return s == "null" || s == "~" || s == "" || s == "Null" || s == "NULL" }
        return false
    }

    /// The value of `key` in a mapping, or nil.
    package subscript(key: String) -> Document? {
        guard case let .mapping(pairs) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }
}

extension Document {
    /// Parses JSON or YAML bytes.
    ///
    /// - Throws: `Diagnostic` with an empty field path when the file is too large, not UTF-8,
    ///   not well-formed, nested deeper than `Limits.maxDepth`, or expands (through
    ///   aliases) to more than `Limits.maxNodes` nodes.
    package static func parse(_ bytes: [UInt8], file: String) throws -> Document {
        if let parsed = ParsedDocuments.shared.document(for: bytes) { return parsed }
        guard bytes.count <= Limits.maxFileSize else {
            throw Diagnostic(file: file, path: "", reason: "file is \(bytes.count) bytes; the limit is \(Limits.maxFileSize) bytes (1 MiB)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Diagnostic(file: file, path: "", reason: "file is not UTF-8 text")
        }
        if let problem = nestingProblem(text) {
            throw Diagnostic(file: file, path: "", reason: problem)
        }
        let node: Node?
        do {
            // The basic resolver tags nothing: each decoder reads a scalar's text for its own
            // field, so the default resolver's tags (and the regular expressions it compiles
            // on first use, a measurable part of a whole run) would be thrown away.
            node = try Yams.compose(yaml: text, .basic)
        } catch let YamlError.duplicatedKeysInMapping(duplicates, context) {
            throw Diagnostic(file: file, path: "", reason: duplicateKeyReason(duplicates.first ?? "", first: context.mark, in: text))
        } catch let error as YamlError {
            throw Diagnostic(file: file, path: "", reason: "not valid JSON or YAML: \(describe(error))")
        } catch {
            throw Diagnostic(file: file, path: "", reason: "not valid JSON or YAML: \(error)")
        }
        guard let node else {
            throw Diagnostic(file: file, path: "", reason: "file is empty")
        }
        var budget = Budget()
        guard let document = convert(node, depth: 0, budget: &budget) else {
            throw Diagnostic(file: file, path: "", reason: "document expands to more than \(Limits.maxNodes) nodes or \(Limits.maxDocumentBytes) bytes of text, or nests deeper than \(Limits.maxDepth) levels (YAML aliases count at every use)")
        }
        ParsedDocuments.shared.keep(document, for: bytes)
        return document
    }

    /// What a document may still expand to: nodes and bytes of text, aliases counted at every use.
    private struct Budget {
        var nodes = Limits.maxNodes
        var bytes = Limits.maxDocumentBytes

        mutating func spend(text: String) -> Bool {
            bytes -= text.utf8.count
            return bytes >= 0
        }
    }

    private static func convert(_ node: Node, depth: Int, budget: inout Budget) -> Document? {
        budget.nodes -= 1
        guard budget.nodes >= 0, depth <= Limits.maxDepth else { return nil }
        switch node {
        case let .scalar(scalar):
            guard budget.spend(text: scalar.string) else { return nil }
            return .scalar(scalar.string, quoted: scalar.style != .plain && scalar.style != .any)
        case let .sequence(sequence):
            var items: [Document] = []
            items.reserveCapacity(sequence.count)
            for item in sequence {
                guard let converted = convert(item, depth: depth + 1, budget: &budget) else { return nil }
                items.append(converted)
            }
            return .sequence(items)
        case let .mapping(mapping):
            var pairs: [(key: String, value: Document)] = []
            for (key, value) in mapping {
                guard let converted = convert(value, depth: depth + 1, budget: &budget) else { return nil }
                let name: String
                if case let .scalar(s) = key { name = s.string } else { name = "<non-scalar key>" }
                guard budget.spend(text: name) else { return nil }
                pairs.append((name, converted))
            }
            return .mapping(pairs)
        case .alias:
            // Yams resolves aliases while composing; an unresolved one is not a value we read.
            return .scalar("", quoted: false)
        }
    }

    /// Rejects flow nesting (`[[[[…`) and block indentation too deep for the recursive
    /// YAML composer before it runs, so a hostile file cannot overflow the stack.
    private static func nestingProblem(_ text: String) -> String? {
        var depth = 0
        var quote: UInt8? = nil
        var lineIndent = 0
        var atLineStart = true
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") {
                atLineStart = true
                lineIndent = 0
                if quote == UInt8(ascii: "'") { quote = nil }
                previous = byte
                continue
            }
            if atLineStart {
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") {
                    lineIndent += 1
                    if lineIndent > 4 * Limits.maxDepth {
                        return "lines are indented more than \(4 * Limits.maxDepth) columns; nesting is limited to \(Limits.maxDepth) levels"
                    }
                    previous = byte
                    continue
                }
                atLineStart = false
            }
            if let q = quote {
                if byte == q && !(q == UInt8(ascii: "\"") && previous == UInt8(ascii: "\\")) { quote = nil }
                previous = (previous == UInt8(ascii: "\\") && byte == UInt8(ascii: "\\")) ? 0 : byte
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > Limits.maxDepth {
                    return "lists and mappings nest deeper than \(Limits.maxDepth) levels"
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
            default: break
            }
            previous = byte
        }
        return nil
    }

    private static func describe(_ error: YamlError) -> String {
        let text = "\(error)"
        return text.split(separator: "\n").first.map(String.init) ?? text
    }
}
