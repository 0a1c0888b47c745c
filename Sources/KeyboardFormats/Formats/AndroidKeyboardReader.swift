import KeyboardModel

/// Reads Android keyboard files (`res/xml/*.xml`) with their values files (docs/android-xml.md).
enum AndroidKeyboardReader {
    /// Reads the keyboard of `input`, with the values of every `*.xml` in the sibling values
    /// folder when the file sits in a folder named `xml` (`res/xml/pad.xml` →
    /// `res/values/*.xml`, in name order; only with the `siblingValues` option), and of each
    /// file of the `values` option.
    ///
    /// - Throws: `Diagnostic`/`DiagnosticList` naming the file and field for unreadable or
    ///   unsafe files, a duplicate resource, an unresolved reference or a bad attribute; a
    ///   problem in a sibling values file says why that file was read.
    static func read(_ input: LayoutInput) throws -> LoadedLayout {
        let (path, display, valuesFiles, siblingValues) = (input.path, input.display, input.options.values, input.options.siblingValues)
        let bytes = try input.bytes()
        var values = AndroidValues()
        var sources: [(path: String, display: String, sibling: Bool)] = []
        var siblingDisplay: String?
        // The values folder's files are found, not named: they must lie in the res folder.
        var resFolder: String?
        if siblingValues, let sibling = siblingValuesFolder(path: path, display: display) {
            siblingDisplay = sibling.display
            let res = FilePath.standardized(FilePath.parent(sibling.path))
            resFolder = res.isEmpty ? "." : res
            let names = input.files.names(inFolder: sibling.path)
                .filter { $0.lowercased().hasSuffix(".xml") && !$0.hasPrefix(".") }.sorted()
            sources += names.map { (sibling.path + "/" + $0, sibling.display + "/" + $0, true) }
        }
        sources += valuesFiles.map { ($0, $0, false) }
        if sources.count > Limits.maxValuesFiles {
            throw Diagnostic(file: display, path: "", reason: "\(sources.count) values files; the limit is \(Limits.maxValuesFiles)")
        }
        for source in sources {
            do {
                try values.add(try input.files.read(source.path, display: source.display, confinedTo: source.sibling ? resFolder : nil), file: source.display)
            } catch var diagnostic as Diagnostic where source.sibling {
                diagnostic.reason += " (read because it is in the values folder beside the xml folder of \(display); --no-sibling-values reads only --values files)"
                throw diagnostic
            }
        }
        values.sourceDescription = describe(read: (siblingDisplay.map { [$0] } ?? []) + valuesFiles, siblingValues: siblingValues)
        var name = String(display[(display.lastIndex(of: "/").map { display.index(after: $0) } ?? display.startIndex)...])
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        let decoded = try AndroidKeyboardDecoder.decode(bytes, file: display, name: name, values: values)
        return LoadedLayout(source: .androidXML(decoded.keyboard), format: .androidXML, file: display, warnings: decoded.warnings)
    }

    /// Which values files a reference could have been found in, for its message.
    static func describe(read: [String], siblingValues: Bool) -> String {
        if read.isEmpty {
            return "any values file: none was read (" + (siblingValues
                ? "only a file in res/xml reads the res/values beside it"
                : "--no-sibling-values") + "; give --values FILE)"
        }
        return read.joined(separator: " or ")
    }

    /// The values folder beside the file's `xml` folder (`res/xml/pad.xml` → `res/values`),
    /// as a path and as messages name it; nil when the file is not in a folder named `xml`
    /// or the values folder does not exist.
    static func siblingValuesFolder(path: String, display: String) -> (path: String, display: String)? {
        let folder = FilePath.parent(path)
        guard FilePath.lastComponent(FilePath.standardized(FilePath.absolute(folder.isEmpty ? "." : folder))) == "xml" else { return nil }
        let valuesFolder = (folder.isEmpty ? "." : folder) + "/../values"
        guard FileSystemQueries.isDirectory(valuesFolder) else { return nil }
        let displayFolder = FilePath.parent(display)
        let displayRes = displayFolder.isEmpty || displayFolder == "." ? ".." : FilePath.parent(displayFolder)
        return (valuesFolder, displayRes.isEmpty ? "values" : displayRes + "/values")
    }
}
