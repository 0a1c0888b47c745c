import ArgumentParser
import Foundation
import RenderKeyboardKit

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render", abstract: "Draw one keyboard image (the default subcommand).")

    @OptionGroup var options: CommonOptions
    @Option(help: "png, svg or pdf; default from -o's extension, else png.")
    var format: OutputFormat?
    @Option(name: .shortAndLong, help: "Output file (- for standard output); default keyboard.<format>.")
    var output: String?
    @Option(help: "PNG compression level 0-9.")
    var pngCompression = 1

    func validate() throws {
        guard (0...9).contains(pngCompression) else { throw ValidationError("--png-compression must be 0-9.") }
        if let problem = request.problems().first { throw ValidationError(problem.description) }
    }

    var request: RenderRequest {
        var request = options.request
        request.format = format
        request.output = output
        request.pngCompression = pngCompression
        return request
    }

    func run() throws {
        let request = self.request
        let path = output ?? "keyboard.\(request.resolvedFormat.rawValue)"
        let (bytes, warnings) = try request.render(with: try Renderer())
        printWarnings(warnings)
        try writeOutput(bytes, to: path)
    }
}

struct Frames: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "frames", abstract: "Print the solved key frames as JSON.")

    @OptionGroup var options: CommonOptions
    @Option(name: .shortAndLong, help: "Write the JSON to this file instead of standard output (- for standard output).")
    var output: String?

    func validate() throws {
        var request = options.request
        request.output = output
        if let problem = request.problems().first { throw ValidationError(problem.description) }
    }

    func run() throws {
        let (frames, warnings) = try options.request.frames()
        printWarnings(warnings)
        try writeOutput(Array((frames.json() + "\n").utf8), to: output ?? "-")
    }
}

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "validate", abstract: "Check layout and theme files; print every problem, exit 1 if any.")

    @Argument(help: "Layout or theme files.")
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one file to validate.") }
    }

    func run() throws {
        var failed = false
        for file in files {
            let report = Validator.validate(file)
            printWarnings(report.warnings)
            if report.problems.isEmpty {
                print("\(file): ok (\(report.kind ?? "file"))")
            } else {
                failed = true
                for problem in report.problems { print(problem) }
            }
        }
        if failed { throw ExitCode(1) }
    }
}

/// A width in points as a device table shows it: at most two decimals (`411.43`).
private func points(_ value: Double) -> String {
    FieldReader.format((value * 100).rounded() / 100)
}

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the built-in layouts, themes and devices.")

    func run() throws {
        if Resources.layoutNames.isEmpty || Resources.themeNames.isEmpty {
            throw Diagnostic(file: "render-keyboard", path: "", reason: "no built-in layouts and themes in \(Resources.searchedDirectories.joined(separator: " or ")); set RENDER_KEYBOARD_RESOURCES to the folder holding layouts/ and themes/, or install with `make install PREFIX=…`")
        }
        print("layouts: " + Resources.layoutNames.joined(separator: ", "))
        print("themes: " + Resources.themeNames.joined(separator: ", "))
        print("devices:")
        for device in Device.all {
            let p = device.portrait, l = device.landscape
            let pixels = "\(Int((p.width * device.scale).rounded())) × \(Int((p.screenHeight * device.scale).rounded())) px"
            print("  \(device.name): portrait \(points(p.width)) pt, landscape \(points(l.width)) pt, scale \(FieldReader.format(device.scale)), screen \(pixels)")
        }
        print("  WxH@D: a screen W × H px at D px per point, such as 1080x2340@2.625")
    }
}
