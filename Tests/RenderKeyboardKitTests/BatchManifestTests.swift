import Foundation
import RenderKeyboardKit
import XCTest

final class BatchManifestTests: XCTestCase {
    private func decode(_ text: String, folder: String = "/work/batch") throws -> BatchManifest {
        try BatchManifest.decode(Array(text.utf8), file: "m.yaml", baseDirectory: folder)
    }

    private func problems(_ text: String) -> [String] {
        do {
            _ = try decode(text)
            XCTFail("expected the manifest to be rejected")
            return []
        } catch {
            return Validator.diagnostics(of: error, file: "m.yaml").map(\.description)
        }
    }

    func testJobsInheritDefaultsAndOverrideThem() throws {
        let manifest = try decode("""
            defaults: {theme: dark, device: iphone-se, format: png, seed: 7, shift: on, pressed: ["a"]}
            jobs:
              - {layout: letters, output: a.png}
              - {layout: numbers, theme: default, orientation: landscape, seed: 3, shuffle: false, shift: locked, pressed: ["5", "6"], format: svg, output: b.svg}
            """)
        XCTAssertEqual(manifest.jobs.count, 2)
        let a = manifest.jobs[0].request, b = manifest.jobs[1].request
        XCTAssertEqual([a.layout, a.theme, a.device], ["letters", "dark", "iphone-se"])
        XCTAssertEqual(a.seed, 7)
        XCTAssertEqual(a.shift, .on)
        XCTAssertEqual(a.pressed, ["a"])
        XCTAssertEqual(a.format, .png)
        XCTAssertEqual(a.orientation, .portrait)
        XCTAssertTrue(a.shuffle)
        XCTAssertEqual([b.layout, b.theme, b.device], ["numbers", "default", "iphone-se"])
        XCTAssertEqual(b.seed, 3)
        XCTAssertEqual(b.shift, .locked)
        XCTAssertEqual(b.pressed, ["5", "6"])
        XCTAssertEqual(b.format, .svg)
        XCTAssertEqual(b.orientation, .landscape)
        XCTAssertFalse(b.shuffle)
        XCTAssertEqual(manifest.jobs.map(\.index), [0, 1])
    }

    func testAJobsWidthReplacesTheDefaultDevice() throws {
        let manifest = try decode("""
            defaults: {device: iphone-15}
            jobs:
              - {width: 500, height: 200, scale: 2, output: a.png}
              - {output: b.png}
            """)
        let a = manifest.jobs[0].request, b = manifest.jobs[1].request
        XCTAssertNil(a.device)
        XCTAssertEqual(a.width, 500)
        XCTAssertEqual(a.height, 200)
        XCTAssertEqual(a.scale, 2)
        XCTAssertEqual(b.device, "iphone-15")
        XCTAssertNil(b.width)
    }

    func testRelativePathsResolveAgainstTheManifestFolderAndNamesStayNames() throws {
        let manifest = try decode("""
            jobs:
              - {layout: layouts/pad.yaml, theme: ../themes/ocean.json, output: out/a.png}
              - {layout: letters, theme: image, output: /abs/b.png}
              - {layout: pad.yml, theme: /abs/t.yaml, output: c.png}
            """, folder: "/work/batch")
        let jobs = manifest.jobs
        XCTAssertEqual(jobs[0].request.layout, "/work/batch/layouts/pad.yaml")
        XCTAssertEqual(jobs[0].request.theme, "/work/themes/ocean.json")
        XCTAssertEqual(jobs[0].output, "/work/batch/out/a.png")
        XCTAssertEqual(jobs[0].outputAsWritten, "out/a.png")
        XCTAssertEqual(jobs[1].request.layout, "letters")
        XCTAssertEqual(jobs[1].request.theme, "image")
        XCTAssertEqual(jobs[1].output, "/abs/b.png")
        XCTAssertEqual(jobs[2].request.layout, "/work/batch/pad.yml")
        XCTAssertEqual(jobs[2].request.theme, "/abs/t.yaml")
        XCTAssertEqual(jobs[2].output, "/work/batch/c.png")
    }

    func testJSONManifestsWork() throws {
        let manifest = try decode(##"{"defaults": {"device": "ipad-10"}, "jobs": [{"layout": "symbols", "pressed": "#", "output": "s.pdf"}]}"##)
        XCTAssertEqual(manifest.jobs.count, 1)
        XCTAssertEqual(manifest.jobs[0].request.device, "ipad-10")
        XCTAssertEqual(manifest.jobs[0].request.pressed, ["#"])
        XCTAssertEqual(manifest.jobs[0].request.resolvedFormat, .pdf)
    }

    func testEveryProblemIsReportedWithItsFieldPath() {
        let found = problems("""
            defaults: {theme: default, devise: iphone-15}
            jobs:
              - {layout: letters, output: a.png}
              - {layout: letters, output: b.png}
              - {layout: letters}
              - {layout: letters, output: d.png, pressd: [a], width: 300, scale: 0}
              - {layout: letters, output: e.png, width: 300, device: iphone-se}
              - {layout: letters, output: f.png, orientation: sideways, seed: -1, height: 5}
              - {layout: letters, output: a.png, shift: maybe, format: gif}
              - nothing
              - {device: iphone15, output: g.png, width: wide, pressed: [""], shuffle: perhaps}
            """)
        XCTAssertEqual(found, [
            "m.yaml: defaults.devise: unknown field \"devise\"; did you mean device?",
            "m.yaml: jobs[2].output: missing field (every job needs an output file, in the job or in defaults)",
            "m.yaml: jobs[3].pressd: unknown field \"pressd\"; did you mean pressed?",
            "m.yaml: jobs[3].scale: scale 0 is out of range 0.1…10",
            "m.yaml: jobs[4].device: give either a device or a width, not both",
            "m.yaml: jobs[5].orientation: \"sideways\" is not one of portrait, landscape",
            "m.yaml: jobs[5].seed: expected a whole number 0…18446744073709551615, found \"-1\"",
            "m.yaml: jobs[5].height: only applies with a width (a device sets its own)",
            "m.yaml: jobs[6].shift: \"maybe\" is not one of off, on, locked",
            "m.yaml: jobs[6].format: \"gif\" is not one of png, svg, pdf; did you mean pdf?",
            "m.yaml: jobs[6].output: \"a.png\" is also the output of jobs[0]",
            "m.yaml: jobs[7]: expected a mapping of fields, found \"nothing\"",
            "m.yaml: jobs[8].width: \"wide\" is not a number",
            "m.yaml: jobs[8].shuffle: expected true or false, found \"perhaps\"",
            "m.yaml: jobs[8].device: \"iphone15\" is not a device preset or a pixel device WxH@D (such as 1080x2340@2.625); presets: iphone-se-1, iphone-se, iphone-13-mini, iphone-14, iphone-15, iphone-16-pro, iphone-8-plus, iphone-11, iphone-14-plus, iphone-15-pro-max, iphone-16-pro-max, ipad-6, ipad-9, ipad-10, android-phone, pixel-8, pixel-7-pro, galaxy-s23; did you mean iphone-15?",
            "m.yaml: jobs[8].pressed: an empty label presses nothing; give a key's label, shift label, value or code",
        ])
    }

    func testTheShapeOfTheFileIsChecked() {
        XCTAssertEqual(problems("jobs: []"), ["m.yaml: jobs: the list of jobs is empty"])
        XCTAssertEqual(problems("defaults: {}"), ["m.yaml: jobs: missing field (a list of jobs, each with an output)"])
        XCTAssertEqual(problems("jobs: {layout: letters}\nextra: 1"), [
            "m.yaml: extra: unknown field \"extra\"; the fields here are defaults, jobs",
            "m.yaml: jobs: expected a list, found a mapping",
        ])
        XCTAssertEqual(problems("- a\n- b"), ["m.yaml: not a manifest file: it holds none of the fields of one (defaults, jobs)"])
        XCTAssertEqual(problems("root: x\ndaemon: y"), ["m.yaml: not a manifest file: it holds none of the fields of one (defaults, jobs)"])
        XCTAssertEqual(problems("jobs: [\n"), [
            "m.yaml: not valid JSON or YAML: 2:1: error: parser: while parsing a flow node in line 2, column 1",
        ])
    }

    func testLoadReadsTheFileAndResolvesAgainstItsFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("batch-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("m.json").path
        try FileAccess.writeAtomically(Array(#"{"jobs": [{"output": "x/y.png"}]}"#.utf8), to: path)
        let manifest = try BatchManifest.load(path)
        XCTAssertEqual(manifest.file, path)
        XCTAssertEqual(manifest.jobs[0].output, folder.standardized.path + "/x/y.png")
        XCTAssertEqual(manifest.jobs[0].request.layout, "letters")
        XCTAssertEqual(manifest.jobs[0].request.theme, "default")
    }
}
