import ArgumentParser
import Foundation
import RenderKeyboardKit

@main
struct RenderKeyboard: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-keyboard",
        abstract: "Solve keyboard layouts and draw them as PNG, SVG or PDF.",
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

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        Foundation.exit(1)
    }
}
