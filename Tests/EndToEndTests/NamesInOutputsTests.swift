import Foundation
import XCTest

/// Every name the tool prints — outputs, folders, files, built-ins — goes through the one rule
/// of its destination (docs/safety.md "Names in what the tool writes"): a CI log gets no line
/// of a name's making, a shell runs nothing a name holds, a job summary and SARIF make no link.
final class NamesInOutputsTests: CommandTestCase {
    private func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// Fails unless every line of `text` is one a CI log shows as text: no control character
    /// but the line breaks between lines, no line that starts (after blanks) with `::`, no
    /// `##[` or `##vso[` anywhere.
    private func assertLogSafe(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for row in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let raw = row.unicodeScalars.first { $0.value < 0x20 && $0 != "\t" || (0x7F...0x9F).contains($0.value) }
            XCTAssertNil(raw, "\(what): a raw control character in \(row.debugDescription)", file: file, line: line)
            XCTAssertFalse(row.drop { $0.isWhitespace }.hasPrefix("::"), "\(what): a workflow command: \(row.debugDescription)", file: file, line: line)
            XCTAssertFalse(row.contains("##[") || row.contains("##vso["), "\(what): a logging command: \(row.debugDescription)", file: file, line: line)
        }
    }

    /// Hostile output names and a hostile report folder, through a run that records, one that
    /// differs, and the stale list.
    func testBatchNamesNeverWriteALineOfTheirOwn() throws {
        let dir = try temporaryDirectory()
        let names = ["out/x\n::error::pwned.png", "out/y\r\u{1B}[31mred.png", "##[error]z.png", "::warning::w.png", "out/\u{2028}::notice::v.png"]
        let jobs = names.map { "  - {output: \"\($0.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\u{1B}", with: "\\e").replacingOccurrences(of: "\u{2028}", with: "\\u2028"))\"}\n" }.joined()
        try write("defaults: {layout: numbers, seed: 1, width: 120, scale: 1, theme: t.yaml}\njobs:\n" + jobs, to: dir.appendingPathComponent("m.yaml"))
        try write("extends: default\nkeys: {content: {normal: {fill: \"#FFFFFF\"}}}\n", to: dir.appendingPathComponent("t.yaml"))
        let report = "rep\u{1B}[2J\n::error::r"
        let record = try run(["batch", "m.yaml", "--compare", "::golden", "--record"], in: dir)
        XCTAssertEqual(record.status, 0, record.stderr)
        assertLogSafe(record.stdout + record.stderr, "record")
        try write("extends: default\nkeys: {content: {normal: {fill: \"#EEEEEE\"}}}\n", to: dir.appendingPathComponent("t.yaml"))
        let differ = try run(["batch", "m.yaml", "--compare", "::golden", "--report", report], in: dir)
        XCTAssertEqual(differ.status, 1, differ.stderr)
        XCTAssertTrue(differ.stderr.contains("batch: 5 jobs written in "), differ.stderr)
        XCTAssertTrue(differ.stderr.contains("; report: rep\\u{1B}[2J\\n::error::r/index.html"), differ.stderr)
        assertLogSafe(differ.stdout + differ.stderr, "a run that differs")
        let summary = try String(contentsOf: dir.appendingPathComponent(report).appendingPathComponent("summary.md"), encoding: .utf8)
        assertLogSafe(summary, "summary.md")
        // The same names as stale references of a manifest that no longer names them.
        try write("jobs: [{layout: numbers, seed: 1, width: 120, scale: 1, output: other.png}]\n", to: dir.appendingPathComponent("m2.yaml"))
        let stale = try run(["batch", "m2.yaml", "--compare", "::golden", "--record"], in: dir)
        XCTAssertEqual(stale.status, 0, stale.stderr)
        XCTAssertTrue(stale.stdout.contains("stale: out/x\\n::error::pwned.png\n"), stale.stdout)
        XCTAssertTrue(stale.stdout.contains("stale: \\u{23}#[error]z.png\n"), stale.stdout)
        assertLogSafe(stale.stdout + stale.stderr, "stale references")
    }

    /// A message starts with its file's name: files named like commands, valid and not.
    func testFileNamesThatStartAMessageAreNoCommands() throws {
        let dir = try temporaryDirectory()
        try write("keys: {base: {normal: {fill: \"#GGG\"}}}\n", to: dir.appendingPathComponent("::error::bad.yaml"))
        try write("extends: default\nkeys: {content: {normal: {text: \"#EEEEEE\"}}}\n", to: dir.appendingPathComponent("##[error]t.yaml"))
        let validate = try run(["validate", "::error::bad.yaml", "##[error]t.yaml"], in: dir)
        XCTAssertEqual(validate.status, 1, validate.stderr)
        XCTAssertTrue(validate.stdout.contains("\\u{3A}:error::bad.yaml: keys.base.normal.fill: "), validate.stdout)
        XCTAssertTrue(validate.stdout.contains("\\u{23}#[error]t.yaml: ok (theme)"), validate.stdout)
        assertLogSafe(validate.stdout + validate.stderr, "validate")
        let lint = try run(["lint", "--themes", "##[error]t.yaml", "--layouts", "letters", "--devices", "iphone-15", "--orientations", "portrait"], in: dir)
        XCTAssertEqual(lint.status, 1, lint.stderr)
        XCTAssertTrue(lint.stdout.contains("\\u{23}#[error]t.yaml: keys.content.normal.text: text-contrast: "), lint.stdout)
        assertLogSafe(lint.stdout + lint.stderr, "lint")
    }

    /// Built-in names from `RENDER_KEYBOARD_RESOURCES` are files anyone in the team can name:
    /// `list` prints them by the rule, and the completion scripts leave out any that a shell
    /// would expand, so TAB runs nothing.
    func testCompletionScriptsNeverRunABuiltinsOrAFilesName() throws {
        let dir = try temporaryDirectory()
        let resources = dir.appendingPathComponent("res"), work = dir.appendingPathComponent("work")
        let layout = try String(contentsOf: Self.packageDirectory.appendingPathComponent("layouts/letters.yaml"), encoding: .utf8)
        let theme = try String(contentsOf: Self.packageDirectory.appendingPathComponent("themes/default.yaml"), encoding: .utf8)
        for name in ["$(touch PWNED-1)", "a`touch PWNED-2`", "ok-layout"] { try write(layout, to: resources.appendingPathComponent("layouts/\(name).yaml")) }
        for name in ["(touch PWNED-3)", "x;touch PWNED-4", "ok-theme", "esc\u{1B}[2J"] { try write(theme, to: resources.appendingPathComponent("themes/\(name).yaml")) }
        for name in ["$(touch PWNED-5).yaml", "`touch PWNED-6`.json"] { try write(layout, to: work.appendingPathComponent(name)) }
        let environment = ["RENDER_KEYBOARD_RESOURCES": resources.path]
        let list = try run(["list"], in: work, environment: environment)
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains("esc\\u{1B}[2J"), list.stdout)
        assertLogSafe(list.stdout, "list")
        var scripts: [String: String] = [:]
        for shell in ["bash", "zsh", "fish"] {
            let written = try run(["completions", shell], in: work, environment: environment)
            XCTAssertEqual(written.status, 0, written.stderr)
            XCTAssertFalse(written.stdout.contains("PWNED"), "\(shell): a hostile name is in the script")
            XCTAssertTrue(written.stdout.contains("ok-theme") && written.stdout.contains("ok-layout"), "\(shell): the plain names are offered")
            let file = work.appendingPathComponent("completion.\(shell)")
            try written.stdout.write(to: file, atomically: true, encoding: .utf8)
            scripts[shell] = file.path
        }
        let bash = """
            source \(scripts["bash"]!)
            for words in "render --theme ''" "render --layout ''" "lint --themes ok-theme,''" "validate ''"; do
                eval "COMP_WORDS=(render-keyboard $words)"; COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _render_keyboard; printf '%s\\n' "${COMPREPLY[@]}"
            done
            """
        let offered = try run(["bash", "-c", bash], in: work, binary: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(offered.status, 0, offered.stderr)
        XCTAssertTrue(offered.stdout.contains("ok-theme\n") && offered.stdout.contains("$(touch PWNED-5).yaml\n"), offered.stdout)
        let fish = "source \(scripts["fish"]!); complete -C 'render-keyboard render --theme '; complete -C 'render-keyboard render --layout '; complete -C 'render-keyboard validate '"
        let fishOffered = try run(["fish", "-c", fish], in: work, binary: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(fishOffered.status, 0, fishOffered.stderr)
        XCTAssertTrue(fishOffered.stdout.contains("ok-theme"), fishOffered.stdout)
        let ran = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.hasPrefix("PWNED") }
        XCTAssertEqual(ran, [], "a name was run as a command on TAB")
    }

    /// The CI script reads its report folder as a name whatever it starts with, and says so
    /// when there is no tool to run.
    func testTheCIScriptTakesAnyReportFolderAndNamesAMissingTool() throws {
        let dir = try temporaryDirectory()
        try write("jobs: [{layout: numbers, seed: 1, width: 120, scale: 1, output: out/a.png}]\n", to: dir.appendingPathComponent("m.yaml"))
        XCTAssertEqual(try run(["batch", "m.yaml", "--compare", "golden", "--record"], in: dir).status, 0)
        let summary = dir.appendingPathComponent("summary.md")
        let script = Self.packageDirectory.appendingPathComponent("scripts/golden-ci.sh").path
        let settings = ["RK_MANIFEST": "m.yaml", "RK_REFERENCES": "golden", "RK_REPORT": "-rep", "GITHUB_STEP_SUMMARY": summary.path, "RK_BINARY": try binary().path]
        let passed = try run([script], in: dir, environment: settings, binary: URL(fileURLWithPath: "/bin/bash"))
        XCTAssertEqual(passed.status, 0, passed.stderr)
        XCTAssertEqual(try String(contentsOf: summary, encoding: .utf8), "### Keyboard golden tests: all 1 jobs match\n")
        let missing = try run([script], in: dir, environment: settings.merging(["RK_BINARY": dir.appendingPathComponent("no-such-tool").path]) { $1 },
                              binary: URL(fileURLWithPath: "/bin/bash"))
        XCTAssertEqual(missing.status, 2, missing.stderr)
        XCTAssertTrue(missing.stderr.hasPrefix("golden-ci: RK_BINARY: ") && missing.stderr.contains("no-such-tool is not a program that can be run"), missing.stderr)
        let none = try run([script], in: dir, environment: settings.merging(["RK_BINARY": "", "PATH": "/usr/bin:/bin"]) { $1 }, binary: URL(fileURLWithPath: "/bin/bash"))
        XCTAssertEqual(none.status, 2, none.stderr)
        XCTAssertEqual(none.stderr, "golden-ci: no render-keyboard beside this script or on PATH; install it, or set RK_BINARY to its path\n")
    }
}
