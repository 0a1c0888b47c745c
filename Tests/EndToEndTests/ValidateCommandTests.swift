import Foundation
import XCTest

final class ValidateCommandTests: CommandTestCase {
    func testBuiltinFilesValidate() throws {
        let files = ["layouts/letters.yaml", "layouts/numbers.yaml", "layouts/idcard.yaml", "layouts/symbols.yaml",
                     "themes/default.yaml", "themes/dark.yaml", "themes/secure.yaml", "themes/image/image.yaml"]
        let result = try run(["validate"] + files)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        for file in files { XCTAssertTrue(result.stdout.contains("\(file): ok"), file) }
    }

    func testValidateReportsEveryProblemWithItsFieldPath() throws {
        let dir = try temporaryDirectory()
        let layout = dir.appendingPathComponent("bad.yaml")
        try """
        name: bad
        keys: ["1", "2", {code: delete, rowSpan: 2}]
        portrait:
          height: 216
          horizontalGap: -2
          rows:
            - {columns: 3, widthWeight: [1, 1, 1]}
        """.write(to: layout, atomically: true, encoding: .utf8)
        let theme = dir.appendingPathComponent("theme.yaml")
        try """
        keys:
          content:
            normal: {fill: "#GGG", textSize: .nan}
        """.write(to: theme, atomically: true, encoding: .utf8)
        let result = try run(["validate", layout.path, theme.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("\(layout.path): portrait.horizontalGap: "), result.stdout)
        XCTAssertTrue(result.stdout.contains("\(layout.path): portrait.rows[0].widthWeight: unknown field \"widthWeight\"; did you mean widthWeights?"), result.stdout)
        XCTAssertTrue(result.stdout.contains("\(layout.path): keys[2].rowSpan: rowSpan 2 from row 0 runs past the last row"), result.stdout)
        XCTAssertTrue(result.stdout.contains("\(theme.path): keys.content.normal.fill: \"#GGG\" is not a colour (#RGB, #RRGGBB or #RRGGBBAA)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("\(theme.path): keys.content.normal.textSize: "), result.stdout)
    }

    /// Keys under 20 pt, or narrower than their label at the default theme's size, warn on
    /// the first preset where it happens; the file is still valid.
    func testNarrowKeysAndLabelsThatDoNotFitWarn() throws {
        let dir = try temporaryDirectory()
        try """
        keys: [a, b, c, d, e, f, g, h, i, "Confirm"]
        portrait: {height: 100, horizontalGap: 6, rows: [{columns: 10}]}
        """.write(to: dir.appendingPathComponent("wide.yaml"), atomically: true, encoding: .utf8)
        let wide = try run(["validate", "wide.yaml"], in: dir)
        XCTAssertEqual(wide.status, 0)
        XCTAssertEqual(wide.stdout, "wide.yaml: ok (layout)\n")
        // iphone-se-1 portrait: (320 − 9 × 6) / 10 = 26.6 pt a key, 20.6 pt inside the padding.
        XCTAssertEqual(wide.stderr, "wide.yaml: keys[9]: warning: the label \"Confirm\" is 86.7 pt wide at 22 pt but the key leaves 20.6 pt on iphone-se-1 portrait; it will be drawn smaller\n")
        try """
        keys: [a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v]
        portrait: {height: 100, horizontalGap: 4, rows: [{columns: 22}]}
        """.write(to: dir.appendingPathComponent("narrow.yaml"), atomically: true, encoding: .utf8)
        let narrow = try run(["validate", "narrow.yaml"], in: dir)
        XCTAssertEqual(narrow.status, 0)
        let lines = narrow.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 22)
        // (320 − 21 × 4) / 22 = 10.727 pt.
        XCTAssertEqual(lines.first, "narrow.yaml: keys[0]: warning: the key is 10.7 pt wide on iphone-se-1 portrait, under the 20 pt a finger can hit")
        // The built-ins have no narrow keys; on the 320-pt iPhone SE (1st generation) a few
        // of their widest labels are drawn smaller than the default theme's size, and only
        // those.
        let shrunk = [
            "letters": ["keys[26]: warning: the label \"m\" is 21.4 pt wide at 22 pt but the key leaves 19.7 pt on iphone-se-1 portrait; it will be drawn smaller"],
            "symbols": ["keys[18]: warning: the label \"@\" is 22 pt wide at 22 pt but the key leaves 20 pt on iphone-se-1 portrait; it will be drawn smaller",
                        "keys[21]: warning: the label \"%\" is 20.9 pt wide at 22 pt but the key leaves 20 pt on iphone-se-1 portrait; it will be drawn smaller"],
        ]
        for name in ["letters", "numbers", "symbols", "idcard"] {
            let builtin = try run(["validate", "layouts/\(name).yaml"])
            XCTAssertEqual(builtin.stderr, (shrunk[name] ?? []).map { "layouts/\(name).yaml: \($0)\n" }.joined(), "the built-in \(name) has no narrow keys")
        }
    }

    /// A manifest's field problems and the problems of the jobs built from the rest come out
    /// of one run, each at the field that set the value.
    func testManifestReportsFieldAndJobProblemsInOneRun() throws {
        let dir = try temporaryDirectory()
        try """
        defaults: {layout: numbrs}
        jobs:
          - output: a.png
            layout: letters
          - output: b.png
            layout: letters
            theme: defualt
          - output: c.png
            pressd: x
        """.write(to: dir.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        let result = try run(["validate", "m.yaml"], in: dir)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, """
        m.yaml: jobs[2].pressd: unknown field "pressd"; did you mean pressed?
        m.yaml: jobs[1].theme: no built-in theme or file named "defualt"; built-in themes: dark, default, image, ios, ios-dark, ios26, ios26-dark, material, secure; did you mean default?
        m.yaml: defaults.layout: no built-in layout or file named "numbrs"; built-in layouts: idcard, ios, ios-ipad, ios26, letters, numbers, symbols; did you mean numbers?

        """)
    }

    /// A theme that extends an unknown name is reported at its own `extends` field, whether
    /// it is validated or drawn with.
    func testUnknownExtendsNamesTheThemeFileAndField() throws {
        let dir = try temporaryDirectory()
        try "extends: defualt\n".write(to: dir.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        let expected = "t.yaml: extends: no built-in theme or file named \"defualt\"; built-in themes: dark, default, image, ios, ios-dark, ios26, ios26-dark, material, secure; did you mean default?\n"
        let validate = try run(["validate", "t.yaml"], in: dir)
        XCTAssertEqual(validate.status, 1)
        XCTAssertEqual(validate.stdout, expected)
        let render = try run(["--theme", "t.yaml", "-o", "x.png"], in: dir)
        XCTAssertEqual(render.status, 1)
        XCTAssertEqual(render.stderr, expected)
    }

    func testValidateNeedsAFile() throws {
        XCTAssertEqual(try run(["validate"]).status, 2)
    }

    /// A missing `extends` is the problem of the theme that asked, in its field, with the
    /// nearest theme beside it; and every message names a file one way, relative to the
    /// working folder inside it, however the file was given.
    func testAMissingExtendsIsNamedByTheThemeThatAskedOneWay() throws {
        let dir = try temporaryDirectory()
        try "extends: brand-base.yaml\n".write(to: dir.appendingPathComponent("brand-dark.yaml"), atomically: true, encoding: .utf8)
        try "extends: default\n".write(to: dir.appendingPathComponent("brand-light.yaml"), atomically: true, encoding: .utf8)
        let expected = "brand-dark.yaml: extends: no theme \"brand-base.yaml\" (did you mean brand-light.yaml?)\n"
        for given in ["brand-dark.yaml", "./brand-dark.yaml", dir.path + "/brand-dark.yaml", "../" + dir.lastPathComponent + "/brand-dark.yaml"] {
            let validate = try run(["validate", given], in: dir)
            XCTAssertEqual(validate.status, 1, given)
            XCTAssertEqual(validate.stdout + validate.stderr, expected, given)
            let render = try run(["render", "--theme", given, "-o", "out.png"], in: dir)
            XCTAssertEqual(render.status, 1, given)
            XCTAssertEqual(render.stderr, expected, given)
        }
        // Outside the working folder a file is named by its absolute path.
        let sub = dir.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let outside = try run(["validate", "../brand-dark.yaml"], in: sub)
        XCTAssertEqual(outside.stdout + outside.stderr, dir.path + "/" + expected)
        let fine = try run(["validate", "./brand-light.yaml"], in: dir)
        XCTAssertEqual(fine.stdout, "brand-light.yaml: ok (theme)\n")
    }
}
