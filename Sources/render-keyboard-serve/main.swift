import KeyboardPreview
import Foundation
import PreviewServer
import RenderKeyboardKit

// Started by `render-keyboard serve`, which checks the options and passes them as
// `--request JSON`; bad files and requests end with `FILE: field.path: reason` and exit 1.
let arguments = CommandLine.arguments
guard arguments.count == 3, arguments[1] == "--request", let request = try? ServeRequest(encoded: arguments[2]) else {
    FileHandle.standardError.write(Data("render-keyboard-serve: run it as `render-keyboard serve` (see `render-keyboard serve --help`)\n".utf8))
    exit(2)
}
do {
    let server = try PreviewServer(request)
    try await server.run { address in
        // Unbuffered: whoever started the server reads this line at once.
        FileHandle.standardOutput.write(Data("Serving \(address)\n".utf8))
        // A file that exists but is broken does not stop the server: its problem is on its
        // cells, and said here once.
        var said = Set<String>()
        for problem in server.board.snapshots.compactMap(\.error) where said.insert(problem).inserted {
            FileHandle.standardError.write(Data((problem + "\n").utf8))
        }
    }
    exit(0)
} catch {
    // A program of the command line: a request field is shown as the option that set it.
    let lines = Validator.diagnostics(of: error, file: "render-keyboard serve").map { problem in
        if case .requestField(let name, _) = problem.origin { return problem.described(file: "--" + name) }
        return problem.description
    }
    FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    exit(1)
}
