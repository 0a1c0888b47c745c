import Foundation
import PasswordPolicy
import RenderKeyboardKit

/// `rules parse` and `rules check` (SPEC §10): Apple `passwordrules` as Safari applies them.
enum Rules {
    static let command = Command(
        name: "rules",
        abstract: "Read Apple passwordrules as Safari and iOS apply them, and check them against keyboards.",
        subcommands: [Parse.command, Check.command]
    )

    struct Parse {
        static let command = Command(
            name: "parse",
            abstract: "Print the effective rule and every problem with its column; exit 1 when Safari ignores the whole rule.",
            parameters: [
                .argument("rule", "The passwordrules string, e.g. \"required: upper; minlength: 8;\"."),
                .flag("json", "Print JSON: applied, required, allowed, maxConsecutive, minLength, maxLength, diagnostics."),
            ],
            run: { try Parse(rule: $0.string("rule")!, json: $0.flag("json")).run() }
        )

        let rule: String
        let json: Bool

        func run() throws {
            let rules = PasswordRules(parsing: rule)
            if json {
                say(rules.json())
            } else {
                say(rules.applied ? "applied: yes" : "applied: no (Safari ignores the whole rule)")
                say("effective: \(rules.ruleText)")
                for diagnostic in rules.diagnostics { say("\(diagnostic)") }
            }
            if !rules.applied { throw ExitStatus(1) }
        }
    }

    struct Check {
        static let command = Command(
            name: "check",
            abstract: "Check that a keyboard set can type every class a rule requires; exit 1 when it cannot.",
            parameters: [
                .argument("rule", "The passwordrules string."),
                .option("layouts", default: "letters,symbols,numbers", "Comma-separated layouts (built-in names or files) that together form the keyboard."),
            ],
            run: { try Check($0).run() }
        )

        let rule: String
        let layouts: String

        init(_ arguments: ParsedArguments) throws {
            rule = arguments.string("rule")!
            layouts = arguments.string("layouts")!
            if layoutList.isEmpty { throw UsageError("--layouts needs at least one layout.") }
        }

        var layoutList: [String] {
            layouts.split(separator: ",", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }

        func run() throws {
            let rules = PasswordRules(parsing: rule)
            let (characters, warnings) = try TypeableCharacters.load(layoutList)
            printWarnings(warnings)
            let coverage = KeyboardCoverage(rules: rules, typeable: characters)
            say("effective: \(rules.ruleText)")
            if !rules.applied { say("warning: Safari ignores this whole rule and applies its defaults") }
            for diagnostic in rules.diagnostics { say("warning: \(diagnostic)") }
            let keyboard = layoutList.joined(separator: ", ")
            for line in coverage.report(keyboard: keyboard) { say(line) }
            if !coverage.isTypeable { throw ExitStatus(1) }
            say("ok: \(keyboard) can type every required class")
        }
    }
}
