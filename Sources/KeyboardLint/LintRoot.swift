import RenderKeyboardKit
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// How a lint report names the files its findings lie in (docs/lint.md "Where a finding
/// points"): relative to a root folder (`--root`, default the working folder) when the file lies
/// under it, absolute otherwise, and a built-in by its place among the built-ins
/// (`themes/default.yaml`). One file is named one way however it was reached: given on the
/// command line, or through a theme's `extends`.
///
/// SARIF writes a name under the root as a URI relative to `%SRCROOT%`, whose
/// `originalUriBaseIds` entry is `rootURI`; a name outside it as an absolute `file://` URI;
/// and a built-in relative to `RENDER_KEYBOARD_BUILTINS`, which is no folder of the user's.
public struct LintRoot: Sendable, Hashable {
    /// The root, absolute and standardised (no `.`, `..` or doubled `/`).
    public let path: String
    /// The root's names: `path`, and the folder it leads to through symbolic links.
    private let names: [String]

    /// A file as a report names it.
    public struct FileName: Sendable, Hashable {
        /// Relative to the root, absolute, or the built-in's place (`themes/default.yaml`).
        public var name: String
        /// Whether the file is a built-in.
        public var isBuiltIn: Bool
    }

    /// The root `folder` (relative to the working folder), or the working folder when nil.
    public init(_ folder: String? = nil) {
        let path = folder.map(FilePath.absolute) ?? FilePath.standardized(FileSystemQueries.workingDirectory())
        self.path = path
        let real = FileAccess.realPath(path).map(FilePath.standardized)
        names = [path] + (real.map { $0 == path ? [] : [$0] } ?? [])
    }

    /// Why `folder` cannot be a root (empty, or no folder), or nil when it can.
    public static func problem(with folder: String) -> String? {
        if folder.isEmpty { return "give a folder" }
        return FileSystemQueries.isDirectory(folder) ? nil : "no folder named \(Diagnostic.quote(folder))"
    }

    /// How a report names the file at `path` (as `Reference.locate` found it).
    func name(of path: String) -> FileName {
        let builtIns = Resources.directory + "/"
        if path.hasPrefix(builtIns) { return FileName(name: String(path.dropFirst(builtIns.count)), isBuiltIn: true) }
        let full = FilePath.absolute(path)
        if let relative = FilePath.relative(full, toAnyOf: names) { return FileName(name: relative, isBuiltIn: false) }
        if let real = FileAccess.realPath(full).map(FilePath.standardized), let relative = FilePath.relative(real, toAnyOf: names) {
            return FileName(name: relative, isBuiltIn: false)
        }
        return FileName(name: full, isBuiltIn: false)
    }

    /// The SARIF `uriBaseId` of files under the root.
    static let sourceRootID = "%SRCROOT%"
    /// The SARIF `uriBaseId` of the built-ins.
    static let builtInsID = "RENDER_KEYBOARD_BUILTINS"

    /// The root as a `file://` URI ending in `/`.
    var rootURI: String {
        "file://" + Self.encoded(path.hasSuffix("/") ? path : path + "/")
    }

    /// A SARIF `artifactLocation` for a file a report names `name`.
    static func artifactLocation(_ name: String, isBuiltIn: Bool) -> [String: Any] {
        if isBuiltIn { return ["uri": encoded(name), "uriBaseId": builtInsID] }
        if name.hasPrefix("/") { return ["uri": "file://" + encoded(name)] }
        return ["uri": encoded(name), "uriBaseId": sourceRootID]
    }

    /// A path as a URI path: every character but unreserved ones, `/` and sub-delimiters
    /// percent-encoded (`:` too, so a relative name never reads as a scheme).
    static func encoded(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
