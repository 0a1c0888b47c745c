import Foundation
import XCTest
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer

/// Bad input: every problem is reported with the file, the field path and the reason, and
/// nothing traps or hangs.
final class LayoutErrorTests: XCTestCase {
    /// The single problem `text` raises, checked for its path and a part of its reason.
    private func assertProblem(_ text: String, path: String, reason: String, line: UInt = #line) {
        let problems = diagnostics(of: text, line: line)
        XCTAssertEqual(problems.count, 1, "expected one problem, got \(problems)", line: line)
        guard let problem = problems.first else { return }
        XCTAssertEqual(problem.file, "test.yaml", line: line)
        XCTAssertEqual(problem.path, path, "\(problem)", line: line)
        XCTAssertTrue(problem.reason.contains(reason), "\"\(problem.reason)\" does not say \"\(reason)\"", line: line)
        XCTAssertTrue(problem.description.hasPrefix("test.yaml: \(path.isEmpty ? "" : path + ": ")"), problem.description, line: line)
    }

    private func layout(keys: String = "[a, b, c, d]", rows: String = "- {columns: 4}", geometry: String = "height: 100") -> String {
        """
        keys: \(keys)
        portrait:
          \(geometry)
          rows:
            \(rows)
        """
    }

    func testUnknownFieldSuggestsTheNearestName() {
        assertProblem(layout(rows: "- {columns: 4, widthWeight: [1, 2, 1, 1]}"),
                      path: "portrait.rows[0].widthWeight", reason: "unknown field \"widthWeight\"; did you mean widthWeights?")
        assertProblem("lanscape: {height: 1}\n" + layout(), path: "lanscape", reason: "did you mean landscape?")
        // With no field near the typo, the message names the fields that may stand there.
        assertProblem(layout(geometry: "height: 100\n  zzzzzz: 1"), path: "portrait.zzzzzz",
                      reason: "unknown field \"zzzzzz\"; the fields here are height, keyAspectRatio, referenceRow, horizontalGap, verticalGap, insets, rows")
        assertProblem(layout(keys: "[a, b, c, {code: delte}]"), path: "keys[3].code", reason: "did you mean delete?")
    }

    func testNonFiniteNumbers() {
        assertProblem(layout(geometry: "height: .inf"), path: "portrait.height", reason: "not a finite number")
        assertProblem(layout(rows: "- {columns: 4, widthWeights: [1, .nan]}"), path: "portrait.rows[0].widthWeights[1]", reason: "not a finite number")
        assertProblem(layout(rows: "- {columns: 4, margin: {left: \".inf%\"}}"), path: "portrait.rows[0].margin.left", reason: "not a finite percentage")
        assertProblem(layout(geometry: "keyAspectRatio: -.inf"), path: "portrait.keyAspectRatio", reason: "not a finite number")
    }

    func testNumbersOverTheirRange() {
        assertProblem(layout(geometry: "height: 100001"), path: "portrait.height", reason: "over the limit of 100000 pt")
        assertProblem(layout(geometry: "height: 100\n  horizontalGap: 1e300"), path: "portrait.horizontalGap", reason: "over the limit of 100000 pt")
        assertProblem(layout(rows: "- {columns: 4, heightWeights: [1001]}"), path: "portrait.rows[0].heightWeights[0]", reason: "over the limit of 1000")
        assertProblem(layout(rows: "- {columns: 4, margin: {right: \"150%\"}}"), path: "portrait.rows[0].margin.right", reason: "out of range 0…100")
        assertProblem(layout(geometry: "keyAspectRatio: 5000"), path: "portrait.keyAspectRatio", reason: "over the limit of 1000")
        assertProblem("toolbar: {height: 1e6}\n" + layout(), path: "toolbar.height", reason: "over the limit")
    }

    func testNegativeLengths() {
        assertProblem(layout(geometry: "height: 100\n  insets: {left: -3}"), path: "portrait.insets.left", reason: "must not be negative")
        assertProblem(layout(geometry: "height: 100\n  verticalGap: -1"), path: "portrait.verticalGap", reason: "must not be negative")
        assertProblem(layout(rows: "- {columns: 4, paddings: [0, -2]}"), path: "portrait.rows[0].paddings[1]", reason: "must not be negative")
        assertProblem(layout(rows: "- {columns: 4, margin: {left: -6}}"), path: "portrait.rows[0].margin.left", reason: "must not be negative")
        assertProblem(layout(rows: "- {columns: 4, margin: {left: \"-5%\"}}"), path: "portrait.rows[0].margin.left", reason: "out of range 0…100")
        assertProblem(layout(rows: "- {columns: -4}"), path: "portrait.rows[0].columns", reason: "must not be negative")
    }

    func testZeroWeight() {
        assertProblem(layout(rows: "- {columns: 4, widthWeights: [1, 0, 1, 1]}"), path: "portrait.rows[0].widthWeights[1]", reason: "greater than 0")
        assertProblem(layout(rows: "- {columns: 4, heightWeights: [-1]}"), path: "portrait.rows[0].heightWeights[0]", reason: "greater than 0")
        assertProblem(layout(geometry: "keyAspectRatio: 0"), path: "portrait.keyAspectRatio", reason: "greater than 0")
        assertProblem(layout(geometry: "height: 0"), path: "portrait.height", reason: "greater than 0")
    }

    func testColumnsMustAddUpToTheKeys() {
        assertProblem(layout(rows: "- {columns: 2}\n    - {columns: 1}"), path: "portrait.rows", reason: "the rows' columns add up to 3 but the layout has 4 keys")
        assertProblem(layout(rows: "- {columns: 5}"), path: "portrait.rows", reason: "add up to 5 but the layout has 4 keys")
        assertProblem(layout(keys: "[a, b, c, d]", rows: "- {columns: 4}") + "\nlandscape: {height: 90, rows: [{columns: 3}]}",
                      path: "landscape.rows", reason: "add up to 3 but the layout has 4 keys")
    }

    func testSpanKeyPastTheLastRow() {
        assertProblem(layout(keys: "[a, b, c, {label: d, rowSpan: 2}]", rows: "- {columns: 4}"),
                      path: "keys[3].rowSpan", reason: "rowSpan 2 from row 0 runs past the last row (portrait has 1 row)")
        assertProblem(layout(keys: "[a, b, c, {label: d, rowSpan: 3}]", rows: "- {columns: 2}\n    - {columns: 2}"),
                      path: "keys[3].rowSpan", reason: "runs past the last row")
        assertProblem(layout(keys: "[a, b, c, {label: d, rowSpan: 0}]"), path: "keys[3].rowSpan", reason: "must be at least 1 (found 0)")
        assertProblem(layout(keys: "[a, b, c, {label: d, rowSpan: 1.5}]"), path: "keys[3].rowSpan", reason: "expected a whole number")
    }

    func testSizing() {
        assertProblem(layout(geometry: "height: 100\n  keyAspectRatio: 1"), path: "portrait", reason: "both height and keyAspectRatio")
        assertProblem(layout(geometry: "horizontalGap: 1"), path: "portrait", reason: "needs either height (pt) or keyAspectRatio")
        assertProblem(layout(geometry: "keyAspectRatio: 1\n  referenceRow: 3"), path: "portrait.referenceRow", reason: "row 3 does not exist (portrait has 1 row")
        assertProblem(layout(keys: "[{label: a, rowSpan: 2}, b, c, d]", rows: "- {columns: 2}\n    - {columns: 2}", geometry: "keyAspectRatio: 1\n  referenceRow: 1"),
                      path: "portrait.referenceRow", reason: "holds span keys from the rows above")
    }

    func testKeysAndStructure() {
        assertProblem("portrait: {height: 100, rows: [{columns: 1}]}", path: "keys", reason: "is required")
        assertProblem("keys: [a]", path: "portrait", reason: "is required")
        assertProblem(layout(keys: "[]", rows: "- {columns: 0}"), path: "keys", reason: "needs at least one key")
        assertProblem(layout(keys: "[a, b, c, \"\"]"), path: "keys[3]", reason: "empty string is not a key")
        assertProblem(layout(keys: "[a, b, c, [d]]"), path: "keys[3]", reason: "expected a mapping of fields, found a list")
        assertProblem(layout(rows: "[]").replacingOccurrences(of: "rows:\n    []", with: "rows: []"), path: "portrait.rows", reason: "needs at least one row")
        assertProblem("keys: [a]\nportrait: {height: 100, rows: [{columns: 1}]}\nkind: letters", path: "kind", reason: "did you mean letter?")
        assertProblem(layout(rows: "- {columns: 4, margin: {left: \"6pt\"}}"), path: "portrait.rows[0].margin.left", reason: "\"6pt\" is not a length")
    }

    func testNoRoomInARow() throws {
        let decoded = try decodeLayout(layout(rows: "- {columns: 4, margin: {left: \"40%\", right: 220}}", geometry: "height: 100\n  horizontalGap: 10"))
        let canvas = Canvas(deviceName: nil, orientation: .portrait, width: 400, scale: 1)
        XCTAssertThrowsError(try Solver.solve(decoded.layout, on: canvas, file: "test.yaml")) { error in
            let problem = error as? Diagnostic
            XCTAssertEqual(problem?.path, "portrait.rows[0]")
            XCTAssertTrue(problem?.reason.contains("no room for keys[0]…keys[3]") == true, "\(error)")
            XCTAssertEqual(problem?.file, "test.yaml")
        }
        // The same layout fits a wider keyboard.
        XCTAssertNoThrow(try Solver.solve(decoded.layout, on: Canvas(deviceName: nil, orientation: .portrait, width: 800, scale: 1)))

        // A segment between span keys with no room: row 1's key must fit between A and D.
        let squeezed = try decodeLayout("""
        keys: [{label: A, rowSpan: 2}, {label: D, rowSpan: 2}, e]
        portrait: {height: 100, horizontalGap: 6, rows: [{columns: 2}, {columns: 1}]}
        """)
        XCTAssertThrowsError(try Solver.solve(squeezed.layout, on: canvas)) { error in
            XCTAssertEqual((error as? Diagnostic)?.path, "portrait.rows[1]")
            XCTAssertTrue("\(error)".contains("no room for keys[2]"), "\(error)")
        }
    }

    func testRowUnitHeightMustBePositive() throws {
        let decoded = try decodeLayout(layout(geometry: "height: 30\n  insets: {top: 20, bottom: 10}"))
        XCTAssertThrowsError(try Solver.solve(decoded.layout, on: Canvas(deviceName: nil, orientation: .portrait, width: 400, scale: 1))) { error in
            XCTAssertEqual((error as? Diagnostic)?.path, "portrait.height")
            XCTAssertTrue("\(error)".contains("leaves no room for the rows"), "\(error)")
        }
        let fine = try decodeLayout(layout(geometry: "height: 100\n  insets: {top: 20, bottom: 10}")).layout
        XCTAssertNoThrow(try Solver.solve(fine, on: Canvas(deviceName: nil, orientation: .portrait, width: 400, scale: 1)))
        let tooShort = Canvas(deviceName: nil, orientation: .portrait, width: 400, scale: 1, heightOverride: 25)
        XCTAssertThrowsError(try Solver.solve(fine, on: tooShort)) { error in
            XCTAssertEqual((error as? Diagnostic)?.path, "")
            XCTAssertTrue("\(error)".contains("25 pt tall leaves no room"), "\(error)")
        }
    }

    func testObstaclesOutOfOrder() {
        // Slot lists built top-down always agree with x order; this checks the guard on the
        // row placement itself: obstacles keys[0] and keys[1] in slot order, keys[1] to the left.
        var xs: [Double] = [200, 10, 0]
        var widths: [Double] = [50, 50, 0]
        XCTAssertThrowsError(try Solver.layOutRow(
            1, slots: [.obstacle(spanKey: 0), .obstacle(spanKey: 1), .key(2)], firstKey: 2, row: RowGeometry(columns: 1), start: 0, end: 400, gap: 6,
            xs: &xs, widths: &widths, keyboardWidth: 400, path: "portrait", file: "test.yaml"
        )) { error in
            let problem = error as? Diagnostic
            XCTAssertEqual(problem?.path, "portrait.rows[1]")
            XCTAssertTrue(problem?.reason.contains("span keys keys[0] and keys[1] cover this row in that slot order") == true, "\(error)")
        }
    }

    func testFileOverOneMebibyte() {
        let big = "keys: [a]\n# " + String(repeating: "x", count: 1 << 20) + "\n"
        assertProblem(big, path: "", reason: "the limit is 1048576 bytes")
    }

    func testMoreThanTenThousandKeys() {
        let keys = String(repeating: "  - a\n", count: 10_001)
        assertProblem("keys:\n" + keys + "portrait: {height: 100, rows: [{columns: 5000}, {columns: 5001}]}", path: "keys", reason: "has 10001 keys; the limit is 10000")
    }

    func testBillionLaughs() {
        var text = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        let names = Array("abcdefghij").map(String.init)
        for n in 1..<names.count {
            let previous = names[n - 1]
            text += "\(names[n]): &\(names[n]) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
        }
        let start = Date()
        assertProblem(text, path: "", reason: "expands to more than")
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "the alias bomb took too long")
    }

    func testDeepNesting() {
        let start = Date()
        assertProblem(String(repeating: "[", count: 100_000), path: "", reason: "nest deeper than")
        assertProblem("keys: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000), path: "", reason: "nest deeper than")
        assertProblem(String(repeating: "{a: ", count: 100_000), path: "", reason: "nest deeper than")
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "deep nesting took too long")
    }

    func testAFieldGivenTwiceIsAnError() {
        // The error is at the second time the key is given, and says where the first was.
        assertProblem("keys: [a]\nportrait:\n  height: 100\n  height: 200\n  rows: [{columns: 1}]\n", path: "",
                      reason: "line 4, column 3: this key was given already in the same mapping (line 3, column 3); each field may be given once")
        assertProblem("{\"keys\": [\"a\"], \"portrait\": {\"height\": 1, \"rows\": [{\"columns\": 1}], \"height\": 100}}", path: "",
                      reason: "line 1, column 69: this key was given already in the same mapping (line 1, column 30); each field may be given once")
        assertProblem("keys: [a]\nportrait: {height: 1, rows: [{columns: 1, columns: 1}]}\n", path: "",
                      reason: "line 2, column 43: this key was given already in the same mapping (line 2, column 31); each field may be given once")
        // Given three times, the first repeat is not told apart: the first place is named.
        assertProblem("a: 1\na: 2\na: 3\n", path: "", reason: "line 1, column 1: this key appears again in the same mapping; each field may be given once")
        // The keys themselves are not quoted: the file may be any file the user can read.
        let secrets = diagnostics(of: "token-a1b2: x\ntoken-a1b2: y\n").map(\.description).joined()
        XCTAssertFalse(secrets.contains("a1b2"), secrets)
    }

    func testNotAMappingOrNotYAML() {
        // Nothing of a file that is not a layout at all is quoted: it may be any readable file.
        let notALayout = "not a layout file: it holds none of the fields of one (name, kind, shuffle, toolbar, keys, portrait, landscape, metrics, lint)"
        assertProblem("- a\n- b", path: "", reason: notALayout)
        assertProblem("root:x:0:0:root:/root:/bin/bash\n", path: "", reason: notALayout)
        assertProblem("root: x\ndaemon: y\n", path: "", reason: notALayout)
        assertProblem("keys: [a\n", path: "", reason: "not valid JSON or YAML")
        assertProblem("", path: "", reason: "empty")
    }

    func testEveryProblemIsReported() {
        let problems = diagnostics(of: """
        keys: [a, b, {code: delete, rowSpan: 0}]
        portrait:
          height: 100
          horizontalGap: -6
          rows:
            - {columns: 3, widthWeight: [1, 1, 1]}
        """)
        XCTAssertEqual(problems.map(\.path).sorted(), ["keys[2].rowSpan", "portrait.horizontalGap", "portrait.rows[0].widthWeight"].sorted(), "\(problems)")
        XCTAssertEqual(DiagnosticList(problems).description.split(separator: "\n").count, 3)
    }

    func testSolverChecksLayoutsBuiltInCode() {
        let canvas = Canvas(deviceName: nil, orientation: .portrait, width: 400, scale: 1)
        func layout(_ geometry: Geometry, keys: [Key] = [Key("a"), Key("b")]) -> Layout {
            Layout(name: "code", keys: keys, portrait: geometry)
        }
        let row = RowGeometry(columns: 2)
        let cases: [(Layout, Canvas, String)] = [
            (layout(Geometry(sizing: .height(100), horizontalGap: .nan, rows: [row])), canvas, "portrait.horizontalGap"),
            (layout(Geometry(sizing: .height(-1), rows: [row])), canvas, "portrait.height"),
            (layout(Geometry(sizing: .keyAspectRatio(.infinity, referenceRow: 0), rows: [row])), canvas, "portrait.keyAspectRatio"),
            (layout(Geometry(sizing: .keyAspectRatio(1, referenceRow: 9), rows: [row])), canvas, "portrait.referenceRow"),
            (layout(Geometry(sizing: .keyAspectRatio(1, referenceRow: -1), rows: [row])), canvas, "portrait.referenceRow"),
            (layout(Geometry(sizing: .height(100), rows: [RowGeometry(columns: 2, widthWeights: [1, 0])])), canvas, "portrait.rows[0].widthWeights[1]"),
            (layout(Geometry(sizing: .height(100), rows: [RowGeometry(columns: 2, paddings: [-1])])), canvas, "portrait.rows[0].paddings[0]"),
            (layout(Geometry(sizing: .height(100), rows: [RowGeometry(columns: 2, marginLeft: .percent(101))])), canvas, "portrait.rows[0].margin.left"),
            (layout(Geometry(sizing: .height(100), rows: [RowGeometry(columns: 3)])), canvas, "portrait.rows"),
            (layout(Geometry(sizing: .height(100), rows: [RowGeometry(columns: Int.max, widthWeights: [], heightWeights: [], paddings: []), RowGeometry(columns: Int.max, widthWeights: [], heightWeights: [], paddings: [])])), canvas, "portrait.rows"),
            (layout(Geometry(sizing: .height(100), rows: [RowGeometry(columns: -1, widthWeights: [], heightWeights: [], paddings: []), RowGeometry(columns: 3)])), canvas, "portrait.rows[0].columns"),
            (layout(Geometry(sizing: .height(100), rows: [])), canvas, "portrait.rows"),
            (layout(Geometry(sizing: .height(100), rows: [row]), keys: [Key("a"), Key(label: "b", rowSpan: 0)]), canvas, "keys[1].rowSpan"),
            (layout(Geometry(sizing: .height(100), rows: [row]), keys: [Key("a"), Key(label: "b", rowSpan: Int.max)]), canvas, "keys[1].rowSpan"),
            (layout(Geometry(sizing: .height(100), rows: [row])), Canvas(deviceName: nil, orientation: .portrait, width: 0, scale: 1), "width"),
            (layout(Geometry(sizing: .height(100), rows: [row])), Canvas(deviceName: nil, orientation: .portrait, width: 400, scale: .nan), "scale"),
            (layout(Geometry(sizing: .height(100), rows: [row])), Canvas(deviceName: nil, orientation: .portrait, width: 400, scale: 1e300), "scale"),
            (layout(Geometry(sizing: .height(100), rows: [row])), Canvas(deviceName: nil, orientation: .portrait, width: 400, scale: 1, safeArea: EdgeInsets(left: -1)), "safeArea.left"),
            (layout(Geometry(sizing: .height(100), rows: [row])), Canvas(deviceName: nil, orientation: .portrait, width: 400, scale: 1, heightOverride: .infinity), "height"),
        ]
        for (n, (layout, canvas, path)) in cases.enumerated() {
            XCTAssertThrowsError(try Solver.solve(layout, on: canvas), "case \(n)") { error in
                XCTAssertEqual((error as? Diagnostic)?.path, path, "case \(n): \(error)")
            }
        }
    }

    /// Random layouts and canvases, valid or not, never trap: the solver returns frames or
    /// throws a diagnostic.
    func testRandomLayoutsNeverTrap() {
        var random = SplitMix64(seed: 12345)
        func pick<T>(_ items: [T]) -> T { items[Int(random.bounded(UInt64(items.count)))] }
        // Mostly sensible values, with a bad one now and then.
        let good: [Double] = [0, 1, 1, 1, 2, 6, 0.5, 3, 10]
        let bad: [Double] = [-1, .nan, .infinity, -.infinity, 1e300, 1e5, 0]
        func value() -> Double { random.bounded(60) == 0 ? pick(bad) : pick(good) }
        func weight() -> Double { random.bounded(60) == 0 ? pick(bad) : pick([1, 1, 2, 0.5, 1.3]) }
        var solved = 0
        for _ in 0..<20_000 {
            let rowCount = Int(random.bounded(4))
            var rows: [RowGeometry] = []
            var keys: [Key] = []
            for _ in 0..<rowCount {
                let columns = pick([0, 1, 2, 2, 3, 3, 4, -1])
                rows.append(RowGeometry(
                    columns: columns,
                    widthWeights: (0..<Int(random.bounded(5))).map { _ in weight() },
                    heightWeights: (0..<Int(random.bounded(5))).map { _ in weight() },
                    paddings: (0..<Int(random.bounded(5))).map { _ in value() },
                    marginLeft: pick([.points(value()), .percent(value())]),
                    marginRight: pick([.points(value()), .percent(value())])
                ))
                for _ in 0..<max(0, columns) {
                    keys.append(Key(label: "k", rowSpan: pick([1, 1, 1, 1, 1, 1, 2, 3, 0, Int.max])))
                }
            }
            let sizing = pick([Sizing.height(pick([200, 216, 100, 50]) + value()), .keyAspectRatio(weight(), referenceRow: pick([0, 0, 0, 1, 2, -1, Int.max]))])
            let geometry = Geometry(sizing: sizing, horizontalGap: value(), verticalGap: value(),
                                    insets: EdgeInsets(top: value(), left: value(), bottom: value(), right: value()), rows: rows)
            let layout = Layout(name: "random", toolbar: pick([nil, Toolbar(height: value())]), keys: keys, portrait: geometry)
            let canvas = Canvas(deviceName: nil, orientation: .portrait, width: pick([400, 400, 800, 1e5, 10, 0, -1, .nan]), scale: pick([1, 3, 3, 2.625, 2.625, 0, .nan, 1e9]),
                                heightOverride: pick([nil, nil, nil, 300 + value()]))
            if (try? Solver.solve(layout, on: canvas)) != nil { solved += 1 }
        }
        XCTAssertGreaterThan(solved, 200, "some random layouts should solve")
    }
}
