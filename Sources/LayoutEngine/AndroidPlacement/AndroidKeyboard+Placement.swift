// Android keyboard placement: docs/android-xml.md, as `android.inputmethodservice.Keyboard` and
// `KeyboardView` do it, in whole pixels.
//
//  1. Canvas. Display width `Wpx = round(W · scale)`, height `Hpx = round(screenHeight ·
//     scale)`, density `d = scale`.                                              (`Display`)
//  2. Defaults. Keyboard: keyWidth `Wpx / 10` (integer division), keyHeight 50 px, gaps 0;
//     the `<Keyboard>` tag's attributes replace them. A Row's lengths default to the
//     Keyboard's, a Key's keyWidth, keyHeight and horizontalGap to its Row's. Dimensions
//     truncate, fractions of `Wpx` (widths, horizontal gaps) or `Hpx` (heights, vertical
//     gaps) round half up (`AndroidDimension.pixels`).        (`Loader`, `Display.pixels`)
//  3. Placement: `Keyboard.loadKeyboard`'s event loop, unchanged. A Row start sets x = 0 and
//     skips to its end tag when its keyboardMode is set and is not the requested mode; a Key
//     start places the key at (x + gap, y); an end tag while in a key advances
//     x by gap + width, else while in a row advances y by the row's verticalGap + keyHeight.
//     A key with no codes (nor label) stops the loop after it is listed, as Android's
//     exception does. Height = y − the Keyboard's verticalGap.                 (`Loader.load`)
//  4. The view step (`Keyboard.resize` from `KeyboardView.onSizeChanged`): a row whose
//     widths plus the gaps of all keys but the first exceed Wpx is rescaled by
//     `s = (Wpx − gaps) / widths` (float32), each width truncated, and re-laid from x = 0
//     with each key's gap after it.                                     (`Loader.resizeRows`)
//  5. Frames: `pixelFrame` is Android's integer rectangle, `frame` the same / d; the image
//     is Wpx wide and as tall as the keyboard (no safe areas).                     (`frames`)
//
// Additions: every length is limited to ±`maxPixels` and negative key sizes are errors,
// so nothing below can overflow or draw inside out.
import KeyboardModel

extension AndroidKeyboard {

    /// Places the keyboard on `canvas` (docs/android-xml.md).
    ///
    /// - Parameters:
    ///   - canvas: a device canvas; its `screenHeight` is required (the base of `%p` heights).
    ///   - keyboardMode: the requested mode's id name (`mode_url`); nil means none.
    ///   - shuffle: when set, the keys are permuted within their `ShuffleKind` among those
    ///     keys' rectangles (the same draw as docs/format.md, `Shuffle.apply`).
    ///   - file: the file name for messages.
    /// - Returns: frames in which `pixelFrame` is Android's rectangle (pixels) and `frame` the
    ///   same in points (pixels / density); `canvas` has no safe areas.
    /// - Throws: `Diagnostic` naming the field path for a length over `maxPixels` or a key
    ///   with a negative size, or for a canvas without a screen height.
    public func place(on canvas: Canvas, keyboardMode: String? = nil, shuffle: ShuffleSource? = nil, file: String) throws -> KeyboardFrames {
        let display = try Display(canvas, file: file)
        var loader = Loader(display: display, keyboardMode: keyboardMode, file: file)
        try loader.load(events)
        loader.resizeRows()
        return try frames(of: loader, shuffle: shuffle, canvas: canvas)
    }

    // MARK: - Step 1: canvas

    /// The display in whole pixels (step 1), and the conversion of lengths to its pixels.
    struct Display {
        /// Pixels per point.
        var density: Double
        /// Display width `Wpx`, pixels.
        var width: Int
        /// Display height `Hpx` (the screen's), pixels.
        var height: Int
        /// The file name for messages.
        var file: String

        /// - Throws: a `Diagnostic` for a canvas without a positive width, scale or screen
        ///   height, or a display over `maxPixels` a side.
        init(_ canvas: Canvas, file: String) throws {
            let density = canvas.scale
            guard density.isFinite, density > 0, canvas.width.isFinite, canvas.width > 0 else {
                throw Diagnostic(file: file, path: "", reason: "the canvas needs a positive width and scale")
            }
            guard let screenHeight = canvas.screenHeight, screenHeight.isFinite, screenHeight > 0 else {
                throw Diagnostic(file: file, path: "", reason: "an Android keyboard is placed against the screen's width and height in pixels; give a device (a preset or WxH@D such as 1080x2340@2.625), not a bare width")
            }
            let displayWidth = Int((canvas.width * density).rounded())
            let displayHeight = Int((screenHeight * density).rounded())
            guard displayWidth <= Limits.maxAndroidPixels, displayHeight <= Limits.maxAndroidPixels else {
                throw Diagnostic(file: file, path: "", reason: "the display of \(displayWidth) × \(displayHeight) px is over the limit of \(Limits.maxAndroidPixels) px a side")
            }
            self.density = density
            self.width = displayWidth
            self.height = displayHeight
            self.file = file
        }

        /// `length` in pixels of this display (`base` is `Wpx` or `Hpx`), or `fallback` when
        /// the attribute is absent.
        ///
        /// - Throws: a `Diagnostic` at the attribute's path for a length over `maxPixels`.
        func pixels(_ length: Length?, base: Int, default fallback: Int) throws -> Int {
            guard let length else { return fallback }
            let value = length.dimension.pixels(base: base, density: density)
            guard abs(value) <= Limits.maxAndroidPixels else {
                throw Diagnostic(file: file, path: length.path, reason: "\(length.dimension.description) is \(value) px on this display; the limit is \(Limits.maxAndroidPixels) px")
            }
            return value
        }
    }

    // MARK: - Steps 2 and 3: defaults and placement

    /// A row as placed: its lengths in pixels, with the Keyboard's defaults filled in.
    struct PlacedRow {
        var keyWidth: Int, keyHeight: Int, horizontalGap: Int, verticalGap: Int
        var edgeFlags: AndroidKeyAttributes.EdgeFlags
        var index: Int
        /// Indices into `Loader.keys`.
        var keys: [Int] = []
    }

    /// A key as placed: its rectangle in pixels and the gap before it.
    struct PlacedKey {
        var spec: KeySpec
        var codes: [Int]
        var x: Int, y: Int, width: Int, height: Int, gap: Int
        var row: Int
        var edgeFlags: AndroidKeyAttributes.EdgeFlags
    }

    /// `Keyboard.loadKeyboard`'s event loop (steps 2 and 3) and `Keyboard.resize` (step 4),
    /// with Android's state: the keyboard defaults, the pen (x, y), and the row and key open.
    struct Loader {
        let display: Display
        let keyboardMode: String?
        let file: String
        // Step 2: keyboard defaults (replaced when the <Keyboard> tag is read).
        var defaultWidth: Int, defaultHeight = 50, defaultHorizontalGap = 0, defaultVerticalGap = 0
        var rows: [PlacedRow] = []
        var keys: [PlacedKey] = []
        var inKey = false, inRow = false
        var x = 0, y = 0
        var currentRow: Int?
        var currentKey: Int?

        init(display: Display, keyboardMode: String?, file: String) {
            self.display = display
            self.keyboardMode = keyboardMode
            self.file = file
            defaultWidth = display.width / 10
        }

        /// The keyboard's height, pixels: y − the Keyboard's verticalGap.
        var totalHeight: Int { y - defaultVerticalGap }

        /// Step 3: runs the loop over `events` until they end, a Key comes before any Row, or
        /// a key has no codes.
        mutating func load(_ events: [Event]) throws {
            var i = 0
            while i < events.count {
                let event = events[i]
                i += 1
                switch event {
                case .start(.keyboard(let lengths)):
                    try startKeyboard(lengths)
                case .start(.row(let spec)):
                    if try !startRow(spec) { i = Self.endOfRow(events, from: i) }
                case .start(.key(let spec)):
                    guard try startKey(spec) else { return }
                case .start(.other):
                    break
                case .end:
                    end()
                }
            }
        }

        mutating func startKeyboard(_ lengths: Lengths) throws {
            defaultWidth = try display.pixels(lengths.keyWidth, base: display.width, default: display.width / 10)
            defaultHeight = try display.pixels(lengths.keyHeight, base: display.height, default: 50)
            defaultHorizontalGap = try display.pixels(lengths.horizontalGap, base: display.width, default: 0)
            defaultVerticalGap = try display.pixels(lengths.verticalGap, base: display.height, default: 0)
        }

        /// Opens a row at x = 0.
        ///
        /// - Returns: false when the row's keyboardMode is set and is not the requested mode:
        ///   the row is closed again and its events are to be skipped.
        mutating func startRow(_ spec: Row) throws -> Bool {
            inRow = true
            x = 0
            rows.append(PlacedRow(
                keyWidth: try display.pixels(spec.lengths.keyWidth, base: display.width, default: defaultWidth),
                keyHeight: try display.pixels(spec.lengths.keyHeight, base: display.height, default: defaultHeight),
                horizontalGap: try display.pixels(spec.lengths.horizontalGap, base: display.width, default: defaultHorizontalGap),
                verticalGap: try display.pixels(spec.lengths.verticalGap, base: display.height, default: defaultVerticalGap),
                edgeFlags: spec.edgeFlags, index: spec.index
            ))
            currentRow = rows.count - 1
            if let mode = spec.mode, mode != keyboardMode.map({ AndroidKeyboard.modeIDName($0) ?? $0 }) {
                inRow = false
                return false
            }
            return true
        }

        /// skipToEndOfRow: the index of the event after the end tag of the Row element whose
        /// start tag came just before `start`.
        static func endOfRow(_ events: [Event], from start: Int) -> Int {
            var i = start
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
            return i
        }

        /// Places a key at (x + gap, y) with its row's lengths as defaults.
        ///
        /// - Returns: false when the loop stops: a Key before any Row (Android's constructor
        ///   fails on the missing row), or a key with no codes (listed, but not in its row).
        mutating func startKey(_ spec: KeySpec) throws -> Bool {
            guard let r = currentRow else { return false }
            inKey = true
            let row = rows[r]
            let width = try display.pixels(spec.lengths.keyWidth, base: display.width, default: row.keyWidth)
            let height = try display.pixels(spec.lengths.keyHeight, base: display.height, default: row.keyHeight)
            let gap = try display.pixels(spec.lengths.horizontalGap, base: display.width, default: row.horizontalGap)
            keys.append(PlacedKey(
                spec: spec, codes: spec.resolvedCodes ?? [], x: x + gap, y: y, width: width, height: height, gap: gap,
                row: row.index, edgeFlags: spec.edgeFlags.union(row.edgeFlags)
            ))
            currentKey = keys.count - 1
            guard spec.resolvedCodes != nil else { return false }
            rows[r].keys.append(keys.count - 1)
            return true
        }

        /// An end tag: in a key, x advances by gap + width; else in a row, y advances by the
        /// row's verticalGap + keyHeight.
        mutating func end() {
            if inKey, let k = currentKey {
                inKey = false
                x += keys[k].gap + keys[k].width
            } else if inRow, let r = currentRow {
                inRow = false
                y += rows[r].verticalGap + rows[r].keyHeight
            }
        }

        // MARK: Step 4: the view step

        /// Step 4: rescales each row wider than the display and re-lays it from x = 0.
        mutating func resizeRows() {
            for row in rows {
                var totalGap = 0, totalWidth = 0
                for (n, k) in row.keys.enumerated() {
                    if n > 0 { totalGap += keys[k].gap }
                    totalWidth += keys[k].width
                }
                guard totalGap + totalWidth > display.width else { continue }
                let scaleFactor = Float(display.width - totalGap) / Float(totalWidth)
                var rowX = 0
                for k in row.keys {
                    keys[k].width = AndroidDimension.javaInt(Float(keys[k].width) * scaleFactor)
                    keys[k].x = rowX
                    rowX += keys[k].width + keys[k].gap
                }
            }
        }
    }

    // MARK: - Step 5: frames

    /// Step 5: the placed keys as frames, shuffled when asked, on a canvas of the display.
    ///
    /// - Throws: a `Diagnostic` for a keyboard less than 1 px tall or a key of negative size.
    func frames(of loader: Loader, shuffle: ShuffleSource?, canvas: Canvas) throws -> KeyboardFrames {
        let display = loader.display, file = loader.file, totalHeight = loader.totalHeight
        guard totalHeight >= 1 else {
            throw Diagnostic(file: file, path: "", reason: "the keyboard is \(totalHeight) px tall; it needs at least one row of keys with a positive height")
        }
        var engineKeys: [Key] = []
        var rects: [PixelRect] = []
        for placed in loader.keys {
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
        for (n, placed) in loader.keys.enumerated() {
            frames.append(KeyFrame(
                index: n, key: engineKeys[n], row: placed.row, slot: placed.spec.indexInRow,
                frame: rects[n].points(scale: display.density), pixelFrame: rects[n]
            ))
        }
        let width = Double(display.width) / display.density
        var placedCanvas = Canvas(deviceName: canvas.deviceName, orientation: canvas.orientation, width: width, scale: display.density)
        placedCanvas.screenHeight = Double(display.height) / display.density
        var result = KeyboardFrames(
            layoutName: name, canvas: placedCanvas, width: width,
            height: Double(totalHeight) / display.density, safeAreaBottom: 0,
            imageWidth: display.width, imageHeight: totalHeight, toolbarFrame: nil, toolbarTitle: nil, keys: frames
        )
        result.source = .androidXML
        return result
    }

    /// The keys Android reads from the file for `keyboardMode`, in file order, as placement
    /// makes them: what the keyboard can type, whatever the display (`rules check`, docs/password-rules.md).
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


    /// The engine's key for an Android key: label drawn (without one, `AndroidKeyCode.face`:
    /// the engine's icon for the code, or the code's character or the icon its name says in
    /// place of an unloaded `keyIcon`), output text or the code's character as value (nothing
    /// for a function key), engine code and class from `AndroidKeyCode`.
    static func engineKey(_ spec: KeySpec, codes: [Int], edgeFlags: AndroidKeyAttributes.EdgeFlags) -> Key {
        let code = codes.first ?? 0
        let meaning = AndroidKeyCode(code, label: spec.label, outputText: spec.outputText)
        // The key Android stopped at has no code: a blank content key that no shuffle moves.
        let engineCode = codes.isEmpty ? KeyCode.space : meaning.engineCode
        var label = spec.label ?? ""
        var icon: KeyIcon = .none
        if label.isEmpty, !codes.isEmpty, let face = meaning.face(icon: spec.icon) {
            (label, icon) = face
        }
        var value = spec.outputText ?? ""
        if spec.outputText == nil {
            switch meaning {
            case .character(let scalar): value = String(Character(scalar))
            case .space: value = " "
            case .return: value = "\n"
            default: break   // a function key types nothing
            }
        }
        // KeyboardView.adjustCase: short labels starting with a lower-case letter shift.
        func shifted(_ text: String) -> String {
            guard text.utf16.count < 3, let first = text.first, first.isLowercase else { return text }
            return text.uppercased()
        }
        let keyClass: KeyClass = codes.isEmpty ? .content : meaning.keyClass
        var attributes = AndroidKeyAttributes(
            codes: codes, outputText: spec.outputText, label: spec.label, edgeFlags: edgeFlags,
            isRepeatable: spec.isRepeatable, isModifier: spec.isModifier, isSticky: spec.isSticky, icon: spec.icon
        )
        attributes.path = spec.path
        (attributes.line, attributes.column) = (spec.line, spec.column)
        return Key(
            label: label, value: value, shiftLabel: shifted(label), shiftValue: shifted(value),
            code: engineCode, keyClass: keyClass, rowSpan: 1, icon: icon, android: attributes
        )
    }
}
