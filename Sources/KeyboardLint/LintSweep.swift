import RenderKeyboardKit
import Foundation
import KeyboardModel
import KeyboardRenderer

/// The keyboards of a `LintRequest`, checked on one thread or on several, each piece of work
/// done once per worker: a worker keeps the layouts and themes it loaded, the frames it
/// solved (once per layout and canvas, `KeyboardPipeline(caching: true)`), the labels its
/// renderer measured and the files it read for positions, and hands the next keyboard what
/// it kept.
///
/// Findings are gathered per keyboard and merged afterwards in the keyboards' order, so the
/// report is the same on any number of workers; when keyboards fail, the first in that order
/// is the error thrown, as a sweep on one thread would throw it.
struct LintSweep {
    /// One keyboard: a layout and a theme on a device in an orientation.
    struct Place: Sendable {
        var layout: String, theme: String, device: String, orientation: Orientation
    }

    let request: LintRequest
    /// Every keyboard, in the report's order: layout by layout, theme by theme, then the
    /// layout's devices and orientations (`LintRequest.places(of:)`).
    let keyboards: [Place]

    init(_ request: LintRequest) {
        self.request = request
        var keyboards: [Place] = []
        for layout in request.layouts {
            // Problems of the file are reported by the first keyboard that reads it.
            let places = request.places(of: try? LayoutLoader.load(layout))
            for theme in request.themes {
                keyboards += places.map { Place(layout: layout, theme: theme, device: $0.device, orientation: $0.orientation) }
            }
        }
        self.keyboards = keyboards
    }

    /// What one worker keeps from keyboard to keyboard; used on its thread only.
    final class Workspace {
        let renderer: Renderer
        let pipeline = KeyboardPipeline(caching: true)
        /// The files read for positions and what they answered, by theme and layout (read
        /// once the first keyboard of the pair has checked them).
        private var sources: [[String]: (sources: StyleSources, lookups: StyleLookups)] = [:]

        init(renderer: Renderer) {
            self.renderer = renderer
        }

        func sources(theme: String, layout: String, root: LintRoot) -> (sources: StyleSources, lookups: StyleLookups) {
            if let known = sources[[theme, layout]] { return known }
            let located = (StyleSources(theme: theme, layout: layout, root: root), StyleLookups())
            sources[[theme, layout]] = located
            return located
        }
    }

    /// Each keyboard's findings, marked (`LintRequest.marked`) and merged (`LintMerger`), by
    /// keyboard.
    ///
    /// - Parameters:
    ///   - workers: threads to check on (at most one per keyboard, `Limits.maxWorkers`);
    ///     1 checks on the calling thread with `renderer`.
    ///   - renderer: the renderer of a sweep on one thread (default: a new one).
    /// - Throws: the error of the first keyboard, in the sweep's order, that fails.
    func findings(workers: Int, renderer: Renderer?) throws -> [[LintFinding]] {
        guard workers > 1, keyboards.count > 1 else {
            let workspace = Workspace(renderer: try renderer ?? Renderer())
            return try keyboards.indices.map { try check($0, in: workspace) }
        }
        let results = Locked([Result<[LintFinding], any Error>?](repeating: nil, count: keyboards.count))
        // Once a keyboard fails, those after it need not be checked: its error is the one thrown.
        let firstFailure = Locked(Int.max)
        let workspaces = Locked<[ObjectIdentifier: Workspace]>([:])
        try WorkerPool.run(count: keyboards.count, workers: workers) { renderer, n in
            guard firstFailure.withLock({ n < $0 }) else { return }
            let workspace = workspaces.withLock { known in
                if let workspace = known[ObjectIdentifier(renderer)] { return workspace }
                let workspace = Workspace(renderer: renderer)
                known[ObjectIdentifier(renderer)] = workspace
                return workspace
            }
            let result = Result { try check(n, in: workspace) }
            if case .failure = result { firstFailure.withLock { $0 = min($0, n) } }
            results.withLock { $0[n] = result }
        }
        // A keyboard is left unchecked only after one before it failed, which throws first.
        var out: [[LintFinding]] = []
        for result in results.withLock({ $0 }) {
            guard let result else { break }
            out.append(try result.get())
        }
        return out
    }

    /// Checks keyboard `n`: its findings, each marked with its identity and ignore reason,
    /// merged in the order found.
    private func check(_ n: Int, in workspace: Workspace) throws -> [LintFinding] {
        let place = keyboards[n]
        var keyboardRequest = request.android.applied(to: RenderRequest())
        keyboardRequest.layout = place.layout
        keyboardRequest.theme = place.theme
        keyboardRequest.device = place.device
        keyboardRequest.orientation = place.orientation
        keyboardRequest.shuffle = false
        let keyboard = try LintKeyboard(request: keyboardRequest, level: request.level, renderer: workspace.renderer, pipeline: workspace.pipeline)
        let (sources, lookups) = workspace.sources(theme: place.theme, layout: place.layout, root: request.root)
        // Merged here, on the worker: one finding per style for the keyboard (`LintMerger.inOrder`).
        var merger = LintMerger()
        for finding in try keyboard.findings(using: sources, lookups: lookups) {
            merger.add(request.marked(finding, sources: sources, keyboard: keyboard), keyboard: n)
        }
        return merger.inOrder
    }
}
