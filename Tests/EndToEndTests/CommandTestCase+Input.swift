import Foundation
import XCTest

extension CommandTestCase {
    /// Runs `script` with `/bin/sh`, the built binary's path in `$RK`, for runs whose standard
    /// streams the script redirects (`"$RK" list >/dev/full`, `"$RK" password check <&-`).
    /// What the script leaves on its own standard output and error is captured.
    func shell(_ script: String, file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        try run(["-c", script], environment: ["RK": try binary(file: file, line: line).path], binary: URL(fileURLWithPath: "/bin/sh"), file: file, line: line)
    }

    /// Runs the built binary with `input` on its standard input.
    func run(_ arguments: [String], input: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        let binary = Self.productsDirectory.appendingPathComponent("render-keyboard")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            XCTFail("render-keyboard is not built at \(binary.path); run `swift build` first", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = Self.packageDirectory
        let stdin = Pipe(), out = Pipe(), err = Pipe()
        process.standardInput = stdin
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let collected = CollectedOutput()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { collected.out = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { collected.err = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        // The command may stop reading early (an input limit): a broken pipe is not a failure here.
        try? stdin.fileHandleForWriting.write(contentsOf: Data(input))
        try? stdin.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: collected.out, as: UTF8.self), stderr: String(decoding: collected.err, as: UTF8.self))
    }
}

private final class CollectedOutput: @unchecked Sendable {
    var out = Data()
    var err = Data()
}
