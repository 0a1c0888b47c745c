import RenderKeyboardKit
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// A static HTML gallery of a preview (`preview --html DIR`): `DIR/index.html`, and for every
/// keyboard a PNG at the device's scale and its frames JSON (docs/rendering.md).
///
/// The gallery also writes `DIR/.render-keyboard-gallery`, the names of the files it wrote.
/// Writing a gallery into a folder that holds one removes the files the earlier gallery
/// listed there and this one does not write, so no stale image stays beside the new page.
/// Only listed names are ever removed, and only those of the gallery's own shape
/// (`theme-layout-orientation[-state][-n].png` or `.json`, no folder part, no leading dot)
/// that are regular files: a file the user put in the folder is never touched, and a folder
/// without the list is left as it is.
///
/// The page uses relative links only, so it opens from the file system. Keyboards are grouped
/// by theme, a heading per theme; each shows its name and pixel size. After the page loads,
/// an inline script counts the images that decoded (`naturalWidth > 0`) and writes the count
/// into `#image-check` (`data-loaded`, `data-total`) and its text.
public struct Gallery: Sendable {
    /// One keyboard of the gallery.
    package struct Entry: Sendable, Hashable {
        /// The keyboard the entry shows.
        package var item: PreviewItem
        /// File stem shared by the PNG and the JSON: `theme-layout-orientation[-state]`.
        package var name: String
        /// Image size, pixels.
        package var imageWidth: Int
        /// Image height in pixels.
        package var imageHeight: Int
        /// Pixels per point.
        package var scale: Double

        /// The PNG's file name in the gallery folder.
        package var imageFile: String { name + ".png" }
        /// The frames JSON's file name in the gallery folder.
        package var framesFile: String { name + ".json" }
    }

    /// What the gallery shows.
    public var request: PreviewRequest
    /// One entry per keyboard, in sheet order.
    package var entries: [Entry]
    /// The seed every shuffled layout used.
    public var seed: UInt64
    /// Decoding warnings, each once.
    public var warnings: [Diagnostic]

    /// Renders every keyboard on `workers` threads, then writes the images, the frames JSON,
    /// `index.html` and the list of files into `directory`, creating it when missing, and
    /// last removes what an earlier gallery there listed and this one did not write (see the
    /// type's documentation). Every file is written atomically. Nothing is written unless
    /// every keyboard was drawn, and when a write fails the files this call wrote are removed
    /// again and the earlier gallery's files are kept: a failed gallery leaves nothing.
    ///
    /// - Throws: `Diagnostic`/`DiagnosticList` for bad options or files (every distinct
    ///   problem), `RenderError` when a renderer cannot be set up.
    @discardableResult
    public static func write(_ request: PreviewRequest, to directory: String, workers: Int = ProcessInfo.processInfo.activeProcessorCount) throws -> Gallery {
        let builder = try PreviewSceneBuilder(request)
        let seed = builder.seed
        let items = try builder.items()
        let names = fileNames(for: items, states: request.states)
        let results = ResultSlots<Result<(Entry, [Diagnostic], png: [UInt8], frames: [UInt8]), Error>>(count: items.count)
        let builders = BuilderPerThread(request: request, seed: seed)
        try WorkerPool.run(count: items.count, workers: workers) { renderer, i in
            results[i] = Result {
                let builder = try builders.builder(for: renderer)
                let scene = try builder.scene(items[i])
                let png = try renderer.png(scene)
                let entry = Entry(item: items[i], name: names[i], imageWidth: scene.imageWidth, imageHeight: scene.imageHeight, scale: scene.scale)
                return (entry, builder.warnings, png, Array((scene.frames.json() + "\n").utf8))
            }
        }
        var entries: [Entry] = []
        var files: [(path: String, bytes: [UInt8])] = []
        var problems: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        for result in results.values {
            switch result {
            case .success(let (entry, found, png, frames))?:
                entries.append(entry)
                files.append((FilePath.joined(directory, entry.imageFile), png))
                files.append((FilePath.joined(directory, entry.framesFile), frames))
                for warning in found where !warnings.contains(warning) { warnings.append(warning) }
            case .failure(let error)?:
                for problem in Validator.diagnostics(of: error, file: "preview") where !problems.contains(problem) { problems.append(problem) }
            case nil:
                problems.append(Diagnostic(file: "preview", path: "", reason: "a keyboard was not drawn"))
            }
        }
        if !problems.isEmpty { throw DiagnosticList(problems) }
        let gallery = Gallery(request: request, entries: entries, seed: seed, warnings: warnings)
        files.append((FilePath.joined(directory, "index.html"), Array(gallery.html().utf8)))
        let previous = listedFiles(in: directory)
        let current = entries.flatMap { [$0.imageFile, $0.framesFile] }
        files.append((FilePath.joined(directory, listFile), Array(current.map { $0 + "\n" }.joined().utf8)))
        let created = try FileAccess.createFolders(directory, for: FilePath.joined(directory, "index.html"))
        var written: [String] = []
        do {
            for file in files {
                try FileAccess.writeAtomically(file.bytes, to: file.path)
                written.append(file.path)
            }
        } catch {
            for path in written { unlink(path) }
            FileAccess.removeFolders(created)
            throw error
        }
        for name in Set(previous).subtracting(current) {
            let path = FilePath.joined(directory, name)
            var info = stat()
            if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { unlink(path) }
        }
        return gallery
    }

    /// The file in a gallery's folder that names the files the gallery wrote, one a line.
    package static let listFile = ".render-keyboard-gallery"

    /// The names the gallery list in `directory` holds that have the shape of the gallery's
    /// own files; empty when there is no list or it cannot be read.
    static func listedFiles(in directory: String) -> [String] {
        guard let bytes = try? FileAccess.read(FilePath.joined(directory, listFile), limit: 1 << 20) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init).filter(isOwnFileName)
    }

    /// Whether `name` could be a gallery's image or frames file, as `fileNames` makes them:
    /// three to five parts of letters, digits, `.` and `_` joined by `-` (theme, layout,
    /// orientation, then the state and a counter when there are), no leading dot, ending in
    /// `.png` or `.json`.
    static func isOwnFileName(_ name: String) -> Bool {
        let stem: Substring
        if name.hasSuffix(".png") { stem = name.dropLast(4) } else if name.hasSuffix(".json") { stem = name.dropLast(5) } else { return false }
        let parts = stem.split(separator: "-", omittingEmptySubsequences: false)
        guard (3...5).contains(parts.count), !stem.hasPrefix(".") else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "." || $0 == "_") }
        }
    }

    /// Unique, file-system-safe stems: `theme-layout-orientation[-state]`, with `-2`, `-3`…
    /// added when two items would share one.
    static func fileNames(for items: [PreviewItem], states: Bool) -> [String] {
        var used = Set<String>()
        return items.map { item in
            var parts = [item.themeName, item.layoutName, item.orientation.rawValue]
            if states { parts.append(item.state.rawValue) }
            let base = parts.map(safe).joined(separator: "-")
            var name = base
            var n = 2
            while !used.insert(name).inserted {
                name = "\(base)-\(n)"
                n += 1
            }
            return name
        }
    }

    /// Letters, digits, `.` and `_` kept (no leading dot); anything else becomes `_`.
    static func safe(_ text: String) -> String {
        var result = String(text.unicodeScalars.map { scalar -> Character in
            let ascii = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "_")
            return ascii ? Character(scalar) : "_"
        })
        while result.hasPrefix(".") { result = "_" + result.dropFirst() }
        return result.isEmpty ? "_" : result
    }

    /// The page: a heading per theme (in the request's order), a figure per keyboard.
    ///
    /// Built in steps: the head with its stylesheet (`stylesheet`), a section per theme
    /// (`sections`), a figure per keyboard (`figure`), and the script that counts the images
    /// loaded (`imageCheckScript`).
    public func html() -> String {
        """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Keyboard preview</title>
            \(Self.stylesheet)
            </head>
            <body>
            <h1>Keyboard preview</h1>
            <p class="summary">\(entries.count) images · \(HTMLText.escape(request.canvasName)) · seed \(seed)</p>
            \(sections())<p id="image-check" data-loaded="" data-total="\(entries.count)"></p>
            \(Self.imageCheckScript)
            </body>
            </html>

            """
    }

    /// One section per theme, in the request's order (each theme once): its heading and
    /// the figures of its keyboards.
    func sections() -> String {
        var body = ""
        var seen = Set<String>()
        for theme in request.themes where seen.insert(theme).inserted {
            let group = entries.filter { $0.item.theme == theme }
            guard let first = group.first else { continue }
            body += "<section class=\"theme\">\n<h2>\(HTMLText.escape(first.item.themeName))</h2>\n<div class=\"grid\">\n"
            for entry in group { body += figure(entry) }
            body += "</div>\n</section>\n"
        }
        return body
    }

    /// One keyboard's figure: the image at its size in points, linked to itself, with its
    /// name, pixel size and a link to its frames JSON.
    func figure(_ entry: Entry) -> String {
        let displayWidth = Int((Double(entry.imageWidth) / entry.scale).rounded())
        let displayHeight = Int((Double(entry.imageHeight) / entry.scale).rounded())
        return """
            <figure>
            <a href="\(HTMLText.link(entry.imageFile))"><img class="keyboard" src="\(HTMLText.link(entry.imageFile))" width="\(displayWidth)" height="\(displayHeight)" alt="\(HTMLText.escape(request.caption(of: entry.item)))"></a>
            <figcaption><span class="name">\(HTMLText.escape(entry.name))</span> <span class="size">\(entry.imageWidth) × \(entry.imageHeight) px</span> <a class="frames" href="\(HTMLText.link(entry.framesFile))">frames JSON</a></figcaption>
            </figure>\n
            """
    }

    /// The page's `<style>` element.
    static let stylesheet = """
            <style>
            body { margin: 32px; background: #E8E8EB; color: #1C1C1E; font: 14px/1.4 "DejaVu Sans", system-ui, sans-serif; }
            h1 { font-size: 22px; margin: 0 0 4px; }
            p.summary { margin: 0 0 24px; color: #555; }
            h2 { font-size: 17px; margin: 32px 0 12px; padding-bottom: 6px; border-bottom: 1px solid #C7C7CC; }
            .grid { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
            figure { margin: 0; padding: 12px; background: #FFFFFF; border-radius: 10px; box-shadow: 0 1px 3px rgba(0,0,0,0.12); display: flex; flex-direction: column; }
            figure img { display: block; max-width: 100%; height: auto; outline: 1px solid #8E8E93; }
            figcaption { margin-top: 8px; width: 0; min-width: 100%; display: flex; flex-wrap: wrap; gap: 2px 12px; align-items: baseline; }
            .name { font-weight: bold; }
            .size { color: #666; font-variant-numeric: tabular-nums; }
            a.frames { color: #0062CC; margin-left: auto; }
            #image-check { margin-top: 32px; color: #666; }
            </style>
            """

    /// The `<script>` element that records, once the page has loaded, how many images
    /// loaded (`#image-check`'s `data-loaded` and text).
    static let imageCheckScript = """
            <script>
            window.addEventListener("load", function () {
              var images = document.querySelectorAll("img.keyboard");
              var loaded = 0;
              for (var i = 0; i < images.length; i++) {
                if (images[i].complete && images[i].naturalWidth > 0) { loaded += 1; }
              }
              var check = document.getElementById("image-check");
              check.setAttribute("data-loaded", String(loaded));
              check.setAttribute("data-total", String(images.length));
              check.textContent = loaded + " of " + images.length + " images loaded";
            });
            </script>
            """


}

/// One slot per work item, filled by worker threads.
final class ResultSlots<Value>: Sendable {
    private let slots: Locked<[Value?]>

    init(count: Int) { slots = Locked(Array(repeating: nil, count: count)) }

    subscript(index: Int) -> Value? {
        get { slots.withLock { $0[index] } }
        set { slots.withLock { $0[index] = newValue } }
    }

    var values: [Value?] { slots.withLock { $0 } }
}

/// A `PreviewSceneBuilder` per worker, keyed by the worker's renderer (builders cache and
/// are not thread-safe).
final class BuilderPerThread: Sendable {
    private let request: PreviewRequest
    private let seed: UInt64
    private let builders = Locked<[ObjectIdentifier: PreviewSceneBuilder]>([:])

    init(request: PreviewRequest, seed: UInt64) {
        self.request = request
        self.seed = seed
    }

    func builder(for renderer: Renderer) throws -> PreviewSceneBuilder {
        let key = ObjectIdentifier(renderer)
        return try builders.withLock { builders in
            if let builder = builders[key] { return builder }
            let builder = try PreviewSceneBuilder(request, seed: seed)
            builders[key] = builder
            return builder
        }
    }
}
