import Foundation
import XCTest

/// The completion scripts and the manual page are written from the command table, and work
/// in the shells and in `man`.
final class CompletionsTests: CommandTestCase {
    /// Every runnable subcommand, read from the root help (`rules` and `password` by their own).
    private func subcommands() throws -> [String] {
        let help = try run(["--help"]).stdout
        let section = try XCTUnwrap(help.components(separatedBy: "SUBCOMMANDS:\n").last)
        // Rows start with two spaces and the name; wrapped help lines are indented further.
        let names = section.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && !$0.hasPrefix("  See ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
        XCTAssertTrue(names.contains("serve") && names.contains("completions") && names.contains("manual"), help)
        return names.flatMap { $0 == "rules" ? ["rules parse", "rules check"] : $0 == "password" ? ["password check"] : [$0] }
    }

    /// What `shell` prints for `script` run with the script of `name` loaded.
    private func shell(_ shell: String, _ name: String, _ script: String) throws -> String {
        let folder = try temporaryDirectory()
        let file = folder.appendingPathComponent("completion")
        let written = try run(["completions", name])
        XCTAssertEqual(written.status, 0, written.stderr)
        try written.stdout.write(to: file, atomically: true, encoding: .utf8)
        let syntax = try run([shell, "-n", file.path], binary: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(syntax.status, 0, "\(shell) -n: \(syntax.stderr)")
        let result = try run([shell, "-c", script.replacingOccurrences(of: "SCRIPT", with: file.path)], in: folder, binary: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(result.status, 0, "\(shell): \(result.stderr)")
        return result.stdout
    }

    func testBashCompletesSubcommandsOptionsChoicesAndBuiltins() throws {
        func complete(_ words: [String]) throws -> [String] {
            let array = words.map { "'\($0)'" }.joined(separator: " ")
            let out = try shell("bash", "bash", "source SCRIPT; COMP_WORDS=(render-keyboard \(array)); COMP_CWORD=\(words.count); _render_keyboard; printf '%s\\n' \"${COMPREPLY[@]}\"")
            return out.split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(try complete(["ser"]), ["serve"])
        XCTAssertEqual(try complete(["render", "--orientation", ""]), ["portrait", "landscape"])
        XCTAssertEqual(try complete(["render", "--theme", "da"]), ["dark"])
        XCTAssertEqual(try complete(["lint", "--themes", "dark,ios26-"]), ["dark,ios26-dark"])
        XCTAssertEqual(try complete(["rules", "check", "x", "--lay"]), ["--layouts"])
        XCTAssertEqual(try complete(["lint", "--format", ""]), ["text", "json", "sarif"])
        XCTAssertEqual(try complete(["completions", "f"]), ["fish"])
        XCTAssertTrue(try complete(["--dev"]).contains("--device"), "the root offers render's options")
    }

    func testFishCompletesSubcommandsAndChoices() throws {
        let out = try shell("fish", "fish", #"source SCRIPT; complete -C "render-keyboard ser"; complete -C "render-keyboard lint --format s"; complete -C "render-keyboard password ""#)
        let words = out.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" }
        XCTAssertEqual(words, ["serve", "sarif", "check"])
    }

    /// zsh's completion system needs a terminal; here its two entry points are stood in for
    /// by functions that print what they are given, which checks the script's own logic.
    func testZshOffersSubcommandsAndEachCommandsOptions() throws {
        let stand = "_describe() { print -l ${(P)2} }; _arguments() { print -l -- \"$@\" }; source SCRIPT"
        let root = try shell("zsh", "zsh", stand + "; words=(render-keyboard ser); CURRENT=2; PREFIX=ser; _render_keyboard")
        XCTAssertTrue(root.contains("\nserve:Serve a live preview page"), root)
        let lint = try shell("zsh", "zsh", stand + "; words=(render-keyboard lint --); CURRENT=3; PREFIX=--; _render_keyboard")
        XCTAssertTrue(lint.contains("--format[text, json or sarif (SARIF 2.1.0 for code scanning)]:format:(text json sarif)"), lint)
        XCTAssertTrue(lint.contains("--themes[Themes: built-in names or files, comma-separated; default every built-in theme]"), lint)
    }

    func testTheManualPageListsEverySubcommandAndReadsCleanly() throws {
        let folder = try temporaryDirectory()
        let man1 = folder.appendingPathComponent("man1")
        try FileManager.default.createDirectory(at: man1, withIntermediateDirectories: true)
        let page = try run(["manual"])
        XCTAssertEqual(page.status, 0, page.stderr)
        try page.stdout.write(to: man1.appendingPathComponent("render-keyboard.1"), atomically: true, encoding: .utf8)
        let shown = try run(["sh", "-c", "MANPATH=\(folder.path) MANWIDTH=100 man --warnings render-keyboard | col -b"], binary: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertEqual(shown.stderr, "", "man warns about the page")
        let lines = Set(shown.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        for name in try subcommands() {
            XCTAssertTrue(lines.contains(name), "the manual has no section for \(name)")
        }
        XCTAssertTrue(shown.stdout.contains("--layout layout"))
        XCTAssertTrue(shown.stdout.contains("RENDER_KEYBOARD_RESOURCES"))
    }
}
