import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// One render of a batch: the request (paths already resolved against the manifest's folder)
/// and where it came from.
public struct BatchJob: Sendable, Hashable {
    /// 0-based position in the manifest's `jobs` list; `--shard` selects by it.
    public var index: Int
    /// Everything to draw; `request.output` is the resolved output path.
    public var request: RenderRequest
    /// The output as the manifest writes it, for messages.
    package var outputAsWritten: String
    /// Where the manifest set each field of `request` (`jobs[3].theme`, `defaults.theme`);
    /// a field that is missing here was left at its default.
    package var fieldPaths: [RenderRequest.Field: String]
    /// A store screenshot of `request`'s keyboard (the job's `compose` block), written to
    /// `output`; nil for a render.
    package var compose: ComposeRequest?
    /// Where the `compose` block set each of its fields, by option name (`status-bar`).
    var composePaths: [String: String] = [:]

    /// A job; `request`'s paths should already be resolved against the manifest's folder.
    public init(index: Int, request: RenderRequest, outputAsWritten: String, fieldPaths: [RenderRequest.Field: String] = [:], compose: ComposeRequest? = nil) {
        self.index = index
        self.request = request
        self.outputAsWritten = outputAsWritten
        self.fieldPaths = fieldPaths
        self.compose = compose
    }

    /// The resolved output path.
    package var output: String { compose?.output ?? request.output ?? outputAsWritten }

    /// A problem of one of the job's fields as a diagnostic of the manifest `file`, at the
    /// place that set the field (`m.yaml: defaults.theme: …`), else at the job
    /// (`m.yaml: jobs[1].theme: …`).
    package func locate(_ error: RequestError, in file: String) -> Diagnostic {
        guard let path = fieldPaths[error.field] else {
            return Diagnostic(origin: .manifestJob(file: file, index: index, field: error.field.rawValue), reason: error.reason)
        }
        return Diagnostic(file: file, path: path, reason: error.reason)
    }
}

/// A batch manifest (docs/rendering.md): `defaults` and a list of `jobs`, each job a `RenderRequest`.
///
/// Rules beyond the spec's table:
/// - A job's fields win over `defaults`. Canvas fields go as a group: when a job gives
///   `device` or `width`, the defaults' `device`, `width`, `height` and `scale` are dropped,
///   so `defaults: {device: iphone-15}` and a job with `width: 500` mean a 500 pt canvas.
/// - Relative paths of layouts, themes and outputs resolve against the manifest's folder;
///   a bare name (no `/`, no `.yaml`/`.yml`/`.json` extension) is a built-in layout or theme.
/// - `pressed` is a list of labels (a single label is read as a list of one).
/// - Two jobs may not write the same output file, and the list of jobs may not be empty.
/// - A job with a `compose` block is a store screenshot of its keyboard (`ComposeJobFields`).
public struct BatchManifest: Sendable {
    /// The manifest's name in messages (the path as given).
    public var file: String
    /// Every job in manifest order, `defaults` applied and paths resolved; never empty once
    /// loaded.
    public var jobs: [BatchJob]

    /// The top-level fields of a manifest file.
    static let fields = ["defaults", "jobs"]

    /// Fields a job (or `defaults`) may have: every request field a manifest can set (see
    /// `RenderRequest.declarations`), in the order of `RenderRequest.Field`.
    package static let jobFields = RenderRequest.Field.allCases.filter { field in
        RenderRequest.declarations.contains { $0.field == field && $0.manifest != nil }
    }.map(\.rawValue) + ["compose"]

    /// A manifest from jobs built elsewhere; none of the rules above is checked.
    public init(file: String, jobs: [BatchJob]) {
        self.file = file
        self.jobs = jobs
    }

    /// Reads and decodes the manifest at `path`.
    ///
    /// - Parameters:
    ///   - path: the manifest file (JSON or YAML); its job paths resolve against its folder.
    ///   - allowingNoJobs: whether `jobs: []` is a manifest (a golden-test run, which
    ///     then fails as one that compared nothing) rather than a problem of the file.
    /// - Throws: `Diagnostic` when the file cannot be read or parsed; `DiagnosticList` with
    ///   every problem of its fields, each with its path (`jobs[3].pressd: unknown field …`).
    public static func load(_ path: String, allowingNoJobs: Bool = false) throws -> BatchManifest {
        let bytes = try FileAccess.read(path)
        return try decode(bytes, file: FilePath.shown(path), baseDirectory: FilePath.folder(of: path), allowingNoJobs: allowingNoJobs)
    }

    /// Decodes manifest bytes (JSON or YAML); relative paths resolve against `baseDirectory`.
    ///
    /// - Throws: as `load`.
    package static func decode(_ bytes: [UInt8], file: String, baseDirectory: String, allowingNoJobs: Bool = false) throws -> BatchManifest {
        let (jobs, problems) = try read(bytes, file: file, baseDirectory: baseDirectory, allowingNoJobs: allowingNoJobs)
        if !problems.isEmpty { throw DiagnosticList(problems) }
        return BatchManifest(file: file, jobs: jobs)
    }

    /// Decodes what can be decoded: the jobs whose fields hold no problem, and every problem
    /// found, so `validate` can go on to check those jobs in the same run.
    ///
    /// - Throws: `Diagnostic` only when the bytes do not parse as JSON or YAML.
    static func read(_ bytes: [UInt8], file: String, baseDirectory: String, allowingNoJobs: Bool = false) throws -> (jobs: [BatchJob], problems: [Diagnostic]) {
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
                    if items.isEmpty && !allowingNoJobs { reader.error("jobs", "the list of jobs is empty") }
                    var outputs: [String: Int] = [:]
                    for (i, item) in items.enumerated() {
                        let path = reader.join("jobs", i)
                        let own = JobFields.read(item, path, reader)
                        guard own.isMapping else { continue }
                        let fields = defaults.overlaid(by: own)
                        guard let job = fields.job(index: i, path: path, reader: reader, baseDirectory: baseDirectory) else { continue }
                        let key = BatchManifest.canonicalOutput(job.output) + (job.compose?.setNamesKey ?? "")
                        if let first = outputs[key] {
                            reader.error(reader.join(path, "output"), "\(Diagnostic.quote(job.outputAsWritten)) is also the output of jobs[\(first)]")
                        } else {
                            outputs[key] = i
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
    package static func canonicalOutput(_ path: String) -> String {
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

/// The fields one mapping of a manifest sets, each remembered with its field path; what
/// each field is and how it is read is its `RenderRequest.declarations` line.
struct JobFields {
    /// One field as set: where, and the change it makes to a request.
    struct Setting {
        var path: String
        var set: RequestSetter
    }

    var settings: [RenderRequest.Field: Setting] = [:]
    /// The `compose` block, when there is one.
    var compose: ComposeJobFields?
    /// False when the manifest gave something other than a mapping (already reported).
    var isMapping = true

    static func read(_ document: Document, _ path: String, _ reader: FieldReader) -> JobFields {
        var result = JobFields()
        guard let fields = reader.fields(document, path, known: BatchManifest.jobFields) else {
            result.isMapping = false
            return result
        }
        // Only types are read here; what the values may be is `RenderRequest.problems()`'s rule.
        for declaration in RenderRequest.declarations {
            guard let read = declaration.manifest, let value = fields[declaration.field.rawValue] else { continue }
            let fieldPath = reader.join(path, declaration.field.rawValue)
            if let set = read(value, fieldPath, reader) { result.settings[declaration.field] = Setting(path: fieldPath, set: set) }
        }
        if let value = fields["compose"] { result.compose = ComposeJobFields.read(value, reader.join(path, "compose"), reader) }
        return result
    }

    /// `self` with every field `job` sets replaced; canvas fields are replaced as a group.
    func overlaid(by job: JobFields) -> JobFields {
        var merged = self
        if job.settings[.device] != nil || job.settings[.width] != nil {
            for field in RenderRequest.canvasFields { merged.settings[field] = nil }
        }
        merged.settings.merge(job.settings) { _, own in own }
        if let compose = job.compose { merged.compose = (merged.compose ?? ComposeJobFields()).overlaid(by: compose) }
        return merged
    }

    /// Where the field that `RenderRequest.Field` names was set, e.g. `defaults.scale`.
    func path(of field: RenderRequest.Field) -> String? {
        settings[field]?.path
    }

    /// The job these merged fields describe, or nil after recording why there is none.
    /// Field values are checked by `RenderRequest.problems()`, located where each was set.
    func job(index: Int, path: String, reader: FieldReader, baseDirectory: String) -> BatchJob? {
        guard settings[.output] != nil else {
            reader.error(reader.join(path, "output"), "missing field (every job needs an output file, in the job or in defaults)")
            return nil
        }
        var request = RenderRequest()
        for field in RenderRequest.Field.allCases { settings[field]?.set(&request) }
        guard let output = request.output else { return nil }
        if settings[.layout] != nil { request.layout = Reference.resolved(request.layout, against: baseDirectory) }
        if settings[.theme] != nil { request.theme = Reference.resolved(request.theme, against: baseDirectory) }
        if settings[.darkTheme] != nil, let dark = request.darkTheme { request.darkTheme = Reference.resolved(dark, against: baseDirectory) }
        if let compose {
            request.output = nil
            return composeJob(compose, keyboard: request, output: output, index: index, path: path, reader: reader, baseDirectory: baseDirectory)
        }
        let problems = request.problems()
        for problem in problems {
            reader.error(self.path(of: problem.field) ?? reader.join(path, problem.field.rawValue), problem.reason)
        }
        guard problems.isEmpty else { return nil }
        request.values = request.values.map { value in
            value.hasPrefix("/") ? value : FilePath.joined(baseDirectory, value)
        }
        request.localeTexts = request.localeTexts.map { $0.hasPrefix("/") ? $0 : FilePath.joined(baseDirectory, $0) }
        request.output = output.hasPrefix("/") ? output : FilePath.joined(baseDirectory, output)
        return BatchJob(index: index, request: request, outputAsWritten: output, fieldPaths: settings.mapValues(\.path))
    }
}
