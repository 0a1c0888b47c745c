/// Makes cairo's SVG output independent of how many documents the process wrote before.
///
/// cairo numbers some ids from process-wide counters (`surface12`, `image7`, `pattern3`,
/// `glyph0-1`, `clip4`…), so the same scene drawn twice gives different bytes. This renames
/// every `id` that ends in digits, in order of first appearance (`surface1`, `surface2`, …,
/// one counter per prefix), and rewrites the references (`#id`, `url(#id)`) to match.
enum SVGNormalizer {
    private static let idAttribute = Array("id=\"".utf8)

    static func renumberIDs(_ svg: [UInt8]) -> [UInt8] {
        // Pass 1: ids in order of appearance.
        var renames: [ArraySlice<UInt8>: [UInt8]] = [:]
        var counters: [ArraySlice<UInt8>: Int] = [:]
        var i = 0
        while let start = attributeValueStart(in: svg, from: i) {
            let end = idEnd(in: svg, from: start)
            let id = svg[start..<end]
            if renames[id] == nil, let prefix = prefix(of: id) {
                let next = (counters[prefix] ?? 0) + 1
                counters[prefix] = next
                renames[id] = Array(prefix) + Array(String(next).utf8)
            }
            i = end
        }
        guard !renames.isEmpty else { return svg }
        // Pass 2: rewrite `id="X"` and `#X` where X is a renamed id.
        var output: [UInt8] = []
        output.reserveCapacity(svg.count)
        i = 0
        while i < svg.count {
            var start: Int?
            if svg[i] == UInt8(ascii: "#") {
                start = i + 1
            } else if svg[i] == UInt8(ascii: "i"), matches(svg, at: i, idAttribute), i > 0, svg[i - 1] == UInt8(ascii: " ") {
                start = i + idAttribute.count
            }
            if let start {
                let end = idEnd(in: svg, from: start)
                if end > start, let renamed = renames[svg[start..<end]] {
                    output.append(contentsOf: svg[i..<start])
                    output.append(contentsOf: renamed)
                    i = end
                    continue
                }
            }
            output.append(svg[i])
            i += 1
        }
        return output
    }

    /// Index just after the next ` id="`, from `index`.
    private static func attributeValueStart(in bytes: [UInt8], from index: Int) -> Int? {
        var i = index
        while i + idAttribute.count <= bytes.count {
            if bytes[i] == UInt8(ascii: "i"), i > 0, bytes[i - 1] == UInt8(ascii: " "), matches(bytes, at: i, idAttribute) {
                return i + idAttribute.count
            }
            i += 1
        }
        return nil
    }

    private static func matches(_ bytes: [UInt8], at index: Int, _ pattern: [UInt8]) -> Bool {
        guard index + pattern.count <= bytes.count else { return false }
        for (k, byte) in pattern.enumerated() where bytes[index + k] != byte { return false }
        return true
    }

    private static func idEnd(in bytes: [UInt8], from start: Int) -> Int {
        var end = start
        while end < bytes.count, isIDByte(bytes[end]) { end += 1 }
        return end
    }

    /// "glyph0-12" → "glyph"; "surface5" → "surface"; nil unless letters then digits/dashes.
    private static func prefix(of id: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard let firstDigit = id.firstIndex(where: isDigit), firstDigit > id.startIndex else { return nil }
        guard id[firstDigit...].allSatisfy({ isDigit($0) || $0 == UInt8(ascii: "-") }) else { return nil }
        return id[..<firstDigit]
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }

    private static func isIDByte(_ b: UInt8) -> Bool {
        isDigit(b) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
    }
}
