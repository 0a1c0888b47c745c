/// How deep a JSON text nests, found by a scan that builds nothing, so a report that nests
/// hundreds of levels is named at its field rather than refused as a whole by the decoder.
enum JSONNesting {
    /// One open object or list: the name of the field being read in an object, the index of
    /// the item being read in a list.
    private struct Frame {
        var isObject: Bool
        var key = ""
        var index = 0
        var expectingKey = true
    }

    /// The field that holds the first value nesting deeper than `limit` objects and lists —
    /// its path up to the last field name (`findings[0].fingerprint`; empty when the text
    /// nests that deep before any field) — or nil when nothing does. Text that is not JSON
    /// is left to the decoder; the scan only counts brackets outside strings.
    static func tooDeep(_ bytes: [UInt8], limit: Int) -> String? {
        var stack: [Frame] = []
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if stack.count == limit { return path(stack) }
                stack.append(Frame(isObject: bytes[i] == UInt8(ascii: "{")))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = stack.popLast()
            case UInt8(ascii: ","):
                guard !stack.isEmpty else { break }
                if stack[stack.count - 1].isObject { stack[stack.count - 1].expectingKey = true } else { stack[stack.count - 1].index += 1 }
            case UInt8(ascii: ":"):
                if !stack.isEmpty { stack[stack.count - 1].expectingKey = false }
            case UInt8(ascii: "\""):
                let start = i + 1
                i = start
                while i < bytes.count && bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                if let top = stack.last, top.isObject, top.expectingKey {
                    stack[stack.count - 1].key = String(decoding: bytes[start..<min(i, bytes.count)], as: UTF8.self)
                }
            default:
                break
            }
            i += 1
        }
        return nil
    }

    /// `a[2].b`: the place each open container is reading, up to the last field name.
    private static func path(_ stack: [Frame]) -> String {
        var parts: [String] = []
        for frame in stack {
            parts.append(frame.isObject ? (parts.isEmpty ? "" : ".") + frame.key : "[\(frame.index)]")
        }
        let lastName = stack.lastIndex { $0.isObject }
        guard let lastName else { return "" }
        return parts[...lastName].joined()
    }
}
