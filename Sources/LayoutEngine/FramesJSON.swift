import JSONText

extension KeyboardFrames {
    /// The frames JSON of SPEC §6: top-level fields in the order `layout, orientation,
    /// device, scale, width, height, imageWidth, imageHeight, source, safeArea, keyboardOrigin,
    /// toolbar, keys`, one key object per line, two-space indent, no newline after the closing
    /// brace.
    ///
    /// `source` is `weights` or `android-xml` (SPEC §8). `safeArea` (`{"left", "right",
    /// "bottom"}`, points) is the device's: left and right add to the geometry's insets, the
    /// bottom is the empty band below the keyboard (SPEC §3 step 5). `keyboardOrigin` (points the
    /// keyboard sits below the image's top edge, for an input callout over the top row) is
    /// written only when it is not 0; `toolbar` (`{"title", "frame", "gap"}`) only when the
    /// layout has one. Keys of an Android keyboard file report Android's code name and number
    /// as `code`/`codeValue` and end with an `android` object: `codes`, `outputText` (or
    /// null), `edgeFlags` (names), `repeatable`, `modifier`, `sticky`.
    ///
    /// Lengths are points, `pixelFrame`, `imageWidth` and `imageHeight` pixels. Whole
    /// numbers print without a fraction (`3`), others as the shortest text that reads back
    /// to the same `Double` (`90.1`). `device` is null for a custom width. The output is a
    /// pure function of the frames.
    public func json() -> String {
        var out = "{\n"
        out += "  \"layout\": \(JSONText.printable(layoutName)),\n"
        out += "  \"orientation\": \(JSONText.printable(canvas.orientation.rawValue)),\n"
        out += "  \"device\": \(canvas.deviceName.map(JSONText.printable) ?? "null"),\n"
        out += "  \"scale\": \(JSONText.number(canvas.scale)),\n"
        out += "  \"width\": \(JSONText.number(width)),\n"
        out += "  \"height\": \(JSONText.number(height)),\n"
        out += "  \"imageWidth\": \(imageWidth),\n"
        out += "  \"imageHeight\": \(imageHeight),\n"
        out += "  \"source\": \(JSONText.printable(source.rawValue)),\n"
        let safe = canvas.safeArea
        out += "  \"safeArea\": {\"left\": \(JSONText.number(safe.left)), \"right\": \(JSONText.number(safe.right)), \"bottom\": \(JSONText.number(safe.bottom))},\n"
        if keyboardOrigin != 0 {
            out += "  \"keyboardOrigin\": \(JSONText.number(keyboardOrigin)),\n"
        }
        if let t = toolbarFrame {
            out += "  \"toolbar\": {\"title\": \(JSONText.printable(toolbarTitle ?? ""))"
            out += ", \"frame\": {\"x\": \(JSONText.number(t.x)), \"y\": \(JSONText.number(t.y)), \"width\": \(JSONText.number(t.width)), \"height\": \(JSONText.number(t.height))}"
            out += ", \"gap\": \(JSONText.number(toolbarGap))},\n"
        }
        if keys.isEmpty {
            out += "  \"keys\": []\n}"
            return out
        }
        out += "  \"keys\": [\n"
        for (n, frame) in keys.enumerated() {
            let key = frame.key
            out += "    {\"index\": \(frame.index)"
            out += ", \"label\": \(JSONText.printable(key.label))"
            out += ", \"value\": \(JSONText.printable(key.value))"
            out += ", \"code\": \(JSONText.printable(key.codeName))"
            out += ", \"codeValue\": \(key.codeValue)"
            out += ", \"style\": \(JSONText.printable(key.keyClass.rawValue))"
            out += ", \"row\": \(frame.row)"
            out += ", \"slot\": \(frame.slot)"
            out += ", \"rowSpan\": \(key.rowSpan)"
            let f = frame.frame
            out += ", \"frame\": {\"x\": \(JSONText.number(f.x)), \"y\": \(JSONText.number(f.y)), \"width\": \(JSONText.number(f.width)), \"height\": \(JSONText.number(f.height))}"
            let p = frame.pixelFrame
            out += ", \"pixelFrame\": {\"x\": \(p.x), \"y\": \(p.y), \"width\": \(p.width), \"height\": \(p.height)}"
            if let android = key.android {
                out += ", \"android\": {\"codes\": [\(android.codes.map(String.init).joined(separator: ", "))]"
                out += ", \"outputText\": \(android.outputText.map(JSONText.printable) ?? "null")"
                let flags = AndroidKeyAttributes.EdgeFlags.names.filter { android.edgeFlags.contains($0.1) }.map { JSONText.printable($0.0) }
                out += ", \"edgeFlags\": [\(flags.joined(separator: ", "))]"
                out += ", \"repeatable\": \(android.isRepeatable), \"modifier\": \(android.isModifier), \"sticky\": \(android.isSticky)}"
            }
            out += "}"
            out += n == keys.count - 1 ? "\n" : ",\n"
        }
        out += "  ]\n}"
        return out
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
