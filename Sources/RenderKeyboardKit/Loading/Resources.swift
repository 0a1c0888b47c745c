import Foundation

/// Where the built-in layouts, themes and metrics tables live: the `layouts/`, `themes/` and
/// `metrics/` folders of the package, as users would write them.
///
/// When `RENDER_KEYBOARD_RESOURCES` is set, that folder and no other. Otherwise, in order:
/// `share/render-keyboard` beside the folder of the running executable (its real path, so a
/// binary found through `PATH` or a symbolic link finds what `make install` put beside it),
/// then — only for an executable that still lies in the SwiftPM build folder (`.build/`) of
/// the package this module was built from, of a package that holds it (a dependency's
/// checkout), or of a package that depends on it by path — that package folder. A binary copied anywhere else never reads the source
/// checkout it was built from, even when that checkout still exists on the machine. A folder
/// counts when it holds both `layouts/` and `themes/`.
public enum Resources {
    /// The places searched, in order (see the type's documentation).
    public static let searchedDirectories: [String] = candidates()

    /// The folder holding `layouts/` and `themes/`, or nil when none of
    /// `searchedDirectories` holds them (an installation without its `share/render-keyboard`).
    public static let foundDirectory: String? = searchedDirectories.first(where: holdsResources)

    /// The folder built-ins are read from: `foundDirectory`, else the first place searched
    /// (where nothing will be found; `list` reports that as an error).
    public static var directory: String { foundDirectory ?? searchedDirectories.first ?? "share/render-keyboard" }

    /// `directory/layouts`.
    public static var layoutsDirectory: String { directory + "/layouts" }
    /// `directory/themes`.
    public static var themesDirectory: String { directory + "/themes" }
    /// `directory/metrics`: the built-in metrics tables (SPEC §14), `NAME.csv`.
    public static var metricsDirectory: String { directory + "/metrics" }

    /// Names of the built-in layouts, sorted.
    public static var layoutNames: [String] { names(in: layoutsDirectory) }
    /// Names of the built-in themes, sorted.
    public static var themeNames: [String] { names(in: themesDirectory) }
    /// Names of the built-in metrics tables, sorted.
    public static var metricsNames: [String] { names(in: metricsDirectory, extensions: metricsExtensions) }

    /// The extensions of layout and theme files.
    static let documentExtensions = ["yaml", "yml", "json"]
    /// The extension of metrics tables.
    static let metricsExtensions = ["csv"]

    private static func candidates() -> [String] {
        if let env = getenv("RENDER_KEYBOARD_RESOURCES").map({ String(cString: $0) }), !env.isEmpty {
            return [env]
        }
        guard let executable = executablePath() else { return ["share/render-keyboard"] }
        let bin = FilePath.folder(of: executable)
        var places = [FilePath.folder(of: bin) + "/share/render-keyboard"]
        if isBuild(executable, of: FileAccess.realPath(sourceDirectory) ?? sourceDirectory) { places.append(sourceDirectory) }
        return places
    }

    /// Whether `executable` (a real path) lies in a SwiftPM build folder of `ROOT` — `.build`,
    /// or a second scratch folder named `.build-NAME` or `.build_NAME` (a sanitizer or fuzzing
    /// build) — and `package` is `ROOT`, lies inside it (the checkout of a dependency), or is a
    /// package `ROOT` depends on by path (`.package(path:)`, as `pathDependencies` reads them
    /// from that build folder): a build run where it was built, not a copy installed elsewhere.
    static func isBuild(_ executable: String, of package: String, pathDependencies: (_ buildFolder: String) -> [String] = pathDependencies(ofBuildIn:)) -> Bool {
        let components = executable.split(separator: "/", omittingEmptySubsequences: false)
        guard let index = components.lastIndex(where: { $0 == ".build" || $0.hasPrefix(".build-") || $0.hasPrefix(".build_") }),
              index < components.count - 1 else { return false }
        let root = components[..<index].joined(separator: "/")
        guard !root.isEmpty else { return false }
        if package == root || package.hasPrefix(root + "/") { return true }
        return pathDependencies(components[...index].joined(separator: "/")).contains(package)
    }

    /// The real folders of the packages that the package building in `buildFolder` depends on
    /// by path, as SwiftPM records them in its `workspace-state.json` there; none when that
    /// file is missing, larger than 16 MiB or not what SwiftPM writes.
    static func pathDependencies(ofBuildIn buildFolder: String) -> [String] {
        let file = buildFolder + "/workspace-state.json"
        guard let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int, size <= 16 << 20,
              let data = FileManager.default.contents(atPath: file),
              let state = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let dependencies = (state["object"] as? [String: Any])?["dependencies"] as? [[String: Any]] else { return [] }
        return dependencies.compactMap { dependency in
            guard let reference = dependency["packageRef"] as? [String: Any], reference["kind"] as? String == "fileSystem",
                  let location = reference["location"] as? String else { return nil }
            return FileAccess.realPath(location) ?? location
        }
    }

    /// The package folder this module was compiled from.
    static let sourceDirectory: String = {
        var path = #filePath
        for _ in 0..<4 { path = FilePath.folder(of: path) }
        return path
    }()

    /// The running executable's real path, symbolic links resolved: `/proc/self/exe` on
    /// Linux, else `argv[0]` made absolute.
    static func executablePath() -> String? {
        #if os(Linux)
        if let target = FileSystemQueries.linkTarget("/proc/self/exe") {
            return target
        }
        #endif
        guard let first = CommandLine.arguments.first, first.contains("/") else { return nil }
        let absolute = FilePath.absolute(first)
        return FileAccess.realPath(absolute) ?? absolute
    }

    private static func holdsResources(_ dir: String) -> Bool {
        FileSystemQueries.isDirectory(dir + "/layouts") && FileSystemQueries.isDirectory(dir + "/themes")
    }

    /// The file of built-in `name` in `directory`, trying each of `extensions` (`.yaml`,
    /// `.yml`, `.json` unless told), and a folder `name/` holding `name.EXTENSION` (themes
    /// with images).
    static func builtinFile(_ name: String, in directory: String, extensions: [String] = documentExtensions) -> String? {
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else { return nil }
        let candidates = extensions.map { "\(directory)/\(name).\($0)" }
            + extensions.map { "\(directory)/\(name)/\(name).\($0)" }
        return candidates.first(where: FileSystemQueries.exists)
    }

    private static func names(in directory: String, extensions: [String] = documentExtensions) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var names = Set<String>()
        for entry in entries where !entry.hasPrefix(".") {
            if extensions.contains(FilePath.pathExtension(entry)) {
                names.insert(FilePath.stem(entry))
            } else if builtinFile(entry, in: directory, extensions: extensions) != nil {
                names.insert(entry)
            }
        }
        return names.sorted()
    }
}
