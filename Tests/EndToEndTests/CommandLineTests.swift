import Foundation
import XCTest

/// The command line's grammar (`Arguments.swift`): spellings, defaults, help and the
/// messages for what it cannot read.
final class CommandLineTests: CommandTestCase {
    private func frames(_ arguments: [String]) throws -> [String: Any] {
        let result = try run(["frames"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    func testSpellingsOfAnOption() throws {
        let spaced = try frames(["--layout", "numbers", "--width", "300"])
        let joined = try frames(["--layout=numbers", "--width=300"])
        XCTAssertEqual(spaced["layout"] as? String, "numbers")
        XCTAssertEqual(joined["layout"] as? String, "numbers")
        XCTAssertEqual(joined["width"] as? Double, 300)
        // The last of a repeated single-value option wins.
        XCTAssertEqual(try frames(["--layout", "symbols", "--layout", "numbers"])["layout"] as? String, "numbers")
        // Defaults from the table: letters on iphone-15, portrait.
        let defaults = try frames([])
        XCTAssertEqual(defaults["layout"] as? String, "letters")
        XCTAssertEqual(defaults["orientation"] as? String, "portrait")
    }

    func testShortOptionAndStandardOutput() throws {
        let dir = try temporaryDirectory()
        let file = try run(["frames", "-o", "f.json", "--layout", "numbers"], in: dir)
        XCTAssertEqual(file.status, 0, file.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("f.json").path))
        let stdout = try run(["frames", "-o", "-", "--layout", "numbers"], in: dir)
        XCTAssertEqual(stdout.status, 0, stdout.stderr)
        XCTAssertTrue(stdout.stdout.hasPrefix("{"), stdout.stdout)
    }

    /// `-o -` is standard output for every command that draws, and never a file named `-`.
    func testDashIsStandardOutputForEveryDrawingCommand() throws {
        let dir = try temporaryDirectory()
        for arguments in [["-o", "-", "--layout", "numbers"], ["pattern", "-o", "-", "--path", "0,4,8"],
                          ["preview", "-o", "-", "--layouts", "numbers", "--themes", "default"]] {
            let result = try run(arguments, in: dir)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stdout.hasPrefix("\u{FFFD}PNG\r\n"), "\(arguments): not a PNG on standard output")   // 0x89 read as UTF-8
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("-").path), "\(arguments) wrote a file named -")
        }
        let frames = try run(["pattern", "--frames", "-o", "-"], in: dir)
        XCTAssertTrue(frames.stdout.hasPrefix("{"), frames.stdout)
        let preview = try run(["preview", "-o", "-", "--layouts", "numbers", "--themes", "default"], in: dir)
        XCTAssertTrue(preview.stderr.hasPrefix("-: 1 keyboard, "), "the note goes to standard error: \(preview.stderr)")
    }

    func testDoubleDashEndsTheOptions() throws {
        let dir = try temporaryDirectory()
        let result = try run(["validate", "--", "--layout"], in: dir)
        XCTAssertEqual(result.status, 1, "\"--layout\" after -- is a file name: \(result.stderr)")
        XCTAssertEqual(result.stdout, "--layout: cannot read file: No such file or directory\n")
    }

    /// Libraries report the request field at fault; the command line names the option that
    /// set it, spelled as the option is typed.
    func testAProblemOfARequestFieldNamesItsOption() throws {
        let cases: [([String], String)] = [
            (["frames", "--keyboard-mode", ""], "Error: --keyboard-mode: must not be empty\n"),
            (["--png-compression", "12"], "Error: --png-compression: PNG compression 12 is out of range (0…9)\n"),
            (["frames", "--device", "x", "--width", "3"], "Error: --device: give either a device or a width, not both\n"),
            (["pattern", "--path", "0,9", "-o", "-"], "--path: [1]: dot 9 is not on a 3 × 3 pad (0…8)\n"),
            (["pattern", "--size", "40", "-o", "-"], "--size: a pad has 2…12 dots a side (found 40)\n"),
            (["pattern", "--width", "9000", "--scale", "2", "--frames"], "--width: the pad would be 18000 px a side; it must be 1…16384 px\n"),
            (["preview", "--layouts", "", "-o", "-"], "Error: --layouts: give one or more names or files, separated by commas\n"),
            (["preview", "--themes", "nosuch", "-o", "-"], "--themes: no built-in theme or file named \"nosuch\""),
            (["--layout", "nosuch", "-o", "-"], "--layout: no built-in layout or file named \"nosuch\""),
        ]
        for (arguments, expected) in cases {
            let result = try run(arguments)
            XCTAssertNotEqual(result.status, 0, arguments.joined(separator: " "))
            XCTAssertTrue(result.stderr.hasPrefix(expected), "\(arguments): \(result.stderr)")
        }
    }

    func testUsageErrorsNameTheOptionAndShowTheUsage() throws {
        let unknown = try run(["--layot", "numbers"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, """
            Error: unknown option "--layot"; did you mean --layout?
            Usage: render-keyboard render [<options>]
              See 'render-keyboard render --help' for more information.

            """)
        let missing = try run(["frames", "--width"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("Error: missing value for --width <width>\n"), missing.stderr)
        let empty = try run(["frames", "--width="])
        XCTAssertTrue(empty.stderr.hasPrefix("Error: missing value for --width <width>\n"), empty.stderr)
        let number = try run(["frames", "--seed", "-1"])
        XCTAssertEqual(number.status, 2)
        XCTAssertTrue(number.stderr.hasPrefix("Error: --seed: \"-1\" is not a whole number from 0 to 18446744073709551615\n"), number.stderr)
        let choice = try run(["frames", "--shift", "up"])
        XCTAssertTrue(choice.stderr.hasPrefix("Error: --shift: \"up\" is not one of off, on, locked\n"), choice.stderr)
        let flag = try run(["frames", "--no-shuffle=yes"])
        XCTAssertTrue(flag.stderr.hasPrefix("Error: --no-shuffle takes no value\n"), flag.stderr)
        let extra = try run(["batch", "a.yaml", "b.yaml"])
        XCTAssertEqual(extra.status, 2)
        XCTAssertTrue(extra.stderr.hasPrefix("Error: unexpected argument \"b.yaml\"\nUsage: render-keyboard batch <manifest> [<options>]\n"), extra.stderr)
        let absent = try run(["batch"])
        XCTAssertTrue(absent.stderr.hasPrefix("Error: missing <manifest>\n"), absent.stderr)
        let group = try run(["rules"])
        XCTAssertEqual(group.status, 2)
        XCTAssertTrue(group.stderr.hasPrefix("Error: give a subcommand: parse, check\n"), group.stderr)
        let nested = try run(["rules", "parsee", "x"])
        XCTAssertEqual(nested.status, 2)
        XCTAssertEqual(nested.stderr, """
            Error: unknown subcommand "parsee"; the subcommands are parse, check; did you mean parse?
            Usage: render-keyboard rules <subcommand>
              See 'render-keyboard rules --help' for more information.

            """)
    }

    func testEchoedArgumentsAreEscaped() throws {
        let result = try run(["--\u{1B}[31mred"])
        XCTAssertEqual(result.status, 2)
        XCTAssertFalse(result.stderr.contains("\u{1B}"), result.stderr)
        XCTAssertTrue(result.stderr.contains("\\u{1B}"), result.stderr)
    }

    func testHelpIsWrittenFromTheSameTable() throws {
        let root = try run(["--help"])
        XCTAssertEqual(root.status, 0)
        XCTAssertTrue(root.stdout.hasPrefix("OVERVIEW: Solve keyboard layouts and draw them as PNG, SVG or PDF.\n"), root.stdout)
        XCTAssertTrue(root.stdout.contains("\n  render (default)          Draw one keyboard image"), root.stdout)
        XCTAssertTrue(root.stdout.contains("\n  --version                 Show the version.\n"), root.stdout)
        for arguments in [["render", "--help"], ["help", "render"], ["--layout", "numbers", "-h"]] {
            let render = try run(arguments)
            XCTAssertEqual(render.status, 0, "\(arguments)")
            XCTAssertTrue(render.stdout.contains("USAGE: render-keyboard render [<options>]\n"), render.stdout)
            XCTAssertTrue(render.stdout.contains("\n  --layout <layout>         A built-in layout name or a layout file. (default:\n                            letters)\n"), render.stdout)
            XCTAssertTrue(render.stdout.contains("\n  -o, --output <output>     Output file"), render.stdout)
            XCTAssertTrue(render.stdout.contains("\n  --pressed <pressed>       Draw the key with this label (or code) pressed;\n                            repeatable.\n"), render.stdout)
        }
        let check = try run(["help", "rules", "check"])
        XCTAssertTrue(check.stdout.contains("USAGE: render-keyboard rules check <rule> [<options>]\n\nARGUMENTS:\n  <rule>"), check.stdout)
        XCTAssertTrue(check.stdout.contains("(default:\n                            letters,symbols,numbers)"), check.stdout)
    }

    /// Every group's help advises a command that works: run with each of the group's
    /// subcommands in place of `<subcommand>`, it prints that subcommand's help.
    func testHelpAdvisesACommandThatWorks() throws {
        for (group, subcommands) in [([String](), ["render", "batch"]), (["rules"], ["parse", "check"]), (["password"], ["check"])] {
            let help = try run(group + ["--help"])
            XCTAssertEqual(help.status, 0)
            let advice = try XCTUnwrap(help.stdout.split(separator: "\n").first { $0.contains("for detailed help") }, help.stdout)
            let quoted = try XCTUnwrap(advice.split(separator: "'").dropFirst().first, String(advice))
            let words = quoted.split(separator: " ").map(String.init)
            XCTAssertEqual(words.first, "render-keyboard")
            XCTAssertEqual(words.last, "<subcommand>")
            for subcommand in subcommands {
                let advised = try run(Array(words.dropFirst().dropLast()) + [subcommand])
                XCTAssertEqual(advised.status, 0, "\(quoted) with \(subcommand): \(advised.stderr)")
                XCTAssertTrue(advised.stdout.contains("USAGE: render-keyboard \((group + [subcommand]).joined(separator: " "))"), advised.stdout)
            }
        }
    }

    /// `help` with a name that is no subcommand is a usage error, not the top-level help.
    func testHelpOfAnUnknownSubcommandExits2() throws {
        let unknown = try run(["help", "nosuch"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stdout, "")
        // The root never shows the word: a mistyped `password` may leave a secret there.
        XCTAssertEqual(unknown.stderr, """
            Error: unknown subcommand (not shown: it may be a password); the subcommands are render, frames, preview, serve, batch, compose, pattern, validate, list, rules, password, lint, compare, diff, completions, manual
            Usage: render-keyboard [<subcommand>] [<options>]
              See 'render-keyboard --help' for more information.

            """)
        let nested = try run(["help", "rules", "chek"])
        XCTAssertEqual(nested.status, 2)
        XCTAssertTrue(nested.stderr.hasPrefix("Error: unknown subcommand \"chek\"; the subcommands are parse, check; did you mean check?\nUsage: render-keyboard rules"), nested.stderr)
        let secret = try run(["help", "password", "Tr0ub4dor&3"])
        XCTAssertEqual(secret.status, 2)
        XCTAssertFalse(secret.stderr.contains("Tr0ub4dor"), secret.stderr)
        let leaf = try run(["help", "render", "x"])
        XCTAssertEqual(leaf.status, 2)
        XCTAssertTrue(leaf.stderr.hasPrefix("Error: unknown subcommand \"x\"; render has no subcommands\nUsage: render-keyboard render"), leaf.stderr)
    }
}
