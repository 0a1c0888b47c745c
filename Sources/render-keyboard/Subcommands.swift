import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine
import RenderKeyboardKit
import TerminalText

struct Render: Subcommand {
    static let name = "render"
    static let command = Command(
        name: name,
        abstract: "Draw one keyboard image (the default subcommand).",
        parameters: CommonOptions.parameters + CommonOptions.outputParameters,
        run: { try Render($0).run() }
    )

    let request: CheckedRequest

    init(_ arguments: ParsedArguments) throws {
        request = try CommonOptions(arguments, fields: CommonOptions.fields.union(RenderRequest.outputFields)).request
    }

    func run() throws {
        let rendered = try request.render()
        printWarnings(rendered.warnings)
        try FileAccess.writeOutput(rendered.bytes, to: request.request.resolvedOutput)
    }
}

struct Frames: Subcommand {
    static let name = "frames"
    static let command = Command(
        name: name,
        abstract: "Print the solved key frames as JSON.",
        parameters: CommonOptions.parameters + [output.parameter],
        run: { try Frames($0).run() }
    )
    static let output = RequestOption.worded(.output, as: String.self, "Write the JSON to this file instead of standard output (- for standard output).")

    let request: CheckedRequest
    /// The JSON file, or `-`; not an image, so it is not the request's output.
    let output: String

    init(_ arguments: ParsedArguments) throws {
        request = try CommonOptions(arguments).request
        output = try arguments.value(Self.output) ?? "-"
        if let problem = RenderRequest.outputNameProblem(output) {
            throw UsageError(RequestError(field: .output, reason: problem).commandLineDescription)
        }
    }

    func run() throws {
        let (frames, warnings) = try request.drawnFramesAndWarnings()
        printWarnings(warnings)
        try FileAccess.writeOutput(Array((frames.json() + "\n").utf8), to: output)
    }
}

struct Validate: Subcommand {
    static let name = "validate"
    static let command = Command(
        name: name,
        abstract: "Check layout and theme files; print every problem, exit 1 if any.",
        parameters: [files.parameter],
        run: { try Validate($0).run() }
    )
    static let files = Positional.many("files", "Layout or theme files.")

    let files: [String]

    init(_ arguments: ParsedArguments) throws {
        files = arguments.texts(Self.files)
        if files.isEmpty { throw UsageError("Give at least one file to validate.") }
    }

    func run() throws {
        var failed = false
        for file in files {
            let report = Validator.validate(file)
            printWarnings(report.warnings)
            if report.problems.isEmpty {
                say(Diagnostic(file: report.file, path: "", reason: "ok (\(report.kind ?? "file"))").description)
            } else {
                failed = true
                for problem in report.problems { say("\(problem)") }
            }
        }
        if failed { throw ExitStatus(1) }
    }
}

/// A width in points as a device table shows it: at most two decimals (`411.43`).
private func points(_ value: Double) -> String {
    Limits.format((value * 100).rounded() / 100)
}

enum List: Subcommand {
    static let name = "list"
    static let command = Command(
        name: name,
        abstract: "List the built-in layouts, themes, metrics tables and devices, or print one metrics table.",
        parameters: [metrics.parameter],
        run: { try List.run($0) }
    )
    static let metrics = Option<String>("metrics", value: "NAME", "Print the metrics table NAME (a built-in name or a CSV file) instead.")

    static func run(_ arguments: ParsedArguments) throws {
        if let metrics = try arguments.value(metrics) {
            do {
                say(try MetricsLoader.load(metrics).listing, terminator: "")
            } catch let notFound as Reference.NotFound {
                throw Diagnostic(origin: .requestField("metrics"), reason: notFound.reason)
            }
            return
        }
        if Resources.layoutNames.isEmpty || Resources.themeNames.isEmpty {
            throw Diagnostic(origin: .program, reason: "no built-in layouts and themes in \(Resources.missingBuiltinsPlace)")
        }
        say("layouts: " + Resources.layoutNames.map(TerminalText.escaped).joined(separator: ", "))
        say("themes: " + Resources.themeNames.map(TerminalText.escaped).joined(separator: ", "))
        if !Resources.metricsNames.isEmpty { say("metrics: " + Resources.metricsNames.map(TerminalText.escaped).joined(separator: ", ")) }
        say("devices:")
        for device in Device.all {
            let p = device.portrait, l = device.landscape
            let pixels = "\(Int((p.width * device.scale).rounded())) × \(Int((p.screenHeight * device.scale).rounded())) px"
            let alias = device.alias.map { " (also \($0))" } ?? ""
            say("  \(device.name)\(alias): portrait \(points(p.width)) pt, landscape \(points(l.width)) pt, scale \(Limits.format(device.scale)), screen \(pixels)")
        }
        say("  WxH@D: a screen W × H px at D px per point, such as 1080x2340@2.625")
    }
}
