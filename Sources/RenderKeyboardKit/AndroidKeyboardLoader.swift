import Foundation

/// Reads Android keyboard files (`res/xml/*.xml`) with their values files (SPEC §8).
public enum AndroidKeyboardLoader {
    /// Whether `reference` names an Android keyboard file by its extension.
    public static func isAndroidKeyboardFile(_ reference: String) -> Bool {
        reference.lowercased().hasSuffix(".xml")
    }

    /// Loads the keyboard at `path` (`display` in messages), with the values of every
    /// `values/*.xml` beside its folder (`res/xml/pad.xml` → `res/values/*.xml`, in name
    /// order) and of each file in `valuesFiles`.
    ///
    /// - Throws: `Diagnostic`/`DiagnosticList` naming the file and field for unreadable or
    ///   unsafe files, a duplicate resource, an unresolved reference or a bad attribute.
    public static func load(path: String, display: String, valuesFiles: [String]) throws -> LoadedLayout {
        let bytes = try FileAccess.read(path, displayName: display)
        var values = AndroidValues()
        let folder = parent(path)
        let valuesFolder = (folder.isEmpty ? "." : folder) + "/../values"
        let displayFolder = parent(display)
        let displayRes = displayFolder.isEmpty || displayFolder == "." ? ".." : parent(displayFolder)
        let valuesDisplay = displayRes.isEmpty ? "values" : displayRes + "/values"
        var sources: [(path: String, display: String)] = []
        if FilePath.isDirectory(valuesFolder) {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: valuesFolder)) ?? [])
                .filter { $0.lowercased().hasSuffix(".xml") && !$0.hasPrefix(".") }.sorted()
            sources += names.map { (valuesFolder + "/" + $0, valuesDisplay + "/" + $0) }
        }
        sources += valuesFiles.map { ($0, $0) }
        if sources.count > AndroidValues.maxFiles {
            throw Diagnostic(file: display, path: "", reason: "\(sources.count) values files; the limit is \(AndroidValues.maxFiles)")
        }
        for source in sources {
            try values.add(try FileAccess.read(source.path, displayName: source.display), file: source.display)
        }
        values.sourceDescription = ([valuesDisplay] + valuesFiles).joined(separator: " or ")
        var name = String(display[(display.lastIndex(of: "/").map { display.index(after: $0) } ?? display.startIndex)...])
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        let decoded = try AndroidKeyboardDecoder.decode(bytes, file: display, name: name, values: values)
        // The weight-layout side stays empty; placement reads `android`.
        let layout = Layout(name: name, kind: .custom, shuffle: false, keys: [], portrait: Geometry(sizing: .height(1), rows: []))
        var loaded = LoadedLayout(layout: layout, file: display, warnings: decoded.warnings)
        loaded.android = decoded.keyboard
        return loaded
    }

    /// The folder part of `path` ("" for a bare file name, "/" for a file at the root).
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

extension Device {
    /// Why `name` is neither a preset nor a valid `WxH@D` pixel device, or nil when it is one.
    public static func nameProblem(_ name: String) -> String? {
        if named(name) != nil { return nil }
        if looksCustom(name), case .failure(let problem) = custom(name) { return problem.reason }
        let names = all.map(\.name)
        var reason = "\(Diagnostic.quote(name)) is not a device preset or a pixel device WxH@D (such as 1080x2340@2.625); presets: \(names.joined(separator: ", "))"
        reason += FieldReader.didYouMean(name, in: names)
        return reason
    }

    /// The device `name` names: a preset or `WxH@D`.
    ///
    /// - Throws: `RequestError` for the `device` field saying why it is neither.
    public static func resolve(_ name: String) throws -> Device {
        if let device = named(name) { return device }
        throw RequestError(field: .device, reason: nameProblem(name) ?? "is not a device")
    }
}
