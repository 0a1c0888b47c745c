import Foundation
import PasswordPolicy
import RenderKeyboardKit

/// `password check` (docs/password-rules.md): the TMF SDK's strength levels over passwords read from
/// standard input. Passwords are never printed, logged or taken from arguments.
enum Password: Subcommand {
    static let name = "password"
    static let command = Command(
        name: name,
        abstract: "Check passwords for weakness, as the secure-keyboard SDK's server does.",
        subcommandTypes: [Check.self],
        echoesUnknownSubcommands: false
    )

    struct Check: Subcommand {
        /// Anything on the command line besides these options is refused without being
        /// echoed: it may be a password typed there by mistake.
        static let name = "check"
        static let command = Command(
            name: name,
            abstract: "Read passwords from standard input, one a line; print ok or the failed rule per line.",
            discussion: "Exit status: 0 all ok, 1 a weak password or bad parameters, 7 entries differ (with --confirm).",
            parameters: [strength.parameter, repeatLength.parameter, confirm.parameter, rules.parameter, Rules.decodeHTML.parameter],
            strayArgumentsMessage: "passwords are read from standard input only, one a line; the command takes no other arguments",
            run: { arguments in
                let rules = try Rules.ruleText(arguments, Self.rules)
                try Check(strength: arguments.required(Self.strength), repeatLength: arguments.required(Self.repeatLength), confirm: arguments.isGiven(Self.confirm), rules: rules).run()
            }
        )
        static let strength = Option<String>("strength", default: "simple", choices: PasswordStrengthLevel.allCases.map(\.rawValue), "none, simple, letter, case or symbol.")
        static let repeatLength = Option<String>("repeat", default: "\(PasswordStrengthPolicy.defaultRepeatLength)", "N ≥ 2: this many equal or consecutive characters in a row are weak.")
        static let confirm = Flag("confirm", "Lines come in pairs (entry, confirmation) that must be equal.")
        static let rules = Option<String>("rules", value: "rule", "A passwordrules string each password must also meet (before the strength level; --strength none for the rule alone).")

        let strength: String
        let repeatLength: String
        let confirm: Bool
        /// The `--rules` text, references decoded when asked.
        let rules: String?

        /// The rule every password must meet, checked before any password is read: one that
        /// Safari ignores or that no password can meet is refused.
        func passwordRules() throws -> PasswordRules? {
            guard let rules else { return nil }
            let parsed = PasswordRules(parsing: rules)
            if !parsed.applied {
                let first = parsed.diagnostics.first.map { " (\($0))" } ?? ""
                throw Diagnostic(file: "--rules", path: "", reason: "Safari ignores this whole rule\(first); see `render-keyboard rules parse`")
            }
            if let reason = parsed.unmeetableReasons.first {
                throw Diagnostic(file: "--rules", path: "", reason: reason)
            }
            return parsed
        }

        func run() throws {
            let rules = try passwordRules()
            do {
                let policy = try PasswordStrengthPolicy(levelName: strength, repeatLength: repeatLength)
                let lines = try PasswordInput.lines(try Self.standardInput(upTo: PasswordInput.maxBytes + 1))
                var verdicts: [PasswordVerdict] = []
                /// The `--rules` failure of each verdict's password, checked first.
                var ruleFailures: [PasswordRuleFailure?] = []
                if confirm {
                    var index = 0
                    while index < lines.count {
                        let verdict = index + 1 < lines.count ? policy.check(lines[index], confirmation: lines[index + 1]) : .entriesDiffer
                        verdicts.append(verdict)
                        ruleFailures.append(verdict == .entriesDiffer ? nil : rules?.failure(of: lines[index]))
                        index += 2
                    }
                } else {
                    verdicts = lines.map(policy.check)
                    ruleFailures = lines.map { rules?.failure(of: $0) }
                }
                var output = ""
                for (verdict, ruleFailure) in zip(verdicts, ruleFailures) {
                    if let ruleFailure {
                        output += "weak: \(ruleFailure)\n"
                        continue
                    }
                    switch verdict {
                    case .ok: output += "ok\n"
                    case .weak(let rule): output += "weak: \(rule.rawValue): \(rule.explanation(repeatLength: policy.repeatLength))\n"
                    case .entriesDiffer: output += "entries differ\n"
                    }
                }
                say(output, terminator: "")
                // A password that breaks the rule is weak, with the SDK's code for weak (1).
                let codes = zip(verdicts, ruleFailures).map { verdict, ruleFailure in ruleFailure == nil ? verdict.code : 1 }
                let code = verdicts.contains(.entriesDiffer) ? PasswordVerdict.entriesDiffer.code : codes.max() ?? 0
                if code != 0 { throw ExitStatus(code) }
            } catch let error as PasswordCheckError {
                // The form of every message: `--option: reason`, or `standard input: reason`.
                switch error {
                case .unknownLevel: complain("--strength: \(error)")
                case .badRepeatLength: complain("--repeat: \(error)")
                case .badInput: complain("\(error)")
                }
                throw ExitStatus(error.code)
            }
        }

        /// At most `limit` bytes of standard input.
        ///
        /// - Throws: `PasswordCheckError.badInput` when standard input cannot be read (closed,
        ///   a folder).
        static func standardInput(upTo limit: Int) throws -> [UInt8] {
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while bytes.count < limit {
                let n = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress!, min($0.count, limit - bytes.count)) }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw PasswordCheckError.badInput(reason: "standard input: cannot read: \(String(cString: strerror(errno)))")
                }
                if n == 0 { break }
                bytes += chunk[0..<n]
            }
            return bytes
        }
    }
}
