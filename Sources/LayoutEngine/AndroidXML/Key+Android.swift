extension Key {
    /// The code name the frames JSON and `--pressed` use: the Android name for keys of an
    /// Android keyboard file, else the engine's code.
    package var codeName: String {
        android.map { $0.codes.isEmpty ? "none" : $0.meaning.name } ?? code.rawValue
    }

    /// The numeric code the frames JSON reports: Android's code for keys of an Android
    /// keyboard file, else the SDKs' number (SPEC §2).
    package var codeValue: Int {
        android?.code ?? code.numericValue
    }
}
