import KeyboardPreview
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import RenderKeyboardKit

/// The cells of a live preview and their drawings. Every call runs on one serial queue; a
/// redraw spreads the cells it draws over one worker per core, each with its own renderer
/// (its fonts and Pango set-up), made once and reused for every redraw.
///
/// Each cell remembers every file its drawing read, found or not (and, for a symbolic link,
/// the file it leads to), so a change redraws only the cells that read the changed file (and
/// the cells in error, whose missing file may just have appeared). A redraw parses the files
/// it needs afresh, once per worker and device, layout and theme.
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
        /// How long the steps of its last drawing took.
        var timing = CellTiming()
    }

    /// A scene builder of one device, layout and theme, with the files its parses read.
    private struct Built {
        var builder: PreviewSceneBuilder
        var log = ReadLog()
    }

    /// One drawing thread's renderer, made on first use (renderers are not thread-safe).
    private final class Worker: @unchecked Sendable {
        var renderer: Renderer?

        func current() throws -> Renderer {
            if let renderer { return renderer }
            let made = try Renderer()
            renderer = made
            return made
        }
    }

    private let queue = DispatchQueue(label: "render-keyboard.preview.drawing")
    private let request: ServeRequest
    private let seed: UInt64
    private let workers: [Worker]
    private var cells: [Cell] = []
    private var index: [String: Int] = [:]
    private var generationCount = 0
    private var drawCount = 0
    private var lastRedrawTiming: RedrawTiming?

    /// How the last redraw of a change went, step by step; nil before the first change.
    package var lastRedraw: RedrawTiming? { queue.sync { lastRedrawTiming } }

    /// How many drawings were made so far, the first ones included.
    package var draws: Int { queue.sync { drawCount } }

    /// The number of changes drawn so far.
    package var generation: Int { queue.sync { generationCount } }

    /// Lays out the cells of `request` and draws every one, on up to `workers` threads.
    ///
    /// - Throws: as `ServeRequest.check()`; `RenderError` when no renderer can be made.
    package init(_ request: ServeRequest, workers: Int = ProcessInfo.processInfo.activeProcessorCount) throws {
        try request.check()
        self.request = request
        self.seed = request.seed ?? UInt64.random(in: 0...UInt64.max)
        self.workers = (0..<min(max(workers, 1), Limits.maxWorkers)).map { _ in Worker() }
        try queue.sync {
            _ = try self.workers[0].current()
            layOut()
            _ = redraw(Array(cells.indices))
        }
    }

    /// The cells in the sheet order of `preview` (themes vary fastest within a layout,
    /// orientation and state), once per device.
    private func layOut() {
        for device in request.deviceList {
            let preview = request.preview(device: device)
            for layout in preview.layouts {
                for theme in preview.themes {
                    var one = preview
                    one.layouts = [layout]
                    one.themes = [theme]
                    let items = (try? PreviewSceneBuilder(one, seed: seed)).flatMap { try? $0.items() } ?? one.items
                    for item in items {
                        let snapshot = CellSnapshot(id: "k\(cells.count + 1)", layout: layout, theme: theme, device: preview.canvasName, orientation: item.orientation.rawValue, state: item.state.rawValue)
                        index[snapshot.id] = cells.count
                        cells.append(Cell(snapshot: snapshot, item: item, device: device, group: [preview.canvasName, layout, theme].joined(separator: "\u{0}")))
                    }
                }
            }
        }
    }

    /// Draws the cells at `indices` again, spread over the workers, and returns the indices
    /// of those whose image or error changed.
    private func redraw(_ indices: [Int]) -> [Int] {
        guard !indices.isEmpty else { return [] }
        drawCount += indices.count
        let before = indices.map { cells[$0] }
        let after = Locked<[Cell?]>(Array(repeating: nil, count: indices.count))
        let next = Locked(0)
        let (request, seed, workers) = (self.request, self.seed, self.workers)
        DispatchQueue.concurrentPerform(iterations: min(workers.count, indices.count)) { w in
            var built: [String: Built] = [:]
            while let k = next.withLock({ n -> Int? in
                guard n < before.count else { return nil }
                defer { n += 1 }
                return n
            }) {
                let cell = Self.draw(before[k], request: request, seed: seed, worker: workers[w], built: &built)
                after.withLock { $0[k] = cell }
            }
        }
        var changed: [Int] = []
        for (k, cell) in after.withLock({ $0 }).enumerated() {
            guard let cell else { continue }
            cells[indices[k]] = cell
            if cell.snapshot != before[k].snapshot { changed.append(indices[k]) }
        }
        return changed
    }

    /// `cell` drawn again with `worker`'s renderer and the builders of this redraw.
    private static func draw(_ cell: Cell, request: ServeRequest, seed: UInt64, worker: Worker, built: inout [String: Built]) -> Cell {
        var cell = cell
        var one = request.preview(device: cell.device)
        one.layouts = [cell.item.layout]
        one.themes = [cell.item.theme]
        let log = ReadLog()
        do {
            let group = try built[cell.group] ?? Built(builder: PreviewSceneBuilder(one, seed: seed))
            built[cell.group] = group
            let renderer = try worker.current()
            var clock = StepClock()
            let (scene, png) = try log.recording { () throws -> (KeyboardScene, [UInt8]) in
                let scene = try group.builder.scene(cell.item)
                cell.timing.scene = clock.lap()
                let painted = try renderer.painted(scene)
                cell.timing.paint = clock.lap()
                return (scene, try painted.png())
            }
            cell.timing.encode = clock.lap()
            group.log.paths += log.paths
            cell.reads = resolved(group.log.paths)
            cell.scene = scene
            cell.png = png
            cell.frames = Array((scene.frames.json() + "\n").utf8)
            cell.snapshot.hash = hash(png)
            cell.snapshot.error = nil
        } catch {
            // The parses of this group are not kept: the group's next cell reads every file again.
            let groupLog = built.removeValue(forKey: cell.group)?.log
            cell.reads = resolved((groupLog?.paths ?? []) + log.paths + files(of: error))
            cell.snapshot.error = validateMessage(for: error)
        }
        return cell
    }

    /// Redraws the cells that read any of `paths` (absolute, folder resolved) and the cells in
    /// error, and returns the snapshots that changed.
    package func changed(_ paths: Set<String>) -> [CellSnapshot] {
        let noticed = DispatchTime.now().uptimeNanoseconds
        return queue.sync {
            let affected = cells.indices.filter { cells[$0].snapshot.error != nil || !cells[$0].reads.isDisjoint(with: paths) }
            // A renderer keeps each font file it loaded by path: a changed one needs new
            // renderers (the only case where the fonts are set up again).
            let read = Set(affected.flatMap { cells[$0].reads })
            if paths.contains(where: { read.contains($0) && Self.fontExtensions.contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }) {
                for worker in workers { worker.renderer = nil }
            }
            let changed = redraw(affected).map { cells[$0].snapshot }
            if !changed.isEmpty { generationCount += 1 }
            lastRedrawTiming = RedrawTiming(noticed: noticed, finished: DispatchTime.now().uptimeNanoseconds, cells: affected.map { cells[$0].timing })
            return changed
        }
    }

    /// Every cell, in page order.
    package var snapshots: [CellSnapshot] { queue.sync { cells.map(\.snapshot) } }

    /// The folders every cell's drawing read from: what to watch.
    package var folders: Set<String> {
        queue.sync { Set(cells.flatMap { $0.reads.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path } }) }
    }

    /// The cell's current drawing in `format` (an `OutputFormat` extension) or its frames JSON
    /// (`json`), with the cell; nil for an unknown cell or one never drawn.
    package func body(of id: String, format: String) -> (bytes: [UInt8], cell: CellSnapshot)? {
        queue.sync {
            guard let i = index[id], let scene = cells[i].scene, let renderer = try? workers[0].current() else { return nil }
            let cell = cells[i]
            switch format {
            case OutputFormat.png.fileExtension: return cell.png.map { ($0, cell.snapshot) }
            case "json": return cell.frames.map { ($0, cell.snapshot) }
            default:
                // Any other format of the renderer's table, drawn when asked for.
                guard let drawn = OutputFormat(fileExtension: format) else { return nil }
                return (try? renderer.render(scene, as: drawn)).map { ($0, cell.snapshot) }
            }
        }
    }

    /// The snapshot of one cell.
    package func snapshot(_ id: String) -> CellSnapshot? {
        queue.sync { index[id].map { cells[$0].snapshot } }
    }
}

/// What the board knows of files: hashes, the paths inotify reports, the files an error names.
extension CellBoard {
    /// Font files a theme may name (`font.file`, `font.bold`).
    static let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc"]

    /// 64-bit FNV-1a of `bytes`, 16 hex digits: changes when the bytes change.
    static func hash(_ bytes: [UInt8]) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Paths made absolute, with their folder's symbolic links resolved, as inotify names
    /// them; for a path that leads through a symbolic link, the file it leads to as well, so
    /// editing the target counts as editing the file.
    static func resolved(_ paths: [String]) -> Set<String> {
        var result = Set<String>()
        for path in Set(paths) {
            result.insert(canonical(path))
            if let target = realpath(path, nil).map({ pointer in defer { free(pointer) }; return String(cString: pointer) }) {
                result.insert(target)
            }
        }
        return result
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
        Validator.diagnostics(of: error, file: "").compactMap { problem in
            guard case .file(let file, _) = problem.origin, !file.isEmpty else { return nil }
            return file
        }
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
