import LayoutEngine

extension FuzzTarget {
    /// What the solver promises whenever it returns frames rather than an error (SPEC §3):
    /// one frame per key in key order, every coordinate finite, no negative size, an image
    /// of at least one pixel each way, and the same frames when solved again. A broken
    /// promise stops the fuzzer like a crash.
    static func checkSolved(_ frames: KeyboardFrames, layout: Layout, canvas: Canvas) {
        func require(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition { fatalError("solver invariant on \(canvas): \(message())") }
        }
        require(frames.keys.count == layout.keys.count, "\(frames.keys.count) frames for \(layout.keys.count) keys")
        require(frames.width.isFinite && frames.height.isFinite && frames.height > 0, "keyboard \(frames.width) × \(frames.height) pt")
        require(frames.imageWidth > 0 && frames.imageHeight > 0, "image \(frames.imageWidth) × \(frames.imageHeight) px")
        for (position, key) in frames.keys.enumerated() {
            let f = key.frame
            require(key.index == position, "frame \(position) has index \(key.index)")
            require(f.x.isFinite && f.y.isFinite && f.width.isFinite && f.height.isFinite, "key \(position) frame \(f)")
            require(f.width >= 0 && f.height >= 0, "key \(position) has a negative size: \(f)")
        }
        let again = try? Solver.solve(layout, on: canvas, file: file)
        require(again == frames, "solving the same layout twice gave different frames")
    }
}
