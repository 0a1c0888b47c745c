import Foundation

/// How long the steps of one cell's last drawing took, milliseconds: loading its files,
/// solving and composing (`scene`), painting the pixels (`paint`) and writing the PNG
/// (`encode`). Zero for a step not reached.
package struct CellTiming: Sendable, Hashable {
    package var scene = 0.0
    package var paint = 0.0
    package var encode = 0.0
}

/// One redraw after a change: when the board heard of the change and when it had drawn
/// every affected cell (`DispatchTime` uptime, nanoseconds), and each cell's steps. The
/// events go out right after `finished`.
package struct RedrawTiming: Sendable {
    package var noticed: UInt64
    package var finished: UInt64
    package var cells: [CellTiming]
}

/// Milliseconds since the last lap (or since it was made).
struct StepClock {
    private var last = DispatchTime.now().uptimeNanoseconds

    mutating func lap() -> Double {
        let now = DispatchTime.now().uptimeNanoseconds
        defer { last = now }
        return Double(now - last) / 1e6
    }
}
