import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import RenderKeyboardKit

@main
enum RenderKeyboard {
    /// The root of the command line: `render` runs when no subcommand is named.
    static let command = Command(
        name: "render-keyboard",
        abstract: "Solve keyboard layouts and draw them as PNG, SVG or PDF.",
        subcommandTypes: [Render.self, Frames.self, Preview.self, Serve.self, Batch.self, Compose.self, Pattern.self, Validate.self, List.self, Rules.self, Password.self, Lint.self, Compare.self, Diff.self, Completions.self, ManualPage.self],
        echoesUnknownSubcommands: false
    )

    /// Runs the command; bad input exits 1 with `FILE: field.path: reason`, usage errors exit 2
    /// with `Error: reason` and the usage line, help and `--version` exit 0.
    static func main() {
        Interruption.install()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.count > Limits.maxArguments {
            fail("Error: \(arguments.count) arguments; at most \(Limits.maxArguments) are accepted (repeated options included)", status: 2)
        }
        var path = [command]
        do {
            let rest = try select(arguments, path: &path)
            guard let run = path[path.count - 1].run else { throw HelpRequest(path: path) }
            try run(try ParsedArguments(rest, path: path))
        } catch let help as HelpRequest {
            say(Help.text(for: help.path, version: help.path.count == 1 ? RenderKeyboardVersion.current : nil), terminator: "")
            exit(0)
        } catch let error as UsageError {
            let name = path.map(\.name).joined(separator: " ")
            fail("Error: \(error.message)\nUsage: \(Help.usage(for: path))\n  See '\(name) --help' for more information.", status: 2)
        } catch let status as ExitStatus {
            exit(status.status)
        } catch let error as DiagnosticList {
            fail(error.commandLineDescription)
        } catch let error as Diagnostic {
            fail(error.commandLineDescription)
        } catch let error as RequestError {
            fail(error.commandLineDescription)
        } catch let error as Reference.NotFound {
            fail(error.requestError.commandLineDescription)
        } catch let error as RenderError {
            fail("render-keyboard: \(error)")
        } catch {
            fail("render-keyboard: \(error)")
        }
    }

    /// Follows subcommand names from the start of `arguments`, extending `path`, and returns
    /// the arguments left for the last one. The root's first argument is a subcommand, `help`,
    /// `--version`, or an option of the default subcommand, `render`.
    static func select(_ arguments: [String], path: inout [Command]) throws -> [String] {
        var rest = arguments[...]
        if path.count == 1 {
            switch rest.first {
            case "--version":
                say(RenderKeyboardVersion.current)
                exit(0)
            case "-h", "--help":
                throw HelpRequest(path: path)
            case "help":
                // `help NAME…` names subcommands only; anything else is an unknown subcommand.
                for name in rest.dropFirst() {
                    guard let next = path[path.count - 1].subcommand(named: name) else { throw unknownSubcommand(name, path: path) }
                    path.append(next)
                }
                throw HelpRequest(path: path)
            default:
                break
            }
        }
        while let command = path.last, !command.subcommandTypes.isEmpty {
            guard let first = rest.first, !first.hasPrefix("-") else {
                if path.count == 1, let render = command.subcommandTypes.first {
                    path.append(Command.declaration(render))   // the default subcommand
                    break
                }
                if let first = rest.first, first == "-h" || first == "--help" { throw HelpRequest(path: path) }
                throw UsageError("give a subcommand: \(command.subcommandNames.joined(separator: ", "))")
            }
            guard let next = command.subcommand(named: first) else { throw unknownSubcommand(first, path: path) }
            path.append(next)
            rest = rest.dropFirst()
        }
        return Array(rest)
    }

    /// The usage error for `name`, which is not a subcommand of the last command of `path`,
    /// with the subcommands there are and the nearest of them. Where a secret may stand in
    /// that place (under `password`, and at the root, where a mistyped `password` leaves one)
    /// the name is not shown.
    static func unknownSubcommand(_ name: String, path: [Command]) -> UsageError {
        let command = path[path.count - 1]
        let names = command.subcommandNames
        let word = command.echoesUnknownSubcommands && path.dropFirst().allSatisfy(\.echoesUnknownSubcommands) ? Diagnostic.quote(name) : "(not shown: it may be a password)"
        guard !names.isEmpty else { return UsageError("unknown subcommand \(word); \(command.name) has no subcommands") }
        return UsageError("unknown subcommand \(word); the subcommands are \(names.joined(separator: ", "))" + FieldReader.didYouMean(name, in: names))
    }

    /// Prints `message` to standard error and ends with `status` (by default the running
    /// command's error status, `ExitContract.errorStatus`). A standard error that cannot be
    /// written changes nothing: the status still tells.
    static func fail(_ message: String, status: Int32? = nil) -> Never {
        StandardStream.error.write(message + "\n")
        exit(status ?? ExitContract.errorStatus)
    }
}

/// The exit contract of the commands a CI gates on, `compare`, `diff`, `batch --compare` and
/// `lint`: 0 match (no change, no failing finding), 1 differ (changed, a failing finding),
/// 2 a usage error or an input that cannot be read or is invalid. Such a command adopts it
/// before it reads any input; from then on every error ends the process with 2, so 1 always
/// means the verdict, never a typo. Other commands end an error with 1.
enum ExitContract {
    private static let adopted = Locked(false)

    /// The running command gates a CI: its errors exit 2 from now on.
    static func adopt() {
        adopted.withLock { $0 = true }
    }

    /// The status an error ends the process with: 2 under the contract, else 1.
    static var errorStatus: Int32 {
        adopted.withLock { $0 } ? 2 : 1
    }
}

/// Prints a report line to standard output. Output that cannot be written fails the run
/// (exit 1, with the reason on standard error): a report that was lost is not a success.
func say(_ text: String, terminator: String = "\n") {
    guard StandardStream.output.write(text + terminator) else {
        RenderKeyboard.fail("render-keyboard: cannot write to standard output: \(String(cString: strerror(errno)))")
    }
}

/// Prints a command's report line to standard output, or to standard error when the
/// command's own output (an image, a report) is being written to standard output (`-o -`),
/// so the two never mix.
func say(_ text: String, besides output: String?) {
    if let output, FileAccess.isStandardOutput(output) {
        complain(text)
    } else {
        say(text)
    }
}

/// Prints a note or warning line to standard error; a standard error that cannot be written
/// is left alone (there is nowhere else to say it).
func complain(_ text: String) {
    StandardStream.error.write(text + "\n")
}
