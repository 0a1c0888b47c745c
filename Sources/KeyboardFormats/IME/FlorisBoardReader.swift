import KeyboardModel

/// Reads FlorisBoard layouts and assembles them with their package's mods (docs/android-imes.md): the
/// layout's folder is its type, the folder above holds `extension.json` and the mod folders.
///
/// Whoever reads files finds the package and the mod files (`FlorisBoardReader.modFolder`,
/// `defaultModName`); this type only reads bytes.
package enum FlorisBoardReader {
    /// The entry of a layout in its package's `extension.json`.
    package struct Entry: Sendable, Hashable {
        /// The package's `meta.id` (`org.florisboard.layouts`).
        package var packageID: String
        /// The package of the mod the entry's `modifier` names (`org.florisboard.layouts` of
        /// `org.florisboard.layouts:arabic`); nil when the entry names none.
        package var modifierPackage: String?
        /// The name of that mod (`arabic`); nil when the entry names none.
        package var modifierName: String?
        /// `ltr` or `rtl` (the entry's `direction`; `ltr` when absent).
        package var direction: String

        /// An entry of no package: no mod, left to right.
        package static let none = Entry(packageID: "", modifierPackage: nil, modifierName: nil, direction: "ltr")
    }

    /// `bytes` parsed, when they are a keyboard extension's `extension.json`
    /// (`"$": "ime.extension.keyboard"`); nil for anything else.
    package static func keyboardExtension(_ bytes: [UInt8]) -> Document? {
        guard let document = try? Document.parse(bytes, file: "extension.json") else { return nil }
        if case .scalar("ime.extension.keyboard", _)? = document["$"] { return document }
        return nil
    }

    /// The entry of the layout `id` of type `type` (`characters`) in the package's
    /// `extension.json` (`document`, from `keyboardExtension`); an entry with no such layout
    /// gives the package's id, no modifier and left to right.
    ///
    /// - Throws: `DiagnosticList` naming the file and field for a package that cannot be read.
    package static func entry(_ document: Document, file: String, type: String, id: String) throws -> Entry {
        let reader = FieldReader(file: file)
        let entry = { () -> Entry in
            var entry = Entry.none
            if case let .scalar(packageID, _)? = document["meta"]?["id"] { entry.packageID = packageID }
            guard case let .sequence(items)? = document["layouts"]?[type] else { return entry }
            for (i, item) in items.enumerated() {
                guard case .scalar(id, _)? = item["id"] else { continue }
                let path = "layouts.\(type)[\(i)]"
                if let value = item["direction"], let direction = reader.string(value, path + ".direction") {
                    if direction == "ltr" || direction == "rtl" { entry.direction = direction } else {
                        reader.error(path + ".direction", "expected ltr or rtl, found \(Diagnostic.quote(direction))")
                    }
                }
                if let value = item["modifier"], let modifier = reader.string(value, path + ".modifier") {
                    let parts = modifier.split(separator: ":", maxSplits: 1).map(String.init)
                    if parts.count == 2, !parts[1].isEmpty { (entry.modifierPackage, entry.modifierName) = (parts[0], parts[1]) } else {
                        reader.error(path + ".modifier", "expected PACKAGE:NAME, found \(Diagnostic.quote(modifier))")
                    }
                }
                break
            }
            return entry
        }()
        try reader.throwIfFailed()
        return entry
    }

    /// The rows of one layout or mod file, selectors resolved for FlorisBoard's defaults in
    /// `mode` and `direction`.
    ///
    /// - Throws: `DiagnosticList` naming the file, row and key of every problem.
    package static func rows(_ bytes: [UInt8], file: String, mode: IMEMode, direction: String = "ltr") throws -> [[IMEKey]] {
        try FieldReader.decode(bytes, file: file) { document, reader in
            IMEKeyReader(reader: reader, selection: .init(source: .florisboard, mode: mode, direction: direction)).rows(document)
        }.value
    }

    /// The mod folder a mode's layouts are merged with, and the folder of the symbols' number
    /// row (docs/android-imes.md): characters `charactersMod`, symbols `symbolsMod` (after `numericRow`),
    /// symbols2 `symbols2Mod`; the other modes have none.
    package static func modFolder(of mode: IMEMode) -> String? {
        switch mode {
        case .characters: return "charactersMod"
        case .symbols: return "symbolsMod"
        case .symbols2: return "symbols2Mod"
        default: return nil
        }
    }

    /// The folder of the number row put above the symbols.
    package static let numericRowFolder = "numericRow"

    /// The mod every package has, and the number row every symbol layout takes unless the
    /// package has one of its name.
    package static func defaultModName(inFolder folder: String) -> String {
        folder == numericRowFolder ? "western_arabic" : "default"
    }

    /// The keyboard of `mode`: the layout's rows merged with `mod` (the layout's last row takes
    /// the place of the mod's first-row placeholder, code 0; the mod's other rows follow), the
    /// symbols' number row first (docs/format.md "HeliBoard and FlorisBoard layouts").
    ///
    /// - Parameters:
    ///   - numericRow: the number row's rows, for symbols; nil for other modes.
    ///   - mod: the mod's rows; nil for modes without one.
    package static func assemble(name: String, mode: IMEMode, main: [[IMEKey]], numericRow: [[IMEKey]]? = nil, mod: [[IMEKey]]? = nil) -> IMEKeyboard {
        var rows = (numericRow ?? []) + main
        if var mod, let first = mod.first, let placeholder = first.firstIndex(where: { $0.code == 0 || $0.type == "placeholder" }) {
            let last = rows.popLast() ?? []
            mod[0].replaceSubrange(placeholder...placeholder, with: last)
            rows += mod
        } else if let mod {
            rows += mod
        }
        return IMEKeyboard(source: .florisboard, mode: mode, name: name, rows: rows)
    }
}
