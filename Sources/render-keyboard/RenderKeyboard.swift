import ArgumentParser
import Foundation
import RenderKeyboardKit

@main
struct RenderKeyboard: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-keyboard",
        abstract: "Solve keyboard layouts and draw them as PNG, SVG or PDF.",
        version: RenderKeyboardVersion.current,
        subcommands: [Render.self, Frames.self, Preview.self, Batch.self, Validate.self, List.self, Rules.self, Password.self],
        defaultSubcommand: Render.self
    )

    /// Runs the command; bad input exits 1 with `FILE: field.path: reason`, usage errors exit 2.
    static func main() {
        Interruption.install()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.count > Limits.maxArguments {
            FileHandle.standardError.write(Data("Error: \(arguments.count) arguments; at most \(Limits.maxArguments) are accepted (repeated options included)\n".utf8))
            Foundation.exit(2)
        }
        rejectUnknownSubcommand()
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch let error as DiagnosticList {
            fail(error.description)
        } catch let error as Diagnostic {
            fail(error.description)
        } catch let error as RequestError {
            fail(error.description)
        } catch let error as RenderError {
            fail("render-keyboard: \(error)")
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            if error is ExitCode { Foundation.exit(code.rawValue) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }

    /// The default subcommand takes no arguments of its own, so a first argument that is not
    /// an option can only be a subcommand: name it, rather than show `render`'s usage.
    static func rejectUnknownSubcommand() {
        guard let first = CommandLine.arguments.dropFirst().first, !first.hasPrefix("-") else { return }
        let names = configuration.subcommands.map { $0._commandName } + ["help"]
        guard !names.contains(first) else { return }
        let subcommands = Array(names.dropLast())
        var message = "render-keyboard: unknown subcommand \"\(first)\"; the subcommands are \(subcommands.joined(separator: ", "))"
        if let near = FieldReader.nearest(first, in: subcommands) { message += "; did you mean \(near)?" }
        FileHandle.standardError.write(Data((message + "\n").utf8))
        Foundation.exit(2)
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        Foundation.exit(1)
    }
}
