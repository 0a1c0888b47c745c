import KeyboardFormats
import Foundation

/// Where the built-in layouts, themes and metrics tables come from.
///
/// They are compiled into the binary (`BuiltinFiles`, generated from the package's `layouts/`,
/// `themes/` and `metrics/` folders), so a binary finds them wherever it is copied and reads no
/// folder of its own at run time. When `RENDER_KEYBOARD_RESOURCES` names a folder, the
/// built-ins are that folder's `layouts/`, `themes/` and `metrics/` instead, and no others.
///
/// Built-in files have paths under `directory` like any file; the embedded ones lie under a
/// folder that is not on disk (`BuiltinFiles.root`), which `FileAccess.read` answers from the
/// binary. Messages name a built-in by its path under that folder (`themes/default.yaml`).
public enum Resources {
    /// The folder named by `RENDER_KEYBOARD_RESOURCES`, or nil when it is unset or empty.
    static let overrideDirectory: String? = {
        guard let env = getenv("RENDER_KEYBOARD_RESOURCES").map({ String(cString: $0) }), !env.isEmpty else { return nil }
        return env
    }()

    /// Where built-ins were looked for, as messages name the place: the override folder, or
    /// the binary itself.
    package static var searchedDirectories: [String] { [overrideDirectory ?? "the binary"] }

    /// The place that holds no built-ins, for messages: `FOLDER (RENDER_KEYBOARD_RESOURCES
    /// names it; …)`. Only a `RENDER_KEYBOARD_RESOURCES` folder can be without them.
    package static var missingBuiltinsPlace: String {
        "\(searchedDirectories.joined(separator: " or ")) (RENDER_KEYBOARD_RESOURCES names it: a folder holding layouts/ and themes/; unset it to use the built-ins in the binary)"
    }

    /// The folder holding `layouts/` and `themes/`, or nil when `RENDER_KEYBOARD_RESOURCES`
    /// names a folder that does not hold both.
    package static let foundDirectory: String? = {
        guard let folder = overrideDirectory else { return BuiltinFiles.root }
        return FileSystemQueries.isDirectory(folder + "/layouts") && FileSystemQueries.isDirectory(folder + "/themes") ? folder : nil
    }()

    /// The folder built-ins are read from: the override folder, else the embedded files'
    /// folder `BuiltinFiles.root`.
    package static var directory: String { overrideDirectory ?? BuiltinFiles.root }

    /// `directory/layouts`.
    package static var layoutsDirectory: String { directory + "/layouts" }
    /// `directory/themes`.
    package static var themesDirectory: String { directory + "/themes" }
    /// `directory/metrics`.
    package static var metricsDirectory: String { directory + "/metrics" }

    /// Names of the built-in layouts, sorted.
    public static var layoutNames: [String] { names(in: layoutsDirectory) }
    /// Names of the built-in themes, sorted.
    public static var themeNames: [String] { names(in: themesDirectory) }
    /// Names of the built-in metrics tables (docs/ios-keyboard.md), sorted.
    public static var metricsNames: [String] { names(in: metricsDirectory, extensions: metricsExtensions) }

    /// The extensions of layout and theme files.
    static let documentExtensions = ["yaml", "yml", "json"]
    /// The extension of metrics tables.
    static let metricsExtensions = ["csv"]

    /// The file of built-in `name` in `directory`, trying `.yaml`, `.yml`, `.json`, and a
    /// folder `name/` holding `name.yaml`, `.yml` or `.json` (themes with images).
    static func builtinFile(_ name: String, in directory: String, extensions: [String] = documentExtensions) -> String? {
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else { return nil }
        let candidates = extensions.map { "\(directory)/\(name).\($0)" }
            + extensions.map { "\(directory)/\(name)/\(name).\($0)" }
        return candidates.first(where: exists)
    }

    /// The names of the built-ins in `directory` whose files end in one of `extensions`.
    static func names(in directory: String, extensions: [String] = documentExtensions) -> [String] {
        var names = Set<String>()
        for entry in entries(of: directory) where !entry.hasPrefix(".") {
            if extensions.contains(FilePath.pathExtension(entry)) {
                names.insert(FilePath.stem(entry))
            } else if builtinFile(entry, in: directory, extensions: extensions) != nil {
                names.insert(entry)
            }
        }
        return names.sorted()
    }

    /// Whether a file exists at `path`: an embedded built-in, or a file on disk.
    package static func exists(_ path: String) -> Bool {
        BuiltinFiles.isEmbedded(path) ? BuiltinFiles.bytes(atPath: path) != nil : FileSystemQueries.exists(path)
    }

    /// The names in the folder `directory`: embedded or on disk.
    private static func entries(of directory: String) -> [String] {
        if BuiltinFiles.isEmbedded(directory) { return BuiltinFiles.entries(of: directory) }
        return (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    }
}

/// The built-in files compiled into the binary (`BuiltinFiles.table`, generated by
/// `scripts/generate-builtins.py`), under the folder `root`, which is not on disk.
enum BuiltinFiles {
    /// A file's bytes as the generated table holds them.
    enum Content: Sendable {
        /// UTF-8 text.
        case text(String)
        /// Any other file (a PNG), base64.
        case base64(String)

        var bytes: [UInt8] {
            switch self {
            case .text(let text): return Array(text.utf8)
            case .base64(let text): return Data(base64Encoded: text).map { [UInt8]($0) } ?? []
            }
        }
    }

    /// The folder the embedded files lie in: an absolute path that no loader reads from disk.
    static let root = "/(built-in)"

    /// Whether `path` lies in `root` (and is not a file on disk, whatever exists there).
    static func isEmbedded(_ path: String) -> Bool {
        path == root || path.hasPrefix(root + "/")
    }

    /// The bytes of the embedded file at `path`, or nil when none is there.
    static func bytes(atPath path: String) -> [UInt8]? {
        guard isEmbedded(path), path.count > root.count else { return nil }
        return table[String(path.dropFirst(root.count + 1))]?.bytes
    }

    /// The names of the files and folders directly in the embedded folder `directory`.
    static func entries(of directory: String) -> [String] {
        guard isEmbedded(directory) else { return [] }
        let prefix = directory == root ? "" : String(directory.dropFirst(root.count + 1)) + "/"
        var names = Set<String>()
        for path in table.keys where path.hasPrefix(prefix) {
            if let name = path.dropFirst(prefix.count).split(separator: "/").first { names.insert(String(name)) }
        }
        return names.sorted()
    }
}
