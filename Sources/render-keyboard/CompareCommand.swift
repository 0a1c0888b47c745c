import Foundation
import KeyboardRenderer
import RenderKeyboardKit
import KeyboardCompare

/// `--tolerance` and `--allow`, shared by `compare` and `batch --compare`.
struct ComparisonOptions {
    static let tolerance = Option<Double>("tolerance", value: "ΔE", default: 0, "Largest CIEDE2000 difference of a pixel still treated as equal; 0: any changed byte differs.")
    static let allow = Option<Double>("allow", value: "FRACTION", default: 0, "Share of pixels (0-1) that may differ and still match.")
    static let parameters = [tolerance.parameter, allow.parameter]

    let tolerance: Double
    let allowedShare: Double

    init(_ arguments: ParsedArguments) throws {
        tolerance = try arguments.required(Self.tolerance)
        guard tolerance.isFinite, tolerance >= 0 else {
            throw UsageError("--tolerance: must be a number of 0 or more (found \(Diagnostic.quote(arguments.text(Self.tolerance) ?? "")))")
        }
        allowedShare = try arguments.required(Self.allow)
        guard allowedShare.isFinite, (0...1).contains(allowedShare) else {
            throw UsageError("--allow: must be a fraction from 0 to 1 (found \(Diagnostic.quote(arguments.text(Self.allow) ?? "")))")
        }
    }
}

struct Compare: Subcommand {
    static let name = "compare"
    static let command = Command(
        name: name,
        abstract: "Compare a PNG with its reference; exit 0 when they match, 1 when they differ.",
        discussion: "Prints `match` or `N pixels differ (P %), largest ΔE X`. The rule is the snapshot library's: a pixel differs when its CIEDE2000 difference from the reference is more than the tolerance; the images match when the differing share is at most --allow; different sizes differ. Every PNG render writes can be compared. With -o, the report image (reference | candidate | differences in red over a faded reference) is written whatever the outcome; without it nothing is written, and -o may not name either input. Exit 0 match, 1 differ, 2 a usage error or a file that cannot be read.",
        parameters: [reference.parameter, candidate.parameter, output.parameter] + ComparisonOptions.parameters,
        run: {
            ExitContract.adopt()
            try Compare($0).run()
        }
    )

    static let reference = Positional.one("reference", "The reference PNG.")
    static let candidate = Positional.one("candidate", "The PNG to check.")
    static let output = RequestOption.worded(.output, as: String.self, "Write the report triptych here.", value: "report.png")

    let reference: String
    let candidate: String
    let output: String?
    let options: ComparisonOptions

    init(_ arguments: ParsedArguments) throws {
        reference = arguments.text(Self.reference) ?? ""
        candidate = arguments.text(Self.candidate) ?? ""
        output = try pngOutput(arguments, Self.output, what: "report")
        options = try ComparisonOptions(arguments)
        if let output, !FileAccess.isStandardOutput(output) {
            for (input, role) in [(reference, "reference"), (candidate, "candidate")] where FileAccess.isSameFile(output, input) {
                throw UsageError("--output: \(Diagnostic.quote(output)) is the \(role) image (\(Diagnostic.quote(input))); the report would overwrite it")
            }
        }
    }

    func run() throws {
        let images = (try PixelComparison.readPNG(reference), try PixelComparison.readPNG(candidate))
        let result = PixelComparison.compare(expected: images.0, actual: images.1, tolerance: options.tolerance, allowedShare: options.allowedShare)
        if let output {
            let triptych = PixelComparison.differenceImage(expected: images.0, actual: images.1, tolerance: options.tolerance)
            try FileAccess.writeOutput(try PNGCodec.encode(triptych), to: output)
        }
        say(result.summary, besides: output)
        if !result.matches { throw ExitStatus(1) }
    }
}
