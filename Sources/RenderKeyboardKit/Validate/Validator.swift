import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine

/// Checks layout and theme files the way `render` would read them, reporting every problem.
public enum Validator {
    /// What `validate` found in one file.
    public struct Report: Sendable {
        /// The file as messages name it (`FilePath.shown`).
        public var file: String
        /// "layout", "theme" or "manifest", when the file could be told apart.
        public var kind: String?
        /// Every error, each `FILE: field.path: reason`; empty when the file is valid.
        public var problems: [Diagnostic]
        /// Things that do not stop a render but probably are not meant (truncated arrays,
        /// unknown Android attributes, keys narrower than their labels).
        public var warnings: [Diagnostic]
    }

    /// Validates the file at `path` with exactly the checks `render` makes, short of drawing.
    ///
    /// A file with `jobs` is a batch manifest: every job is checked as `batch` would run it
    /// (its layout, theme, images, canvas and pressed keys). A file with `portrait` or a list
    /// of `keys` is a layout: it is decoded, and solved on every device preset in both
    /// orientations with the image-size limits of `render`; the images of its keys'
    /// `appearance` are read and decoded, and a warning names each key that comes out
    /// narrower than `minimumKeyWidth` or than its label on some preset (the first such
    /// preset); a layout that reads a metrics table is solved on the presets its table has
    /// rows for. Anything else is a theme: it is decoded with every
    /// theme it extends, and every image and font it names is read and loaded. An empty file,
    /// one with no fields, and one with none of the top-level fields of a layout, theme or
    /// manifest (reported once, quoting nothing of it) are errors.
    public static func validate(_ path: String) -> Report {
        let (prefix, unprefixed) = Reference.formatPrefix(of: path)
        let file = FilePath.shown(unprefixed)
        if isStylesheet(unprefixed, prefix: prefix) {
            var report = Report(file: file, kind: "theme", problems: [], warnings: [])
            validateTheme(path, file: file, into: &report)
            return report
        }
        let input = LayoutInput(path: unprefixed, display: file, prefix: prefix, options: LayoutReadingOptions(), files: LoadingFiles())
        if let format = try? LayoutFormat.of(input), format.name != .weights {
            return validatePlacedLayout(input, format: format)
        }
        var report = Report(file: file, kind: nil, problems: [], warnings: [])
        let bytes: [UInt8]
        let document: Document
        do {
            (bytes, document) = try readKnownDocument(path, file: file)
        } catch {
            report.problems = diagnostics(of: error, file: file)
            return report
        }
        var isLayout = document["portrait"] != nil
        if case .sequence? = document["keys"] { isLayout = true }
        if document["jobs"] != nil {
            report.kind = "manifest"
            validateManifest(bytes, path, file: file, into: &report)
        } else if isLayout {
            report.kind = "layout"
            validateLayout(bytes, path, file: file, into: &report)
        } else {
            report.kind = "theme"
            validateTheme(path, file: file, into: &report)
        }
        return report
    }

    /// The file's bytes and document, when it is a file of some kind: an empty file, one with
    /// no fields, or one with none of the top-level fields of a layout, theme or manifest is
    /// one problem, which quotes nothing of the file.
    ///
    /// - Throws: the file's reading or parsing error; `DiagnosticList` of that one problem.
    private static func readKnownDocument(_ path: String, file: String) throws -> (bytes: [UInt8], document: Document) {
        let bytes = try FileAccess.read(path, displayName: file)
        let document = try Document.parse(bytes, file: file)
        if case let .mapping(pairs) = document, pairs.isEmpty {
            throw DiagnosticList([Diagnostic(file: file, path: "", reason: "the file has no fields; a layout needs keys and portrait, a theme at least one style, a manifest jobs")])
        }
        let anyKnown = LayoutDecoder.fields + ThemeDecoder.fields + BatchManifest.fields
        guard case let .mapping(pairs) = document, pairs.contains(where: { anyKnown.contains($0.key) }) else {
            throw DiagnosticList([Diagnostic(file: file, path: "", reason: "not a layout, theme or manifest file: it holds none of the fields of one")])
        }
        return (bytes, document)
    }

    /// Problems of the manifest's fields, then those of every job that could be built from
    /// them, all in one run.
    private static func validateManifest(_ bytes: [UInt8], _ path: String, file: String, into report: inout Report) {
        do {
            let (jobs, problems) = try BatchManifest.read(bytes, file: file, baseDirectory: FilePath.folder(of: path))
            report.problems = problems
            var seen = Set<Diagnostic>(problems)
            for job in jobs {
                do {
                    let (_, warnings) = try KeyboardPipeline().scene(of: job.request.checked(), measure: { LabelMeasuring.measure(atScale: $0) },
                                                                     glyphs: { try LabelMeasuring.missingGlyphs(in: $0) })
                    for warning in warnings where seen.insert(warning).inserted { report.warnings.append(warning) }
                } catch let error as RequestError {
                    let problem = job.locate(error, in: file)
                    if seen.insert(problem).inserted { report.problems.append(problem) }
                } catch {
                    for problem in diagnostics(of: error, file: file) where seen.insert(problem).inserted {
                        report.problems.append(Diagnostic(file: problem.file, path: problem.path, reason: problem.reason + " (jobs[\(job.index)])"))
                    }
                }
            }
        } catch {
            report.problems = diagnostics(of: error, file: file)
        }
    }

    /// A layout decoded, solved on every device preset in both orientations, and the images
    /// of its keys read and decoded.
    private static func validateLayout(_ bytes: [UInt8], _ path: String, file: String, into report: inout Report) {
        do {
            let folder = FilePath.folder(of: path)
            let decoded = try LayoutDecoder.decode(bytes, file: file, baseDirectory: folder, metrics: MetricsLoader.loader(for: path, in: folder))
            report.warnings = decoded.warnings
            var seen = Set<Diagnostic>()
            solveOnEveryDevice(LoadedLayout(source: .weights(decoded.layout), format: .weights, file: file, warnings: decoded.warnings), file, seen: &seen, into: &report)
            if report.problems.isEmpty { report.problems += glyphProblems(path) }
            let images = ImageLoader()
            for key in decoded.layout.keys {
                for state in KeyState.allCases {
                    guard let reference = key.appearance?.style(for: state)?.image else { continue }
                    do { _ = try images.load(reference) } catch {
                        for problem in diagnostics(of: error, file: file) where seen.insert(problem).inserted {
                            report.problems.append(problem)
                        }
                    }
                }
            }
        } catch {
            report.problems = diagnostics(of: error, file: file)
        }
    }

    /// Solves `loaded` on every device preset in both orientations (for a layout that reads a
    /// metrics table, those its table has a row for): each problem once (with the first place
    /// it is met), and a warning for each key narrower than it should be.
    private static func solveOnEveryDevice(_ loaded: LoadedLayout, _ path: String, seen: inout Set<Diagnostic>, into report: inout Report) {
        var narrowKeys = Set<String>()
        let pipeline = KeyboardPipeline()
        let defaultTheme = (try? pipeline.theme("default")) ?? Theme()
        for (device, orientation) in loaded.source.places {
                do {
                    let frames = try loaded.source.frames(on: Canvas(device: device, orientation: orientation), shuffle: nil, file: loaded.file)
                    let place = "\(device.name) \(orientation.rawValue)"
                    // Label sizes as the theme sets them; images are not read for this.
                    let styles = try pipeline.styles(of: frames, theme: defaultTheme, state: .normal) { SceneImage(id: $0.path, png: []) }
                    for warning in narrowKeyWarnings(frames, styles: styles, file: path, where: place, theme: defaultTheme) where narrowKeys.insert(warning.path).inserted {
                        report.warnings.append(warning)
                    }
                } catch let diagnostic as Diagnostic {
                    var found = diagnostic
                    found.reason += " (on \(device.name) \(orientation.rawValue))"
                    if seen.insert(diagnostic).inserted { report.problems.append(found) }
                } catch {
                    report.problems.append(Diagnostic(file: path, path: "", reason: "\(error)"))
                }
        }
    }

    /// A theme decoded with every theme it extends, and every image and font it names read
    /// and loaded.
    private static func validateTheme(_ path: String, file: String, into report: inout Report) {
        do {
            let theme = try KeyboardPipeline().theme(path)   // decodes this file first, then what it extends
            report.warnings = theme.warnings + theme.ignored
            let loader = ImageLoader()
            for reference in images(of: theme) {
                do { _ = try loader.load(reference) } catch {
                    report.problems += diagnostics(of: error, file: file)
                }
            }
        } catch {
            report.problems = diagnostics(of: error, file: file)
        }
    }

    /// A layout placed as its app places it (an Android keyboard file, a HeliBoard or
    /// FlorisBoard layout): read with the files beside it, then placed wherever it can be
    /// drawn (`LayoutSource.places`).
    static func validatePlacedLayout(_ input: LayoutInput, format: LayoutFormat) -> Report {
        var report = Report(file: input.display, kind: format.name.rawValue, problems: [], warnings: [])
        do {
            let loaded = try format.read(input)
            report.warnings = loaded.warnings
            report.problems = placementProblems(loaded, file: input.display, on: loaded.source.places)
            if report.problems.isEmpty { report.problems += glyphProblems((input.prefix.map { $0 + ":" } ?? "") + input.path) }
        } catch {
            report.problems = diagnostics(of: error, file: input.display)
        }
        return report
    }

    /// The labels of the layout `reference` names that no font draws (`MissingGlyphPlaces`),
    /// drawn with the default theme on the layout's default device: what `render` would stop
    /// at. Empty when the keyboard cannot be composed (its other problems say why).
    static func glyphProblems(_ reference: String) -> [Diagnostic] {
        var request = RenderRequest()
        request.layout = reference
        let pipeline = KeyboardPipeline(caching: true)
        guard let scene = try? pipeline.scene(of: request.checked(), measure: nil).scene,
              let glyphs = try? LabelMeasuring.missingGlyphs(in: scene) else { return [] }
        return (try? pipeline.missingGlyphProblems(glyphs, scene: scene, request: request)) ?? []
    }

    /// The problems of placing `loaded` on each device and orientation of `places`: each once,
    /// with the first place it is met.
    static func placementProblems(_ loaded: LoadedLayout, file: String, on places: [(Device, Orientation)]) -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        var problems: [Diagnostic] = []
        for (device, orientation) in places {
            do {
                _ = try loaded.source.frames(on: Canvas(device: device, orientation: orientation), shuffle: nil, file: loaded.file)
            } catch {
                for diagnostic in diagnostics(of: error, file: file) where seen.insert(diagnostic).inserted {
                    var found = diagnostic
                    found.reason += " (on \(device.name) \(orientation.rawValue))"
                    problems.append(found)
                }
            }
        }
        return problems
    }

    /// Whether the file at `path` is a theme of a format other than a theme file: named with
    /// a theme format's prefix (`snygg:`), or claimed by one (`ThemeFormat`'s rule).
    static func isStylesheet(_ path: String, prefix: String?) -> Bool {
        if let prefix { return (try? ThemeFormat.named(prefix, display: path))?.isStylesheet == true }
        guard let bytes = try? FileAccess.read(path) else { return false }
        return ThemeFormat.of(path: path, bytes: bytes).isStylesheet
    }

    /// Every image a (merged) theme names.
    static func images(of theme: Theme) -> [FileReference] {
        var references: [FileReference] = []
        if case .image(let reference)? = theme.background { references.append(reference) }
        for styles in [theme.base, theme.content, theme.function, theme.enter] {
            for state in KeyState.allCases {
                if let reference = styles?.style(for: state)?.image { references.append(reference) }
            }
        }
        return Array(Set(references)).sorted { $0.path < $1.path }
    }

    /// The diagnostics an error carries, or one describing it.
    package static func diagnostics(of error: Error, file: String) -> [Diagnostic] {
        switch error {
        case let list as DiagnosticList: return list.diagnostics
        case let diagnostic as Diagnostic: return [diagnostic]
        case let request as RequestError: return [request.located(in: file, at: "")]
        case let notFound as Reference.NotFound: return [notFound.located(in: file, at: "")]
        default: return [Diagnostic(file: file, path: "", reason: "\(error)")]
        }
    }
}
