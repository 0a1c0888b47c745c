extension Key {
    /// The code name the frames JSON and `--pressed` use: the Android name for keys of an
    /// Android keyboard file, the engine's code for keys of an app's layout (`function` for
    /// codes it has no name for), else the engine's code.
    package var codeName: String {
        if let ime {
            // Function keys no engine code names (`IMEKeyTable.engineCode`) are `function`.
            return code == .modeSymbol && ime.styleCode != -203 ? "function" : code.rawValue
        }
        return android.map { $0.codes.isEmpty ? "none" : $0.meaning.name } ?? code.rawValue
    }

    /// The numeric code the frames JSON reports: Android's code for keys of an Android
    /// keyboard file, the app's code for keys of an app's layout (`IMEKey.resolvedCode`, 0
    /// when it has none), else the SDKs' number (docs/format.md).
    package var codeValue: Int {
        if let ime { return ime.styleCode ?? 0 }
        return android?.code ?? code.numericValue
    }
}
