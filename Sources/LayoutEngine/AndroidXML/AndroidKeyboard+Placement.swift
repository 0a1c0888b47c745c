// Android keyboard placement: SPEC §8, as `android.inputmethodservice.Keyboard` and
// `KeyboardView` do it, in whole pixels.
//
//  1. Canvas. Display width `Wpx = round(W · scale)`, height `Hpx = round(screenHeight ·
//     scale)`, density `d = scale`.
//  2. Defaults. Keyboard: keyWidth `Wpx / 10` (integer division), keyHeight 50 px, gaps 0;
//     the `<Keyboard>` tag's attributes replace them. A Row's lengths default to the
//     Keyboard's, a Key's keyWidth, keyHeight and horizontalGap to its Row's. Dimensions
//     truncate, fractions of `Wpx` (widths, horizontal gaps) or `Hpx` (heights, vertical
//     gaps) round half up (`AndroidDimension.pixels`).
//  3. Placement: `Keyboard.loadKeyboard`'s event loop, unchanged. A Row start sets x = 0 and
//     skips to its end tag when its keyboardMode is set and is not the requested mode; a Key
//     start places the key at (x + gap, y); an end tag while in a key advances
//     x by gap + width, else while in a row advances y by the row's verticalGap + keyHeight.
//     A key with no codes (nor label) stops the loop after it is listed, as Android's
//     exception does. Height = y − the Keyboard's verticalGap.
//  4. The view step (`Keyboard.resize` from `KeyboardView.onSizeChanged`): a row whose
//     widths plus the gaps of all keys but the first exceed Wpx is rescaled by
//     `s = (Wpx − gaps) / widths` (float32), each width truncated, and re-laid from x = 0
//     with each key's gap after it.
//  5. Frames: `pixelFrame` is Android's integer rectangle, `frame` the same / d; the image
//     is Wpx wide and as tall as the keyboard (no safe areas).
//
// Additions: every length is limited to ±`maxPixels` and negative key sizes are errors,
// so nothing below can overflow or draw inside out.

extension AndroidKeyboard {
    /// Largest magnitude of any converted length, pixels: the length limit of layout files.
    public static let maxPixels = Int(Limits.maxLength)

    /// Places the keyboard on `canvas` (SPEC §8).
    ///
    /// - Parameters:
    ///   - canvas: a device canvas; its `screenHeight` is required (the base of `%p` heights).
    ///   - keyboardMode: the requested mode's id name (`mode_url`); nil means none.
    ///   - shuffle: when set, the keys are permuted within their `ShuffleKind` among those
    ///     keys' rectangles (the same draw as SPEC §2, `Shuffle.apply`).
    ///   - file: the file name for messages.
    /// - Returns: frames in which `pixelFrame` is Android's rectangle (pixels) and `frame` the
    ///   same in points (pixels / density); `canvas` has no safe areas.
    /// - Throws: `Diagnostic` naming the field path for a length over `maxPixels` or a key
    ///   with a negative size, or for a canvas without a screen height.
    public func place(on canvas: Canvas, keyboardMode: String? = nil, shuffle: ShuffleSource? = nil, file: String) throws -> KeyboardFrames {
        // Step 1: canvas.
        let density = canvas.scale
        guard density.isFinite, density > 0, canvas.width.isFinite, canvas.width > 0 else {
            throw Diagnostic(file: file, path: "", reason: "the canvas needs a positive width and scale")
        }
        guard let screenHeight = canvas.screenHeight, screenHeight.isFinite, screenHeight > 0 else {
            throw Diagnostic(file: file, path: "", reason: "an Android keyboard is placed against the screen's width and height in pixels; give a device (a preset or WxH@D such as 1080x2340@2.625), not a bare width")
        }
        let displayWidth = Int((canvas.width * density).rounded())
        let displayHeight = Int((screenHeight * density).rounded())
        guard displayWidth <= Self.maxPixels, displayHeight <= Self.maxPixels else {
            throw Diagnostic(file: file, path: "", reason: "the display of \(displayWidth) × \(displayHeight) px is over the limit of \(Self.maxPixels) px a side")
        }

        func pixels(_ length: Length?, base: Int, default fallback: Int) throws -> Int {
            guard let length else { return fallback }
            let value = length.dimension.pixels(base: base, density: density)
            guard abs(value) <= Self.maxPixels else {
                throw Diagnostic(file: file, path: length.path, reason: "\(length.dimension.description) is \(value) px on this display; the limit is \(Self.maxPixels) px")
            }
            return value
        }

        // Step 2: keyboard defaults (replaced when the <Keyboard> tag is read).
        var defaultWidth = displayWidth / 10
        var defaultHeight = 50
        var defaultHorizontalGap = 0
        var defaultVerticalGap = 0

        struct PlacedRow {
            var keyWidth: Int, keyHeight: Int, horizontalGap: Int, verticalGap: Int
            var edgeFlags: AndroidKeyAttributes.EdgeFlags
            var index: Int
            /// Indices into `keys`.
            var keys: [Int] = []
        }
        struct PlacedKey {
            var spec: KeySpec
            var codes: [Int]
            var x: Int, y: Int, width: Int, height: Int, gap: Int
            var row: Int
            var edgeFlags: AndroidKeyAttributes.EdgeFlags
        }
        var rows: [PlacedRow] = []
        var keys: [PlacedKey] = []

        // Step 3: Keyboard.loadKeyboard's loop.
        var inKey = false, inRow = false
        var x = 0, y = 0
        var currentRow: Int?
        var currentKey: Int?
        var i = 0
        parsing: while i < events.count {
            let event = events[i]
            i += 1
            switch event {
            case .start(.keyboard(let lengths)):
                defaultWidth = try pixels(lengths.keyWidth, base: displayWidth, default: displayWidth / 10)
                defaultHeight = try pixels(lengths.keyHeight, base: displayHeight, default: 50)
                defaultHorizontalGap = try pixels(lengths.horizontalGap, base: displayWidth, default: 0)
                defaultVerticalGap = try pixels(lengths.verticalGap, base: displayHeight, default: 0)
            case .start(.row(let spec)):
                inRow = true
                x = 0
                rows.append(PlacedRow(
                    keyWidth: try pixels(spec.lengths.keyWidth, base: displayWidth, default: defaultWidth),
                    keyHeight: try pixels(spec.lengths.keyHeight, base: displayHeight, default: defaultHeight),
                    horizontalGap: try pixels(spec.lengths.horizontalGap, base: displayWidth, default: defaultHorizontalGap),
                    verticalGap: try pixels(spec.lengths.verticalGap, base: displayHeight, default: defaultVerticalGap),
                    edgeFlags: spec.edgeFlags, index: spec.index
                ))
                currentRow = rows.count - 1
                if let mode = spec.mode, mode != keyboardMode.map({ Self.modeIDName($0) ?? $0 }) {
                    // skipToEndOfRow: up to and including the end tag of a Row element.
                    var openRows = [true]
                    while i < events.count, !openRows.isEmpty {
                        let skipped = events[i]
                        i += 1
                        if case .start(let element) = skipped {
                            if case .row = element { openRows.append(true) } else { openRows.append(false) }
                        } else if openRows.removeLast() {
                            break
                        }
                    }
                    inRow = false
                }
            case .start(.key(let spec)):
                guard let r = currentRow else {
                    // A Key before any Row: Android's constructor fails on the missing row.
                    break parsing
                }
                inKey = true
                let row = rows[r]
                let width = try pixels(spec.lengths.keyWidth, base: displayWidth, default: row.keyWidth)
                let height = try pixels(spec.lengths.keyHeight, base: displayHeight, default: row.keyHeight)
                let gap = try pixels(spec.lengths.horizontalGap, base: displayWidth, default: row.horizontalGap)
                keys.append(PlacedKey(
                    spec: spec, codes: spec.resolvedCodes ?? [], x: x + gap, y: y, width: width, height: height, gap: gap,
                    row: row.index, edgeFlags: spec.edgeFlags.union(row.edgeFlags)
                ))
                currentKey = keys.count - 1
                guard spec.resolvedCodes != nil else { break parsing }
                rows[r].keys.append(keys.count - 1)
            case .start(.other):
                break
            case .end:
                if inKey, let k = currentKey {
                    inKey = false
                    x += keys[k].gap + keys[k].width
                } else if inRow, let r = currentRow {
                    inRow = false
                    y += rows[r].verticalGap + rows[r].keyHeight
                }
            }
        }
        let totalHeight = y - defaultVerticalGap

        // Step 4: the view step.
        for row in rows {
            var totalGap = 0, totalWidth = 0
            for (n, k) in row.keys.enumerated() {
                if n > 0 { totalGap += keys[k].gap }
                totalWidth += keys[k].width
            }
            guard totalGap + totalWidth > displayWidth else { continue }
            let scaleFactor = Float(displayWidth - totalGap) / Float(totalWidth)
            var rowX = 0
            for k in row.keys {
                keys[k].width = AndroidDimension.javaInt(Float(keys[k].width) * scaleFactor)
                keys[k].x = rowX
                rowX += keys[k].width + keys[k].gap
            }
        }

        // Step 5: frames.
        guard totalHeight >= 1 else {
            throw Diagnostic(file: file, path: "", reason: "the keyboard is \(totalHeight) px tall; it needs at least one row of keys with a positive height")
        }
        var engineKeys: [Key] = []
        var rects: [PixelRect] = []
        for placed in keys {
            guard placed.height >= 0 else {
                throw Diagnostic(file: file, path: placed.spec.path, reason: "the key would be \(placed.height) px tall; a key cannot have a negative size")
            }
            guard placed.width >= 0 else {
                throw Diagnostic(file: file, path: placed.spec.path, reason: "the key would be \(placed.width) px wide; a key cannot have a negative size")
            }
            engineKeys.append(Self.engineKey(placed.spec, codes: placed.codes, edgeFlags: placed.edgeFlags))
            rects.append(PixelRect(x: placed.x, y: placed.y, width: placed.width, height: placed.height))
        }
        if let shuffle {
            engineKeys = Shuffle.apply(engineKeys, source: shuffle)
        }
        var frames: [KeyFrame] = []
        for (n, placed) in keys.enumerated() {
            frames.append(KeyFrame(
                index: n, key: engineKeys[n], row: placed.row, slot: placed.spec.indexInRow,
                frame: rects[n].points(scale: density), pixelFrame: rects[n]
            ))
        }
        var placedCanvas = Canvas(deviceName: canvas.deviceName, orientation: canvas.orientation, width: Double(displayWidth) / density, scale: density)
        placedCanvas.screenHeight = Double(displayHeight) / density
        var result = KeyboardFrames(
            layoutName: name, canvas: placedCanvas, width: Double(displayWidth) / density,
            height: Double(totalHeight) / density, safeAreaBottom: 0,
            imageWidth: displayWidth, imageHeight: totalHeight, toolbarFrame: nil, toolbarTitle: nil, keys: frames
        )
        result.source = .androidXML
        return result
    }

    /// The keys Android reads from the file for `keyboardMode`, in file order, as placement
    /// makes them: what the keyboard can type, whatever the display (`rules check`, SPEC §10).
    ///
    /// Which keys exist does not depend on the display, so the keyboard is placed on a
    /// reference phone (1080 × 2340 px at density 2.625) and its rectangles are dropped.
    ///
    /// - Throws: the `Diagnostic` placement throws (a length over the limit, a key of negative
    ///   size, a keyboard with no height).
    public func keys(keyboardMode: String? = nil, file: String) throws -> [Key] {
        var canvas = Canvas(deviceName: nil, orientation: .portrait, width: 1080 / 2.625, scale: 2.625)
        canvas.screenHeight = 2340 / 2.625
        return try place(on: canvas, keyboardMode: keyboardMode, file: file).keys.map(\.key)
    }

    /// The id name a `keyboardMode` reference names, for a row's attribute and a requested
    /// mode alike (Android compares resource ids): `mode_url` for `@+id/mode_url`,
    /// `@id/mode_url`, `@android:id/mode_url` or `@integer/mode_url`, Android's white space
    /// trimmed; nil when `text` is not such a reference (a requested bare name is used as is).
    static func modeIDName(_ text: String) -> String? {
        let text = text.trimmingAndroidSpace()
        guard text.hasPrefix("@"), let slash = text.lastIndex(of: "/") else { return nil }
        let name = String(text[text.index(after: slash)...])
        return name.isEmpty ? nil : name
    }

    /// The engine's key for an Android key: label drawn (without one, `AndroidKeyCode.face`:
    /// the engine's icon for the code, or the code's character in place of an unloaded
    /// `keyIcon`), output text or the code's character as value, engine code and class from
    /// `AndroidKeyCode`.
    static func engineKey(_ spec: KeySpec, codes: [Int], edgeFlags: AndroidKeyAttributes.EdgeFlags) -> Key {
        let code = codes.first ?? 0
        let meaning = AndroidKeyCode(code)
        // The key Android stopped at has no code: a blank content key that no shuffle moves.
        let engineCode = codes.isEmpty ? KeyCode.space : meaning.engineCode
        var label = spec.label ?? ""
        var icon: KeyIcon = .none
        if label.isEmpty, !codes.isEmpty, let face = meaning.face(hasIcon: spec.icon != nil) {
            (label, icon) = face
        }
        let value = spec.outputText ?? (code > 0 ? UnicodeScalar(UInt32(code)).map { String(Character($0)) } ?? "" : "")
        // KeyboardView.adjustCase: short labels starting with a lower-case letter shift.
        func shifted(_ text: String) -> String {
            guard text.utf16.count < 3, let first = text.first, first.isLowercase else { return text }
            return text.uppercased()
        }
        let keyClass: KeyClass = codes.isEmpty ? .content : meaning.keyClass
        let attributes = AndroidKeyAttributes(
            codes: codes, outputText: spec.outputText, edgeFlags: edgeFlags,
            isRepeatable: spec.isRepeatable, isModifier: spec.isModifier, isSticky: spec.isSticky, icon: spec.icon
        )
        return Key(
            label: label, value: value, shiftLabel: shifted(label), shiftValue: shifted(value),
            code: engineCode, keyClass: keyClass, rowSpan: 1, icon: icon, android: attributes
        )
    }
}
