import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// Reads HeliBoard and FlorisBoard layout files with what they need beside them (docs/android-imes.md):
/// which app a file is for, its mode from its folder, and for FlorisBoard its package's
/// `extension.json` and mods.
enum IMELayoutLoader {
    /// The app whose layout `path` is, or nil for a file of no app.
    ///
    /// `format` is the reference's prefix (`heliboard`, `florisboard`), which decides. Without
    /// one, a `.txt` file is HeliBoard's; a `.json` file whose top level is a list is
    /// FlorisBoard's when the folder above its folder holds a keyboard extension's
    /// `extension.json`, else HeliBoard's.
    static func source(of path: String, format: String?) -> IMESource? {
        detect(path, format: format)?.source
    }

    /// What `source(of:format:)` finds, with the FlorisBoard package it read on the way (its
    /// folder and parsed `extension.json`), so the package is read once.
    static func detect(_ path: String, format: String?) -> (source: IMESource, package: Package?)? {
        switch format {
        case "heliboard"?: return (.heliboard, nil)
        case "florisboard"?: return (.florisboard, package(of: path))
        default: break
        }
        switch FilePath.pathExtension(path).lowercased() {
        case "txt": return (.heliboard, nil)
        case "json":
            guard let bytes = try? FileAccess.read(path), LenientJSON.isList(bytes) else { return nil }
            let found = package(of: path)
            return found != nil ? (.florisboard, found) : (.heliboard, nil)
        default:
            return nil
        }
    }

    /// A FlorisBoard package: its folder and its parsed `extension.json`.
    typealias Package = (path: String, manifest: Document)

    /// The package of a FlorisBoard layout (the folder above its folder) when it holds a
    /// keyboard extension's `extension.json`.
    static func package(of path: String) -> Package? {
        let folder = FilePath.folder(of: path)
        let package = FilePath.folder(of: folder)
        let manifest = FilePath.joined(package, "extension.json")
        guard isFile(manifest), let bytes = try? FileAccess.read(manifest),
              let document = FlorisBoardReader.keyboardExtension(bytes) else { return nil }
        return (package, document)
    }

    /// Whether `path` names something that is not a folder.
    static func isFile(_ path: String) -> Bool {
        FileSystemQueries.exists(path) && !FileSystemQueries.isDirectory(path)
    }

    /// `name` in the folder messages call `folder` (`""`: the working folder), lexically.
    static func shown(_ folder: String, _ name: String) -> String {
        folder.isEmpty || folder == "." ? name : folder + "/" + name
    }

    /// Loads the layout at `path` (`display` in messages) for `source`.
    ///
    /// - Parameter imeMode: the mode asked for (`--ime-mode`); nil takes the folder's.
    /// - Throws: `RequestError` of `imeMode` for a mode the app has not; the files'
    ///   `Diagnostic`/`DiagnosticList` naming the file and the row and key, a `+` layout, or a
    ///   missing mod.
    static func load(path: String, display: String, source: IMESource, package: Package?, imeMode: String?) throws -> LoadedLayout {
        let name = FilePath.stem(path)
        let folderName = FilePath.lastComponent(FilePath.folder(of: FilePath.absolute(path)))
        var mode = source.mode(ofFolder: folderName)
        if let imeMode {
            guard let asked = source.mode(named: imeMode) else {
                let names = source.modes.map(\.rawValue)
                throw RequestError(field: .imeMode, reason: "\(Diagnostic.quote(imeMode)) is not a \(source == .heliboard ? "HeliBoard" : "FlorisBoard") mode; the modes are \(names.joined(separator: ", "))" + FieldReader.didYouMean(imeMode, in: names))
            }
            mode = asked
        }
        if name.contains("+") {
            throw Diagnostic(file: display, path: "", reason: "a layout whose name holds + (\(Diagnostic.quote(name))) takes extra keys from its language's key file, which is not read; give the layout without the +")
        }
        let bytes = try FileAccess.read(path, displayName: display)
        let keyboard: IMEKeyboard
        switch source {
        case .heliboard:
            keyboard = try HeliBoardReader.read(bytes, file: display, name: name, mode: mode)
        case .florisboard:
            keyboard = try FlorisBoardPackage(package, display: display).keyboard(bytes, name: name, mode: mode)
        }
        let layout = Layout(name: name, kind: mode.layoutKind, shuffle: false, keys: [], portrait: Geometry(sizing: .height(1), rows: []))
        var loaded = LoadedLayout(layout: layout, file: display, warnings: [])
        loaded.ime = keyboard
        return loaded
    }
}

/// A FlorisBoard layout's package: the folder above the layout's folder, with its
/// `extension.json` and mod folders; a layout in no package takes the built-in mods.
struct FlorisBoardPackage {
    /// The package folder and how messages name it; nil for a layout in no package.
    let folder: (path: String, display: String)?
    /// The package's parsed `extension.json`; nil for a layout in no package.
    let manifest: Document?
    /// The layout file as messages name it.
    let display: String

    /// The package `package` found for the layout `display` names.
    init(_ package: IMELayoutLoader.Package?, display: String) {
        self.display = display
        folder = package.map { ($0.path, AndroidKeyboardLoader.parent(AndroidKeyboardLoader.parent(display))) }
        manifest = package?.manifest
    }

    /// The keyboard of `mode`: the layout's rows merged with its mod (and the number row for
    /// the symbols), selectors resolved in the package entry's direction.
    ///
    /// - Throws: the files' diagnostics; a missing mod named by the entry's `modifier`.
    func keyboard(_ bytes: [UInt8], name: String, mode: IMEMode) throws -> IMEKeyboard {
        var entry = FlorisBoardReader.Entry.none
        var manifestDisplay = "extension.json"
        if let folder, let manifest {
            manifestDisplay = IMELayoutLoader.shown(folder.display, "extension.json")
            entry = try FlorisBoardReader.entry(manifest, file: manifestDisplay, type: mode.rawValue, id: name)
        }
        let direction = entry.direction
        let main = try FlorisBoardReader.rows(bytes, file: display, mode: mode, direction: direction)
        var mod: [[IMEKey]]?
        if let modFolder = FlorisBoardReader.modFolder(of: mode) {
            var names = mode == .characters ? [] : [name]
            if let modifier = entry.modifierName {
                guard entry.modifierPackage == entry.packageID else {
                    throw Diagnostic(file: manifestDisplay, path: "layouts.\(mode.rawValue)", reason: "the mod \(Diagnostic.quote("\(entry.modifierPackage ?? ""):\(modifier)")) of \(Diagnostic.quote(name)) is in another package, which is not read")
                }
                names = [modifier]
            }
            mod = try rows(in: modFolder, names: names, required: entry.modifierName != nil, mode: mode, direction: direction, manifest: manifestDisplay, name: name)
        }
        let numericRow = mode == .symbols
            ? try rows(in: FlorisBoardReader.numericRowFolder, names: [name], required: false, mode: mode, direction: direction, manifest: manifestDisplay, name: name)
            : nil
        return FlorisBoardReader.assemble(name: name, mode: mode, main: main, numericRow: numericRow, mod: mod)
    }

    /// The rows of the first of `names` the package's `folder` holds, else of the folder's
    /// default mod, else the built-in one.
    ///
    /// - Throws: a missing mod when `required` (the entry named it) and the package lacks it.
    func rows(in modFolder: String, names: [String], required: Bool, mode: IMEMode, direction: String, manifest: String, name: String) throws -> [[IMEKey]] {
        let fallback = FlorisBoardReader.defaultModName(inFolder: modFolder)
        for candidate in required ? names : names + [fallback] {
            guard let folder, !candidate.contains("/"), !candidate.hasPrefix(".") else { continue }
            let path = FilePath.joined(folder.path, "\(modFolder)/\(candidate).json")
            guard IMELayoutLoader.isFile(path) else { continue }
            let display = IMELayoutLoader.shown(folder.display, "\(modFolder)/\(candidate).json")
            return try FlorisBoardReader.rows(try FileAccess.read(path, displayName: display), file: display, mode: mode, direction: direction)
        }
        if required {
            throw Diagnostic(file: manifest, path: "layouts.\(mode.rawValue)", reason: "the mod \(Diagnostic.quote(names.first ?? "")) of \(Diagnostic.quote(name)) is missing: no file \(modFolder)/\(names.first ?? "").json in the package")
        }
        return FlorisBoardReader.builtinMod(inFolder: modFolder) ?? []
    }
}
