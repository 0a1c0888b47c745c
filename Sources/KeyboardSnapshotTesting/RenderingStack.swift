import Foundation

/// The versions of the Debian packages that decide how pixels come out: the 2D libraries
/// (cairo, pixman, Pango, HarfBuzz, FreeType, fontconfig, libpng) and the pinned fonts.
///
/// References are only pixel-exact for the versions they were recorded with; a golden suite
/// keeps `text` beside its references (`VERSIONS.txt`) and, when a comparison fails, names
/// the packages whose versions changed (`changes(since:)`).
public struct RenderingStack: Sendable, Hashable {
    /// The packages, in the order `text` lists them.
    public static let packages = [
        "libcairo2", "libpixman-1-0", "libpango-1.0-0", "libharfbuzz0b", "libfreetype6",
        "libfontconfig1", "libpng16-16", "fonts-dejavu-core", "fonts-wqy-microhei", "fonts-roboto-unhinted",
        "fonts-inter",
    ]

    /// Version by package name; a package that is not installed is absent.
    public var versions: [String: String]

    /// A stack of the given versions, keyed by Debian package name.
    public init(versions: [String: String]) {
        self.versions = versions
    }

    /// Parses `text`: one `package version` per line; blank lines and lines starting with
    /// `#` are skipped.
    public init(parsing text: String) {
        var versions: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let parts = trimmed.split(separator: " ", maxSplits: 1).map(String.init)
            if parts.count == 2 { versions[parts[0]] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        self.versions = versions
    }

    /// The installed versions, from `dpkg-query`; nil where there is no dpkg (not Debian).
    public static func installed() -> RenderingStack? {
        let tool = "/usr/bin/dpkg-query"
        guard FileManager.default.isExecutableFile(atPath: tool) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-W", "-f=${Package} ${Version}\\n"] + packages
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // dpkg-query exits 1 when a package is missing but still prints the others.
        return RenderingStack(parsing: String(decoding: data, as: UTF8.self))
    }

    /// The file form: a comment line, then `package version` per line in `packages` order
    /// (`not-installed` for a missing package).
    public var text: String {
        var lines = ["# Debian package versions the references were recorded with (dpkg-query -W)."]
        for package in Self.packages {
            lines.append("\(package) \(versions[package] ?? "not-installed")")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line per package whose version differs between `recorded` and `self`:
    /// `libcairo2 1.16.0-7 → 1.18.0-3`. Empty when they agree.
    public func changes(since recorded: RenderingStack) -> [String] {
        Self.packages.compactMap { package in
            let old = recorded.versions[package] ?? "not-installed"
            let new = versions[package] ?? "not-installed"
            return old == new ? nil : "\(package) \(old) → \(new)"
        }
    }
}
