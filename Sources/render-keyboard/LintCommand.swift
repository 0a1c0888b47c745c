import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import RenderKeyboardKit
import KeyboardLint

/// The written forms of a lint report.
enum LintFormat: String, CaseIterable, ArgumentValue {
    case text, json, sarif
}

extension LintLevel: ArgumentValue {}
extension LintFailOn: ArgumentValue {}

struct Lint: Subcommand {
    static let name = "lint"
    static let command = Command(
        name: name,
        abstract: "Check contrast and touch-target size of layouts × themes × devices × orientations; exit 1 on any new error.",
        discussion: "Rules: \(LintRule.helpList). Each finding names the file (relative to --root), the field and the line that set the colour or size — a value inherited through extends at the extends line of the file given, with the file that defines it — once per style with the keys it affects. Without lists every built-in layout and theme is checked on every device preset in both orientations. Exit 0 when no finding fails the run (--fail-on, --baseline), 1 when one does, 2 for a usage error or a file that cannot be read or is invalid.",
        parameters: [layouts.parameter, themes.parameter, devices.parameter, orientations.parameter] + AndroidArguments.parameters + [
            level.parameter, format.parameter, root.parameter, failOn.parameter, baseline.parameter, output.parameter,
        ],
        run: {
            ExitContract.adopt()
            try Lint($0).run()
        }
    )
    static let layouts = SweepLists.option(.layouts, otherwise: "every built-in layout")
    static let themes = SweepLists.option(.themes, otherwise: "every built-in theme")
    static let devices = SweepLists.option(.devices, otherwise: "every preset")
    static let orientations = SweepLists.option(.orientations, otherwise: "both")
    static let level = Option<LintLevel>("level", default: .AA, "AA or AAA: the WCAG contrast level.")
    static let format = Option<LintFormat>("format", default: .text, "text, json or sarif (SARIF 2.1.0 for code scanning).")
    static let root = Option<String>("root", value: "DIR", "Name files relative to this folder, SARIF's %SRCROOT%; default the working folder.")
    static let failOn = Option<LintFailOn>("fail-on", default: .error, "error, warning or none: the new findings that fail the run (exit 1).")
    static let baseline = Option<String>("baseline", value: "FILE", "An earlier SARIF or JSON report: its findings (by fingerprint) are unchanged and do not fail the run.")
    static let output = RequestOption.worded(.output, as: String.self, "Write the report to this file (- for standard output); default standard output.")

    var request = LintRequest()
    var format: LintFormat
    var output: String
    var failOn: LintFailOn
    var baseline: String?

    init(_ arguments: ParsedArguments) throws {
        if let layouts = try arguments.value(Self.layouts) { request.layouts = try SweepLists.names(layouts, option: "layouts") }
        if let themes = try arguments.value(Self.themes) { request.themes = try SweepLists.names(themes, option: "themes") }
        if let devices = try arguments.value(Self.devices) {
            request.devices = try SweepLists.names(devices, option: "devices")
            for device in request.devices {
                if let problem = Device.nameProblem(device) { throw UsageError("--devices: \(problem)") }
            }
        }
        if let orientations = try arguments.value(Self.orientations) { request.orientations = try SweepLists.orientations(orientations) }
        request.android = try AndroidArguments(arguments).options
        request.level = try arguments.required(Self.level)
        format = try arguments.required(Self.format)
        output = try arguments.value(Self.output) ?? "-"
        if output.isEmpty { throw UsageError("--output must not be empty.") }
        failOn = try arguments.required(Self.failOn)
        if let root = try arguments.value(Self.root) {
            if let problem = LintRoot.problem(with: root) { throw UsageError("--root: \(problem)") }
            request.root = LintRoot(root)
        }
        baseline = try arguments.value(Self.baseline)
        if let baseline {
            if baseline.isEmpty { throw UsageError("--baseline must not be empty.") }
            if !FileAccess.isStandardOutput(output) && FileAccess.isSameFile(baseline, output) {
                throw UsageError("-o names the baseline \(Diagnostic.quote(baseline)); write the report to another file")
            }
        }
    }

    func run() throws {
        if request.layouts.isEmpty || request.themes.isEmpty {
            throw Diagnostic(origin: .program, reason: "no built-in layouts and themes in \(Resources.missingBuiltinsPlace); give --layouts and --themes")
        }
        var request = request
        if let baseline { request.baseline = try LintBaseline.read(baseline) }
        let report = try request.run()
        let text: String
        switch format {
        case .text: text = report.text()
        case .json: text = report.json()
        case .sarif: text = report.sarif()
        }
        try FileAccess.writeOutput(Array(text.utf8), to: output)
        if !FileAccess.isStandardOutput(output) {
            // The report's summary, after the file's name as every message names a file.
            complain(Diagnostic(file: output, path: "", reason: String(report.summaryLine.dropFirst("lint: ".count))).description)
        }
        if report.checked == 0 {
            complain("lint: nothing checked: no layout given can be drawn on the devices and orientations given (one that reads a metrics table only where the table has a row, a HeliBoard or FlorisBoard layout only on phones in portrait); a run that checks nothing fails")
            throw ExitStatus(1)
        }
        if report.failing(failOn) > 0 { throw ExitStatus(1) }
    }
}
