import KeyboardModel

extension FlorisBoardLocalization {
    /// The localization around a FlorisBoard layout whose package is `package`: what the
    /// package's `extension.json` declares, then each keyboard extension in the folder above
    /// the package (by folder name), then FlorisBoard's own presets and currency sets. A
    /// layout in no package has the built-in ones alone.
    ///
    /// - Throws: the diagnostics of an extension whose presets, currency sets or popup
    ///   mappings are not of FlorisBoard's form, naming its file and the field.
    static func around(_ package: FlorisBoardPackage.Found?, input: LayoutInput) throws -> FlorisBoardLocalization {
        var localization = FlorisBoardLocalization()
        if let package {
            let display = FilePath.parent(FilePath.parent(input.display))
            try localization.add(package.manifest, file: IMELayoutReader.shown(display, "extension.json"), folder: (package.path, display))
            let parent = FilePath.folder(of: package.path)
            let parentDisplay = display.isEmpty ? ".." : FilePath.parent(display)
            for name in input.files.names(inFolder: parent).sorted() where name != FilePath.lastComponent(package.path) && !name.hasPrefix(".") {
                let manifest = FilePath.joined(parent, name + "/extension.json")
                let folderDisplay = IMELayoutReader.shown(parentDisplay, name)
                guard FlorisBoardPackage.isFile(manifest), let bytes = try? input.files.read(manifest, display: folderDisplay + "/extension.json"),
                      let document = FlorisBoardReader.keyboardExtension(bytes) else { continue }
                try localization.add(document, file: folderDisplay + "/extension.json", folder: (FilePath.joined(parent, name), folderDisplay))
            }
        }
        localization.presets += builtin.presets
        localization.currencySets.merge(builtin.currencySets) { own, _ in own }
        return localization
    }
}
