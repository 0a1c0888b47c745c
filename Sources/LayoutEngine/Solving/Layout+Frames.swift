import KeyboardModel

extension Layout {
    /// The layout's frames on `canvas` in one call: its input keys shuffled as the layout
    /// says (docs/format.md — seeded and reproducible with `seed`, else from the system's secure
    /// random source), solved (docs/layouts-and-themes.md), and checked against the image limits of `render`.
    ///
    /// A security pad can never come out unshuffled by omission: pass `shuffle: false` to
    /// keep the file's order on purpose.
    ///
    /// - Parameters:
    ///   - canvas: the device and orientation, or a bare width.
    ///   - seed: makes the shuffle a pure function of (seed, layout).
    ///   - shuffle: false keeps the file's order even when the layout shuffles.
    ///   - file: the layout's name in messages.
    /// - Throws: `Diagnostic` naming the field when the geometry cannot be solved, when
    ///   the image would break `Limits.imageSizeProblem`, or when the keyboard is taller than
    ///   the canvas's screen.
    public func frames(on canvas: Canvas, seed: UInt64? = nil, shuffle: Bool = true, file: String = "layout") throws -> KeyboardFrames {
        try frames(on: canvas, shuffle: shuffle ? seed.map(ShuffleSource.seeded) ?? .system : nil, file: file)
    }

    /// `frames(on:seed:shuffle:file:)` with the shuffle's source given; nil keeps the order.
    public func frames(on canvas: Canvas, shuffle source: ShuffleSource?, file: String = "layout") throws -> KeyboardFrames {
        var layout = try resolved(on: canvas, file: file)
        if layout.shuffle, let source {
            layout.keys = Shuffle.apply(layout.keys, source: source)
        }
        let geometryPath = canvas.orientation == .landscape && landscape != nil ? "landscape" : "portrait"
        var heightPath = geometryPath + ".height", hint = ""
        if case .keyAspectRatio = geometry(for: canvas.orientation).sizing, canvas.heightOverride == nil {
            heightPath = geometryPath + ".keyAspectRatio"
            hint = " (keyAspectRatio is row height ÷ key width: a smaller ratio makes shorter rows)"
        }
        return try Self.checked(Solver.solve(layout, on: canvas, file: file), file: file, heightPath: heightPath, hint: hint)
    }

    /// This layout with every `"$COLUMN"` number read from its metrics table's row for the
    /// canvas's device and orientation (docs/ios-keyboard.md): the file decoded again with that row. A
    /// layout without a table, or already resolved, is returned as it is.
    ///
    /// - Throws: a `Diagnostic` at `metrics` when the table has no row for the canvas
    ///   (`ios: no metrics row for ipad-10 portrait`, a bare width never has one), or
    ///   `DiagnosticList` with the problems the row's values cause, each naming its field.
    package func resolved(on canvas: Canvas, file: String = "layout") throws -> Layout {
        guard let metrics, let rereading else { return self }
        guard let row = metrics.row(device: canvas.deviceName, orientation: canvas.orientation) else {
            throw Diagnostic(file: file, path: "metrics", reason: metrics.missingRowReason(device: canvas.deviceName, width: canvas.width, orientation: canvas.orientation))
        }
        return try rereading.reread(row, file)
    }

    /// `frames` when its image fits `Limits.imageSizeProblem` and the keyboard, with its
    /// safe-area band, fits the screen when the canvas knows the screen's height: the one
    /// check of solved frames, for weight layouts and Android keyboard files alike.
    ///
    /// - Parameters:
    ///   - heightPath: the field path a keyboard too tall for the screen is reported at (the
    ///     geometry's `height` or `keyAspectRatio`; empty for an Android file).
    ///   - hint: appended to that message.
    /// - Throws: `Diagnostic` with an empty field path naming the image size, or at
    ///   `heightPath` naming both heights.
    package static func checked(_ frames: KeyboardFrames, file: String, heightPath: String = "", hint: String = "") throws -> KeyboardFrames {
        if let problem = Limits.imageSizeProblem(width: frames.imageWidth, height: frames.imageHeight) {
            throw Diagnostic(file: file, path: "", reason: problem)
        }
        if let screen = frames.canvas.screenHeight {
            let tall = frames.height + frames.safeAreaBottom
            // A hundredth of a point of slack: pixel rounding never makes a fitting pad fail.
            if tall > screen + 0.01 {
                throw Diagnostic(file: file, path: heightPath, reason: "the keyboard is \(Limits.format((tall * 10).rounded() / 10)) pt tall but the screen is \(Limits.format((screen * 10).rounded() / 10)) pt; a keyboard taller than the screen cannot be shown" + hint)
            }
        }
        return frames
    }
}
