import Foundation
import KeyboardRenderer
import RenderKeyboardKit
import KeyboardCompare

struct Diff: Subcommand {
    static let name = "diff"
    static let command = Command(
        name: name,
        abstract: "List the keys two layouts, or two themes, draw differently; exit 1 when something changed.",
        discussion: "BEFORE and AFTER are both layouts (drawn with --theme) or both themes (drawn on --layout), built-in names or files; the other render options apply to both. One line per change: a key added or removed, moved or resized (points, from the solved frames), or restyled (the resolved style field that changed, in the normal or pressed state). Keys are matched by label (else code), the n-th key of a name as NAME#n. A shuffling layout is drawn with --seed, 0 when not given. -o writes both pictures side by side with the changed keys outlined in magenta. Exit 0 when nothing changed, 1 when something did, 2 for a usage error or an input that cannot be read or is invalid.",
        parameters: [before.parameter, after.parameter] + CommonOptions.parameters + [output.parameter, json.parameter],
        run: {
            ExitContract.adopt()
            try Diff($0).run()
        }
    )

    static let before = Positional.one("before", "The layout or theme before.")
    static let after = Positional.one("after", "The layout or theme after.")
    static let output = RequestOption.worded(.output, as: String.self, "Write before | after with the changed keys outlined (PNG).", value: "diff.png")
    static let json = Flag("json", "Print the changes as a JSON array instead of lines.")

    let before: String
    let after: String
    let request: RenderRequest
    let output: String?
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        before = arguments.text(Self.before) ?? ""
        after = arguments.text(Self.after) ?? ""
        var request = try CommonOptions(arguments).request.request
        if request.seed == nil { request.seed = 0 }
        self.request = request
        output = try pngOutput(arguments, Self.output, what: "picture")
        json = arguments.isGiven(Self.json)
    }

    func run() throws {
        let kinds = (try KeyboardDiff.kind(of: before), try KeyboardDiff.kind(of: after))
        guard kinds.0 == kinds.1 else {
            throw UsageError("\(Diagnostic.quote(before)) is a \(kinds.0.rawValue) and \(Diagnostic.quote(after)) a \(kinds.1.rawValue); give two layouts or two themes")
        }
        var first = request, second = request
        switch kinds.0 {
        case .layout: first.layout = before; second.layout = after
        case .theme: first.theme = before; second.theme = after
        }
        let (sceneBefore, warningsBefore) = try first.sceneAndWarnings()
        let (sceneAfter, warningsAfter) = try second.sceneAndWarnings()
        printWarnings(warningsBefore + warningsAfter.filter { !warningsBefore.contains($0) })
        let diff = try KeyboardDiff(before: sceneBefore, beforeTheme: try first.loadedTheme(), after: sceneAfter, afterTheme: try second.loadedTheme())
        if let output {
            let renderer = try Renderer()
            let picture = diff.picture(before: try renderer.rasterize(sceneBefore), after: try renderer.rasterize(sceneAfter))
            try FileAccess.writeOutput(try PNGCodec.encode(picture), to: output)
        }
        let text = json ? diff.json() : diff.changes.isEmpty ? "no changes" : diff.changes.map(\.line).joined(separator: "\n")
        say(text, besides: output)
        if !diff.changes.isEmpty { throw ExitStatus(1) }
    }
}
