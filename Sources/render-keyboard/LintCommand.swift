import Foundation
import LayoutEngine
import RenderKeyboardKit

/// The written forms of a lint report.
enum LintFormat: String, CaseIterable, ArgumentValue {
    case text, json, sarif
}

extension LintLevel: ArgumentValue {}

struct Lint {
    static let command = Command(
        name: "lint",
        abstract: "Check contrast and touch-target size of layouts × themes × devices × orientations; exit 1 on any error.",
        discussion: "Rules: text-contrast (error), cvd-text-contrast, key-contrast, pressed-state, target-size (error below 24 × 24 pt, warning below 44 pt on iOS and 48 dp on Android), label-size. Each finding names the file, the field and the line that set the colour or size, once per style with the keys it affects. Without lists every built-in layout and theme is checked on every device preset in both orientations. Exit 0 when no finding is an error, 1 when one is, 2 for a usage error or a file that cannot be read or is invalid.",
        parameters: [
            SweepLists.parameter(.layouts, otherwise: "every built-in layout"),
            SweepLists.parameter(.themes, otherwise: "every built-in theme"),
            SweepLists.parameter(.devices, otherwise: "every preset"),
            SweepLists.parameter(.orientations, otherwise: "both"),
        ] + AndroidArguments.parameters + [
            .option("level", default: "AA", "AA or AAA: the WCAG contrast level."),
            .option("format", default: "text", "text, json or sarif (SARIF 2.1.0 for code scanning)."),
            RenderRequest.parameter(.output, help: "Write the report to this file (- for standard output); default standard output."),
        ],
        run: {
            ExitContract.adopt()
            try Lint($0).run()
        }
    )

    var request = LintRequest()
    var format: LintFormat
    var output: String

    init(_ arguments: ParsedArguments) throws {
        if let layouts = arguments.string("layouts") { request.layouts = try SweepLists.names(layouts, option: "layouts") }
        if let themes = arguments.string("themes") { request.themes = try SweepLists.names(themes, option: "themes") }
        if let devices = arguments.string("devices") {
            request.devices = try SweepLists.names(devices, option: "devices")
            for device in request.devices {
                if let problem = Device.nameProblem(device) { throw UsageError("--devices: \(problem)") }
            }
        }
        if let orientations = arguments.string("orientations") { request.orientations = try SweepLists.orientations(orientations) }
        request.android = try AndroidArguments(arguments).options
        request.level = try arguments.required("level")
        format = try arguments.required("format")
        output = arguments.string("output") ?? "-"
        if output.isEmpty { throw UsageError("--output must not be empty.") }
    }

    func run() throws {
        if request.layouts.isEmpty || request.themes.isEmpty {
            throw Diagnostic(origin: .program, reason: "no built-in layouts and themes in \(Resources.missingBuiltinsPlace); give --layouts and --themes")
        }
        let report = try request.run()
        let text: String
        switch format {
        case .text: text = report.text()
        case .json: text = report.json()
        case .sarif: text = report.sarif()
        }
        try FileAccess.writeOutput(Array(text.utf8), to: output)
        if !FileAccess.isStandardOutput(output) {
            complain("\(output): \(counted(report.errors, "error")), \(counted(report.warnings, "warning")) at \(report.level.rawValue) on \(counted(report.checked, "keyboard"))")
        }
        if report.errors > 0 { throw ExitStatus(1) }
    }
}
