import XCTest
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer

/// Metrics tables (docs/ios-keyboard.md): the CSV format, `"$COLUMN"` and `"$COLUMN|DEFAULT"` wherever a
/// number goes, the row of the device and orientation drawn, and every error by its message.
final class MetricsTableTests: XCTestCase {
    private let csv = """
        # a comment, then a blank line

        device,orientation,height,gap,cols,indent
        iphone-14,portrait,216,6,2,10
        iphone-393x852 , landscape , 160 , 5 , 2 , 20\r
        ipad-10,portrait,300,12.5,1,0
        """

    private func table(_ text: String? = nil, name: String = "t") throws -> MetricsTable {
        try MetricsTableDecoder.decode(Array((text ?? csv).utf8), name: name, file: "t.csv")
    }

    /// The problems a table raises, or a failure when it decodes.
    private func tableProblems(_ text: String, line: UInt = #line) -> [Diagnostic] {
        do {
            _ = try table(text)
            XCTFail("expected the table to be rejected", line: line)
        } catch let list as DiagnosticList {
            return list.diagnostics
        } catch {
            XCTFail("unexpected error \(error)", line: line)
        }
        return []
    }

    func testRowsColumnsAndAliases() throws {
        let t = try table()
        XCTAssertEqual(t.name, "t")
        XCTAssertEqual(t.columns, ["height", "gap", "cols", "indent"])
        XCTAssertEqual(t.rows.map(\.device), ["iphone-14", "iphone-15", "ipad-10"], "an alias is stored as its preset's name")
        XCTAssertEqual(t.rows.map(\.line), [4, 5, 6])
        let landscape = try XCTUnwrap(t.row(device: "iphone-15", orientation: .landscape))
        XCTAssertEqual(landscape.values, ["height": 160, "gap": 5, "cols": 2, "indent": 20])
        XCTAssertNil(t.row(device: "iphone-15", orientation: .portrait))
        XCTAssertNil(t.row(device: nil, orientation: .portrait), "a bare width has no row")
        XCTAssertEqual(t.listing, """
            t (t.csv): 4 columns, 3 rows
            device     orientation  height  gap   cols  indent
            iphone-14  portrait     216     6     2     10
            iphone-15  landscape    160     5     2     20
            ipad-10    portrait     300     12.5  1     0

            """)
    }

    func testTableErrorsNameTheLineAndColumn() {
        func problem(_ text: String, _ path: String, _ reason: String, line: UInt = #line) {
            let problems = tableProblems(text, line: line)
            XCTAssertTrue(problems.contains { $0.file == "t.csv" && $0.path == path && $0.reason.contains(reason) }, "\(problems)", line: line)
        }
        problem("device,orientation,gap\niphone-14,portrait,6pt\n", "line 2, gap", "\"6pt\" is not a number")
        problem("device,orientation,gap\niphone-14,portrait,\n", "line 2, gap", "is not a number (the cell is empty)")
        problem("device,orientation,gap\niphone-14,portrait,nan\n", "line 2, gap", "\"nan\" is not a number")
        problem("device,orientation,gap\niphone-14,portrait,1e999\n", "line 2, gap", "is not a number")
        problem("device,orientation,gap\niphone-14,portrait\n", "line 2", "has 2 cells; the header has 3")
        problem("device,orientation,gap\niphone-140,portrait,6\n", "line 2, device", "\"iphone-140\" is not a device preset")
        problem("device,orientation,gap\niphone-14,sideways,6\n", "line 2, orientation", "\"sideways\" is not one of portrait, landscape")
        problem("device,orientation,gap\niphone-14,portrait,6\niphone-390x844,portrait,7\n", "line 3", "a second row for iphone-14 portrait (the first is on line 2)")
        problem("orientation,device,gap\n", "line 1", "not a metrics table: the first line that is not a comment must be the header device,orientation,COLUMN…")
        XCTAssertFalse(tableProblems("root:x:0:0:secret,/root\n").map(\.description).joined().contains("secret"), "nothing of a file that is no table is quoted")
        problem("device,orientation,gap,gap\n", "line 1", "column \"gap\" appears twice")
        problem("device,orientation,9lives\n", "line 1", "column 3: \"9lives\" is not a column name")
        problem("device,orientation,a|b\n", "line 1", "is not a column name")
        problem("# only a comment\n", "", "no header line")
        problem("device,orientation,gap\n", "", "has no rows")
        XCTAssertThrowsError(try MetricsTableDecoder.decode(Array("device,orientation,gap\n".utf8) + [0xFF], name: "t", file: "t.csv")) { error in
            XCTAssertEqual((error as? DiagnosticList)?.diagnostics.map(\.description), ["t.csv: file is not UTF-8 text"])
        }
        XCTAssertEqual(tableProblems("device,orientation,a,b\niphone-14,portrait,x,y\n").map(\.path), ["line 2, a", "line 2, b"], "every bad cell is reported")
        XCTAssertThrowsError(try table(String(repeating: "#", count: Limits.maxFileSize + 1)))
    }

    // MARK: - References in layouts

    private let layoutText = """
        name: m
        metrics: t
        keys: [a, b, c]
        portrait:
          height: $height
          horizontalGap: "$gap"
          insets: {left: "$missing|4", right: $missing|4}
          rows:
            - {columns: $cols, margin: {left: $indent}}
            - {columns: 1, widths: [$height|1]}
        """

    private func decode(_ text: String, table: MetricsTable? = nil) throws -> DecodedLayout {
        let loaded = try table ?? self.table()
        return try LayoutDecoder.decode(Array(text.utf8), file: "m.yaml", baseDirectory: "/tmp") { reference in
            XCTAssertEqual(reference, "t")
            return loaded
        }
    }

    private func layoutProblems(_ text: String, table: MetricsTable? = nil, line: UInt = #line) -> [Diagnostic] {
        guard let loaded = try? table ?? self.table() else { return [] }
        return layoutProblemsWithLoader(text, line: line) { _ in loaded }
    }

    func testEachCanvasReadsItsOwnRow() throws {
        let layout = try decode(layoutText).layout
        XCTAssertEqual(layout.metrics?.name, "t")
        let portrait = try Solver.solve(layout, on: Canvas(device: XCTUnwrap(Device.named("iphone-14")), orientation: .portrait), file: "m.yaml")
        // iphone-14 portrait: W 390, height 216, gap 6, insets 4 (the default), indent 10.
        // Row 0 spans [14, 386]: (372 - 6) / 2 = 183; row 1's one key is fixed at 216 pt.
        XCTAssertEqual(portrait.height, 216)
        XCTAssertEqual(portrait.keys.map(\.frame.x), [14, 203, 4])
        XCTAssertEqual(portrait.keys.map(\.frame.width), [183, 183, 216])
        XCTAssertEqual(portrait.metricsRow?.device, "iphone-14")
        let landscape = try Solver.solve(layout, on: Canvas(device: XCTUnwrap(Device.named("iphone-15")), orientation: .landscape), file: "m.yaml")
        // iphone-15 landscape: W 852 with safe sides 59; height 160, gap 5, indent 20. Row 0
        // spans [4 + 59 + 20, 852 - 4 - 59] = [83, 789]: (706 - 5) / 2 = 350.5.
        XCTAssertEqual(landscape.height, 160)
        XCTAssertEqual(landscape.keys.map(\.frame.x), [83, 438.5, 63])
        XCTAssertEqual(landscape.keys[2].frame.width, 160)
        XCTAssertEqual(landscape.metricsRow?.orientation, .landscape)
    }

    func testADeviceWithoutARowIsAnErrorAtMetrics() throws {
        let layout = try decode(layoutText).layout
        for (canvas, place) in [
            (Canvas(device: try XCTUnwrap(Device.named("ipad-10")), orientation: .landscape), "ipad-10 landscape"),
            (Canvas(device: try XCTUnwrap(Device.named("pixel-8")), orientation: .portrait), "pixel-8 portrait"),
            (Canvas(deviceName: nil, orientation: .portrait, width: 500, scale: 1), "a canvas 500 pt wide portrait"),
        ] {
            XCTAssertThrowsError(try layout.frames(on: canvas, file: "m.yaml")) { error in
                let problem = error as? Diagnostic
                XCTAssertEqual(problem?.path, "metrics")
                XCTAssertEqual(problem?.reason, "t: no metrics row for \(place); t.csv has rows for iphone-14, iphone-15, ipad-10")
            }
        }
    }

    func testAResolvedLayoutIsShuffledAfterItsRowIsRead() throws {
        let text = layoutText.replacingOccurrences(of: "name: m", with: "name: m\nshuffle: true")
        let layout = try decode(text).layout
        let canvas = Canvas(device: try XCTUnwrap(Device.named("iphone-14")), orientation: .portrait)
        let frames = try (0..<20).map { try layout.frames(on: canvas, seed: UInt64($0), file: "m.yaml") }
        XCTAssertTrue(frames.contains { $0.keys.first?.key.label != "a" }, "the keys are shuffled")
        XCTAssertTrue(frames.allSatisfy { $0.keys.map(\.frame.x) == [14, 203, 4] })
    }

    func testReferenceErrorsNameTheirField() throws {
        func problem(_ text: String, _ path: String, _ reason: String, table: MetricsTable? = nil, line: UInt = #line) {
            let problems = layoutProblems(text, table: table, line: line)
            XCTAssertTrue(problems.contains { $0.file == "m.yaml" && $0.path == path && $0.reason.contains(reason) }, "\(problems)", line: line)
        }
        let base = "metrics: t\nkeys: [a]\nportrait: {height: 100, rows: [{columns: 1}]"
        problem(base + ", horizontalGap: $gapp}", "portrait.horizontalGap", "metrics table t has no column \"gapp\"; did you mean gap?")
        problem(base + ", horizontalGap: \"$\"}", "portrait.horizontalGap", "\"$\" is not a metric")
        problem(base + ", horizontalGap: \"$gap|x\"}", "portrait.horizontalGap", "\"$gap|x\" is not a metric")
        problem(base + ", horizontalGap: \"$gap|nan\"}", "portrait.horizontalGap", "is not a metric")
        // The value read is checked as the field checks a number, and the message says where it came from.
        let negative = try table("device,orientation,gap\niphone-14,portrait,-2\n")
        problem(base + ", horizontalGap: $gap}", "portrait.horizontalGap", "must not be negative (found -2) (\"$gap\" is -2 in metrics t, iphone-14 portrait)", table: negative)
        problem("metrics: t\nkeys: [a]\nportrait: {height: 100, rows: [{columns: $gap}]}", "portrait.rows[0].columns", "expected a whole number (\"$gap\" is 12.5 in metrics t, ipad-10 portrait)",
                table: try table("device,orientation,gap\nipad-10,portrait,12.5\n"))
        // A layout without a table reads only defaults.
        problem("keys: [a]\nportrait: {height: $height, rows: [{columns: 1}]}", "portrait.height", "\"$height\" reads a metrics table, but the layout names none")
        let defaults = try decodeLayout("keys: [a]\nportrait: {height: \"$height|80\", rows: [{columns: 1}]}")
        XCTAssertEqual(defaults.layout.portrait.sizing, .height(80))
        XCTAssertNil(defaults.layout.metrics)
        // Without a loader, a table cannot be read.
        XCTAssertEqual(diagnostics(of: "metrics: t\nkeys: [a]\nportrait: {height: 10, rows: [{columns: 1}]}").map(\.path), ["metrics"])
        // A table's own problems are reported as found, naming the table's file.
        let failing = layoutProblemsWithLoader(base + "}") { _ in throw DiagnosticList([Diagnostic(file: "t.csv", path: "line 2, gap", reason: "\"x\" is not a number")]) }
        XCTAssertEqual(failing.map(\.description), ["t.csv: line 2, gap: \"x\" is not a number"])
    }

    private func layoutProblemsWithLoader(_ text: String, line: UInt = #line, loader: @escaping LayoutDecoder.MetricsTableLoader) -> [Diagnostic] {
        do {
            _ = try LayoutDecoder.decode(Array(text.utf8), file: "m.yaml", baseDirectory: "/tmp", metrics: loader)
            XCTFail("expected the layout to be rejected", line: line)
        } catch let list as DiagnosticList {
            return list.diagnostics
        } catch {
            XCTFail("unexpected error \(error)", line: line)
        }
        return []
    }

    func testAKeyLabelThatStartsWithADollarStaysALabel() throws {
        let layout = try decode("metrics: t\nkeys: [\"$\", \"$gap\", {label: \"$5\", value: \"$cols\"}]\nportrait: {height: 100, rows: [{columns: 3}]}").layout
        XCTAssertEqual(layout.keys.map(\.label), ["$", "$gap", "$5"])
        XCTAssertEqual(layout.keys[2].value, "$cols")
    }

    // MARK: - References in themes

    func testThemesReadTheRowOrTheirDefault() throws {
        let text = "keys: {base: {normal: {cornerRadius: \"$radius|5\", textSize: $size|20}}}"
        let row = MetricsRow(table: "t", device: "ipad-6", orientation: .landscape, values: ["radius": 7])
        let withRow = try ThemeDecoder.decode(Array(text.utf8), file: "th.yaml", baseDirectory: "/tmp", metrics: row)
        XCTAssertEqual(withRow.base?.normal?.cornerRadius, 7)
        XCTAssertEqual(withRow.base?.normal?.textSize, 20, "a column the row lacks takes the default")
        let without = try ThemeDecoder.decode(Array(text.utf8), file: "th.yaml", baseDirectory: "/tmp")
        XCTAssertEqual(without.base?.normal?.cornerRadius, 5)
        XCTAssertThrowsError(try ThemeDecoder.decode(Array("keys: {base: {normal: {cornerRadius: $radius}}}".utf8), file: "th.yaml", baseDirectory: "/tmp", metrics: row)) { error in
            let problem = (error as? DiagnosticList)?.diagnostics.first
            XCTAssertEqual(problem?.path, "keys.base.normal.cornerRadius")
            XCTAssertEqual(problem?.reason.hasPrefix("\"$radius\" needs a default in a theme"), true, "\(String(describing: problem))")
        }
    }
}
