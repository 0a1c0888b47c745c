import Foundation
import XCTest

/// `render-keyboard serve`: the command hands over to `render-keyboard-serve`, prints its
/// address first, serves, and stops with status 0 on SIGTERM and SIGINT.
final class ServeCommandTests: CommandTestCase {
    /// Starts `serve ARGUMENTS` (in `folder`), returns the process, the first line it
    /// printed and its standard error.
    private func startServe(_ arguments: [String], in folder: URL? = nil) throws -> (Process, String, Pipe) {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = ["serve"] + arguments
        if let folder { process.currentDirectoryURL = folder }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        addTeardownBlock { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        var line: [UInt8] = []
        let handle = output.fileHandleForReading
        while let byte = try handle.read(upToCount: 1)?.first, byte != 10 { line.append(byte) }
        return (process, String(decoding: line, as: UTF8.self), errors)
    }

    func testServePrintsItsAddressFirstServesAndStopsCleanly() throws {
        for signal in [SIGTERM, SIGINT] {
            let (process, first, _) = try startServe(["--themes", "default", "--layouts", "numbers", "--seed", "3"])
            let match = try XCTUnwrap(first.range(of: #"^Serving http://127\.0\.0\.1:[0-9]+/$"#, options: .regularExpression), first)
            XCTAssertEqual(match, first.startIndex..<first.endIndex)
            let address = String(first.dropFirst("Serving ".count))
            let data = try Data(contentsOf: URL(string: address + "cells.json")!)
            let cells = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])["cells"] as? [[String: Any]]
            XCTAssertEqual(cells?.count, 1)
            XCTAssertEqual(cells?.first?["layout"] as? String, "numbers")
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .exit)
            XCTAssertEqual(process.terminationStatus, 0, "signal \(signal)")
        }
    }

    func testBadOptionsAreRefusedBeforeServing() throws {
        let port = try run(["serve", "--port", "70000"])
        XCTAssertEqual(port.status, 1)
        XCTAssertEqual(port.stderr, "--port: must be 0-65535 (found 70000)\n")
        let both = try run(["serve", "--devices", "iphone-15,pixel-7", "--device", "iphone-15"])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.hasPrefix("Error: Give either --devices, --device or --width, not two of them.\n"), both.stderr)
        let device = try run(["serve", "--devices", "iphone-15,nokia-3310"])
        XCTAssertEqual(device.status, 1)
        XCTAssertTrue(device.stderr.hasPrefix("--device: "), device.stderr)
        XCTAssertEqual(device.stdout, "")
    }

    func testNamesThatAreNeitherBuiltInsNorFilesStopItAsTheyStopPreview() throws {
        let folder = try temporaryDirectory()
        for (arguments, expected) in [
            (["--themes", "default,Brand"], "--themes: no built-in theme or file named \"Brand\"; built-in themes: dark, default, image, ios, ios-dark, ios26, ios26-dark, material, secure\n"),
            (["--layouts", "leters"], "--layouts: no built-in layout or file named \"leters\"; built-in layouts: idcard, ios, ios-ipad, ios26, letters, numbers, symbols; did you mean letters?\n"),
            (["--themes", "brand.yaml"], "brand.yaml: cannot read file: No such file or directory\n"),
        ] {
            let serve = try run(["serve"] + arguments, in: folder)
            let preview = try run(["preview"] + arguments + ["-o", "sheet.png"], in: folder)
            XCTAssertEqual(serve.status, 1, "\(arguments)")
            XCTAssertEqual(serve.stdout, "")
            XCTAssertEqual(serve.stderr, expected)
            XCTAssertEqual(preview.stderr, expected)
        }
    }

    func testABrokenFileStartsAndSaysItsProblem() throws {
        let folder = try temporaryDirectory()
        try "extends: default\nkeys:\n  content:\n    normal: {fill: \"#GGG\"}\n".write(to: folder.appendingPathComponent("broken.yaml"), atomically: false, encoding: .utf8)
        let (process, first, errors) = try startServe(["--themes", "broken.yaml,dark", "--layouts", "numbers"], in: folder)
        XCTAssertTrue(first.hasPrefix("Serving http://127.0.0.1:"), first)
        process.terminate()
        process.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(said, "broken.yaml: keys.content.normal.fill: \"#GGG\" is not a colour (#RGB, #RRGGBB or #RRGGBBAA)\n")
        XCTAssertEqual(process.terminationStatus, 0)
    }

    func testAPortInUseIsNamed() throws {
        let (process, first, _) = try startServe(["--themes", "default", "--layouts", "numbers"])
        let port = try XCTUnwrap(first.split(separator: ":").last.flatMap { Int($0.dropLast()) }, first)
        let second = try run(["serve", "--themes", "default", "--layouts", "numbers", "--port", String(port)])
        XCTAssertEqual(second.status, 1)
        XCTAssertEqual(second.stdout, "")
        XCTAssertEqual(second.stderr, "--port: \(port) is in use\n")
        process.terminate()
        process.waitUntilExit()
    }

    /// The error of a cell whose theme extends a missing file names the theme that asked, as
    /// the terminal shows it at start-up; the file appearing clears it.
    func testAMissingExtendsShowsOnTheCellAndInTheTerminalOneWay() throws {
        let folder = try temporaryDirectory()
        try "extends: brand-base.yaml\n".write(to: folder.appendingPathComponent("brand-dark.yaml"), atomically: true, encoding: .utf8)
        try "extends: default\n".write(to: folder.appendingPathComponent("brand-light.yaml"), atomically: true, encoding: .utf8)
        let (process, first, errors) = try startServe(["--themes", folder.path + "/brand-dark.yaml,brand-light.yaml", "--layouts", "numbers"], in: folder)
        let address = first.replacingOccurrences(of: "Serving ", with: "")
        let expected = "brand-dark.yaml: extends: no theme \"brand-base.yaml\" (did you mean brand-light.yaml?)"
        let data = try Data(contentsOf: URL(string: address + "cells.json")!)
        let cells = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])["cells"] as? [[String: Any]]
        XCTAssertEqual(cells?.map { $0["error"] as? String }, [expected, nil])
        try "extends: dark\n".write(to: folder.appendingPathComponent("brand-base.yaml"), atomically: true, encoding: .utf8)
        let deadline = Date().addingTimeInterval(10)
        var fixed: String?? = .some(expected)
        while Date() < deadline, fixed != .some(nil) {
            Thread.sleep(forTimeInterval: 0.1)
            let again = try Data(contentsOf: URL(string: address + "cells.json")!)
            fixed = (try JSONSerialization.jsonObject(with: again) as? [String: Any]).flatMap { ($0["cells"] as? [[String: Any]])?.first?["error"] as? String }
        }
        XCTAssertEqual(fixed, .some(nil))
        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), expected + "\n")
    }
}
