import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import RenderKeyboardKit

/// One `Renderer` for all snapshots of the process, used under a lock (a renderer is not
/// thread-safe, and setting up the pinned fonts for each snapshot would be slow).
enum SharedRenderer {
    private static let renderer = Locked<Renderer?>(nil)

    /// Runs `body` with the shared renderer.
    ///
    /// - Throws: the renderer's set-up error (missing pinned fonts) or what `body` throws.
    static func with<T>(_ body: (Renderer) throws -> T) throws -> T {
        try renderer.withLock { shared in
            let renderer: Renderer
            if let existing = shared {
                renderer = existing
            } else {
                renderer = try Renderer()
                shared = renderer
            }
            return try body(renderer)
        }
    }
}
