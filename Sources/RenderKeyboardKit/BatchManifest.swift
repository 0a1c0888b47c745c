import Foundation
import LayoutEngine

/// One render of a batch: the request (paths already resolved against the manifest's folder)
/// and where it came from.
public struct BatchJob: Sendable, Hashable {
    /// 0-based position in the manifest's `jobs` list; `--shard` selects by it.
    public var index: Int
    /// Everything to draw; `request.output` is the resolved output path.
    public var request: RenderRequest
    /// The output as the manifest writes it, for messages.
    public var outputAsWritten: String
    /// Where the manifest set each field of `request` (`jobs[3].theme`, `defaults.theme`);
    /// a field that is missing here was left at its default.
    public var fieldPaths: [RenderRequest.Field: String]

    /// A job; `request`'s paths should already be resolved against the manifest's folder.
    public init(index: Int, request: RenderRequest, outputAsWritten: String, fieldPaths: [RenderRequest.Field: String] = [:]) {
        self.index = index
        self.request = request
        self.outputAsWritten = outputAsWritten
        self.fieldPaths = fieldPaths
    }

    /// The resolved output path.
    public var output: String { request.output ?? outputAsWritten }

    /// A problem of one of the job's fields as a diagnostic of the manifest `file`, at the
    /// place that set the field (`m.yaml: defaults.theme: …`), else at the job
    /// (`m.yaml: jobs[1].theme: …`).
    public func locate(_ error: RequestError, in file: String) -> Diagnostic {
        guard let path = fieldPaths[error.field] else { return error.located(in: file, at: "jobs[\(index)]") }
        return Diagnostic(file: file, path: path, reason: error.reason)
    }
}

/// A batch manifest (SPEC §7): `defaults` and a list of `jobs`, each job a `RenderRequest`.
///
/// Rules beyond the spec's table:
/// - A job's fields win over `defaults`. Canvas fields go as a group: when a job gives
///   `device` or `width`, the defaults' `device`, `width`, `height` and `scale` are dropped,
///   so `defaults: {device: iphone-15}` and a job with `width: 500` mean a 500 pt canvas.
/// - Relative paths of layouts, themes and outputs resolve against the manifest's folder;
///   a bare name (no `/`, no `.yaml`/`.yml`/`.json` extension) is a built-in layout or theme.
/// - `pressed` is a list of labels (a single label is read as a list of one).
/// - Two jobs may not write the same output file, and the list of jobs may not be empty.
public struct BatchManifest: Sendable {
    /// The manifest's name in messages (the path as given).
    public var file: String
    /// Every job in manifest order, `defaults` applied and paths resolved; never empty once
    /// loaded.
    public var jobs: [BatchJob]

    /// The top-level fields of a manifest file.
    static let fields = ["defaults", "jobs"]

    /// Fields a job (or `defaults`) may have: every request field but `pngCompression`.
    public static let jobFields = RenderRequest.Field.allCases.filter { $0 != .pngCompression }.map(\.rawValue)

    /// A manifest from jobs built elsewhere; none of the rules above is checked.
    public init(file: String, jobs: [BatchJob]) {
        self.file = file
        self.jobs = jobs
    }

    /// Reads and decodes the manifest at `path`.
    ///
    /// - Throws: `Diagnostic` when the file cannot be read or parsed; `DiagnosticList` with
    ///   every problem of its fields, each with its path (`jobs[3].pressd: unknown field …`).
    public static func load(_ path: String) throws -> BatchManifest {
        let bytes = try FileAccess.read(path)
        return try decode(bytes, file: path, baseDirectory: FilePath.folder(of: path))
    }

    /// Decodes manifest bytes (JSON or YAML); relative paths resolve against `baseDirectory`.
    ///
    /// - Throws: as `load`.
    public static func decode(_ bytes: [UInt8], file: String, baseDirectory: String) throws -> BatchManifest {
        let (jobs, problems) = try read(bytes, file: file, baseDirectory: baseDirectory)
        if !problems.isEmpty { throw DiagnosticList(problems) }
        return BatchManifest(file: file, jobs: jobs)
    }

    /// Decodes what can be decoded: the jobs whose fields hold no problem, and every problem
    /// found, so `validate` can go on to check those jobs in the same run.
    ///
    /// - Throws: `Diagnostic` only when the bytes do not parse as JSON or YAML.
    static func read(_ bytes: [UInt8], file: String, baseDirectory: String) throws -> (jobs: [BatchJob], problems: [Diagnostic]) {
        let document = try Document.parse(bytes, file: file)
        let reader = FieldReader(file: file)
        var defaults = JobFields()
        var jobs: [BatchJob] = []
        if let top = reader.topLevelFields(document, kind: "manifest", known: Self.fields) {
            if let value = top["defaults"], !value.isNull {
                defaults = JobFields.read(value, "defaults", reader)
            }
            if let value = top["jobs"] {
                if let items = reader.list(value, "jobs") {
                    if items.isEmpty { reader.error("jobs", "the list of jobs is empty") }
                    var outputs: [String: Int] = [:]
                    for (i, item) in items.enumerated() {
                        let path = reader.join("jobs", i)
                        let own = JobFields.read(item, path, reader)
                        guard own.isMapping else { continue }
                        let fields = defaults.overlaid(by: own)
                        guard let job = fields.job(index: i, path: path, reader: reader, baseDirectory: baseDirectory) else { continue }
                        if let first = outputs[BatchManifest.canonicalOutput(job.output)] {
                            reader.error(reader.join(path, "output"), "\(Diagnostic.quote(job.outputAsWritten)) is also the output of jobs[\(first)]")
                        } else {
                            outputs[BatchManifest.canonicalOutput(job.output)] = i
                        }
                        jobs.append(job)
                    }
                }
            } else {
                reader.error("jobs", "missing field (a list of jobs, each with an output)")
            }
        }
        return (jobs, reader.diagnostics.isEmpty ? [] : reader.reportedDiagnostics)
    }

    /// The file an output path really names, so `out//a.png`, `out/./a.png` and a path
    /// through a symlinked folder compare equal: the deepest existing folder resolved, the
    /// rest appended.
    static func canonicalOutput(_ path: String) -> String {
        let parts = path.split(separator: "/").filter { $0 != "." }
        var current = FilePath.absolute((path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/"))
        var rest: [String] = []
        while current != "/" {
            if let real = FileAccess.realPath(current) {
                return ([real == "/" ? "" : real] + rest.reversed()).joined(separator: "/")
            }
            rest.append(FilePath.lastComponent(current))
            current = FilePath.folder(of: current)
        }
        return "/" + rest.reversed().joined(separator: "/")
    }
}

/// The fields one mapping of a manifest sets, each remembered with its field path.
struct JobFields {
    struct Located<T> {
        var value: T
        var path: String
    }

    var layout: Located<String>?
    var theme: Located<String>?
    var device: Located<String>?
    var width: Located<Double>?
    var height: Located<Double>?
    var scale: Located<Double>?
    var orientation: Located<Orientation>?
    var seed: Located<UInt64>?
    var shuffle: Located<Bool>?
    var pressed: Located<[String]>?
    var shift: Located<ShiftState>?
    var format: Located<OutputFormat>?
    var output: Located<String>?
    var values: Located<[String]>?
    var keyboardMode: Located<String>?
    /// False when the manifest gave something other than a mapping (already reported).
    var isMapping = true

    static func describe(_ document: Document) -> String {
        switch document {
        case .scalar(let text, _): return Diagnostic.quote(text)
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    static func read(_ document: Document, _ path: String, _ reader: FieldReader) -> JobFields {
        var result = JobFields()
        guard let fields = reader.fields(document, path, known: BatchManifest.jobFields) else {
            result.isMapping = false
            return result
        }
        func at(_ name: String) -> (Document, String)? {
            fields[name].map { ($0, reader.join(path, name)) }
        }
        // Only types are read here; what the values may be is `RenderRequest.problems()`'s rule.
        let anyNumber = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
        if let (d, p) = at("layout"), let v = reader.string(d, p) { result.layout = .init(value: v, path: p) }
        if let (d, p) = at("theme"), let v = reader.string(d, p) { result.theme = .init(value: v, path: p) }
        if let (d, p) = at("device"), let v = reader.string(d, p) { result.device = .init(value: v, path: p) }
        if let (d, p) = at("width"), let v = reader.number(d, p, in: anyNumber, what: "width") { result.width = .init(value: v, path: p) }
        if let (d, p) = at("height"), let v = reader.number(d, p, in: anyNumber, what: "height") { result.height = .init(value: v, path: p) }
        if let (d, p) = at("scale"), let v = reader.number(d, p, in: anyNumber, what: "scale") { result.scale = .init(value: v, path: p) }
        if let (d, p) = at("orientation"), let v = reader.choice(d, p, as: Orientation.self) { result.orientation = .init(value: v, path: p) }
        if let (d, p) = at("seed") {
            if case let .scalar(text, false) = d, let v = UInt64(text) {
                result.seed = .init(value: v, path: p)
            } else {
                reader.error(p, "expected a whole number 0…\(UInt64.max), found \(Self.describe(d))")
            }
        }
        if let (d, p) = at("shuffle"), let v = reader.bool(d, p) { result.shuffle = .init(value: v, path: p) }
        if let (d, p) = at("pressed") {
            if case .scalar = d {
                if let v = reader.string(d, p) { result.pressed = .init(value: [v], path: p) }
            } else if let items = reader.list(d, p) {
                var labels: [String] = []
                for (i, item) in items.enumerated() {
                    if let v = reader.string(item, reader.join(p, i)) { labels.append(v) }
                }
                result.pressed = .init(value: labels, path: p)
            }
        }
        if let (d, p) = at("shift") {
            // A bare YAML `on`/`off` stays text here: documents keep scalars as written.
            if let v = reader.choice(d, p, as: ShiftState.self) { result.shift = .init(value: v, path: p) }
        }
        if let (d, p) = at("format"), let v = reader.choice(d, p, as: OutputFormat.self) { result.format = .init(value: v, path: p) }
        if let (d, p) = at("output"), let v = reader.string(d, p) { result.output = .init(value: v, path: p) }
        if let (d, p) = at("values") {
            if case .scalar = d {
                if let v = reader.string(d, p) { result.values = .init(value: [v], path: p) }
            } else if let items = reader.list(d, p) {
                result.values = .init(value: items.enumerated().compactMap { reader.string($1, reader.join(p, $0)) }, path: p)
            }
        }
        if let (d, p) = at("keyboardMode"), let v = reader.string(d, p) { result.keyboardMode = .init(value: v, path: p) }
        return result
    }

    /// `self` with every field `job` sets replaced; canvas fields are replaced as a group.
    func overlaid(by job: JobFields) -> JobFields {
        var merged = self
        if job.device != nil || job.width != nil {
            merged.device = nil
            merged.width = nil
            merged.height = nil
            merged.scale = nil
        }
        merged.layout = job.layout ?? merged.layout
        merged.theme = job.theme ?? merged.theme
        merged.device = job.device ?? merged.device
        merged.width = job.width ?? merged.width
        merged.height = job.height ?? merged.height
        merged.scale = job.scale ?? merged.scale
        merged.orientation = job.orientation ?? merged.orientation
        merged.seed = job.seed ?? merged.seed
        merged.shuffle = job.shuffle ?? merged.shuffle
        merged.pressed = job.pressed ?? merged.pressed
        merged.shift = job.shift ?? merged.shift
        merged.format = job.format ?? merged.format
        merged.output = job.output ?? merged.output
        merged.values = job.values ?? merged.values
        merged.keyboardMode = job.keyboardMode ?? merged.keyboardMode
        return merged
    }

    /// Where the field that `RenderRequest.Field` names was set, e.g. `defaults.scale`.
    func path(of field: RenderRequest.Field) -> String? {
        switch field {
        case .layout: return layout?.path
        case .theme: return theme?.path
        case .device: return device?.path
        case .width: return width?.path
        case .height: return height?.path
        case .scale: return scale?.path
        case .orientation: return orientation?.path
        case .seed: return seed?.path
        case .shuffle: return shuffle?.path
        case .pressed: return pressed?.path
        case .shift: return shift?.path
        case .format: return format?.path
        case .output: return output?.path
        case .values: return values?.path
        case .keyboardMode: return keyboardMode?.path
        case .pngCompression: return nil
        }
    }

    /// The job these merged fields describe, or nil after recording why there is none.
    /// Field values are checked by `RenderRequest.problems()`, located where each was set.
    func job(index: Int, path: String, reader: FieldReader, baseDirectory: String) -> BatchJob? {
        guard let output else {
            reader.error(reader.join(path, "output"), "missing field (every job needs an output file, in the job or in defaults)")
            return nil
        }
        var request = RenderRequest()
        if let layout { request.layout = Reference.resolved(layout.value, against: baseDirectory) }
        if let theme { request.theme = Reference.resolved(theme.value, against: baseDirectory) }
        request.device = device?.value
        request.width = width?.value
        request.height = height?.value
        request.scale = scale?.value
        request.orientation = orientation?.value ?? .portrait
        request.seed = seed?.value
        request.shuffle = shuffle?.value ?? true
        request.forceShuffle = shuffle?.value ?? false
        request.values = values?.value ?? []
        request.keyboardMode = keyboardMode?.value
        request.pressed = pressed?.value ?? []
        request.shift = shift?.value ?? .off
        request.format = format?.value
        request.output = output.value
        let problems = request.problems()
        for problem in problems {
            reader.error(self.path(of: problem.field) ?? reader.join(path, problem.field.rawValue), problem.reason)
        }
        guard problems.isEmpty else { return nil }
        request.values = request.values.map { value in
            value.hasPrefix("/") ? value : FilePath.joined(baseDirectory, value)
        }
        request.output = output.value.hasPrefix("/") ? output.value : FilePath.joined(baseDirectory, output.value)
        var fieldPaths: [RenderRequest.Field: String] = [:]
        for field in RenderRequest.Field.allCases {
            if let path = self.path(of: field) { fieldPaths[field] = path }
        }
        return BatchJob(index: index, request: request, outputAsWritten: output.value, fieldPaths: fieldPaths)
    }
}
