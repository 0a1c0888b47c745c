import XCTest
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer

/// Decodes and places an Android keyboard written inline in a test.
private func place(_ xml: String, values: [String: String] = [:], device: String = "1000x1000@1", orientation: Orientation = .portrait, mode: String? = nil, shuffle: ShuffleSource? = nil) throws -> (frames: KeyboardFrames, warnings: [Diagnostic]) {
    var table = AndroidValues()
    for (file, text) in values.sorted(by: { $0.key < $1.key }) { try table.add(Array(text.utf8), file: file) }
    let decoded = try AndroidKeyboardDecoder.decode(Array(xml.utf8), file: "pad.xml", name: "pad", values: table)
    let canvas = Canvas(device: Device.named(device)!, orientation: orientation)
    return (try decoded.keyboard.place(on: canvas, keyboardMode: mode, shuffle: shuffle, file: "pad.xml"), decoded.warnings)
}

/// The messages an input raises, one per line; a failure when it is accepted.
private func messages(_ xml: String, values: [String: String] = [:], device: String = "1000x1000@1", line: UInt = #line) -> [String] {
    do {
        _ = try place(xml, values: values, device: device)
        XCTFail("expected the file to be rejected", line: line)
        return []
    } catch let list as DiagnosticList {
        return list.diagnostics.map(\.description)
    } catch {
        return ["\(error)"]
    }
}

private func pad(_ rows: String, keyboard: String = "") -> String {
    """
    <Keyboard xmlns:android="http://schemas.android.com/apk/res/android" \(keyboard)>
    \(rows)
    </Keyboard>
    """
}

final class AndroidNumberTests: XCTestCase {
    func testQuantisationOfTheSpecExample() {
        // 10%p: 0.1f * 2^23 + 0.5 = 838861.3 -> bits 838861, radix 0p23.
        let tenPercent = AndroidDimension("10%p")
        XCTAssertEqual(tenPercent?.value, Float(838_861) / Float(1 << 23))
        XCTAssertEqual(tenPercent?.unit, .percentOfParent)
        XCTAssertEqual(tenPercent?.pixels(base: 1080, density: 2.625), 108)
        XCTAssertEqual(AndroidDimension("3dip")?.pixels(base: 0, density: 2.625), 7)   // 7.875 truncates
        XCTAssertEqual(AndroidDimension("2.5%p")?.pixels(base: 2340, density: 1), 58)  // 58.49994, not 58.5
        XCTAssertEqual(AndroidDimension("50%")?.pixels(base: 1081, density: 1), 541)   // an exact half rounds up
    }

    func testRadixByMagnitude() {
        // 23p0 for whole numbers; 8p15 keeps 15 fraction bits; 16p7 keeps 7.
        XCTAssertEqual(AndroidDimension("300px")?.value, 300)
        // 200.6667f = 200.666702…; * 2^15 = 6575446.5, truncated by the 8-bit shift to 6575446.
        XCTAssertEqual(AndroidDimension("200.6667px")?.value, Float(6_575_446) / Float(1 << 15))
        XCTAssertEqual(AndroidDimension("400.6667px")?.value, 400.6640625)                         // 51285 / 128
    }

    func testNegativeNumbersUseTwosComplement() {
        XCTAssertEqual(AndroidDimension("-2.5dp")?.value, -2.5)
        XCTAssertEqual(AndroidDimension("-2.5dp")?.pixels(base: 0, density: 2), -5)
        XCTAssertEqual(AndroidDimension("-3.3dp")?.pixels(base: 0, density: 1), -3)      // truncation toward zero
    }

    func testTextThatIsNotADimension() {
        for text in ["12%q", "50", "dp", "1e40dp", "nandp", "0x10px", "10 dp", "", "1,5dp", "infpx"] {
            XCTAssertNil(AndroidDimension(text), text)
        }
        XCTAssertEqual(AndroidDimension(" 10dp ")?.value, 10)
    }

    func testStringEscapes() {
        XCTAssertEqual(AndroidString.unescape("  a   b  "), "a b")
        XCTAssertEqual(AndroidString.unescape("\"  a  \""), "  a  ")
        XCTAssertEqual(AndroidString.unescape("\\@home"), "@home")
        XCTAssertEqual(AndroidString.unescape("it\\'s \\u0041\\n"), "it's A\n")
        XCTAssertEqual(AndroidString.unescape("\\\\"), "\\")
    }
}

final class AndroidXMLErrorTests: XCTestCase {
    func testDoctypeIsRefused() {
        let billionLaughs = """
        <?xml version="1.0"?>
        <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>
        <Keyboard><Row><Key keyLabel="&lol2;"/></Row></Keyboard>
        """
        XCTAssertEqual(messages(billionLaughs), ["pad.xml: line 2: DOCTYPE declarations are not allowed (no DTDs, external entities or entity expansion)"])
        let xxe = "<!DOCTYPE Keyboard SYSTEM \"file:///etc/passwd\"><Keyboard/>"
        XCTAssertEqual(messages(xxe), ["pad.xml: line 1: DOCTYPE declarations are not allowed (no DTDs, external entities or entity expansion)"])
        XCTAssertEqual(messages("<Keyboard><!ENTITY x \"y\"></Keyboard>"), ["pad.xml: line 1: declarations (\"<!…\") are not allowed (no DTDs or entities)"])
    }

    func testOnlyPredefinedEntities() {
        XCTAssertEqual(messages(pad("<Row><Key android:keyLabel=\"&xxe;\"/></Row>")), [
            "pad.xml: line 2: entity \"&xxe;\" is not allowed; only &lt; &gt; &amp; &quot; &apos; and &#…; character references are (no DTD entities)",
        ])
        XCTAssertEqual(messages(pad("<Row><Key android:keyLabel=\"&#0;\"/></Row>")), ["pad.xml: line 2: \"&#0;\" is not a valid character reference"])
        XCTAssertEqual(messages(pad("<Row><Key android:keyLabel=\"&#xD800;\"/></Row>")), ["pad.xml: line 2: \"&#xD800;\" is not a valid character reference"])
        XCTAssertEqual(messages(pad("<Row><Key android:keyLabel=\"&#7;\"/></Row>")), ["pad.xml: line 2: \"&#7;\" is not a valid character reference"])
        XCTAssertEqual(messages(pad("<Row><Key android:keyLabel=\"a\u{0}b\"/></Row>")), ["pad.xml: line 2: control character 0x0 is not allowed in XML"])
        // Leading zeros are valid in any number.
        let zeros = try? place(pad("<Row><Key android:keyLabel=\"&#0000000000065;&#x00000000000000042;\"/></Row>")).frames
        XCTAssertEqual(zeros?.keys.first?.key.label, "AB")
        XCTAssertEqual(messages(pad("<Row><Key android:keyLabel=\"&#0000000000000;\"/></Row>")), ["pad.xml: line 2: \"&#0;\" is not a valid character reference"])
        XCTAssertEqual(messages(pad("<Row><Key android:keyLabel=\"&#x0000000000000001F4A9F;\"/></Row>")), ["pad.xml: line 2: \"&#x1F4A9F;\" is not a valid character reference"])
        let frames = try? place(pad("<Row><Key android:keyLabel=\"&lt;&amp;&#x41;&#66;\"/></Row>")).frames
        XCTAssertEqual(frames?.keys.first?.key.label, "<&AB")
    }

    func testLimitsOfLayoutFiles() {
        let huge = pad("<!--" + String(repeating: "x", count: Limits.maxFileSize) + "-->")
        XCTAssertEqual(messages(huge), ["pad.xml: file is \(huge.utf8.count) bytes; the limit is 1048576 bytes (1 MiB)"])
        let deep = "<Keyboard>" + String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100) + "</Keyboard>"
        XCTAssertEqual(messages(deep), ["pad.xml: line 1: elements nest deeper than 64 levels"])
        let many = "<Keyboard>" + String(repeating: "<b/>", count: Limits.maxNodes) + "</Keyboard>"
        XCTAssertEqual(messages(many), ["pad.xml: line 1: the file holds more than 200000 elements and attributes"])
        let keys = pad("<Row>" + String(repeating: "<Key android:keyLabel=\"a\"/>", count: Limits.maxKeys + 1) + "</Row>")
        XCTAssertEqual(messages(keys), ["pad.xml: has 10001 keys; the limit is 10000"])
    }

    func testManyAttributesOnOneElement() throws {
        // Within the node limit, one element with 100 000 attributes reads in linear time.
        let attributes = (0..<100_000).map { "a\($0)=\"\"" }.joined(separator: " ")
        let root = try SafeXMLElement.parse(Array("<Keyboard \(attributes)/>".utf8), file: "pad.xml")
        XCTAssertEqual(root.attributes.count, 100_000)
        let decoded = try AndroidKeyboardDecoder.decode(Array("<Keyboard \(attributes)/>".utf8), file: "pad.xml", name: "pad", values: AndroidValues())
        XCTAssertEqual(decoded.warnings.count, 101)
        XCTAssertEqual(decoded.warnings.last?.description, "pad.xml: 99900 more warnings not shown (at most 100 are listed)")
        XCTAssertEqual(messages("<Keyboard a=\"1\" b=\"2\" a=\"3\"/>"), ["pad.xml: line 1: attribute a appears twice in <Keyboard>"])
    }

    /// Each element keeps the line and column (in Unicode scalars, from 1) of its `<`, and
    /// a key placed from the file keeps its element's path, for lint's locations.
    func testElementsKeepTheirLineAndColumn() throws {
        let xml = "<Keyboard>\n  <Row android:keyHeight=\"20dp\">\n\t<Key android:codes=\"49\"/>é<Key android:codes=\"50\" android:keyWidth=\"5%p\"/>\n  </Row>\n</Keyboard>"
        let root = try SafeXMLElement.parse(Array(xml.utf8), file: "pad.xml")
        XCTAssertEqual([root.line, root.column], [1, 1])
        let row = try XCTUnwrap(root.children.first)
        XCTAssertEqual([row.line, row.column], [2, 3])
        XCTAssertEqual(row.children.map { [$0.line, $0.column] }, [[3, 2], [3, 28]])
        let decoded = try AndroidKeyboardDecoder.decode(Array(xml.utf8), file: "pad.xml", name: "pad", values: AndroidValues())
        let keyboard = decoded.keyboard
        let elements = keyboard.sizeElements
        XCTAssertEqual(elements.count, 2)
        XCTAssertTrue(elements["Row[0].Key[0]"]! == ("Row[0]", 2, 3))
        XCTAssertTrue(elements["Row[0].Key[1]"]! == ("Row[0].Key[1]", 3, 28))
        let frames = try keyboard.place(on: Canvas(device: Device.named("1000x1000@1")!, orientation: .portrait), file: "pad.xml")
        XCTAssertEqual(frames.keys.map { $0.key.android?.path }, ["Row[0].Key[0]", "Row[0].Key[1]"])
    }

    func testMalformedXML() {
        XCTAssertEqual(messages("<Keyboard><Row></Keyboard>"), ["pad.xml: line 1: </Keyboard> does not match <Row> (line 1)"])
        XCTAssertEqual(messages("<Keyboard>\n<Row>"), ["pad.xml: line 2: <Row> is not closed"])
        XCTAssertEqual(messages("<Keyboard a=\"1\" a=\"2\"/>"), ["pad.xml: line 1: attribute a appears twice in <Keyboard>"])
        XCTAssertEqual(messages("<Keyboard a=1/>"), ["pad.xml: line 1: attribute values must be in quotes, found \"1\""])
        XCTAssertEqual(messages("<Keyboard/><Keyboard/>"), ["pad.xml: line 1: a second root element after the first one ends"])
        XCTAssertEqual(messages(""), ["pad.xml: line 1: the file holds no element"])
        XCTAssertEqual(messages("<Foo/>"), ["pad.xml: not an Android keyboard file: its root element is not <Keyboard>"])
        do {
            _ = try AndroidKeyboardDecoder.decode([0x3C, 0xFF, 0xFE, 0x3E], file: "pad.xml", name: "pad", values: AndroidValues())
            XCTFail("accepted bytes that are not UTF-8")
        } catch {
            XCTAssertEqual("\(error)", "pad.xml: file is not UTF-8 text")
        }
    }

    func testBadNumbersNameTheirField() {
        let rows = """
        <Row><Key android:keyLabel="a"/></Row>
        <Row><Key android:keyLabel="b"/></Row>
        <Row>
          <Key android:keyLabel="1"/><Key android:keyLabel="2"/><Key android:keyLabel="3"/><Key android:keyLabel="4"/>
          <Key android:keyLabel="5" android:keyWidth="12%q" android:keyHeight="50" android:horizontalGap="1e40dp"/>
        </Row>
        """
        XCTAssertEqual(messages(pad(rows, keyboard: "android:verticalGap=\"-\"")), [
            "pad.xml: Keyboard.verticalGap: \"-\" is not a dimension or fraction",
            "pad.xml: Row[2].Key[4].keyWidth: \"12%q\" is not a dimension or fraction",
            "pad.xml: Row[2].Key[4].keyHeight: \"50\" is not a dimension or fraction (a number needs a unit: px, dp, sp, pt, in, mm, % or %p)",
            "pad.xml: Row[2].Key[4].horizontalGap: \"1e40dp\": the number is over the limit of 1000000",
        ])
        XCTAssertEqual(messages(pad("<Row><Key android:keyLabel=\"a\" android:keyHeight=\"100000dp\"/></Row>"), device: "1080x2340@2.625"), [
            "pad.xml: Row[0].Key[0].keyHeight: 100000dp is 262500 px on this display; the limit is 100000 px",
        ])
        XCTAssertEqual(messages(pad("<Row><Key android:keyLabel=\"a\" android:keyWidth=\"-10px\"/></Row>")), [
            "pad.xml: Row[0].Key[0]: the key would be -10 px wide; a key cannot have a negative size",
        ])
        XCTAssertEqual(messages(pad("")), ["pad.xml: the keyboard is 0 px tall; it needs at least one row of keys with a positive height"])
    }

    func testBadCodesFlagsAndBooleans() {
        let rows = """
        <Row android:rowEdgeFlags="middle">
          <Key android:codes="1,a" android:keyLabel="x"/>
          <Key android:keyLabel="y" android:isRepeatable="yes" android:keyEdgeFlags="left|top"/>
          <Key android:codes="4.9" android:keyLabel="w"/>
        </Row>
        <Row android:keyboardMode="url"><Key android:keyLabel="z"/></Row>
        """
        XCTAssertEqual(messages(pad(rows)), [
            "pad.xml: Row[0].rowEdgeFlags: \"middle\" is not left, right, top or bottom (join several with |)",
            "pad.xml: Row[0].Key[0].codes: \"1,a\" is not a whole number or a comma-separated list of whole numbers (\"a\" is not)",
            "pad.xml: Row[0].Key[1].isRepeatable: \"yes\" is not true or false",
            // The whole value is at fault: quoted once.
            "pad.xml: Row[0].Key[2].codes: \"4.9\" is not a whole number or a comma-separated list of whole numbers",
            "pad.xml: Row[1].keyboardMode: \"url\" is not an id reference such as @+id/mode_normal",
        ])
    }

    /// An empty flag attribute is no flag, as the build tools read it; so is an empty value
    /// reached through a reference. A bar with nothing after it is still refused.
    func testEmptyFlagAttributesAreZero() throws {
        let rows = """
        <Row android:rowEdgeFlags="">
          <Key android:keyLabel="a" android:keyEdgeFlags=""/>
          <Key android:keyLabel="b" android:keyEdgeFlags="@string/none"/>
          <Key android:keyLabel="c" android:keyEdgeFlags="right"/>
        </Row>
        """
        let (frames, warnings) = try place(pad(rows), values: ["strings.xml": #"<resources><string name="none"></string></resources>"#])
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(frames.keys.map { $0.key.android?.edgeFlags }, [[], [], .right])
        XCTAssertEqual(messages(pad(#"<Row><Key android:keyLabel="a" android:keyEdgeFlags="left|"/></Row>"#)), [
            "pad.xml: Row[0].Key[0].keyEdgeFlags: \"left|\" is not left, right, top or bottom (join several with |)",
        ])
    }

    func testUnresolvedReferences() {
        let rows = """
        <Row>
          <Key android:codes="49" android:keyLabel="1"/>
          <Key android:codes="@integer/del" android:keyWidth="@dimen/loop_a"/>
          <Key android:keyLabel="@android:string/ok" android:keyHeight="?android:attr/keyHeight"/>
          <Key android:keyLabel="@string" />
        </Row>
        """
        let values = ["values.xml": """
        <resources>
          <dimen name="loop_a">@dimen/loop_b</dimen>
          <dimen name="loop_b">@dimen/loop_a</dimen>
        </resources>
        """]
        XCTAssertEqual(messages(pad(rows), values: values), [
            "pad.xml: Row[0].Key[1].codes: @integer/del is not defined in res/values",
            "pad.xml: Row[0].Key[1].keyWidth: @dimen/loop_a leads through more than 16 references (a loop?)",
            "pad.xml: Row[0].Key[2].keyLabel: @android:string/ok is an Android framework resource; only the project's own values can be read",
            "pad.xml: Row[0].Key[2].keyHeight: ?android:attr/keyHeight is a theme attribute; keyboard files are read without a theme, so give a value or an @-reference (\\? is a literal ?)",
            "pad.xml: Row[0].Key[3].keyLabel: @string is not a resource reference (@type/name; \\@ is a literal @)",
        ])
    }

    func testBadValuesFiles() {
        XCTAssertThrowsError(try place(pad(""), values: ["a.xml": "<resources><dimen name=\"w\">1dp</dimen></resources>", "b.xml": "<resources><dimen name=\"w\">2dp</dimen></resources>"])) { error in
            XCTAssertEqual("\(error)", "b.xml: dimen/w: is also defined in a.xml")
        }
        XCTAssertThrowsError(try place(pad(""), values: ["a.xml": "<Keyboard/>"])) { error in
            XCTAssertEqual("\(error)", "a.xml: not an Android values file: its root element is not <resources>")
        }
        XCTAssertThrowsError(try place(pad(""), values: ["a.xml": "<!DOCTYPE r [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><resources/>"])) { error in
            XCTAssertEqual("\(error)", "a.xml: line 1: DOCTYPE declarations are not allowed (no DTDs, external entities or entity expansion)")
        }
    }

    func testUnknownElementsAndAttributesWarn() throws {
        let rows = """
        <Row android:keyWidth="10%p" android:color="red">
          <Key android:keyLabel="a" android:keyWdth="20%p"/>
          <Key android:codes="-100" android:keyIcon="@drawable/sym_keyboard_f1"/>
        </Row>
        <Foo/>
        """
        let (_, warnings) = try place(pad(rows))
        XCTAssertEqual(warnings.map(\.description), [
            "pad.xml: Row[0].color: unknown attribute android:color; Android ignores it",
            "pad.xml: Row[0].Key[0].keyWdth: unknown attribute android:keyWdth; Android ignores it; did you mean keyWidth?",
            "pad.xml: Row[0].Key[1].keyIcon: @drawable/sym_keyboard_f1 is not drawn (icons are not loaded, code -100 has no built-in icon and is no printable character, and the name says no icon the engine draws); the key is blank",
            "pad.xml: Foo[0]: unknown element <Foo>; Android skips it (its end tag still ends the key or row it is in)",
        ])
    }

    func testNamesAndValuesFromTheFileAreCutAsQuotedValuesAre() throws {
        let long = String(repeating: "w", count: 5000)
        let cases: [(xml: String, values: [String: String], mark: String)] = [
            (pad("<Row><Key android:codes=\"49\" android:keyWidth=\"\(long)\"/></Row>"), [:], "keyWidth: \"www"),
            (pad("<Row><Key android:codes=\"\(long)\"/></Row>"), [:], "codes: \"www"),
            (pad("<Row><Key android:codes=\"1,\(long)\"/></Row>"), [:], "codes: \"1,www"),
            (pad("<Row android:keyboardMode=\"\(long)\"><Key android:codes=\"49\"/></Row>"), [:], "keyboardMode: \"www"),
            (pad("<Row><Key android:codes=\"49\" android:keyWidth=\"@dimen/\(long)\"/></Row>"), [:], "keyWidth: @dimen/www"),
            (pad("<Row><Key android:codes=\"49\" android:keyWidth=\"@dimen/w\"/></Row>"), ["v.xml": "<resources><dimen name=\"w\">\(long)</dimen></resources>"], "keyWidth: @dimen/w (\"www"),
            (pad("<Row><\(long)></Row>"), [:], "</Row> does not match <www"),
            (pad("<Row><Key android:codes=\"49\" \(long)=\"1\" \(long)=\"2\"/></Row>"), [:], "attribute www"),
        ]
        for (xml, values, mark) in cases {
            let lines = messages(xml, values: values)
            XCTAssertFalse(lines.isEmpty, mark)
            for line in lines {
                XCTAssertTrue(line.contains(mark), "\(mark): \(line.prefix(300))")
                XCTAssertTrue([" (5000 characters)", " (5002 characters)", " (5007 characters)"].contains(where: line.contains), "\(mark): \(line.prefix(300))")
                XCTAssertLessThan(line.count, 400, "\(mark): \(line.prefix(300))")
            }
        }
        // Warnings too: an unknown element or attribute with a long name.
        // (The key has a label, so the only warnings are the two names'.)
        let (_, warnings) = try place(pad("<Row><Key android:codes=\"49\" android:keyLabel=\"1\" android:\(long)=\"1\"/><\(long)/></Row>"))
        XCTAssertEqual(warnings.count, 2)
        for warning in warnings.map(\.description) {
            XCTAssertTrue(warning.contains("www… (5000 characters)") || warning.contains("www… (5008 characters)"), String(warning.prefix(300)))
            XCTAssertLessThan(warning.count, 600, String(warning.prefix(300)))
        }
    }

    func testLabelsFollowTheOneLabelRule() throws {
        // Control characters (C0, DEL, C1, escaped or raw) and noncharacters cannot be drawn in
        // every format, so they are refused as in a YAML layout, whichever way they are written.
        let cases: [(label: String, values: [String: String], message: String)] = [
            ("\\u001Bx", [:], "\"\\u{1B}x\" holds the control character U+001B, which cannot be drawn"),
            ("\\u0000", [:], "\"\\0\" holds the control character U+0000, which cannot be drawn"),
            ("a\\nb", [:], "\"a\\nb\" holds the control character U+000A, which cannot be drawn"),
            ("&#x85;", [:], "\"\\u{85}\" holds the control character U+0085, which cannot be drawn"),
            ("\u{9B}", [:], "\"\\u{9B}\" holds the control character U+009B, which cannot be drawn"),
            ("&#x7F;", [:], "\"\\u{7F}\" holds the control character U+007F, which cannot be drawn"),
            ("&#xFDD0;", [:], "\"\\u{FDD0}\" holds U+FDD0, a Unicode noncharacter, which cannot be drawn"),
            ("\\uFFFF", [:], "\"\\u{FFFF}\" holds U+FFFF, a Unicode noncharacter, which cannot be drawn"),
            ("@string/esc", ["values.xml": "<resources><string name=\"esc\">\\u001B[2J</string></resources>"],
             "\"\\u{1B}[2J\" holds the control character U+001B, which cannot be drawn"),
        ]
        for (label, values, message) in cases {
            XCTAssertEqual(messages(pad("<Row><Key android:codes=\"49\" android:keyLabel=\"\(label)\"/></Row>"), values: values),
                           ["pad.xml: Row[0].Key[0].keyLabel: " + message], label)
        }
    }

    func testAKeyWithoutCodesOrLabelEndsTheFile() throws {
        let rows = """
        <Row><Key android:keyLabel="a"/><Key android:keyLabel="b"/></Row>
        <Row><Key android:keyLabel="c"/><Key android:keyIcon="@drawable/blank"/><Key android:keyLabel="d"/></Row>
        <Row><Key android:keyLabel="e"/></Row>
        """
        let (frames, warnings) = try place(pad(rows, keyboard: "android:keyWidth=\"100px\" android:keyHeight=\"40px\""))
        XCTAssertEqual(warnings.map(\.description), ["pad.xml: Row[1].Key[1]: the key has neither codes nor a label; Android stops reading the file at this key"])
        // Android lists a, b, c and the blank key, then stops: the height is the first row's.
        XCTAssertEqual(frames.keys.map(\.key.label), ["a", "b", "c", ""])
        XCTAssertEqual(frames.imageHeight, 40)
        XCTAssertEqual(frames.keys[3].pixelFrame, PixelRect(x: 100, y: 40, width: 100, height: 40))
        XCTAssertEqual(frames.keys[3].key.codeName, "none")
        XCTAssertFalse(frames.keys[3].key.isShuffled)
    }

    func testKeysOutsideRows() throws {
        // Android's parser keeps the last row after it ends, so a stray key joins that row's
        // placement (y already advanced); before any row it stops the parser.
        let xml = """
        <Keyboard xmlns:android="http://schemas.android.com/apk/res/android" android:keyWidth="100px" android:keyHeight="40px">
          <Row><Key android:keyLabel="a"/></Row>
          <Key android:keyLabel="b"/>
        </Keyboard>
        """
        let (frames, warnings) = try place(xml)
        XCTAssertEqual(warnings.map(\.description), ["pad.xml: Key[0]: a key outside a <Row>; Android places it with the last row's defaults, after that row"])
        XCTAssertEqual(frames.keys.map(\.pixelFrame), [PixelRect(x: 0, y: 0, width: 100, height: 40), PixelRect(x: 100, y: 40, width: 100, height: 40)])
        let first = "<Keyboard><Key keyLabel=\"a\"/><Row><Key keyLabel=\"b\" keyHeight=\"10px\"/></Row></Keyboard>"
        let decoded = try AndroidKeyboardDecoder.decode(Array(first.utf8), file: "pad.xml", name: "pad", values: AndroidValues())
        XCTAssertEqual(decoded.warnings.map(\.description), ["pad.xml: Key[0]: a key before any <Row>; Android stops reading the file at this key"])
        XCTAssertEqual(messages(first), ["pad.xml: the keyboard is 0 px tall; it needs at least one row of keys with a positive height"])
    }

    func testABareWidthHasNoScreenHeight() throws {
        let decoded = try AndroidKeyboardDecoder.decode(Array(pad("<Row><Key android:keyLabel=\"a\"/></Row>").utf8), file: "pad.xml", name: "pad", values: AndroidValues())
        let canvas = Canvas(deviceName: nil, orientation: .portrait, width: 400, scale: 2)
        XCTAssertThrowsError(try decoded.keyboard.place(on: canvas, file: "pad.xml")) { error in
            XCTAssertEqual("\(error)", "pad.xml: an Android keyboard is placed against the screen's width and height in pixels; give a device (a preset or WxH@D such as 1080x2340@2.625), not a bare width")
        }
    }
}

final class AndroidPlacementTests: XCTestCase {
    let pinPad = """
    <Keyboard xmlns:android="http://schemas.android.com/apk/res/android" android:keyWidth="33.33%p" android:keyHeight="60dp">
      <Row><Key android:codes="49" android:keyLabel="1"/><Key android:codes="50" android:keyLabel="2"/><Key android:codes="51" android:keyLabel="3"/></Row>
      <Row><Key android:codes="52" android:keyLabel="4"/><Key android:codes="-5" android:keyLabel="DEL"/><Key android:codes="-4" android:keyLabel="OK"/></Row>
    </Keyboard>
    """

    func testShuffleMovesOnlyInputKeysAndKeepsRectangles() throws {
        let plain = try place(pinPad, device: "1080x2340@2.625").frames
        let shuffled = try place(pinPad, device: "1080x2340@2.625", shuffle: .seeded(7)).frames
        let again = try place(pinPad, device: "1080x2340@2.625", shuffle: .seeded(7)).frames
        XCTAssertEqual(shuffled, again)
        XCTAssertEqual(shuffled.keys.map(\.pixelFrame), plain.keys.map(\.pixelFrame))
        XCTAssertEqual(Set(shuffled.keys.prefix(4).map(\.key.label)), ["1", "2", "3", "4"])
        XCTAssertNotEqual(shuffled.keys.prefix(4).map(\.key.label), ["1", "2", "3", "4"])
        XCTAssertEqual(shuffled.keys.suffix(2).map(\.key.label), ["DEL", "OK"])
        // The seeded draw is §2's: the same permutation Shuffle.apply makes of these keys.
        XCTAssertEqual(shuffled.keys.map(\.key), Shuffle.apply(plain.keys.map(\.key), source: .seeded(7)))
    }

    /// A key without a label shows the engine's icon for its code, else, in place of an
    /// unloaded `keyIcon`, the character its code types; a key that still draws nothing is
    /// warned about.
    func testFacesOfKeysWithoutLabels() throws {
        let rows = """
        <Row>
          <Key android:codes="49" android:keyIcon="@drawable/sym_keyboard_num1"/>
          <Key android:codes="32" android:keyIcon="@drawable/sym_keyboard_space"/>
          <Key android:codes="10" android:keyIcon="@drawable/sym_keyboard_ok"/>
          <Key android:codes="-5"/>
          <Key android:codes="-1" android:keyIcon="@drawable/sym_keyboard_shift"/>
          <Key android:codes="1" android:keyIcon="@mipmap/sym_keyboard_left"/>
          <Key android:codes="50"/>
          <Key android:codes="97" android:keyIcon="@drawable/a" android:keyLabel="b"/>
        </Row>
        """
        let (frames, warnings) = try place(pad(rows))
        XCTAssertEqual(frames.keys.map(\.key.label), ["1", "", "", "", "", "", "", "b"])
        XCTAssertEqual(frames.keys.map(\.key.icon), [.none, .space, .return, .delete, .shift, .none, .none, .none])
        XCTAssertEqual(frames.keys[0].key.value, "1")
        XCTAssertEqual(warnings.map(\.description), [
            "pad.xml: Row[0].Key[5].keyIcon: @mipmap/sym_keyboard_left is not drawn (icons are not loaded, code 1 has no built-in icon and is no printable character, and the name says no icon the engine draws); the key is blank",
            "pad.xml: Row[0].Key[6]: the key has no label, no icon, and code 50 has no built-in icon; the key is blank",
        ])
    }

    /// An app's own mode key (90001, no character) is a function key: it stays, and no
    /// letter lands in its wide slot.
    func testAModeKeyOfAnAppStays() throws {
        let xml = """
        <Keyboard xmlns:android="http://schemas.android.com/apk/res/android" android:keyWidth="10%p" android:keyHeight="40px">
          <Row><Key android:keyLabel="a"/><Key android:keyLabel="b"/><Key android:keyLabel="c"/></Row>
          <Row><Key android:codes="90001" android:keyLabel="123" android:keyWidth="30%p"/><Key android:keyLabel="d"/><Key android:codes="10" android:keyLabel="Enter"/></Row>
        </Keyboard>
        """
        let plain = try place(xml).frames
        XCTAssertEqual(plain.keys[3].key.codeName, "function")
        XCTAssertEqual(plain.keys[3].key.keyClass, .function)
        for seed: UInt64 in 0..<50 {
            let shuffled = try place(xml, shuffle: .seeded(seed)).frames
            XCTAssertEqual(shuffled.keys[3].key.label, "123")
            XCTAssertEqual(shuffled.keys[5].key.label, "Enter")
        }
    }

    func testFramesJSONReportsAndroidFacts() throws {
        let frames = try place(pinPad, device: "1080x2340@2.625").frames
        let json = frames.json()
        XCTAssertTrue(json.contains("\"source\": \"android-xml\""), json)
        XCTAssertTrue(json.contains("\"device\": \"1080x2340@2.625\""), json)
        // 33.33%p of 1080 = 359.96 -> 360; 60dp = 157.5 -> 157; second row at y 157.
        XCTAssertTrue(json.contains(#"{"index": 4, "label": "DEL", "value": "", "code": "delete", "codeValue": -5, "style": "function", "row": 1, "slot": 1, "rowSpan": 1, "frame": {"x": 137.14285714285714, "y": 59.80952380952381, "width": 137.14285714285714, "height": 59.80952380952381}, "pixelFrame": {"x": 360, "y": 157, "width": 360, "height": 157}, "android": {"codes": [-5], "outputText": null, "edgeFlags": [], "repeatable": false, "modifier": false, "sticky": false}}"#), json)
        XCTAssertTrue(json.contains(#""label": "OK", "value": "", "code": "done", "codeValue": -4, "style": "enter""#), json)
    }

    func testPressedByAndroidCodeName() throws {
        let frames = try place(pinPad).frames
        XCTAssertEqual(frames.keyIndices(named: "delete"), [4])
        XCTAssertEqual(frames.keyIndices(named: "done"), [5])
    }

    func testARequestedModeIsNamedAsTheRowsAre() throws {
        let xml = pad("""
        <Row><Key android:keyLabel="a"/></Row>
        <Row android:keyboardMode="@+id/mode_url"><Key android:keyLabel="/"/></Row>
        <Row android:keyboardMode="@android:id/mode_email"><Key android:keyLabel="e"/></Row>
        """, keyboard: #"android:keyWidth="25%p" android:keyHeight="40px""#)
        func labels(_ mode: String?) throws -> [String] { try place(xml, mode: mode).frames.keys.map(\.key.label) }
        XCTAssertEqual(try labels(nil), ["a"])
        for mode in ["mode_url", "@+id/mode_url", "@id/mode_url", "@android:id/mode_url", " @android:id/mode_url "] {
            XCTAssertEqual(try labels(mode), ["a", "/"], mode)
        }
        for mode in ["mode_email", "@+id/mode_email", "@android:id/mode_email"] {
            XCTAssertEqual(try labels(mode), ["a", "e"], mode)
        }
        XCTAssertEqual(try labels("@android:id/mode_im"), ["a"])
    }
}
