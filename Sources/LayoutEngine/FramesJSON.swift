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
        out += "  \"layout\": \(JSONText.string(layoutName)),\n"
        out += "  \"orientation\": \(JSONText.string(canvas.orientation.rawValue)),\n"
        out += "  \"device\": \(canvas.deviceName.map(JSONText.string) ?? "null"),\n"
        out += "  \"scale\": \(JSONText.number(canvas.scale)),\n"
        out += "  \"width\": \(JSONText.number(width)),\n"
        out += "  \"height\": \(JSONText.number(height)),\n"
        out += "  \"imageWidth\": \(imageWidth),\n"
        out += "  \"imageHeight\": \(imageHeight),\n"
        out += "  \"source\": \(JSONText.string(source.rawValue)),\n"
        let safe = canvas.safeArea
        out += "  \"safeArea\": {\"left\": \(JSONText.number(safe.left)), \"right\": \(JSONText.number(safe.right)), \"bottom\": \(JSONText.number(safe.bottom))},\n"
        if keyboardOrigin != 0 {
            out += "  \"keyboardOrigin\": \(JSONText.number(keyboardOrigin)),\n"
        }
        if let t = toolbarFrame {
            out += "  \"toolbar\": {\"title\": \(JSONText.string(toolbarTitle ?? ""))"
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
            out += ", \"label\": \(JSONText.string(key.label))"
            out += ", \"value\": \(JSONText.string(key.value))"
            out += ", \"code\": \(JSONText.string(key.codeName))"
            out += ", \"codeValue\": \(key.codeValue)"
            out += ", \"style\": \(JSONText.string(key.keyClass.rawValue))"
            out += ", \"row\": \(frame.row)"
            out += ", \"slot\": \(frame.slot)"
            out += ", \"rowSpan\": \(key.rowSpan)"
            let f = frame.frame
            out += ", \"frame\": {\"x\": \(JSONText.number(f.x)), \"y\": \(JSONText.number(f.y)), \"width\": \(JSONText.number(f.width)), \"height\": \(JSONText.number(f.height))}"
            let p = frame.pixelFrame
            out += ", \"pixelFrame\": {\"x\": \(p.x), \"y\": \(p.y), \"width\": \(p.width), \"height\": \(p.height)}"
            if let android = key.android {
                out += ", \"android\": {\"codes\": [\(android.codes.map(String.init).joined(separator: ", "))]"
                out += ", \"outputText\": \(android.outputText.map(JSONText.string) ?? "null")"
                let flags = AndroidKeyAttributes.EdgeFlags.names.filter { android.edgeFlags.contains($0.1) }.map { JSONText.string($0.0) }
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

/// JSON text for numbers and strings.
enum JSONText {
    /// A whole number without a fraction (`3`, `-0` → `0`), otherwise Swift's shortest
    /// round-trip form (`90.1`, `1e-07`), which is valid JSON. Non-finite values, which the
    /// solver never produces, print as `null`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(.towardZero) && abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    /// A quoted JSON string: `"` and `\` escaped, control characters as `\n`, `\t`, … or
    /// `\u00XX`, and every other character a message would escape (`Diagnostic.isUnprintable`:
    /// C1 controls, noncharacters, line separators, bidirectional overrides) as `\uXXXX`, so
    /// printed frames reach a terminal as plain text; everything else, non-ASCII included,
    /// kept as UTF-8.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where Diagnostic.isUnprintable(scalar):
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
