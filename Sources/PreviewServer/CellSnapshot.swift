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

    /// The cell as JSON (docs/preview-and-serve.md's CELL).
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
