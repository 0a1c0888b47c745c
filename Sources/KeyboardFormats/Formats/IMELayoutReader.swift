import KeyboardModel

/// Reads HeliBoard and FlorisBoard layout files with what they need beside them (docs/android-imes.md):
/// the mode from the file's folder, and for FlorisBoard its package's `extension.json` and mods.
enum IMELayoutReader {
    /// Whether the file is a `.json` file whose top level is a list.
    static func isList(_ input: LayoutInput) -> Bool {
        guard let bytes = try? input.bytes() else { return false }
        return LenientJSON.isList(bytes)
    }

    /// `name` in the folder messages call `folder` (`""`: the working folder), lexically.
    static func shown(_ folder: String, _ name: String) -> String {
        folder.isEmpty || folder == "." ? name : folder + "/" + name
    }

    /// Reads the layout of `input` for `source`, in the mode of its folder or the one the
    /// options ask for.
    ///
    /// - Throws: a `Diagnostic` of the request field `imeMode` for a mode the app has not;
    ///   the files' `Diagnostic`/`DiagnosticList` naming the file and the row and key, a `+`
    ///   layout, or a missing mod.
    static func read(_ input: LayoutInput, source: IMESource) throws -> LoadedLayout {
        let name = FilePath.stem(input.path)
        let folderName = FilePath.lastComponent(FilePath.folder(of: FilePath.absolute(input.path)))
        var mode = source.mode(ofFolder: folderName)
        if let imeMode = input.options.imeMode {
            guard let asked = source.mode(named: imeMode) else {
                let names = source.modes.map(\.rawValue)
                throw Diagnostic(origin: .requestField("imeMode"), reason: "\(Diagnostic.quote(imeMode)) is not a \(source == .heliboard ? "HeliBoard" : "FlorisBoard") mode; the modes are \(names.joined(separator: ", "))" + FieldReader.didYouMean(imeMode, in: names))
            }
            mode = asked
        }
        if name.contains("+") {
            throw Diagnostic(file: input.display, path: "", reason: "a layout whose name holds + (\(Diagnostic.quote(name))) takes extra keys from its language's key file, which is not read; give the layout without the +")
        }
        let bytes = try input.bytes()
        var keyboard: IMEKeyboard
        var texts = IMELocaleTexts()
        switch source {
        case .heliboard:
            let locale = input.options.locale ?? HeliBoardLocales.defaultLocale(forLayout: name)
            let direction = locale.map(HeliBoardLocales.isRightToLeft) == true ? "rtl" : "ltr"
            keyboard = try HeliBoardReader.read(bytes, file: input.display, name: name, mode: mode, direction: direction)
            keyboard.locale = locale
            texts = locale.flatMap(HeliBoardLocales.builtinTexts) ?? texts
        case .florisboard:
            (keyboard, texts) = try florisBoardKeyboard(bytes, input: input, name: name, mode: mode)
        }
        if let file = input.options.localeTexts {
            texts = try IMELocaleTexts.read(try input.files.read(file, display: FilePath.shown(file)), file: FilePath.shown(file))
        }
        applyLocaleTexts(texts, to: &keyboard, numberRow: input.options.numberRow)
        return LoadedLayout(source: .ime(keyboard), format: source == .heliboard ? .heliboard : .florisboard, file: input.display)
    }

    /// A FlorisBoard layout merged with its package's mods, with the texts of its locale
    /// (`--locale`, else the one the presets preferring the layout share): the preset's
    /// currency set on the currency slots, its popup mapping's popups, and its number row
    /// when the layout's package holds it.
    ///
    /// - Throws: the files' diagnostics, those of the extensions read and of the popup mapping.
    static func florisBoardKeyboard(_ bytes: [UInt8], input: LayoutInput, name: String, mode: IMEMode) throws -> (IMEKeyboard, IMELocaleTexts) {
        let found = FlorisBoardPackage.of(input)
        let package = FlorisBoardPackage(found, input: input)
        let localization = try FlorisBoardLocalization.around(found, input: input)
        let packageID = found.flatMap { if case let .scalar(id, _)? = $0.manifest["meta"]?["id"] { return id } else { return nil } }
            ?? "org.florisboard.layouts"
        let layout = "\(packageID):\(name)"
        let locale = input.options.locale ?? localization.defaultLocale(layout: layout, type: mode.rawValue)
        let preset = locale.flatMap { localization.preset(for: $0, layout: layout, type: mode.rawValue) }
        let numericRow = preset?.preferred["numericRow"].flatMap { $0.hasPrefix(packageID + ":") ? String($0.dropFirst(packageID.count + 1)) : nil }
        var keyboard = try package.keyboard(bytes, name: name, mode: mode, numberRow: input.options.numberRow, numericRow: numericRow)
        keyboard.locale = locale
        var texts = IMELocaleTexts()
        if let preset {
            texts.labels = localization.currencyLabels(of: preset)
            if let file = preset.popupMapping.flatMap({ localization.popupMappings[$0] }), FlorisBoardPackage.isFile(file.path) {
                let direction = locale.map(HeliBoardLocales.isRightToLeft) == true ? "rtl" : "ltr"
                texts.popups = try FlorisBoardLocalization.popups(try input.files.read(file.path, display: file.display), file: file.display, direction: direction)
            }
        }
        return (keyboard, texts)
    }
}

extension IMELayoutReader {
    /// Gives `keyboard` its locale's key texts (`--locale-texts FILE`, else the built-in texts
    /// of its locale): the mode and punctuation keys' labels, the popups (kept, not drawn),
    /// and — on HeliBoard's letters with the number row asked for — the number row (the
    /// locale's digits, else 1…9, 0) above the first row.
    static func applyLocaleTexts(_ texts: IMELocaleTexts, to keyboard: inout IMEKeyboard, numberRow: Bool) {
        keyboard.localeLabels = texts.labels
        keyboard.popups = texts.popups
        guard keyboard.source == .heliboard, keyboard.mode == .main, numberRow else { return }
        let digits = texts.numberRow ?? ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"]
        keyboard.rows.insert(digits.enumerated().map { IMEKey(label: $1, path: "number_row[\($0)]") }, at: 0)
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

    /// The files the package may be read through.
    let files: any FormatFiles

    /// A package: its folder and its parsed `extension.json`.
    typealias Found = (path: String, manifest: Document)

    /// The package of a FlorisBoard layout (the folder above its folder) when it holds a
    /// keyboard extension's `extension.json`.
    static func of(_ input: LayoutInput) -> Found? {
        let folder = FilePath.folder(of: input.path)
        let package = FilePath.folder(of: folder)
        let manifest = FilePath.joined(package, "extension.json")
        guard isFile(manifest), let bytes = try? input.files.read(manifest, display: manifest, confinedTo: package),
              let document = FlorisBoardReader.keyboardExtension(bytes) else { return nil }
        return (package, document)
    }

    /// Whether `path` names something that is not a folder.
    static func isFile(_ path: String) -> Bool {
        FileSystemQueries.exists(path) && !FileSystemQueries.isDirectory(path)
    }

    /// The package `package` found for the layout of `input`.
    init(_ package: Found?, input: LayoutInput) {
        display = input.display
        files = input.files
        folder = package.map { ($0.path, FilePath.parent(FilePath.parent(input.display))) }
        manifest = package?.manifest
    }

    /// The keyboard of `mode`: the layout's rows merged with its mod (and the number row for
    /// the symbols: the package's `numericRow` file of the preset's name, else of the layout's,
    /// else the default), selectors resolved in the package entry's direction.
    ///
    /// - Throws: the files' diagnostics; a missing mod named by the entry's `modifier`.
    func keyboard(_ bytes: [UInt8], name: String, mode: IMEMode, numberRow: Bool = false, numericRow numericRowName: String? = nil) throws -> IMEKeyboard {
        var entry = FlorisBoardReader.Entry.none
        var manifestDisplay = "extension.json"
        if let folder, let manifest {
            manifestDisplay = IMELayoutReader.shown(folder.display, "extension.json")
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
        let numericRow = mode == .symbols || (mode == .characters && numberRow)
            ? try rows(in: FlorisBoardReader.numericRowFolder, names: [numericRowName, name].compactMap { $0 }, required: false, mode: mode, direction: direction, manifest: manifestDisplay, name: name)
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
            guard Self.isFile(path) else { continue }
            let display = IMELayoutReader.shown(folder.display, "\(modFolder)/\(candidate).json")
            return try FlorisBoardReader.rows(try files.read(path, display: display, confinedTo: folder.path), file: display, mode: mode, direction: direction)
        }
        if required {
            throw Diagnostic(file: manifest, path: "layouts.\(mode.rawValue)", reason: "the mod \(Diagnostic.quote(names.first ?? "")) of \(Diagnostic.quote(name)) is missing: no file \(modFolder)/\(names.first ?? "").json in the package")
        }
        return FlorisBoardReader.builtinMod(inFolder: modFolder) ?? []
    }
}
