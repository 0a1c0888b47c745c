import Foundation

extension FuzzTarget {
    /// The built-in files that seed this target, sorted by path.
    ///
    /// - Parameter repository: the repository root the seed folders are relative to.
    public func seedFiles(repository: String) -> [URL] {
        let root = URL(fileURLWithPath: repository, isDirectory: true)
        var files: [URL] = []
        for folder in seedFolders {
            let url = folder.hasPrefix("/") ? URL(fileURLWithPath: folder, isDirectory: true) : root.appendingPathComponent(folder, isDirectory: true)
            guard let walk = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in walk where file.lastPathComponent.hasSuffix(seedExtension) {
                files.append(file)
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Writes one input per seed file and target (`tag` + `seedInput`) into `folder`,
    /// named `NAME-FOLDER-FILE`, and returns how many it wrote.
    public static func writeSeeds(repository: String, to folder: String) throws -> Int {
        let destination = URL(fileURLWithPath: folder, isDirectory: true)
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        let rootLength = URL(fileURLWithPath: repository, isDirectory: true).standardizedFileURL.path.count + 1
        var count = 0
        for target in all {
            for file in target.seedFiles(repository: repository) {
                let path = file.standardizedFileURL.path
                let inside = path.hasPrefix(URL(fileURLWithPath: repository, isDirectory: true).standardizedFileURL.path + "/")
                let relative = inside ? String(path.dropFirst(rootLength)) : file.lastPathComponent
                let name = target.name + "-" + relative.replacingOccurrences(of: "/", with: "-")
                let input = try target.seedInput(file, URL(fileURLWithPath: repository, isDirectory: true))
                try Data([target.tag] + input).write(to: destination.appendingPathComponent(name))
                count += 1
            }
        }
        return count
    }
}
