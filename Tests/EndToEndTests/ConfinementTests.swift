import Foundation
import XCTest

/// Every file a layout or theme names, or finds beside itself, must really lie in the folder
/// it belongs to, as a theme's images and fonts must (docs/safety.md "Files a layout or theme
/// names"): a metrics table in the layout's folder, a FlorisBoard package's mods in the
/// package, the values folder's files in the `res` folder.
final class ConfinementTests: CommandTestCase {
    private func copy(_ source: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.packageDirectory.appendingPathComponent(source), to: url)
    }

    private func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func testAMetricsTableIsReadOnlyFromTheLayoutsFolder() throws {
        let dir = try temporaryDirectory()
        let layout = try String(contentsOf: Self.packageDirectory.appendingPathComponent("layouts/ios.yaml"), encoding: .utf8)
        func layoutReading(_ table: String) -> String { layout.replacingOccurrences(of: "\nmetrics: ios\n", with: "\nmetrics: \(table)\n") }
        XCTAssertNotEqual(layoutReading("x"), layout, "the built-in reads its table by name")
        try copy("metrics/ios.csv", to: dir.appendingPathComponent("t.csv"))
        try copy("metrics/ios.csv", to: dir.appendingPathComponent("pad/tables/t.csv"))
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("pad/link.csv").path, withDestinationPath: "../t.csv")
        let cases: [(table: String, problem: String?)] = [
            ("tables/t.csv", nil), ("ios", nil),
            ("../t.csv", "pad/l.yaml: metrics: \"../t.csv\": "),
            ("link.csv", "pad/l.yaml: metrics: \"link.csv\": "),
            (dir.appendingPathComponent("t.csv").path, "pad/l.yaml: metrics: \"/"),
        ]
        let reason = "leaves the folder of the file that names it (\(dir.path)/pad)\n"
        for (table, problem) in cases {
            try write(layoutReading(table), to: dir.appendingPathComponent("pad/l.yaml"))
            let frames = try run(["frames", "--layout", "pad/l.yaml", "--device", "iphone-15"], in: dir)
            let validate = try run(["validate", "pad/l.yaml"], in: dir)
            if let problem {
                XCTAssertEqual(frames.status, 1, table)
                XCTAssertTrue(frames.stderr.hasPrefix(problem) && frames.stderr.hasSuffix(reason), "\(table): \(frames.stderr)")
                XCTAssertEqual(validate.status, 1, table)
                XCTAssertTrue(validate.stdout.hasPrefix(problem) && validate.stdout.hasSuffix(reason), "\(table): \(validate.stdout)")
            } else {
                XCTAssertEqual(frames.status, 0, "\(table): \(frames.stderr)")
                XCTAssertEqual(validate.status, 0, "\(table): \(validate.stdout)")
            }
        }
    }

    func testAFlorisBoardModIsReadOnlyFromItsPackage() throws {
        let dir = try temporaryDirectory()
        try copy("Tests/LayoutEngineTests/IMELayouts/florisboard", to: dir.appendingPathComponent("pkg"))
        XCTAssertEqual(try run(["frames", "--layout", "pkg/characters/qwerty.json"], in: dir).status, 0)
        let mod = dir.appendingPathComponent("pkg/charactersMod/default.json")
        try FileManager.default.moveItem(at: mod, to: dir.appendingPathComponent("default.json"))
        try FileManager.default.createSymbolicLink(atPath: mod.path, withDestinationPath: "../../default.json")
        for arguments in [["frames", "--layout", "pkg/characters/qwerty.json"], ["validate", "pkg/characters/qwerty.json"]] {
            let result = try run(arguments, in: dir)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertEqual(result.stderr + result.stdout, "pkg/charactersMod/default.json: leaves the folder of the file that names it (\(dir.path)/pkg)\n")
        }
    }

    func testTheValuesFolderIsReadOnlyFromTheResFolder() throws {
        let dir = try temporaryDirectory()
        try copy("docs/examples/android/res", to: dir.appendingPathComponent("app/res"))
        XCTAssertEqual(try run(["frames", "--layout", "app/res/xml/pin_pad.xml"], in: dir).status, 0)
        let values = dir.appendingPathComponent("app/res/values/dimens.xml")
        try FileManager.default.moveItem(at: values, to: dir.appendingPathComponent("dimens.xml"))
        try FileManager.default.createSymbolicLink(atPath: values.path, withDestinationPath: "../../../dimens.xml")
        let refused = try run(["frames", "--layout", "app/res/xml/pin_pad.xml"], in: dir)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.hasPrefix("app/res/values/dimens.xml: leaves the folder of the file that names it (app/res) (read because it is in the values folder"), refused.stderr)
        // A values file given on the command line is the user's own choice.
        XCTAssertEqual(try run(["frames", "--layout", "app/res/xml/pin_pad.xml", "--no-sibling-values", "--values", "dimens.xml"], in: dir).status, 0)
    }

    /// An image or font path that names a folder says so, before anything is read.
    func testAnImagePathNamingAFolderSaysSo() throws {
        let dir = try temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("image/face.png"), withIntermediateDirectories: true)
        let cases = [
            ("keys: {base: {normal: {image: image/}}}\n", "t.yaml: keys.base.normal.image: image path \"image/\" names a folder; give the image file itself\n"),
            ("background: {image: image/face.png/}\n", "t.yaml: background.image: image path \"image/face.png/\" names a folder; give the image file itself\n"),
            ("keys: {base: {normal: {image: image/face.png}}}\n", "t.yaml: keys.base.normal.image: \"image/face.png\": is a folder, not a file\n"),
            ("font: {family: X, file: fonts/}\n", "t.yaml: font.file: font path \"fonts/\" names a folder; give the font file itself\n"),
        ]
        for (theme, message) in cases {
            try write(theme, to: dir.appendingPathComponent("t.yaml"))
            let result = try run(["validate", "t.yaml"], in: dir)
            XCTAssertEqual(result.status, 1, theme)
            XCTAssertEqual(result.stdout, message)
        }
    }
}
