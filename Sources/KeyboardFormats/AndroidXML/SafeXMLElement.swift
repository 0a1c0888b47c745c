import KeyboardModel

/// One element of a small, safe XML document: what Android keyboard and values files need.
///
/// The reader (`SafeXMLElement.parse`) accepts UTF-8 XML 1.0 elements, attributes, text,
/// CDATA, comments and processing instructions. It refuses what can make a file do more
/// than it shows: any `<!DOCTYPE …>` (so no DTDs, external entities or entity expansion)
/// and every entity but `&lt; &gt; &amp; &quot; &apos;` and numeric character
/// references. Files are held to the limits of layout files (`Limits`): size,
/// nesting depth, and number of nodes (elements and attributes).
package struct SafeXMLElement: Sendable, Hashable {
    /// One attribute, as written and by its local name (the part after any `prefix:`).
    package struct Attribute: Sendable, Hashable {
        /// The qualified name as written (`android:keyWidth`); fixed, as `localName` and
        /// `isNamespaceDeclaration` are derived from it.
        package let qualifiedName: String
        /// The value with entities replaced and whitespace characters normalised to spaces.
        package var value: String

        /// `keyWidth` for `android:keyWidth`, `app:keyWidth` or `keyWidth`.
        package let localName: String
        /// True for `xmlns` and `xmlns:…` declarations.
        package let isNamespaceDeclaration: Bool

        /// An attribute; `localName` and `isNamespaceDeclaration` are derived from
        /// `qualifiedName`.
        package init(qualifiedName: String, value: String) {
            self.qualifiedName = qualifiedName
            self.value = value
            self.localName = SafeXMLElement.localName(of: qualifiedName)
            self.isNamespaceDeclaration = qualifiedName == "xmlns" || qualifiedName.hasPrefix("xmlns:")
        }
    }

    /// The qualified name as written.
    package var qualifiedName: String
    /// The attributes in document order, namespace declarations included.
    package var attributes: [Attribute]
    /// The child elements in document order.
    package var children: [SafeXMLElement]
    /// The element's own text (character data and CDATA, children's text excluded).
    package var text: String
    /// 1-based line of the start tag.
    package var line: Int
    /// 1-based column of the start tag's `<`, counted in Unicode scalars.
    package var column: Int = 1

    /// The name after any `prefix:`.
    package var localName: String { Self.localName(of: qualifiedName) }

    /// The value of the first attribute whose local name is `name`, or nil.
    package func attribute(_ name: String) -> String? {
        attributes.first { !$0.isNamespaceDeclaration && $0.localName == name }?.value
    }

    static func localName(of name: String) -> String {
        if let colon = name.lastIndex(of: ":") { return String(name[name.index(after: colon)...]) }
        return name
    }
}

extension SafeXMLElement {
    /// Parses `bytes` and returns the root element.
    ///
    /// - Throws: `Diagnostic` with an empty field path and a reason starting with the line
    ///   (`line 3: DOCTYPE declarations are not allowed …`) when the file is too large, not
    ///   UTF-8, not well-formed, declares a DTD, uses an entity other than the predefined
    ///   ones, nests deeper than `Limits.maxDepth` or holds more than
    ///   `Limits.maxNodes` nodes.
    package static func parse(_ bytes: [UInt8], file: String) throws -> SafeXMLElement {
        guard bytes.count <= Limits.maxFileSize else {
            throw Diagnostic(file: file, path: "", reason: "file is \(bytes.count) bytes; the limit is \(Limits.maxFileSize) bytes (1 MiB)")
        }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard String(validating: body, as: UTF8.self) != nil else {
            throw Diagnostic(file: file, path: "", reason: "file is not UTF-8 text")
        }
        if let index = body.firstIndex(where: { $0 < 0x20 && !XMLByteReader.isSpace($0) }) {
            let line = 1 + body[..<index].count(where: { $0 == 0x0A })
            throw Diagnostic(file: file, path: "", reason: "line \(line): control character 0x\(String(body[index], radix: 16, uppercase: true)) is not allowed in XML")
        }
        var reader = XMLByteReader(bytes: Array(body), file: file)
        return try reader.document()
    }
}

/// The tokenizer and tree builder behind `SafeXMLElement.parse`; iterative, so nesting cannot
/// overflow the stack.
struct XMLByteReader {
    let bytes: [UInt8]
    let file: String
    var position = 0
    var line = 1
    /// Unicode scalars (UTF-8 lead bytes) read on the current line, for columns.
    var lineScalars = 0
    var nodes = 0

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    func fail(_ reason: String, line: Int? = nil) -> Diagnostic {
        Diagnostic(file: file, path: "", reason: "line \(line ?? self.line): \(reason)")
    }

    var atEnd: Bool { position >= bytes.count }

    func peek(_ offset: Int = 0) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    func startsHere(_ text: String) -> Bool {
        startsHere(Array(text.utf8))
    }

    func startsHere(_ utf8: [UInt8]) -> Bool {
        guard position + utf8.count <= bytes.count else { return false }
        return bytes[position..<(position + utf8.count)].elementsEqual(utf8)
    }

    mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where position < bytes.count {
            if bytes[position] == UInt8(ascii: "\n") {
                line += 1
                lineScalars = 0
            } else if bytes[position] & 0xC0 != 0x80 {
                lineScalars += 1
            }
            position += 1
        }
    }

    /// Moves past `terminator`, failing with `what` when the file ends first.
    mutating func skip(past terminator: String, what: String) throws {
        let start = line
        let utf8 = Array(terminator.utf8)
        while !atEnd {
            if bytes[position] == utf8[0] && startsHere(utf8) { advance(utf8.count); return }
            advance()
        }
        throw fail("\(what) is not closed (no \"\(terminator)\")", line: start)
    }

    static func isSpace(_ b: UInt8) -> Bool {
        AndroidKeyboard.isXMLSpace(b)
    }

    static func isNameStart(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || b == UInt8(ascii: "_") || b == UInt8(ascii: ":") || b >= 0x80
    }

    static func isNameByte(_ b: UInt8) -> Bool {
        isNameStart(b) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
    }

    /// The 1-based column of the current position, in Unicode scalars (UTF-8 lead bytes),
    /// counted as the reader advances, so a file of one long line reads in linear time.
    var column: Int { lineScalars + 1 }

    mutating func skipSpace() {
        while let b = peek(), Self.isSpace(b) { advance() }
    }

    mutating func name() throws -> String {
        guard let first = peek(), Self.isNameStart(first) else {
            throw fail("expected a name, found \(describeHere())")
        }
        let start = position
        while let b = peek(), Self.isNameByte(b) { advance() }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    func describeHere() -> String {
        guard let b = peek() else { return "the end of the file" }
        if b >= 0x21 && b < 0x7F { return "\"\(Character(UnicodeScalar(b)))\"" }
        return "byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    mutating func countNode() throws {
        nodes += 1
        if nodes > Limits.maxNodes {
            throw fail("the file holds more than \(Limits.maxNodes) elements and attributes")
        }
    }

    /// Reads an entity or character reference after `&`, returning its text.
    mutating func reference() throws -> String {
        let start = line
        advance() // &
        var name: [UInt8] = []
        // Leading zeros of a character reference are valid XML in any number (&#0000065;):
        // they are skipped, not kept, so the name stays short.
        var skippedZero = false
        while let b = peek(), b != UInt8(ascii: ";") {
            let isCharacterReference = name == [UInt8(ascii: "#")] || name == Array("#x".utf8) || name == Array("#X".utf8)
            if isCharacterReference && b == UInt8(ascii: "0") {
                skippedZero = true
                advance()
                continue
            }
            guard name.count < 12, b != UInt8(ascii: "<"), b != UInt8(ascii: "&"), !Self.isSpace(b) else {
                throw fail("\"&\" must start an entity such as &amp; (found \"&\(String(decoding: name, as: UTF8.self))\")", line: start)
            }
            name.append(b)
            advance()
        }
        if skippedZero && (name == [UInt8(ascii: "#")] || name == Array("#x".utf8) || name == Array("#X".utf8)) {
            name.append(UInt8(ascii: "0"))   // all zeros: the reference is to U+0000
        }
        guard !atEnd else { throw fail("entity reference is not closed with \";\"", line: start) }
        advance() // ;
        let text = String(decoding: name, as: UTF8.self)
        switch text {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        if text.hasPrefix("#") {
            let digits = text.dropFirst()
            let value: UInt32?
            if digits.hasPrefix("x") || digits.hasPrefix("X") {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = digits.allSatisfy(\.isASCII) ? UInt32(digits) : nil
            }
            guard let value, value >= 0x20 || value == 0x09 || value == 0x0A || value == 0x0D,
                  value != 0xFFFE, value != 0xFFFF, let scalar = UnicodeScalar(value) else {
                throw fail("\"&\(text);\" is not a valid character reference", line: start)
            }
            return String(Character(scalar))
        }
        throw fail("entity \"&\(text);\" is not allowed; only &lt; &gt; &amp; &quot; &apos; and &#…; character references are (no DTD entities)", line: start)
    }

    mutating func attributeValue() throws -> String {
        guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw fail("attribute values must be in quotes, found \(describeHere())")
        }
        let start = line
        advance()
        var value = ""
        var run: [UInt8] = []
        func flush() {
            value += String(decoding: run, as: UTF8.self)
            run.removeAll(keepingCapacity: true)
        }
        while let b = peek() {
            if b == quote { advance(); flush(); return value }
            if b == UInt8(ascii: "<") { throw fail("\"<\" is not allowed in an attribute value") }
            if b == UInt8(ascii: "&") {
                flush()
                value += try reference()
                continue
            }
            run.append(Self.isSpace(b) ? 0x20 : b)
            advance()
        }
        throw fail("attribute value is not closed", line: start)
    }

    /// Reads the whole document and returns its root element: markup, references and
    /// character data in turn until the end, where every element must be closed.
    mutating func document() throws -> SafeXMLElement {
        var stack: [SafeXMLElement] = []
        var root: SafeXMLElement?
        while !atEnd {
            if peek() == UInt8(ascii: "<") {
                try markup(&stack, root: &root)
            } else if peek() == UInt8(ascii: "&") {
                let text = try reference()
                guard !stack.isEmpty else { throw fail("text outside the root element") }
                stack[stack.count - 1].text += text
            } else {
                try characterData(&stack)
            }
        }
        if let open = stack.last { throw fail("<\(Diagnostic.clip(open.qualifiedName))> is not closed", line: open.line) }
        guard let root else { throw fail("the file holds no element") }
        return root
    }

    /// The markup at `<`: a processing instruction or comment (skipped), a CDATA section
    /// (text), a refused declaration, an end tag or a start tag.
    private mutating func markup(_ stack: inout [SafeXMLElement], root: inout SafeXMLElement?) throws {
        if startsHere("<?") {
            try skip(past: "?>", what: "processing instruction")
        } else if startsHere("<!--") {
            try skip(past: "-->", what: "comment")
        } else if startsHere("<![CDATA[") {
            guard !stack.isEmpty else { throw fail("text outside the root element") }
            advance(9)
            let from = position
            try skip(past: "]]>", what: "CDATA section")
            stack[stack.count - 1].text += String(decoding: bytes[from..<(position - 3)], as: UTF8.self)
        } else if startsHere("<!DOCTYPE") || startsHere("<!doctype") {
            throw fail("DOCTYPE declarations are not allowed (no DTDs, external entities or entity expansion)")
        } else if startsHere("<!") {
            throw fail("declarations (\"<!…\") are not allowed (no DTDs or entities)")
        } else if startsHere("</") {
            let tagLine = line
            advance(2)
            let name = try name()
            skipSpace()
            guard peek() == UInt8(ascii: ">") else { throw fail("expected \">\" to end </\(name)>, found \(describeHere())") }
            advance()
            guard let open = stack.popLast() else { throw fail("</\(name)> closes nothing", line: tagLine) }
            guard open.qualifiedName == name else {
                throw fail("</\(Diagnostic.clip(name))> does not match <\(Diagnostic.clip(open.qualifiedName))> (line \(open.line))", line: tagLine)
            }
            Self.place(open, in: &stack, root: &root)
        } else {
            guard root == nil else { throw fail("a second root element after the first one ends") }
            let (element, closed) = try startTag()
            if closed {
                Self.place(element, in: &stack, root: &root)
            } else {
                guard stack.count < Limits.maxDepth else {
                    throw fail("elements nest deeper than \(Limits.maxDepth) levels")
                }
                stack.append(element)
            }
        }
    }

    /// A finished element: the child of the open one, or the root when none is open.
    private static func place(_ element: SafeXMLElement, in stack: inout [SafeXMLElement], root: inout SafeXMLElement?) {
        if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
    }

    /// A start tag at `<`: the element with its attributes, and whether it closed itself
    /// (`<Key … />`).
    private mutating func startTag() throws -> (element: SafeXMLElement, closed: Bool) {
        let tagLine = line, tagColumn = column
        advance()
        let name = try name()
        try countNode()
        var element = SafeXMLElement(qualifiedName: name, attributes: [], children: [], text: "", line: tagLine, column: tagColumn)
        var attributeNames = Set<String>()
        while true {
            let hadSpace = peek().map(Self.isSpace) ?? false
            skipSpace()
            guard let b = peek() else { throw fail("<\(Diagnostic.clip(name))> is not closed", line: tagLine) }
            if b == UInt8(ascii: ">") {
                advance()
                return (element, false)
            }
            if b == UInt8(ascii: "/") {
                advance()
                guard peek() == UInt8(ascii: ">") else { throw fail("expected \">\" after \"/\", found \(describeHere())") }
                advance()
                return (element, true)
            }
            guard hadSpace else { throw fail("expected a space before the attribute, found \(describeHere())") }
            let attributeName = try self.name()
            skipSpace()
            guard peek() == UInt8(ascii: "=") else { throw fail("expected \"=\" after attribute \(attributeName), found \(describeHere())") }
            advance()
            skipSpace()
            let value = try attributeValue()
            if !attributeNames.insert(attributeName).inserted {
                throw fail("attribute \(Diagnostic.clip(attributeName)) appears twice in <\(Diagnostic.clip(name))>")
            }
            try countNode()
            element.attributes.append(.init(qualifiedName: attributeName, value: value))
        }
    }

    /// Character data up to the next `<` or `&`: the open element's text; outside the root
    /// only white space is allowed.
    private mutating func characterData(_ stack: inout [SafeXMLElement]) throws {
        let from = position
        while let b = peek(), b != UInt8(ascii: "<"), b != UInt8(ascii: "&") { advance() }
        let run = bytes[from..<position]
        if stack.isEmpty {
            guard run.allSatisfy(Self.isSpace) else { throw fail("text outside the root element") }
        } else {
            stack[stack.count - 1].text += String(decoding: run, as: UTF8.self)
        }
    }
}

