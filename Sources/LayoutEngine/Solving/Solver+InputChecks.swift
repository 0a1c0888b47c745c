// Step 0 of the solver (see Solver.swift): the canvas and geometry checks.
import KeyboardModel

extension Solver {
    static func check(_ canvas: Canvas, file: String) throws {
        func require(_ problem: String?, _ path: String) throws {
            if let problem { throw Diagnostic(file: file, path: path, reason: problem) }
        }
        try require(Limits.positiveLengthProblem(canvas.width), "width")
        try require(Limits.scaleProblem(canvas.scale), "scale")
        try require(Limits.lengthProblem(canvas.safeArea.left), "safeArea.left")
        try require(Limits.lengthProblem(canvas.safeArea.right), "safeArea.right")
        try require(Limits.lengthProblem(canvas.safeArea.bottom), "safeArea.bottom")
        if let height = canvas.heightOverride { try require(Limits.positiveLengthProblem(height), "height") }
    }

    static func check(_ geometry: Geometry, path: String, file: String) throws {
        func require(_ problem: String?, _ field: @autoclosure () -> String) throws {
            if let problem { throw Diagnostic(file: file, path: path + "." + field(), reason: problem) }
        }
        switch geometry.sizing {
        case .height(let h):
            try require(Limits.positiveLengthProblem(h), "height")
        case .keyAspectRatio(let k, _):
            try require(Limits.weightProblem(k), "keyAspectRatio")
        }
        try require(Limits.lengthProblem(geometry.horizontalGap), "horizontalGap")
        try require(Limits.lengthProblem(geometry.verticalGap), "verticalGap")
        let insets = geometry.insets
        try require(Limits.lengthProblem(insets.top), "insets.top")
        try require(Limits.lengthProblem(insets.left), "insets.left")
        try require(Limits.lengthProblem(insets.bottom), "insets.bottom")
        try require(Limits.lengthProblem(insets.right), "insets.right")
        if let area = geometry.keyAreaWidth { try require(Limits.positiveLengthProblem(area), "keyAreaWidth") }
        if let band = geometry.bottomBand { try require(Limits.lengthProblem(band), "bottomBand") }
        for (j, row) in geometry.rows.enumerated() {
            var rowPath: String { "rows[\(j)]" }
            let count = max(0, row.columns)
            for i in 0..<min(count, row.widthWeights.count) {
                try require(Limits.weightProblem(row.widthWeights[i]), "\(rowPath).widthWeights[\(i)]")
            }
            for i in 0..<min(count, row.heightWeights.count) {
                try require(Limits.weightProblem(row.heightWeights[i]), "\(rowPath).heightWeights[\(i)]")
            }
            for i in 0..<min(count, row.paddings.count) {
                try require(Limits.lengthProblem(row.paddings[i]), "\(rowPath).paddings[\(i)]")
            }
            for i in 0..<min(count, row.widths.count) {
                if let width = row.widths[i] { try require(Limits.lengthProblem(width), "\(rowPath).widths[\(i)]") }
            }
            func checkMargin(_ margin: Length, _ side: String) throws {
                switch margin {
                case .points(let p):
                    try require(Limits.lengthProblem(p), "\(rowPath).margin.\(side)")
                case .percent(let n):
                    try require(Limits.percentProblem(n), "\(rowPath).margin.\(side)")
                }
            }
            try checkMargin(row.marginLeft, "left")
            try checkMargin(row.marginRight, "right")
        }
    }
}
