import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

extension FuzzTarget {
    /// What the solver promises whenever it returns frames rather than an error (docs/layouts-and-themes.md):
    /// one frame per key in key order, every coordinate finite, no negative size, an image
    /// of at least one pixel each way, and the same frames when solved again. A broken
    /// promise stops the fuzzer like a crash.
    static func checkSolved(_ frames: KeyboardFrames, layout: Layout, canvas: Canvas) {
        checkFrames(frames, keyCount: layout.keys.count, canvas: canvas)
        let again = try? Solver.solve(layout, on: canvas, file: file)
        if again != frames { fatalError("solver invariant on \(canvas): solving the same layout twice gave different frames") }
    }

    /// The same promises for an Android keyboard placed on `canvas` (docs/android-xml.md): frames are
    /// finite with no negative size, and placing again gives the same frames.
    static func checkPlaced(_ frames: KeyboardFrames, keyboard: AndroidKeyboard, canvas: Canvas) {
        checkFrames(frames, keyCount: nil, canvas: canvas)
        let again = try? keyboard.place(on: canvas, file: file)
        if again != frames { fatalError("placement invariant on \(canvas): placing the same keyboard twice gave different frames") }
    }

    private static func checkFrames(_ frames: KeyboardFrames, keyCount: Int?, canvas: Canvas) {
        func require(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition { fatalError("frames invariant on \(canvas): \(message())") }
        }
        if let keyCount { require(frames.keys.count == keyCount, "\(frames.keys.count) frames for \(keyCount) keys") }
        require(frames.width.isFinite && frames.height.isFinite && frames.height > 0, "keyboard \(frames.width) × \(frames.height) pt")
        require(frames.imageWidth > 0 && frames.imageHeight > 0, "image \(frames.imageWidth) × \(frames.imageHeight) px")
        for (position, key) in frames.keys.enumerated() {
            let f = key.frame
            require(key.index == position, "frame \(position) has index \(key.index)")
            require(f.x.isFinite && f.y.isFinite && f.width.isFinite && f.height.isFinite, "key \(position) frame \(f)")
            require(f.width >= 0 && f.height >= 0, "key \(position) has a negative size: \(f)")
        }
    }
}
