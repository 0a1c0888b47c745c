import Foundation
import PasswordPolicy
import RenderKeyboardKit
import TerminalText

/// `rules parse` and `rules check` (docs/password-rules.md): Apple `passwordrules` as Safari applies them.
enum Rules: Subcommand {
    static let name = "rules"
    static let command = Command(
        name: name,
        abstract: "Read Apple passwordrules as Safari and iOS apply them, and check them against keyboards.",
        subcommandTypes: [Parse.self, Check.self]
    )

    struct Parse: Subcommand {
        static let name = "parse"
        static let command = Command(
            name: name,
            abstract: "Print the effective rule and every problem with its column; exit 1 when Safari ignores the whole rule or no password can meet it.",
            parameters: [rule.parameter, json.parameter, decodeHTML.parameter],
            run: { try Parse(rule: ruleText($0, rule) ?? "", json: $0.isGiven(json), decoded: $0.isGiven(decodeHTML)).run() }
        )
        static let rule = Positional.one("rule", "The passwordrules string, e.g. \"required: upper; minlength: 8;\".")
        static let json = Flag("json", "Print JSON: applied, required, allowed, maxConsecutive, maxRepeating, maxSequential, minLength, maxLength, diagnostics.")

        let rule: String
        let json: Bool
        let decoded: Bool

        func run() throws {
            let rules = PasswordRules(parsing: rule)
            if json {
                say(rules.json())
            } else {
                say(rules.applied ? "applied: yes" : "applied: no (Safari ignores the whole rule)")
                say("effective: \(rules.ruleText)")
                for diagnostic in rules.diagnostics { say("\(diagnostic)") }
                printDecodingHint(rule, decoded: decoded)
                for reason in rules.unmeetableReasons { say("unmeetable: \(reason)") }
            }
            if !rules.applied || !rules.unmeetableReasons.isEmpty { throw ExitStatus(1) }
        }
    }

    /// `--decode-html`, for every command that reads a rule.
    static let decodeHTML = Flag("decode-html", "Decode HTML character references (&quot;, &#34;) in the rule first, as a browser decodes the attribute; for rules copied from HTML source.")

    /// The rule given as the positional argument `rule`, its HTML character references
    /// decoded with `--decode-html`.
    static func ruleText(_ arguments: ParsedArguments, _ rule: Positional) -> String? {
        arguments.text(rule).map { decodedIfAsked(arguments, $0) }
    }

    /// The rule given as `option` (nil when it is not given), decoded as `ruleText` decodes.
    static func ruleText(_ arguments: ParsedArguments, _ option: Option<String>) throws -> String? {
        try arguments.value(option).map { decodedIfAsked(arguments, $0) }
    }

    private static func decodedIfAsked(_ arguments: ParsedArguments, _ rule: String) -> String {
        arguments.isGiven(decodeHTML) ? HTMLCharacterReferences.decode(rule) : rule
    }

    /// After the diagnostics: how to read the references they flag as a browser would.
    static func printDecodingHint(_ rule: String, decoded: Bool) {
        if !decoded && !HTMLCharacterReferences.find(in: rule).isEmpty {
            say("hint: --decode-html decodes the rule's HTML character references as a browser does")
        }
    }

    struct Check: Subcommand {
        static let name = "check"
        static let command = Command(
            name: name,
            abstract: "Check that a keyboard set can type every class a rule requires; exit 1 when it cannot, or when no password can meet the rule.",
            parameters: [rule.parameter, layouts.parameter, decodeHTML.parameter] + AndroidArguments.parameters,
            run: { try Check($0).run() }
        )
        static let rule = Positional.one("rule", "The passwordrules string.")
        static let layouts = Option<String>("layouts", default: "letters,symbols,numbers", "Comma-separated layouts (built-in names or files) that together form the keyboard.")

        let rule: String
        let layouts: String
        let decoded: Bool
        let android: AndroidFileOptions

        init(_ arguments: ParsedArguments) throws {
            rule = ruleText(arguments, Self.rule) ?? ""
            decoded = arguments.isGiven(decodeHTML)
            layouts = try arguments.required(Self.layouts)
            android = try AndroidArguments(arguments).options
            if layoutList.allSatisfy(\.isEmpty) { throw UsageError("--layouts needs at least one layout.") }
            // An empty item (`a,,b`, a trailing comma) is refused, as preview refuses it.
            _ = try SweepLists.names(layouts, option: "layouts")
        }

        var layoutList: [String] {
            ParsedArguments.commaList(layouts)
        }

        func run() throws {
            let rules = PasswordRules(parsing: rule)
            let characters: Set<Unicode.Scalar>, warnings: [Diagnostic]
            do {
                (characters, warnings) = try TypeableCharacters.load(layoutList, android: android)
            } catch let notFound as RequestError where notFound.field == .layout {
                throw Diagnostic(origin: .requestField("layouts"), reason: notFound.reason)
            }
            printWarnings(warnings)
            let coverage = KeyboardCoverage(rules: rules, typeable: characters)
            say("effective: \(rules.ruleText)")
            if !rules.applied { say("warning: Safari ignores this whole rule and applies its defaults") }
            for diagnostic in rules.diagnostics { say("warning: \(diagnostic)") }
            printDecodingHint(rule, decoded: decoded)
            if !rules.unmeetableReasons.isEmpty {
                for reason in rules.unmeetableReasons { say("unmeetable: \(reason)") }
                throw ExitStatus(1)
            }
            let keyboard = layoutList.map(TerminalText.escaped).joined(separator: ", ")
            for line in coverage.report(keyboard: keyboard) { say(line) }
            if !coverage.canMeetRule { throw ExitStatus(1) }
            say("ok: \(keyboard) can type every required class")
        }
    }
}
