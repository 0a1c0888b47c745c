import ArgumentParser
import Foundation
import RenderKeyboardKit

@main
struct RenderKeyboard: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-keyboard",
        abstract: "Solve keyboard layouts and draw them as PNG, SVG or PDF.",
        subcommands: [Render.self, Frames.self, Preview.self, Batch.self, Pattern.self, Validate.self, List.self],
        defaultSubcommand: Render.self
    )

    /// Runs the command; bad input exits 1 with `FILE: field.path: reason`, usage errors exit 2.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as DiagnosticList {
            fail(error.description)
        } catch let error as Diagnostic {
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
