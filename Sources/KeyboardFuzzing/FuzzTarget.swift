import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine

/// The folder and name of `FontFuzzing.baseFontPath`.
enum FilePathOfBaseFont {
    static let folder = URL(fileURLWithPath: FontFuzzing.baseFontPath).deletingLastPathComponent().path
    static let name = URL(fileURLWithPath: FontFuzzing.baseFontPath).lastPathComponent
}

/// One kind of input the fuzzer feeds: a tag byte that selects it, the built-in files that
/// seed it, and what is done with the rest of the input.
///
/// An input is `tag` followed by the bytes of one file. Tags are fixed characters rather than
/// positions in `FuzzTarget.all`, so adding a kind keeps every saved input meaning what it
/// meant; an input whose first byte is no tag is ignored.
public struct FuzzTarget: Sendable {
    /// The first byte of an input that selects this target (an ASCII letter, readable in
    /// corpus files).
    public let tag: UInt8
    /// A short name for messages and seed file names.
    public let name: String
    /// Built-in files that seed the corpus: folders relative to the repository root (or
    /// absolute, for the pinned system fonts), each searched to any depth for names ending in
    /// `seedExtension`.
    public let seedFolders: [String]
    public let seedExtension: String
    /// The input (tag excluded) made from one seed file; the file's bytes unless a target
    /// needs more (`repository` is the repository root).
    public let seedInput: @Sendable (_ file: URL, _ repository: URL) throws -> [UInt8]
    /// Runs one input (tag removed). Throwing is the expected outcome for bad input; a crash,
    /// trap, hang, leak or sanitizer report is a finding.
    public let run: @Sendable ([UInt8]) -> Void

    public init(
        tag: Character, name: String, seeds folders: [String], extension: String,
        seedInput: @escaping @Sendable (_ file: URL, _ repository: URL) throws -> [UInt8] = { file, _ in [UInt8](try Data(contentsOf: file)) },
        run: @escaping @Sendable ([UInt8]) -> Void
    ) {
        precondition(tag.isASCII && tag.isLetter, "a fuzz tag is one ASCII letter")
        self.tag = tag.asciiValue!
        self.name = name
        self.seedFolders = folders
        self.seedExtension = `extension`
        self.seedInput = seedInput
        self.run = run
    }
}

extension FuzzTarget {
    /// Every target. To fuzz another reader, append one entry with a new tag.
    public static let all: [FuzzTarget] = [
        FuzzTarget(tag: "D", name: "document", seeds: ["layouts", "themes"], extension: ".yaml") { bytes in
            _ = try? Document.parse(bytes, file: FuzzTarget.file)
        },
        FuzzTarget(tag: "L", name: "layout", seeds: ["layouts"], extension: ".yaml") { bytes in
            guard let decoded = try? LayoutDecoder.decode(bytes, file: FuzzTarget.file, baseDirectory: FuzzTarget.folder, metrics: { _ in FuzzTarget.metrics }) else { return }
            for canvas in FuzzTarget.canvases {
                guard let frames = try? Solver.solve(decoded.layout, on: canvas, file: FuzzTarget.file) else { continue }
                FuzzTarget.checkSolved(frames, layout: decoded.layout, canvas: canvas)
            }
        },
        FuzzTarget(tag: "T", name: "theme", seeds: ["themes"], extension: ".yaml") { bytes in
            _ = try? ThemeDecoder.decode(bytes, file: FuzzTarget.file, baseDirectory: FuzzTarget.folder)
        },
        FuzzTarget(tag: "M", name: "metrics", seeds: ["metrics"], extension: ".csv") { bytes in
            _ = try? MetricsTableDecoder.decode(bytes, name: "fuzz", file: FuzzTarget.file)
        },
        FuzzTarget(tag: "P", name: "png", seeds: ["themes"], extension: ".png") { bytes in
            _ = try? PNGCodec.decode(PNGChunks.fixingChecksums(bytes))
        },
        // An Android keyboard file, optionally after a values file and a NUL byte (which XML
        // cannot contain): decoded, then placed on every canvas.
        FuzzTarget(
            tag: "A", name: "android", seeds: ["docs/examples/android/res/xml"], extension: ".xml",
            seedInput: { file, repository in
                let values = repository.appendingPathComponent("docs/examples/android/res/values/dimens.xml")
                return [UInt8](try Data(contentsOf: values)) + [0] + [UInt8](try Data(contentsOf: file))
            }
        ) { bytes in
            var values = AndroidValues()
            var keyboard = bytes[...]
            if let nul = bytes.firstIndex(of: 0) {
                guard (try? values.add(Array(bytes[..<nul]), file: "values.xml")) != nil else { return }
                keyboard = bytes[(nul + 1)...]
            }
            guard let decoded = try? AndroidKeyboardDecoder.decode(Array(keyboard), file: FuzzTarget.file, name: "fuzz", values: values) else { return }
            for canvas in FuzzTarget.canvases {
                guard let frames = try? decoded.keyboard.place(on: canvas, file: FuzzTarget.file) else { continue }
                FuzzTarget.checkPlaced(frames, keyboard: decoded.keyboard, canvas: canvas)
            }
        },
        // A theme's font file, loaded as the font check loads it: a whole file, or patches to
        // a pinned font (FontFuzzing). The seed is the pinned font unpatched.
        FuzzTarget(
            tag: "F", name: "font", seeds: [FilePathOfBaseFont.folder], extension: FilePathOfBaseFont.name,
            seedInput: { _, _ in [] }
        ) { bytes in
            FontFuzzing.run(bytes)
        },
    ]

    /// Every input is parsed afresh: no parsed document is kept between inputs.
    private static let keepNoDocuments: Void = ParsedDocuments.shared.keepNothing()

    /// Runs one fuzz input: its first byte picks the target, the rest is that target's file.
    ///
    /// - Returns: the target that ran, or nil for an empty input or an unknown tag.
    @discardableResult
    public static func run(_ input: [UInt8]) -> FuzzTarget? {
        _ = keepNoDocuments
        guard let tag = input.first, let target = all.first(where: { $0.tag == tag }) else { return nil }
        target.run(Array(input.dropFirst()))
        return target
    }

    /// The file name decoders put in their messages.
    static let file = "fuzz-input"
    /// A folder that image paths are made relative to; decoding never opens it.
    static let folder = "/nonexistent"

    /// The metrics table every fuzzed layout reads, whatever it names: a row for every preset
    /// and orientation with each column the built-in layouts read, as a phone's keyboard has
    /// them (the key area the screen's width), so a mutated built-in reaches the solver.
    static let metrics: MetricsTable = {
        let shared: [String: Double] = [
            "height": 216, "band": 20, "top": 8, "bottom": 4, "side": 3, "gap": 6, "rowGap": 12, "indent": 18,
            "shift": 42, "shiftPad": 8, "system": 40, "return": 88, "bottomPad": 1, "radius": 5, "row0": 1.02,
            "delete": 60, "shiftL": 56, "shiftR": 76, "n123": 56, "globe": 56, "mic": 56, "n123R": 90, "dismiss": 90,
        ]
        let rows = Device.all.flatMap { device in
            Orientation.allCases.map { orientation in
                MetricsRow(table: "fuzz", device: device.name, orientation: orientation,
                           values: shared.merging(["area": device.metrics(for: orientation).width]) { $1 })
            }
        }
        return MetricsTable(name: "fuzz", file: "fuzz.csv", columns: ["area"] + shared.keys.sorted(), rows: rows)
    }()

    /// Every device preset in both orientations, plus custom canvases at the small and
    /// large ends: one point wide, and very wide at a fractional scale with a fixed height.
    static let canvases: [Canvas] =
        Device.all.flatMap { device in Orientation.allCases.map { Canvas(device: device, orientation: $0) } }
        + [
            Canvas(deviceName: nil, orientation: .portrait, width: 1, scale: 1),
            Canvas(deviceName: nil, orientation: .landscape, width: 10_000, scale: 0.5, safeArea: EdgeInsets(left: 30, bottom: 10, right: 30), heightOverride: 40),
        ]
}
