import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// Reads Android keyboard files (`res/xml/*.xml`) with their values files (docs/android-xml.md).
public enum AndroidKeyboardLoader {
    /// Whether `reference` names an Android keyboard file by its extension.
    public static func isAndroidKeyboardFile(_ reference: String) -> Bool {
        reference.lowercased().hasSuffix(".xml")
    }

    /// Loads the keyboard at `path` (`display` in messages), with the values of every
    /// `*.xml` in the sibling values folder when the file sits in a folder named `xml`
    /// (`res/xml/pad.xml` → `res/values/*.xml`, in name order; only when `siblingValues`),
    /// and of each file in `valuesFiles`.
    ///
    /// - Throws: `Diagnostic`/`DiagnosticList` naming the file and field for unreadable or
    ///   unsafe files, a duplicate resource, an unresolved reference or a bad attribute; a
    ///   problem in a sibling values file says why that file was read.
    public static func load(path: String, display: String, valuesFiles: [String], siblingValues: Bool = true) throws -> LoadedLayout {
        let bytes = try FileAccess.read(path, displayName: display)
        var values = AndroidValues()
        var sources: [(path: String, display: String, sibling: Bool)] = []
        var siblingDisplay: String?
        if siblingValues, let sibling = siblingValuesFolder(path: path, display: display) {
            siblingDisplay = sibling.display
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: sibling.path)) ?? [])
                .filter { $0.lowercased().hasSuffix(".xml") && !$0.hasPrefix(".") }.sorted()
            sources += names.map { (sibling.path + "/" + $0, sibling.display + "/" + $0, true) }
        }
        sources += valuesFiles.map { ($0, $0, false) }
        if sources.count > AndroidValues.maxFiles {
            throw Diagnostic(file: display, path: "", reason: "\(sources.count) values files; the limit is \(AndroidValues.maxFiles)")
        }
        for source in sources {
            do {
                try values.add(try FileAccess.read(source.path, displayName: source.display), file: source.display)
            } catch var diagnostic as Diagnostic where source.sibling {
                diagnostic.reason += " (read because it is in the values folder beside the xml folder of \(display); --no-sibling-values reads only --values files)"
                throw diagnostic
            }
        }
        let read = (siblingDisplay.map { [$0] } ?? []) + valuesFiles
        if read.isEmpty {
            values.sourceDescription = "any values file: none was read (" + (siblingValues
                ? "only a file in res/xml reads the res/values beside it"
                : "--no-sibling-values") + "; give --values FILE)"
        } else {
            values.sourceDescription = read.joined(separator: " or ")
        }
        var name = String(display[(display.lastIndex(of: "/").map { display.index(after: $0) } ?? display.startIndex)...])
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        let decoded = try AndroidKeyboardDecoder.decode(bytes, file: display, name: name, values: values)
        // The weight-layout side stays empty; placement reads `android`.
        let layout = Layout(name: name, kind: .custom, shuffle: false, keys: [], portrait: Geometry(sizing: .height(1), rows: []))
        var loaded = LoadedLayout(layout: layout, file: display, warnings: decoded.warnings)
        loaded.android = decoded.keyboard
        return loaded
    }

    /// The values folder beside the file's `xml` folder (`res/xml/pad.xml` → `res/values`),
    /// as a path and as messages name it; nil when the file is not in a folder named `xml`
    /// or the values folder does not exist.
    static func siblingValuesFolder(path: String, display: String) -> (path: String, display: String)? {
        let folder = parent(path)
        let absolute = URL(fileURLWithPath: folder.isEmpty ? "." : folder).standardizedFileURL
        guard absolute.lastPathComponent == "xml" else { return nil }
        let valuesFolder = (folder.isEmpty ? "." : folder) + "/../values"
        guard FileSystemQueries.isDirectory(valuesFolder) else { return nil }
        let displayFolder = parent(display)
        let displayRes = displayFolder.isEmpty || displayFolder == "." ? ".." : parent(displayFolder)
        return (valuesFolder, displayRes.isEmpty ? "values" : displayRes + "/values")
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
        let size = name.split(separator: "x", omittingEmptySubsequences: false)
        if !name.contains("@"), size.count == 2, size.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }) {
            return "\(Diagnostic.quote(name)) has no density: a pixel device is WxH@D, with D the pixels per point (such as \(name)@2.625)"
        }
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
