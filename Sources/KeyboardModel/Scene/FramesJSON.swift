import JSONText

extension KeyboardFrames {
    /// The frames JSON of docs/rendering.md: top-level fields in the order `layout, orientation,
    /// device, scale, width, height, imageWidth, imageHeight, source, safeArea, keyboardOrigin,
    /// toolbar, keys`, one key object per line, two-space indent, no newline after the closing
    /// brace.
    ///
    /// `source` is `weights`, `android-xml` (docs/android-xml.md), `heliboard` or `florisboard` (docs/android-imes.md). `safeArea` (`{"left", "right",
    /// "bottom"}`, points) is the device's: left and right add to the geometry's insets, the
    /// bottom is the empty band below the keyboard (solver step 5). `keyboardOrigin` (points the
    /// keyboard sits below the image's top edge, for an input callout over the top row) is
    /// written only when it is not 0; `toolbar` (`{"title", "frame", "gap"}`) only when the
    /// layout has one. Keys of an Android keyboard file report Android's code name and number
    /// as `code`/`codeValue` and end with an `android` object: `codes`, `outputText` (or
    /// null), `edgeFlags` (names), `repeatable`, `modifier`, `sticky`. Keys of a HeliBoard or
    /// FlorisBoard layout end with an `ime` object (`label`, `code`, `type` as the file writes
    /// them, null when absent, and `popups`, the locale's popup keys, when it has any); FlorisBoard's keys also give their touch `cell` (points) after
    /// `pixelFrame`.
    ///
    /// Lengths are points, `pixelFrame`, `imageWidth` and `imageHeight` pixels. Whole
    /// numbers print without a fraction (`3`), others as the shortest text that reads back
    /// to the same `Double` (`90.1`). `device` is null for a custom width. The output is a
    /// pure function of the frames.
    public func json() -> String {
        var members = [("layout", JSONText.printable(layoutName)), ("orientation", JSONText.printable(canvas.orientation.rawValue))]
        members += canvas.jsonMembers(width: width, height: height, imageWidth: imageWidth, imageHeight: imageHeight)
        let safe = canvas.safeArea
        members += [
            ("source", JSONText.printable(source.rawValue)),
            ("safeArea", JSONText.object([("left", JSONText.number(safe.left)), ("right", JSONText.number(safe.right)), ("bottom", JSONText.number(safe.bottom))])),
        ]
        if keyboardOrigin != 0 { members.append(("keyboardOrigin", JSONText.number(keyboardOrigin))) }
        if let t = toolbarFrame {
            let toolbar = [("title", JSONText.printable(toolbarTitle ?? "")), ("frame", t.json), ("gap", JSONText.number(toolbarGap))]
            members.append(("toolbar", JSONText.object(toolbar)))
        }
        return JSONText.document(members, list: "keys", items: keys.map(\.json))
    }
}

extension KeyFrame {
    /// One key of the frames JSON, on one line.
    var json: String {
        let p = pixelFrame
        var members = [
            ("index", "\(index)"), ("label", JSONText.printable(key.label)), ("value", JSONText.printable(key.value)),
            ("code", JSONText.printable(key.codeName)), ("codeValue", "\(key.codeValue)"), ("style", JSONText.printable(key.keyClass.rawValue)),
            ("row", "\(row)"), ("slot", "\(slot)"), ("rowSpan", "\(key.rowSpan)"), ("frame", frame.json),
            ("pixelFrame", JSONText.object([("x", "\(p.x)"), ("y", "\(p.y)"), ("width", "\(p.width)"), ("height", "\(p.height)")])),
        ]
        if let cell { members.append(("cell", cell.json)) }
        if let ime = key.ime {
            var fields = [
                ("label", JSONText.printable(ime.label)), ("code", ime.code.map { "\($0)" } ?? "null"), ("type", ime.type.map(JSONText.printable) ?? "null"),
            ]
            // The locale's popup keys, kept and not drawn; absent when there are none.
            if !ime.popups.isEmpty { fields.append(("popups", JSONText.array(ime.popups.map(JSONText.printable)))) }
            members.append(("ime", JSONText.object(fields)))
        }
        if let android = key.android {
            let flags = AndroidKeyAttributes.EdgeFlags.names.filter { android.edgeFlags.contains($0.1) }.map { JSONText.printable($0.0) }
            members.append(("android", JSONText.object([
                ("codes", JSONText.array(android.codes.map(String.init))), ("outputText", android.outputText.map(JSONText.printable) ?? "null"),
                ("edgeFlags", JSONText.array(flags)), ("repeatable", "\(android.isRepeatable)"), ("modifier", "\(android.isModifier)"), ("sticky", "\(android.isSticky)"),
            ])))
        }
        return JSONText.object(members)
    }
}

extension Rect {
    /// `{"x", "y", "width", "height"}`, points.
    var json: String {
        JSONText.object([("x", JSONText.number(x)), ("y", JSONText.number(y)), ("width", JSONText.number(width)), ("height", JSONText.number(height))])
    }
}

extension Canvas {
    /// The canvas members both frames documents write: `device` (null for a custom width),
    /// `scale`, `width` and `height` (points), `imageWidth` and `imageHeight` (pixels).
    func jsonMembers(width: Double, height: Double, imageWidth: Int, imageHeight: Int) -> [(name: String, value: String)] {
        [
            ("device", deviceName.map(JSONText.printable) ?? "null"), ("scale", JSONText.number(scale)),
            ("width", JSONText.number(width)), ("height", JSONText.number(height)),
            ("imageWidth", "\(imageWidth)"), ("imageHeight", "\(imageHeight)"),
        ]
    }
}

extension JSONText {
    /// `string(_:)` for text that came from a file: every character a message would escape
    /// (`Diagnostic.isUnprintable`: C1 controls, noncharacters, line separators,
    /// bidirectional overrides) is written as `\uXXXX` too, so printed frames reach a terminal
    /// as plain text; everything else, non-ASCII included, is kept as UTF-8.
    static func printable(_ text: String) -> String {
        string(text, escaping: Diagnostic.isUnprintable)
    }
}
