import Foundation
import JSONText
import RenderKeyboardKit

/// One keyboard of the live preview, as `/cells.json` and the `cell` events describe it.
package struct CellSnapshot: Sendable, Hashable {
    /// Stable for the server's life; the URLs use it, never a file name.
    package var id: String
    /// The layout and theme as given (built-in names or paths).
    package var layout: String
    package var theme: String
    /// The device preset, or `WIDTHpt@SCALEx` for a width canvas.
    package var device: String
    package var orientation: String
    /// `normal`, `pressed` or `shift`.
    package var state: String
    /// The content hash of the current PNG; nil before the first good drawing.
    package var hash: String?
    /// What `validate` prints for the file that broke the last drawing; nil when it drew.
    package var error: String?

    /// The cell as JSON (SPEC §11's CELL).
    package var json: String {
        let version = hash ?? "none"
        let fields: [(String, String)] = [
            ("id", JSONText.string(id)), ("layout", JSONText.string(layout)), ("theme", JSONText.string(theme)),
            ("device", JSONText.string(device)), ("orientation", JSONText.string(orientation)), ("state", JSONText.string(state)),
            ("image", JSONText.string("/cells/\(id).png?v=\(version)")), ("frames", JSONText.string("/cells/\(id).json?v=\(version)")),
            ("error", error.map { JSONText.string($0) } ?? "null"),
        ]
        return "{" + fields.map { "\(JSONText.string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }
}

/// The cells of a live preview and their drawings; every call runs on one serial queue, so
/// the renderer (its fonts and Pango set-up) is made once and reused for every redraw.
///
/// Parsed layouts and themes are kept per device, layout and theme, and dropped when a file
/// they read changes; each cell remembers every file its drawing read, found or not, so a
/// change redraws only the cells that read the changed file (and the cells in error, whose
/// missing file may just have appeared).
package final class CellBoard: @unchecked Sendable {
    private struct Cell {
        var snapshot: CellSnapshot
        var item: PreviewItem
        var device: String?
        var group: String
        var scene: KeyboardScene?
        var png: [UInt8]?
        var frames: [UInt8]?
        /// Absolute paths (folder resolved) this cell's last drawing read.
        var reads: Set<String> = []
    }

    private let queue = DispatchQueue(label: "render-keyboard.preview.drawing")
    private let request: ServeRequest
    private let seed: UInt64
    private var renderer: Renderer?
    private var cells: [Cell] = []
    private var index: [String: Int] = [:]
    private var builders: [String: (builder: PreviewSceneBuilder, log: ReadLog)] = [:]
    private var generationCount = 0
    private var drawCount = 0

    /// How many drawings were made so far, the first ones included.
    package var draws: Int { queue.sync { drawCount } }

    /// The number of changes drawn so far.
    package var generation: Int { queue.sync { generationCount } }

    /// Lays out the cells of `request` and draws every one.
    ///
    /// - Throws: as `ServeRequest.check()`, or `RenderError` when no renderer can be made.
    package init(_ request: ServeRequest) throws {
        try request.check()
        self.request = request
        self.seed = request.seed ?? UInt64.random(in: 0...UInt64.max)
        try queue.sync {
            renderer = try Renderer()
            var number = 0
            for device in request.deviceList {
                let preview = request.preview(device: device)
                let deviceName = preview.canvasName
                for layout in preview.layouts {
                    for theme in preview.themes {
                        var one = preview
                        one.layouts = [layout]
                        one.themes = [theme]
                        let group = [deviceName, layout, theme].joined(separator: "\u{0}")
                        let made = try? builder(group, one)
                        let items = made.flatMap { made in try? made.log.recording { try made.builder.items() } } ?? one.items
                        for item in items {
                            number += 1
                            let snapshot = CellSnapshot(id: "k\(number)", layout: layout, theme: theme, device: deviceName, orientation: item.orientation.rawValue, state: item.state.rawValue)
                            index[snapshot.id] = cells.count
                            cells.append(Cell(snapshot: snapshot, item: item, device: device, group: group))
                        }
                    }
                }
            }
            // Sheet order of `preview`: themes vary fastest within a layout, orientation and state.
            for i in cells.indices { _ = draw(i) }
        }
    }

    private func builder(_ group: String, _ request: PreviewRequest) throws -> (builder: PreviewSceneBuilder, log: ReadLog) {
        if let made = builders[group] { return made }
        let made = (builder: try PreviewSceneBuilder(request, seed: seed), log: ReadLog())
        builders[group] = made
        return made
    }

    /// Draws cell `i` again; true when its image or its error changed.
    private func draw(_ i: Int) -> Bool {
        drawCount += 1
        var cell = cells[i]
        let before = cell.snapshot
        var one = request.preview(device: cell.device)
        one.layouts = [cell.item.layout]
        one.themes = [cell.item.theme]
        let log = ReadLog()
        do {
            let (builder, groupLog) = try builder(cell.group, one)
            let (scene, png) = try log.recording { () throws -> (KeyboardScene, [UInt8]) in
                let scene = try builder.scene(cell.item)
                return (scene, try renderer!.png(scene))
            }
            groupLog.paths += log.paths
            cell.reads = Self.resolved(groupLog.paths)
            cell.scene = scene
            cell.png = png
            cell.frames = Array((scene.frames.json() + "\n").utf8)
            cell.snapshot.hash = Self.hash(png)
            cell.snapshot.error = nil
        } catch {
            // The parses of this group are not kept: the next change reads every file again.
            let groupLog = builders.removeValue(forKey: cell.group)?.log
            cell.reads = Self.resolved((groupLog?.paths ?? []) + log.paths + Self.files(of: error))
            cell.snapshot.error = Self.validateMessage(for: error)
        }
        cells[i] = cell
        return cell.snapshot != before
    }

    /// Redraws the cells that read any of `paths` (absolute, folder resolved) and the cells in
    /// error, and returns the snapshots that changed.
    package func changed(_ paths: Set<String>) -> [CellSnapshot] {
        queue.sync {
            var groups = Set<String>()
            var affected: [Int] = []
            for (i, cell) in cells.enumerated() where cell.snapshot.error != nil || !cell.reads.isDisjoint(with: paths) {
                groups.insert(cell.group)
                affected.append(i)
            }
            for group in groups { builders[group] = nil }
            // The renderer keeps each font file it loaded by path: a changed one needs a new
            // renderer (the only case where the fonts are set up again).
            let read = Set(affected.flatMap { cells[$0].reads })
            if paths.contains(where: { read.contains($0) && Self.fontExtensions.contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }),
               let fresh = try? Renderer() {
                renderer = fresh
            }
            let changed = affected.filter { draw($0) }.map { cells[$0].snapshot }
            if !changed.isEmpty { generationCount += 1 }
            return changed
        }
    }

    /// Every cell, in page order.
    package var snapshots: [CellSnapshot] { queue.sync { cells.map(\.snapshot) } }

    /// The folders every cell's drawing read from: what to watch.
    package var folders: Set<String> {
        queue.sync { Set(cells.flatMap { $0.reads.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path } }) }
    }

    /// The cell's current drawing in `format` (`png`, `svg`, `pdf`) or its frames JSON
    /// (`json`), with the cell; nil for an unknown cell or one never drawn.
    package func body(of id: String, format: String) -> (bytes: [UInt8], cell: CellSnapshot)? {
        queue.sync {
            guard let i = index[id], let scene = cells[i].scene, let renderer else { return nil }
            let cell = cells[i]
            switch format {
            case "png": return cell.png.map { ($0, cell.snapshot) }
            case "json": return cell.frames.map { ($0, cell.snapshot) }
            case "svg": return (try? renderer.svg(scene)).map { ($0, cell.snapshot) }
            case "pdf": return (try? renderer.pdf(scene)).map { ($0, cell.snapshot) }
            default: return nil
            }
        }
    }

    /// The snapshot of one cell.
    package func snapshot(_ id: String) -> CellSnapshot? {
        queue.sync { index[id].map { cells[$0].snapshot } }
    }

    /// Font files a theme may name (`font.file`, `font.bold`).
    static let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc"]

    /// 64-bit FNV-1a of `bytes`, 16 hex digits: changes when the bytes change.
    static func hash(_ bytes: [UInt8]) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Paths made absolute, with their folder's symbolic links resolved, as inotify names them.
    static func resolved(_ paths: [String]) -> Set<String> {
        Set(paths.map(canonical))
    }

    /// `path` absolute, with its folder's symbolic links resolved.
    static func canonical(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let folder = url.deletingLastPathComponent().path
        let real = realpath(folder, nil).map { pointer in defer { free(pointer) }; return String(cString: pointer) } ?? folder
        return (real == "/" ? "" : real) + "/" + url.lastPathComponent
    }

    /// The files that `error` names.
    static func files(of error: Error) -> [String] {
        Validator.diagnostics(of: error, file: "").map(\.file).filter { !$0.isEmpty && !$0.hasPrefix("--") }
    }

    /// What `validate` prints for the file that `error` names, or the error itself when
    /// `validate` finds nothing wrong there (such as a missing image of a valid theme).
    static func validateMessage(for error: Error) -> String {
        if let file = files(of: error).first, FileManager.default.fileExists(atPath: file) {
            let problems = Validator.validate(file).problems
            if !problems.isEmpty { return problems.map(\.description).joined(separator: "\n") }
        }
        let diagnostics = Validator.diagnostics(of: error, file: "")
        return diagnostics.isEmpty ? "\(error)" : diagnostics.map(\.description).joined(separator: "\n")
    }
}
