import Foundation
import XCTest

/// Runs the built `render-keyboard` binary and captures what it prints.
class CommandTestCase: XCTestCase {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The folder holding the built products (the test bundle sits beside them).
    static var productsDirectory: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        fatalError("couldn't find the products directory")
        #else
        return Bundle.main.bundleURL
        #endif
    }

    static var packageDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// A fresh temporary folder, removed after the test.
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("render-keyboard-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// The built binary.
    func binary(_ binary: URL? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        let binary = binary ?? Self.productsDirectory.appendingPathComponent("render-keyboard")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            XCTFail("render-keyboard is not built at \(binary.path); run `swift build` first", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        return binary
    }

    /// Runs the binary (the built one unless `binary` is given) with `arguments`, and
    /// `environment` added to this process's.
    ///
    /// - Parameter capped: run it with at most 1 GiB of address space and 60 s (a run killed
    ///   for time exits 137, one out of memory fails to allocate), so a hostile input that
    ///   makes it hang or grow shows up as a failed test rather than a stuck machine. Under
    ///   `make sanitize` (RENDER_KEYBOARD_SANITIZER set) only the time is capped: a sanitized
    ///   binary reserves terabytes of address space for its shadow memory before `main`.
    @discardableResult
    func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil, binary: URL? = nil,
             capped: Bool = false, file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        let binary = try self.binary(binary, file: file, line: line)
        let process = Process()
        if capped {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
            let sanitized = ProcessInfo.processInfo.environment["RENDER_KEYBOARD_SANITIZER"] != nil
            process.arguments = (sanitized ? [] : ["--as=\(1 << 30)"]) + ["--", "/usr/bin/timeout", "-s", "KILL", "60", binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory ?? Self.packageDirectory
        if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = Locked(Data())
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { outData.value = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData.value, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// A value handed between threads of a test.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); defer { lock.unlock() }; stored = newValue }
    }
}
