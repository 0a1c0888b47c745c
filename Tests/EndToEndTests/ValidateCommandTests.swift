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

    func testValidateNeedsAFile() throws {
        XCTAssertEqual(try run(["validate"]).status, 2)
    }
}
