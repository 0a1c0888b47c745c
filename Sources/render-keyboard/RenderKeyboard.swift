import Foundation
import RenderKeyboardKit

@main
enum RenderKeyboard {
    /// The root of the command line: `render` runs when no subcommand is named.
    static let command = Command(
        name: "render-keyboard",
        abstract: "Solve keyboard layouts and draw them as PNG, SVG or PDF.",
        subcommands: [Render.command, Frames.command, Preview.command, Serve.command, Batch.command, Pattern.command, Validate.command, List.command, Rules.command, Password.command]
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
            FileHandle.standardOutput.write(Data(Help.text(for: help.path, version: help.path.count == 1 ? RenderKeyboardVersion.current : nil).utf8))
            exit(0)
        } catch let error as UsageError {
            let name = path.map(\.name).joined(separator: " ")
            fail("Error: \(error.message)\nUsage: \(Help.usage(for: path))\n  See '\(name) --help' for more information.", status: 2)
        } catch let status as ExitStatus {
            exit(status.status)
        } catch let error as DiagnosticList {
            fail(error.description)
        } catch let error as Diagnostic {
            fail(error.description)
        } catch let error as RequestError {
            fail(error.description)
        } catch let error as Reference.NotFound {
            fail(error.description)
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
                print(RenderKeyboardVersion.current)
                exit(0)
            case "-h", "--help":
                throw HelpRequest(path: path)
            case "help":
                // `help NAME…` names subcommands only; anything else is an unknown subcommand.
                for name in rest.dropFirst() {
                    guard let next = path[path.count - 1].subcommand(named: name) else { unknownSubcommand(name, path: path) }
                    path.append(next)
                }
                throw HelpRequest(path: path)
            default:
                break
            }
        }
        while let command = path.last, !command.subcommands.isEmpty {
            guard let first = rest.first, !first.hasPrefix("-") else {
                if path.count == 1, let render = command.subcommands.first {
                    path.append(render)   // the default subcommand
                    break
                }
                if let first = rest.first, first == "-h" || first == "--help" { throw HelpRequest(path: path) }
                throw UsageError("give a subcommand: \(command.subcommands.map(\.name).joined(separator: ", "))")
            }
            guard let next = command.subcommand(named: first) else { unknownSubcommand(first, path: path) }
            path.append(next)
            rest = rest.dropFirst()
        }
        return Array(rest)
    }

    /// Exits 2 naming `name`, which is not a subcommand of the last command of `path`, with
    /// the subcommands there are.
    static func unknownSubcommand(_ name: String, path: [Command]) -> Never {
        let names = path[path.count - 1].subcommands.map(\.name)
        let owner = path.map(\.name).joined(separator: " ")
        guard !names.isEmpty else { fail("\(owner): unknown subcommand \(Diagnostic.quote(name)); \(owner) has no subcommands", status: 2) }
        var message = "\(owner): unknown subcommand \(Diagnostic.quote(name)); the subcommands are \(names.joined(separator: ", "))"
        if let near = FieldReader.nearest(name, in: names) { message += "; did you mean \(near)?" }
        fail(message, status: 2)
    }

    static func fail(_ message: String, status: Int32 = 1) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(status)
    }
}
