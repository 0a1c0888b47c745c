import Foundation

/// One render of a batch: the request (paths already resolved against the manifest's folder)
/// and where it came from.
public struct BatchJob: Sendable, Hashable {
    /// 0-based position in the manifest's `jobs` list; `--shard` selects by it.
    public var index: Int
    /// Everything to draw; `request.output` is the resolved output path.
    public var request: RenderRequest
    /// The output as the manifest writes it, for messages.
    public var outputAsWritten: String

    public init(index: Int, request: RenderRequest, outputAsWritten: String) {
        self.index = index
        self.request = request
        self.outputAsWritten = outputAsWritten
    }

    /// The resolved output path.
    public var output: String { request.output ?? outputAsWritten }
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
    public var jobs: [BatchJob]

    /// Fields a job (or `defaults`) may have.
    public static let jobFields = ["layout", "theme", "device", "width", "height", "scale", "orientation", "seed", "shuffle", "pressed", "shift", "format", "output", "values", "keyboardMode"]

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
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return try decode(bytes, file: path, baseDirectory: folder)
    }

    /// Decodes manifest bytes (JSON or YAML); relative paths resolve against `baseDirectory`.
    ///
    /// - Throws: as `load`.
    public static func decode(_ bytes: [UInt8], file: String, baseDirectory: String) throws -> BatchManifest {
        let document = try Document.parse(bytes, file: file)
        let reader = FieldReader(file: file)
        var defaults = JobFields()
        var jobs: [BatchJob] = []
        if let top = reader.fields(document, "", known: ["defaults", "jobs"]) {
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
                        if let first = outputs[job.output] {
                            reader.error(reader.join(path, "output"), "\"\(job.outputAsWritten)\" is also the output of jobs[\(first)]")
                        } else {
                            outputs[job.output] = i
                        }
                        jobs.append(job)
                    }
                }
            } else {
                reader.error("jobs", "missing field (a list of jobs, each with an output)")
            }
        }
        try reader.throwIfFailed()
        return BatchManifest(file: file, jobs: jobs)
    }

    /// `reference` resolved against `folder` when it is a relative path; bare names unchanged.
    static func resolve(_ reference: String, against folder: String) -> String {
        guard isPath(reference), !reference.hasPrefix("/") else { return reference }
        return URL(fileURLWithPath: folder).appendingPathComponent(reference).standardized.path
    }

    /// Whether a layout or theme reference names a file rather than a built-in.
    static func isPath(_ reference: String) -> Bool {
        reference.contains("/") || ["yaml", "yml", "json", "xml"].contains(URL(fileURLWithPath: reference).pathExtension.lowercased())
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
        case .scalar(let text, _): return "\"\(text)\""
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
        func nonEmpty(_ document: Document, _ path: String) -> String? {
            guard let text = reader.string(document, path) else { return nil }
            if text.isEmpty { reader.error(path, "must not be empty"); return nil }
            return text
        }
        if let (d, p) = at("layout"), let v = nonEmpty(d, p) { result.layout = .init(value: v, path: p) }
        if let (d, p) = at("theme"), let v = nonEmpty(d, p) { result.theme = .init(value: v, path: p) }
        if let (d, p) = at("device"), let v = nonEmpty(d, p) {
            let names = Device.all.map(\.name)
            if Device.named(v) != nil {
                result.device = .init(value: v, path: p)
            } else if Device.looksCustom(v), case .failure(let problem) = Device.custom(v) {
                reader.error(p, problem.reason)
            } else {
                var reason = "\"\(v)\" is not a device preset; presets: \(names.joined(separator: ", "))"
                if let near = FieldReader.nearest(v, in: names) { reason += "; did you mean \(near)?" }
                reader.error(p, reason)
            }
        }
        if let (d, p) = at("width"), let v = reader.number(d, p, in: 1...FieldReader.maxLength, what: "width") { result.width = .init(value: v, path: p) }
        if let (d, p) = at("height"), let v = reader.number(d, p, in: 1...FieldReader.maxLength, what: "height") { result.height = .init(value: v, path: p) }
        if let (d, p) = at("scale"), let v = reader.number(d, p, in: 0.1...10, what: "scale") { result.scale = .init(value: v, path: p) }
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
                if let v = nonEmpty(d, p) { result.pressed = .init(value: [v], path: p) }
            } else if let items = reader.list(d, p) {
                var labels: [String] = []
                for (i, item) in items.enumerated() {
                    if let v = nonEmpty(item, reader.join(p, i)) { labels.append(v) }
                }
                result.pressed = .init(value: labels, path: p)
            }
        }
        if let (d, p) = at("shift") {
            // A bare YAML `on`/`off` stays text here: documents keep scalars as written.
            if let v = reader.choice(d, p, as: ShiftState.self) { result.shift = .init(value: v, path: p) }
        }
        if let (d, p) = at("format"), let v = reader.choice(d, p, as: OutputFormat.self) { result.format = .init(value: v, path: p) }
        if let (d, p) = at("output"), let v = nonEmpty(d, p) { result.output = .init(value: v, path: p) }
        if let (d, p) = at("values") {
            if case .scalar = d {
                if let v = nonEmpty(d, p) { result.values = .init(value: [v], path: p) }
            } else if let items = reader.list(d, p) {
                result.values = .init(value: items.enumerated().compactMap { nonEmpty($1, reader.join(p, $0)) }, path: p)
            }
        }
        if let (d, p) = at("keyboardMode"), let v = nonEmpty(d, p) { result.keyboardMode = .init(value: v, path: p) }
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

    /// The job these merged fields describe, or nil after recording why there is none.
    func job(index: Int, path: String, reader: FieldReader, baseDirectory: String) -> BatchJob? {
        var valid = true
        if let device, let width {
            reader.error(width.path, "give either a device (\(device.path)) or a width, not both")
            valid = false
        }
        if width == nil {
            for extra in [height, scale].compactMap({ $0 }) {
                reader.error(extra.path, "only applies with a width (a device sets its own)")
                valid = false
            }
        }
        guard let output else {
            reader.error(reader.join(path, "output"), "missing field (every job needs an output file, in the job or in defaults)")
            return nil
        }
        guard valid else { return nil }
        var request = RenderRequest()
        if let layout { request.layout = BatchManifest.resolve(layout.value, against: baseDirectory) }
        if let theme { request.theme = BatchManifest.resolve(theme.value, against: baseDirectory) }
        request.device = device?.value
        request.width = width?.value
        request.height = height?.value
        request.scale = scale?.value
        request.orientation = orientation?.value ?? .portrait
        request.seed = seed?.value
        request.shuffle = shuffle?.value ?? true
        request.forceShuffle = shuffle?.value ?? false
        request.values = (values?.value ?? []).map { value in
            value.hasPrefix("/") ? value : URL(fileURLWithPath: baseDirectory).appendingPathComponent(value).standardized.path
        }
        request.keyboardMode = keyboardMode?.value
        request.pressed = pressed?.value ?? []
        request.shift = shift?.value ?? .off
        request.format = format?.value
        request.output = output.value.hasPrefix("/")
            ? output.value
            : URL(fileURLWithPath: baseDirectory).appendingPathComponent(output.value).standardized.path
        return BatchJob(index: index, request: request, outputAsWritten: output.value)
    }
}
