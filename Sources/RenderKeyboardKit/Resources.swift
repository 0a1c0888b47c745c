import Foundation

/// Where the built-in layouts and themes live: the `layouts/` and `themes/` folders of the
/// package, as users would write them.
///
/// Looked up in order: `$RENDER_KEYBOARD_RESOURCES`, the package folder this module was
/// built from, then `share/render-keyboard` beside the executable's folder.
public enum Resources {
    public static let directory: String = {
        let fm = FileManager.default
        func holdsResources(_ dir: String) -> Bool {
            fm.fileExists(atPath: dir + "/layouts") && fm.fileExists(atPath: dir + "/themes")
        }
        if let env = ProcessInfo.processInfo.environment["RENDER_KEYBOARD_RESOURCES"], holdsResources(env) {
            return env
        }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        if holdsResources(source) { return source }
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent()
        let shared = exe.deletingLastPathComponent().appendingPathComponent("share/render-keyboard").path
        if holdsResources(shared) { return shared }
        return source
    }()

    public static var layoutsDirectory: String { directory + "/layouts" }
    public static var themesDirectory: String { directory + "/themes" }

    /// Names of the built-in layouts, sorted.
    public static var layoutNames: [String] { names(in: layoutsDirectory) }
    /// Names of the built-in themes, sorted.
    public static var themeNames: [String] { names(in: themesDirectory) }

    /// The file of built-in `name` in `directory`, trying `.yaml`, `.yml`, `.json`, and a
    /// folder `name/` holding `theme.yaml` (themes with images).
    static func builtinFile(_ name: String, in directory: String) -> String? {
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else { return nil }
        let candidates = ["yaml", "yml", "json"].map { "\(directory)/\(name).\($0)" }
            + ["yaml", "yml", "json"].map { "\(directory)/\(name)/\(name).\($0)" }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    private static func names(in directory: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var names = Set<String>()
        for entry in entries where !entry.hasPrefix(".") {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(entry)
            let ext = url.pathExtension
            if ["yaml", "yml", "json"].contains(ext) {
                names.insert(url.deletingPathExtension().lastPathComponent)
            } else if builtinFile(entry, in: directory) != nil {
                names.insert(entry)
            }
        }
        return names.sorted()
    }
}
