import ArgumentParser
import Foundation
import PasswordPolicy
import RenderKeyboardKit

/// `rules parse` and `rules check` (SPEC §10): Apple `passwordrules` as Safari applies them.
struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read Apple passwordrules as Safari and iOS apply them, and check them against keyboards.",
        subcommands: [Parse.self, Check.self]
    )

    struct Parse: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the effective rule and every problem with its column; exit 1 when Safari ignores the whole rule."
        )

        @Argument(help: "The passwordrules string, e.g. \"required: upper; minlength: 8;\".")
        var rule: String
        @Flag(help: "Print JSON: applied, required, allowed, maxConsecutive, minLength, maxLength, diagnostics.")
        var json = false

        func run() throws {
            let rules = PasswordRules(parsing: rule)
            if json {
                print(rules.json())
            } else {
                print(rules.applied ? "applied: yes" : "applied: no (Safari ignores the whole rule)")
                print("effective: \(rules.ruleText)")
                for diagnostic in rules.diagnostics { print(diagnostic) }
            }
            if !rules.applied { throw ExitCode(1) }
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check that a keyboard set can type every class a rule requires; exit 1 when it cannot."
        )

        @Argument(help: "The passwordrules string.")
        var rule: String
        @Option(help: "Comma-separated layouts (built-in names or files) that together form the keyboard.")
        var layouts = "letters,symbols,numbers"

        func validate() throws {
            if layoutList.isEmpty { throw ValidationError("--layouts needs at least one layout.") }
        }

        var layoutList: [String] {
            layouts.split(separator: ",", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }

        func run() throws {
            let rules = PasswordRules(parsing: rule)
            let (characters, warnings) = try TypeableCharacters.load(layoutList)
            printWarnings(warnings)
            let coverage = KeyboardCoverage(rules: rules, typeable: characters)
            print("effective: \(rules.ruleText)")
            if !rules.applied { print("warning: Safari ignores this whole rule and applies its defaults") }
            for diagnostic in rules.diagnostics { print("warning: \(diagnostic)") }
            let keyboard = layoutList.joined(separator: ", ")
            for line in coverage.report(keyboard: keyboard) { print(line) }
            if !coverage.isTypeable { throw ExitCode(1) }
            print("ok: \(keyboard) can type every required class")
        }
    }
}
