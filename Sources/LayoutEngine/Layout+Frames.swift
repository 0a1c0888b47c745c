extension Layout {
    /// The layout's frames on `canvas` in one call: its input keys shuffled as the layout
    /// says (SPEC §2 — seeded and reproducible with `seed`, else from the system's secure
    /// random source), solved (SPEC §3), and checked against the image limits of `render`.
    ///
    /// A security pad can never come out unshuffled by omission: pass `shuffle: false` to
    /// keep the file's order on purpose.
    ///
    /// - Parameters:
    ///   - canvas: the device and orientation, or a bare width.
    ///   - seed: makes the shuffle a pure function of (seed, layout).
    ///   - shuffle: false keeps the file's order even when the layout shuffles.
    ///   - file: the layout's name in messages.
    /// - Throws: `Diagnostic` naming the field when the geometry cannot be solved, or when
    ///   the image would break `Limits.imageSizeProblem`.
    public func frames(on canvas: Canvas, seed: UInt64? = nil, shuffle: Bool = true, file: String = "layout") throws -> KeyboardFrames {
        try frames(on: canvas, shuffle: shuffle ? seed.map(ShuffleSource.seeded) ?? .system : nil, file: file)
    }

    /// `frames(on:seed:shuffle:file:)` with the shuffle's source given; nil keeps the order.
    public func frames(on canvas: Canvas, shuffle source: ShuffleSource?, file: String = "layout") throws -> KeyboardFrames {
        var layout = self
        if layout.shuffle, let source {
            layout.keys = Shuffle.apply(layout.keys, source: source)
        }
        return try Self.checked(Solver.solve(layout, on: canvas, file: file), file: file)
    }

    /// `frames` when its image fits `Limits.imageSizeProblem`.
    ///
    /// - Throws: `Diagnostic` with an empty field path naming the image size.
    static func checked(_ frames: KeyboardFrames, file: String) throws -> KeyboardFrames {
        if let problem = Limits.imageSizeProblem(width: frames.imageWidth, height: frames.imageHeight) {
            throw Diagnostic(file: file, path: "", reason: problem)
        }
        return frames
    }

    /// Decodes a layout file's bytes (JSON or YAML, SPEC §2).
    ///
    /// - Parameters:
    ///   - bytes: the file's content.
    ///   - file: the file's name in messages.
    ///   - baseDirectory: the folder that image paths of keys' `appearance` are relative to.
    /// - Throws: `DiagnosticList` with every problem, each `FILE: field.path: reason`.
    public init(decoding bytes: [UInt8], file: String, baseDirectory: String = ".") throws {
        self = try LayoutDecoder.decode(bytes, file: file, baseDirectory: baseDirectory).layout
    }
}
