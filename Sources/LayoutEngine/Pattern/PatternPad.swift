// The pattern pad (docs/pattern-pads.md): an N × N grid of dots and a gesture path through them.
//
//  1. The pad is a square `side` points wide: the canvas width less its safe left and right
//     insets. Cells are `side / N` points square; dot i (row-major from 0) sits at the centre
//     of cell (i mod N, i div N).
//  2. The path is walked step by step. A step from dot a to dot b passes straight over every
//     dot on the segment between them (the lattice points a + k·(Δ/g), g = gcd(|Δrow|,
//     |Δcolumn|), 0 < k < g); each such dot not yet visited is visited first, in order
//     (Android's rule, which on a 3 × 3 pad makes `0,2` into `0,1,2`). A dot already visited
//     is passed over without being visited again.
//  3. A dot the path names that is already visited (by the path or by step 2) is an error.
import KeyboardModel

/// Solves pattern pads.
public enum PatternPad {
    /// Dots per side when none is given: a 3 × 3 pad.
    public static let defaultSize = 3

    /// The path with the dots it passes over filled in (steps 2 and 3).
    ///
    /// - Throws: `Diagnostic` of the request field `path`, at the dot's place in it (`[3]`), for a
    ///   dot outside the pad or one the path visits twice.
    package static func completedPath(_ path: [Int], size: Int) throws -> [Int] {
        try checkSize(size)
        let count = size * size
        var visited = Set<Int>()
        var completed: [Int] = []
        for (n, dot) in path.enumerated() {
            guard (0..<count).contains(dot) else {
                throw Diagnostic(origin: .requestField("path", path: "[\(n)]"), reason: "dot \(dot) is not on a \(size) × \(size) pad (0…\(count - 1))")
            }
            if let last = completed.last {
                let dr = dot / size - last / size, dc = dot % size - last % size
                let g = gcd(abs(dr), abs(dc))
                if g > 1 {
                    for k in 1..<g {
                        let between = (last / size + k * dr / g) * size + (last % size + k * dc / g)
                        if visited.insert(between).inserted { completed.append(between) }
                    }
                }
            }
            guard visited.insert(dot).inserted else {
                throw Diagnostic(origin: .requestField("path", path: "[\(n)]"), reason: "dot \(dot) is already in the pattern; a pattern visits each dot once")
            }
            completed.append(dot)
        }
        return completed
    }

    /// Solves a pad of `size × size` dots on `canvas` with `path` (dot indices).
    ///
    /// - Throws: `Diagnostic` for a size outside 2…`Limits.maxPatternSize`, a bad path (see
    ///   `completedPath`), a scale outside `Limits.scale`, or a pad with no room, over
    ///   `maxImageSide` pixels a side, or an image that `Limits.imageSizeProblem` refuses;
    ///   each of the request field that is at fault (`size`, `path`, `scale`, `width`).
    public static func solve(size: Int = defaultSize, path: [Int], on canvas: Canvas, maxImageSide: Int = Limits.maxImageSide) throws -> PatternFrames {
        try checkSize(size)
        let completed = try completedPath(path, size: size)
        if let problem = Limits.scaleProblem(canvas.scale) {
            throw Diagnostic(origin: .requestField("scale"), reason: problem)
        }
        let side = canvas.width - canvas.safeArea.left - canvas.safeArea.right
        guard side.isFinite, side > 0 else {
            throw Diagnostic(origin: .requestField("width"), reason: "leaves no room for the pad")
        }
        let pixels = PixelRect.snap(side, scale: canvas.scale)
        guard pixels >= 1, pixels <= Double(maxImageSide) else {
            throw Diagnostic(origin: .requestField("width"), reason: "the pad would be \(Limits.format(pixels)) px a side; it must be 1…\(maxImageSide) px")
        }
        // The one size rule of images written, so frames refuse what drawing would refuse.
        if let problem = Limits.imageSizeProblem(width: Int(pixels), height: Int(pixels)) {
            throw Diagnostic(origin: .requestField("width"), reason: problem)
        }
        let cell = side / Double(size)
        var order: [Int: Int] = [:]
        for (n, dot) in completed.enumerated() { order[dot] = n }
        var dots: [PatternDot] = []
        dots.reserveCapacity(size * size)
        for i in 0..<(size * size) {
            let row = i / size, column = i % size
            dots.append(PatternDot(index: i, row: row, column: column, centerX: (Double(column) + 0.5) * cell, centerY: (Double(row) + 0.5) * cell, order: order[i]))
        }
        return PatternFrames(canvas: canvas, size: size, side: side, cell: cell, requestedPath: path, path: completed, dots: dots, imageSide: Int(pixels))
    }

    /// Throws a `Diagnostic` of the request field `size` for a pad outside 2…`Limits.maxPatternSize` dots a side.
    static func checkSize(_ size: Int) throws {
        guard (2...Limits.maxPatternSize).contains(size) else {
            throw Diagnostic(origin: .requestField("size"), reason: "a pad has 2…\(Limits.maxPatternSize) dots a side (found \(size))")
        }
    }

    static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
