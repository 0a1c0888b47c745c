import Foundation
import RenderKeyboardKit

/// One `Renderer` for all snapshots of the process, used under a lock (a renderer is not
/// thread-safe, and setting up the pinned fonts for each snapshot would be slow).
enum SharedRenderer {
    private final class Box: @unchecked Sendable {
        let lock = NSLock()
        var renderer: Renderer?
    }

    private static let box = Box()

    /// Runs `body` with the shared renderer.
    ///
    /// - Throws: the renderer's set-up error (missing pinned fonts) or what `body` throws.
    static func with<T>(_ body: (Renderer) throws -> T) throws -> T {
        box.lock.lock()
        defer { box.lock.unlock() }
        let renderer: Renderer
        if let existing = box.renderer {
            renderer = existing
        } else {
            renderer = try Renderer()
            box.renderer = renderer
        }
        return try body(renderer)
    }
}
