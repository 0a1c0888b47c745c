import KeyboardFormats
import KeyboardModel
import KeyboardRenderer

/// The `compose` block of a manifest job (or of `defaults`): the fields of `compose` other
/// than the output, spelled as `ComposeRequest.Field` (`statusBar`, `captionSize`), each read
/// by its declaration as the command line reads its option. A job with a `compose` block is a
/// store screenshot of the keyboard its other fields describe, written to its `output` (a
/// folder for a `captions` set); it is sharded and reported like any other job.
struct ComposeJobFields {
    /// One field as set: where, and the change it makes.
    struct Setting {
        var path: String
        var set: ComposeFieldDeclaration.Setter
    }

    var settings: [ComposeRequest.Field: Setting] = [:]

    /// The fields a `compose` block may have.
    static let fields = ComposeRequest.declarations.map(\.field).filter { $0 != .output }.map(\.rawValue)

    /// Reads a `compose` block, recording every problem with its path.
    static func read(_ document: Document, _ path: String, _ reader: FieldReader) -> ComposeJobFields {
        var result = ComposeJobFields()
        guard let fields = reader.fields(document, path, known: Self.fields) else { return result }
        for declaration in ComposeRequest.declarations {
            guard let value = fields[declaration.field.rawValue] else { continue }
            let fieldPath = reader.join(path, declaration.field.rawValue)
            guard let text = reader.string(value, fieldPath) else { continue }
            switch declaration.read(text) {
            case .success(let set): result.settings[declaration.field] = Setting(path: fieldPath, set: set)
            case .failure(let problem): reader.error(fieldPath, problem.reason)
            }
        }
        return result
    }

    /// `self` with every field `job` sets replaced.
    func overlaid(by job: ComposeJobFields?) -> ComposeJobFields {
        guard let job else { return self }
        var merged = self
        merged.settings.merge(job.settings) { _, own in own }
        return merged
    }

    /// The request of a job drawing `keyboard` into `output` (resolved), with the block's
    /// paths resolved against `baseDirectory`; nil after recording its problems.
    func request(keyboard: RenderRequest, output: String, baseDirectory: String, jobPath: String, reader: FieldReader) -> ComposeRequest? {
        var request = ComposeRequest()
        for field in ComposeRequest.Field.allCases { settings[field]?.set(&request) }
        request.keyboard = keyboard
        request.output = output
        request = request.resolvingPaths(against: baseDirectory)
        let problems = request.problems()
        for problem in problems {
            reader.error(place(of: problem, jobPath: jobPath), problem.reason)
        }
        return problems.isEmpty ? request : nil
    }

    /// The field path in the manifest of a problem whose origin is a request field.
    func place(of problem: Diagnostic, jobPath: String) -> String {
        guard case .requestField(let name, _) = problem.origin else { return jobPath }
        if let field = ComposeRequest.Field.allCases.first(where: { $0.optionName == name }) {
            return settings[field]?.path ?? (field == .output ? jobPath + ".output" : jobPath + ".compose." + field.rawValue)
        }
        return jobPath + "." + name
    }
}

extension ComposeRequest {
    /// The request with every relative path it names (app, captions, frame file, background
    /// image, caption font file, frames JSON) joined to `folder`.
    package func resolvingPaths(against folder: String) -> ComposeRequest {
        func resolved(_ path: String) -> String { path.hasPrefix("/") || FileAccess.isStandardOutput(path) ? path : FilePath.joined(folder, path) }
        var request = self
        request.app = app.map(resolved)
        request.captions = captions.map(resolved)
        request.framesOut = framesOut.map(resolved)
        if case .file(let path) = frame { request.frame = .file(resolved(path)) }
        if case .image(let path) = background { request.background = .image(resolved(path)) }
        if let font = captionFont, ComposeFiles.isFontFile(font) { request.captionFont = resolved(font) }
        return request
    }

    /// Beside its output, what two jobs may not share: nothing more for an image; for a set,
    /// the names its files take in its folder (layout kind, store or size, orientation, name
    /// and number), so two stores' sets may share fastlane's folder.
    var setNamesKey: String {
        guard isSet else { return "" }
        let canvas = store?.name ?? size.map { "\($0.width)x\($0.height)" } ?? "device"
        return "\u{0}\(layoutKind.rawValue) \(canvas) \(keyboard.orientation.rawValue) \(name) \(number)"
    }
}

extension JobFields {
    /// The job of a `compose` block: its keyboard (`keyboard`, without an output) checked as a
    /// render's fields are, then the screenshot's fields; nil after recording the problems.
    func composeJob(_ compose: ComposeJobFields, keyboard: RenderRequest, output: String, index: Int, path: String, reader: FieldReader, baseDirectory: String) -> BatchJob? {
        var keyboard = keyboard
        let problems = keyboard.problems()
        for problem in problems {
            reader.error(self.path(of: problem.field) ?? reader.join(path, problem.field.rawValue), problem.reason)
        }
        guard problems.isEmpty else { return nil }
        keyboard.values = keyboard.values.map { $0.hasPrefix("/") ? $0 : FilePath.joined(baseDirectory, $0) }
        let resolved = output.hasPrefix("/") ? output : FilePath.joined(baseDirectory, output)
        guard let screenshot = compose.request(keyboard: keyboard, output: resolved, baseDirectory: baseDirectory, jobPath: path, reader: reader) else { return nil }
        var job = BatchJob(index: index, request: keyboard, outputAsWritten: output, fieldPaths: settings.mapValues(\.path), compose: screenshot)
        job.composePaths = Dictionary(uniqueKeysWithValues: compose.settings.map { ($0.key.optionName, $0.value.path) })
        return job
    }
}

extension BatchJob {
    /// The messages of a compose job's failure: a problem of a request field is placed at the
    /// manifest field that set it (`m.yaml: jobs[2].compose.captionSize: …`).
    package func composeMessages(for error: Error, in file: String) -> [String]? {
        guard compose != nil else { return nil }
        let diagnostics = Validator.diagnostics(of: error, file: outputAsWritten)
        return diagnostics.map { diagnostic in
            guard case .requestField(let name, _) = diagnostic.origin else { return diagnostic.description }
            if let field = RenderRequest.Field(rawValue: name) { return locate(RequestError(field: field, reason: diagnostic.reason), in: file).description }
            let path = composePaths[name] ?? "jobs[\(index)].compose.\(ComposeRequest.Field.allCases.first { $0.optionName == name }?.rawValue ?? name)"
            return Diagnostic(file: file, path: path, reason: diagnostic.reason).description
        }
    }
}
