import Foundation
import XCTest

/// Inputs written to break the tool: each ends in exit status 1 (or 2 for usage) with a
/// `FILE: field.path: reason` message, within time and memory caps, leaving no stray file.
final class HostileInputTests: CommandTestCase {
    // MARK: - Images that would exhaust memory

    func testAPNGDeclaringHugeDimensionsIsRefusedBeforeDecodingInEveryFormat() throws {
        let dir = try temporaryDirectory()
        try Data(PNGFile.declaring(width: 16384, height: 16384)).write(to: dir.appendingPathComponent("big.png"))
        try "keys: {content: {normal: {image: big.png}}}\n".write(to: dir.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        for format in ["png", "svg", "pdf"] {
            let result = try run(["--theme", "t.yaml", "-o", "k.\(format)"], in: dir, capped: true)
            XCTAssertEqual(result.status, 1, "\(format): \(result.stderr)")
            XCTAssertEqual(result.stderr, "t.yaml: keys.content.normal.image: \"big.png\": cannot read PNG: the image is 16384 × 16384 px (268435456 px); the limit is 16777216 px\n", format)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("k.\(format)").path))
        }
        let validate = try run(["validate", "t.yaml"], in: dir, capped: true)
        XCTAssertEqual(validate.status, 1, "validate decodes theme images as render does")
        XCTAssertTrue(validate.stdout.contains("the limit is 16777216 px"), validate.stdout)
    }

    func testAPNGDeclaringAHugeChunkFailsWithoutAllocatingIt() throws {
        let dir = try temporaryDirectory()
        try Data(PNGFile.withHugeChunk()).write(to: dir.appendingPathComponent("chunk.png"))
        try "background: {image: chunk.png}\n".write(to: dir.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        let result = try run(["--theme", "t.yaml", "-o", "k.png"], in: dir, capped: true)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("t.yaml: background.image: \"chunk.png\": cannot read PNG: "), result.stderr)
    }

    // MARK: - Documents that expand

    func testAHugeScalarAliasedThousandsOfTimesIsRefusedByTheByteBudget() throws {
        let dir = try temporaryDirectory()
        let big = String(repeating: "x", count: 900_000)
        let yaml = "name: &a \(big)\nkeys: [" + Array(repeating: "*a", count: 5000).joined(separator: ", ") + "]\nportrait: {height: 100, rows: [{columns: 1}]}\n"
        try yaml.write(to: dir.appendingPathComponent("l.yaml"), atomically: true, encoding: .utf8)
        let started = Date()
        let result = try run(["frames", "--layout", "l.yaml"], in: dir, capped: true)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("4194304 bytes of text"), result.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
    }

    func testAliasedHugeValuesInAThemeGiveAShortReport() throws {
        let dir = try temporaryDirectory()
        let big = String(repeating: "y", count: 200_000)
        let yaml = "name: x\nhuge: &a \(big)\nkeys: {base: {normal: {hiddenCorners: [" + Array(repeating: "*a", count: 15).joined(separator: ", ") + "]}}}\n"
        try yaml.write(to: dir.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        let result = try run(["validate", "t.yaml"], in: dir, capped: true)
        XCTAssertEqual(result.status, 1)
        XCTAssertLessThan(result.stdout.utf8.count, 4000, "values are quoted to \(60) characters")
        XCTAssertEqual(result.stdout.split(separator: "\n").count, 16, result.stdout)
        XCTAssertTrue(result.stdout.contains("t.yaml: keys.base.normal.hiddenCorners[14]: \"\(String(repeating: "y", count: 60))…\" (200000 characters) is not one of topLeft, topRight, bottomLeft, bottomRight\n"), result.stdout)
    }

    func testProblemsPastOneHundredAreCountedNotListed() throws {
        let dir = try temporaryDirectory()
        let yaml = "keys: {base: {normal: {hiddenCorners: [" + Array(repeating: "nowhere", count: 5000).joined(separator: ", ") + "]}}}\n"
        try yaml.write(to: dir.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        let result = try run(["validate", "t.yaml"], in: dir, capped: true)
        XCTAssertEqual(result.status, 1)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 101, result.stdout.suffix(300).description)
        XCTAssertEqual(lines.last, "t.yaml: 4900 more problems not shown (at most 100 are listed)")
    }

    // MARK: - Options

    func testThousandsOfRepeatedOptionsAreAUsageError() throws {
        let result = try run(["frames"] + Array(repeating: ["--seed", "1"], count: 8000).flatMap { $0 }, capped: true)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "Error: 16001 arguments; at most 1024 are accepted (repeated options included)\n")
    }

    func testMoreBatchWorkersThanTheLimitAreCappedAndSaid() throws {
        let dir = try temporaryDirectory()
        try "jobs: [{output: a.png}]\n".write(to: dir.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        for asked in ["128", "9223372036854775807"] {
            let result = try run(["batch", "m.yaml", "--jobs", asked], in: dir, capped: true)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("--jobs: warning: \(asked) workers asked for; running 64, the most that run at once\n"), result.stderr)
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("a.png").path))
        }
        let none = try run(["batch", "m.yaml", "--jobs", "0"], in: dir)
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.hasPrefix("Error: --jobs must be at least 1.\n"), none.stderr)
    }

    func testTheBatchSummaryEscapesAndCutsOutputNames() throws {
        let dir = try temporaryDirectory()
        let long = String(repeating: "o", count: 300)
        try "jobs: [{output: \"a\\0b.png\"}, {output: \"c\\e[31md.png\", layout: nope}, {output: \"\(long).png\", layout: nope}]\n".write(to: dir.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        let result = try run(["batch", "m.yaml"], in: dir)
        XCTAssertEqual(result.status, 1)
        XCTAssertFalse(result.stderr.unicodeScalars.contains { $0.value == 0 || $0.value == 0x1B }, result.stderr)
        XCTAssertTrue(result.stderr.contains("  jobs[0] a\\0b.png: \(dir.path)/a\\0b.png: the file name holds a NUL byte, which no file name can\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("  jobs[1] c\\u{1B}[31md.png: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("  jobs[2] " + String(repeating: "o", count: 60) + "… (304 characters): "), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["m.yaml"])
    }

    func testEmptyReferencesAndLabelsAreUsageErrorsNamingTheOption() throws {
        let layout = try run(["frames", "--layout", ""])
        XCTAssertEqual(layout.status, 2)
        XCTAssertTrue(layout.stderr.contains("--layout: must not be empty"), layout.stderr)
        let pressed = try run(["frames", "--pressed", ""])
        XCTAssertEqual(pressed.status, 2)
        XCTAssertTrue(pressed.stderr.contains("--pressed: an empty label presses nothing"), pressed.stderr)
    }

    // MARK: - Outputs

    /// Devices, FIFOs and folders are refused as outputs. The device is a copy of
    /// `/dev/null` made in a temporary folder (as root), so a failure cannot damage the
    /// machine's own `/dev/null`.
    func testDeviceNodesFIFOsAndFoldersAreNeverReplaced() throws {
        let dir = try temporaryDirectory()
        let fifo = dir.appendingPathComponent("pipe.png").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        var targets = [(fifo, "a FIFO")]
        let device = dir.appendingPathComponent("null.png").path
        if getuid() == 0, mknod(device, S_IFCHR | 0o666, makedev(1, 3)) == 0 {
            targets.append((device, "a device"))
        }
        for (target, what) in targets {
            for arguments in [["-o", target], ["frames", "-o", target]] {
                let result = try run(arguments, capped: true)
                XCTAssertEqual(result.status, 1, "\(arguments)")
                XCTAssertEqual(result.stderr, "\(target): is \(what); outputs are written only to regular files or new names\n")
            }
            var info = stat()
            XCTAssertEqual(lstat(target, &info), 0)
            XCTAssertNotEqual(info.st_mode & S_IFMT, S_IFREG, "\(target) was replaced by a regular file")
        }
        let folder = try run(["-o", dir.path + "/out/"])
        XCTAssertEqual(folder.status, 2)
        XCTAssertTrue(folder.stderr.contains("names a folder"), folder.stderr)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("d"), withIntermediateDirectories: true)
        let existing = try run(["-o", dir.appendingPathComponent("d").path])
        XCTAssertEqual(existing.status, 1)
        XCTAssertTrue(existing.stderr.contains("is a folder; outputs are written only to regular files"), existing.stderr)
    }

    func testAnOutputReachedThroughASymlinkMustBeARegularFile() throws {
        let dir = try temporaryDirectory()
        XCTAssertEqual(mkfifo(dir.appendingPathComponent("fifo").path, 0o600), 0)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.png").path, withDestinationPath: "fifo")
        try "jobs: [{output: /proc/self/fd/1}, {output: link.png}]\n".write(to: dir.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        // Standard output is a pipe here, as in a CI log.
        let batch = try run(["batch", "m.yaml"], in: dir, capped: true)
        XCTAssertEqual(batch.status, 1)
        XCTAssertEqual(batch.stdout, "")
        XCTAssertTrue(batch.stderr.contains("  jobs[0] /proc/self/fd/1: /proc/self/fd/1: is a FIFO; outputs are written only to regular files or new names\n"), batch.stderr)
        XCTAssertTrue(batch.stderr.contains("link.png: is a FIFO; outputs are written only to regular files or new names\n"), batch.stderr)
        let render = try run(["-o", "/proc/self/fd/1"], in: dir, capped: true)
        XCTAssertEqual(render.status, 1)
        XCTAssertEqual(render.stderr, "/proc/self/fd/1: is a FIFO; outputs are written only to regular files or new names\n")
    }

    func testDashIsStandardOutput() throws {
        let result = try run(["--layout", "numbers", "--seed", "1", "-o", "-", "--format", "png"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.utf8.starts(with: [0x89, 0x50, 0x4E, 0x47]) || result.stdout.unicodeScalars.first == "\u{FFFD}")
        let frames = try run(["frames", "-o", "-"])
        XCTAssertTrue(frames.stdout.hasPrefix("{"), frames.stdout)
    }

    func testAWriteThroughASymlinkKeepsTheLink() throws {
        let dir = try temporaryDirectory()
        try Data("old".utf8).write(to: dir.appendingPathComponent("real.png"))
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.png").path, withDestinationPath: "real.png")
        let result = try run(["-o", "link.png"], in: dir)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dir.appendingPathComponent("link.png").path), "real.png")
        XCTAssertTrue(try Data(contentsOf: dir.appendingPathComponent("real.png")).starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    // MARK: - Signals and failures leave nothing behind

    func testSIGTERMDuringABatchRemovesTemporaryFilesAndExits143() throws {
        let dir = try temporaryDirectory()
        let jobs = (0..<400).map { "  - {output: out/k\($0).png}" }.joined(separator: "\n")
        try "defaults: {layout: letters, device: ipad-10}\njobs:\n\(jobs)\n".write(to: dir.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        for (signal, status) in [(SIGTERM, Int32(143)), (SIGINT, Int32(130))] {
            let process = Process()
            process.executableURL = try binary()
            process.arguments = ["batch", "m.yaml", "--jobs", "2"]
            process.currentDirectoryURL = dir
            process.standardError = FileHandle.nullDevice
            let start = Date()
            try process.run()
            try waitForAnOutput(in: dir.appendingPathComponent("out"), of: process, since: start)
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .exit)
            XCTAssertEqual(process.terminationStatus, status)
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path)
            XCTAssertEqual(left.filter { $0.hasPrefix(".") }, [], "temporary files left after signal \(signal)")
            XCTAssertFalse(left.isEmpty, "the batch had started writing")
        }
    }

    /// Waits until `folder` holds an output the running batch `process` finished after `start`
    /// (or a minute has passed), so a signal sent next falls in the middle of the batch. How
    /// long the first output takes depends on the build: a debug build is far slower than the
    /// installed one, and slower still on a loaded machine.
    private func waitForAnOutput(in folder: URL, of process: Process, since start: Date) throws {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline && process.isRunning {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names where !name.hasPrefix(".") {
                let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
                if let written = attributes?[.modificationDate] as? Date, written >= start { return }
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTFail("the batch wrote no output within a minute")
    }

    /// Ctrl-C in a batch says how many outputs were written, and the count is the files there.
    func testSIGINTDuringABatchSaysHowManyWereWritten() throws {
        let dir = try temporaryDirectory()
        let jobs = (0..<400).map { "  - {output: out/k\($0).png}" }.joined(separator: "\n")
        try "defaults: {layout: letters, device: ipad-10}\njobs:\n\(jobs)\n".write(to: dir.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = try binary()
        process.arguments = ["batch", "m.yaml", "--jobs", "2"]
        process.currentDirectoryURL = dir
        let err = Pipe()
        process.standardError = err
        let start = Date()
        try process.run()
        try waitForAnOutput(in: dir.appendingPathComponent("out"), of: process, since: start)
        kill(process.processIdentifier, SIGINT)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130)
        let written = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path)
        XCTAssertFalse(written.isEmpty, "the batch had started writing")
        XCTAssertTrue(stderr.hasSuffix("batch: interrupted; \(written.count) of 400 jobs written\n"), stderr)
    }

    func testAFailedGalleryLeavesNothing() throws {
        let dir = try temporaryDirectory()
        try "keys: {content: {normal: {fill: \"#GGG\"}}}\n".write(to: dir.appendingPathComponent("broken.yaml"), atomically: true, encoding: .utf8)
        let result = try run(["preview", "--themes", "default,broken.yaml", "--html", "gallery"], in: dir)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("broken.yaml: keys.content.normal.fill"), result.stderr)
        let written = (try? FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("gallery").path)) ?? []
        XCTAssertEqual(written, [])
    }

    func testAFailedWriteRemovesTheFoldersItCreated() throws {
        let dir = try temporaryDirectory()
        // A name one byte over the limit: the folders are made, then the file cannot be.
        let render = try run(["-o", "a/b/c/" + String(repeating: "k", count: 252) + ".png"], in: dir)
        XCTAssertEqual(render.status, 1)
        XCTAssertTrue(render.stderr.hasSuffix(": cannot write: File name too long\n"), render.stderr)
        let stem = String(repeating: "t", count: 240)
        try "name: x\n".write(to: dir.appendingPathComponent(stem + ".yaml"), atomically: true, encoding: .utf8)
        let gallery = try run(["preview", "--themes", stem + ".yaml", "--html", "g/h"], in: dir)
        XCTAssertEqual(gallery.status, 1)
        XCTAssertTrue(gallery.stderr.hasSuffix(": cannot write: File name too long\n"), gallery.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [stem + ".yaml"], "a/ and g/ are removed")
        // A folder that existed stays, even when the run made the ones below it.
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("kept"), withIntermediateDirectories: true)
        XCTAssertEqual(try run(["-o", "kept/x/" + String(repeating: "k", count: 252) + ".png"], in: dir).status, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("kept").path), [])
    }

    // MARK: - Messages

    func testControlCharactersFromTheInputAreEscaped() throws {
        let dir = try temporaryDirectory()
        try "name: x\n\"bad\\e[31m\\0field\": 1\n".write(to: dir.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        let result = try run(["validate", "t.yaml"], in: dir)
        XCTAssertEqual(result.status, 1)
        XCTAssertFalse(result.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0 }, result.stdout)
        XCTAssertTrue(result.stdout.contains("unknown field \"bad\\u{1B}[31m\\0field\""), result.stdout)
    }

    func testANoncharacterLabelIsADecodingErrorForEveryFormat() throws {
        let dir = try temporaryDirectory()
        try "keys: [\"\\uFFFF\"]\nportrait: {height: 50, rows: [{columns: 1}]}\n".write(to: dir.appendingPathComponent("l.yaml"), atomically: true, encoding: .utf8)
        for command in [["frames"], ["-o", "k.png"], ["-o", "k.svg"], ["-o", "k.pdf"]] {
            let result = try run(command + ["--layout", "l.yaml"], in: dir)
            XCTAssertEqual(result.status, 1, "\(command)")
            XCTAssertEqual(result.stderr, "l.yaml: keys[0]: \"\\u{FFFF}\" holds U+FFFF, a Unicode noncharacter, which cannot be drawn\n")
        }
    }

    func testAnExtendsOfASystemFileDoesNotPrintIt() throws {
        let dir = try temporaryDirectory()
        try "extends: /etc/passwd\n".write(to: dir.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        let result = try run(["--theme", "t.yaml", "-o", "k.png"], in: dir)
        XCTAssertEqual(result.status, 1)
        XCTAssertFalse(result.stderr.contains("root:x:0:0:root:/root:/bin/bash\nd"), result.stderr)
        XCTAssertLessThan(result.stderr.utf8.count, 300, result.stderr)
    }

    func testAFileOfTheWrongKindIsReportedOnceWithoutItsContent() throws {
        let dir = try temporaryDirectory()
        // The shapes of /etc/shadow and of a secrets file: a scalar per line, or a mapping.
        try "root:*:20228:0:99999:7:::\ndaemon:*:20228:0:99999:7:::\n".write(to: dir.appendingPathComponent("shadow"), atomically: true, encoding: .utf8)
        try "api-token: hunter2\nroot: s3cr3t\n".write(to: dir.appendingPathComponent("secrets"), atomically: true, encoding: .utf8)
        try "extends: secrets\n".write(to: dir.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        try "jobs: [{layout: shadow, output: a.png}]\n".write(to: dir.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        let fields = "name, kind, shuffle, toolbar, keys, portrait, landscape, metrics, lint"
        let themeFields = "name, extends, background, font, fallbackFonts, highlightOnPress, toolbar, keys, pattern, lint, icons"
        for secret in ["shadow", "secrets"] {
            let cases: [([String], String, Int32)] = [
                (["--layout", secret, "-o", "k.png"], "\(secret): not a layout file: it holds none of the fields of one (\(fields))\n", 1),
                (["--theme", secret, "-o", "k.png"], "\(secret): not a theme file: it holds none of the fields of one (\(themeFields))\n", 1),
                (["pattern", "--theme", secret, "-o", "p.png"], "\(secret): not a theme file: it holds none of the fields of one (\(themeFields))\n", 1),
                (["rules", "check", "required: upper;", "--layouts", secret], "\(secret): not a layout file: it holds none of the fields of one (\(fields))\n", 1),
                (["batch", secret], "\(secret): not a manifest file: it holds none of the fields of one (defaults, jobs)\n", 1),
            ]
            for (arguments, expected, status) in cases {
                let result = try run(arguments, in: dir)
                XCTAssertEqual(result.status, status, "\(arguments)")
                XCTAssertEqual(result.stderr, expected, "\(arguments)")
            }
            let validate = try run(["validate", secret], in: dir)
            XCTAssertEqual(validate.status, 1)
            XCTAssertEqual(validate.stdout, "\(secret): not a layout, theme or manifest file: it holds none of the fields of one\n")
        }
        let extends = try run(["--theme", "t.yaml", "-o", "k.png"], in: dir)
        XCTAssertEqual(extends.status, 1)
        XCTAssertFalse(extends.stderr.contains("hunter2") || extends.stderr.contains("api-token"), extends.stderr)
        let manifest = try run(["batch", "m.yaml"], in: dir)
        XCTAssertEqual(manifest.status, 1)
        XCTAssertFalse(manifest.stderr.contains("20228"), manifest.stderr)
        XCTAssertTrue(manifest.stderr.contains("not a layout file"), manifest.stderr)
    }

    func testThePrivateFontCopiesAreRemovedWhenTheRunEnds() throws {
        let dir = try temporaryDirectory(), scratch = try temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", toPath: dir.appendingPathComponent("fonts/Brand.ttf").path)
        try "font: {file: fonts/Brand.ttf}\n".write(to: dir.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        for arguments in [["--theme", "t.yaml", "-o", "k.png"], ["validate", "t.yaml"], ["--theme", "t.yaml", "--bogus"]] {
            let result = try run(arguments, in: dir, environment: ["TMPDIR": scratch.path])
            XCTAssertNotEqual(result.status, 1, result.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path), [], "\(arguments)")
        }
    }

    func testOutputNamesUpToTheFileSystemLimitAreWritten() throws {
        let dir = try temporaryDirectory()
        // 251 to 255 bytes, one with a character of several bytes at the cut.
        let names = (251...255).map { String(repeating: "k", count: $0 - 4) + ".png" }
            + [String(repeating: "k", count: 246) + "é" + "x.png"]
        for name in names {
            XCTAssertEqual(name.utf8.count <= 255, true)
            let result = try run(["-o", name], in: dir)
            XCTAssertEqual(result.status, 0, "\(name.utf8.count) bytes: \(result.stderr)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path), "\(name.utf8.count) bytes")
        }
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)), Set(names), "no temporary file is left")
        let tooLong = try run(["-o", String(repeating: "k", count: 252) + ".png"], in: dir)
        XCTAssertEqual(tooLong.status, 1)
        XCTAssertTrue(tooLong.stderr.hasSuffix(": cannot write: File name too long\n"), tooLong.stderr)
    }

    // MARK: - validate runs what render runs

    func testValidateRefusesALayoutWhoseImageIsTooLarge() throws {
        let dir = try temporaryDirectory()
        try "keys: [a]\nportrait: {height: 100000, rows: [{columns: 1}]}\n".write(to: dir.appendingPathComponent("tall.yaml"), atomically: true, encoding: .utf8)
        let render = try run(["--layout", "tall.yaml", "-o", "k.png"], in: dir)
        XCTAssertEqual(render.status, 1)
        let validate = try run(["validate", "tall.yaml"], in: dir)
        XCTAssertEqual(validate.status, 1, "validate must refuse what render refuses: \(validate.stdout)")
        XCTAssertTrue(validate.stdout.contains("each side must be 1…16384 px"), validate.stdout)
    }

    func testBatchFindsDuplicateOutputsHoweverSpelled() throws {
        let dir = try temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("alias").path, withDestinationPath: "out")
        try "jobs:\n  - {output: out/a.png}\n  - {output: out//a.png}\n  - {output: alias/a.png}\n  - {output: out/dir/}\n"
            .write(to: dir.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        let result = try run(["batch", "m.yaml"], in: dir)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("m.yaml: jobs[1].output: \"out//a.png\" is also the output of jobs[0]"), result.stderr)
        XCTAssertTrue(result.stderr.contains("m.yaml: jobs[2].output: \"alias/a.png\" is also the output of jobs[0]"), result.stderr)
        XCTAssertTrue(result.stderr.contains("m.yaml: jobs[3].output: \"out/dir/\" names a folder; give a file name"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/dir").path))
    }
}

/// PNG files built byte by byte, with correct CRCs, to say what a hostile file says.
enum PNGFile {
    static func declaring(width: UInt32, height: UInt32) -> [UInt8] {
        // A valid zlib stream of one empty stored block: the data ends long before the image does.
        signature + chunk("IHDR", be(width) + be(height) + [8, 6, 0, 0, 0]) + chunk("IDAT", [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
    }

    static func withHugeChunk() -> [UInt8] {
        // A 1 × 1 header, then an ancillary chunk that claims 2³¹ − 1 bytes.
        signature + chunk("IHDR", be(1) + be(1) + [8, 6, 0, 0, 0]) + be(0x7FFF_FFFF) + Array("zTXt".utf8) + Array(repeating: 0, count: 64)
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be(UInt32(data.count)) + body + be(crc32(body))
    }

    static func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

/// `makedev(3)` of glibc, a macro Swift cannot import.
func makedev(_ major: UInt32, _ minor: UInt32) -> dev_t {
    dev_t(minor & 0xFF) | dev_t(major & 0xFFF) << 8 | dev_t(minor & ~0xFF) << 12 | dev_t(major & ~0xFFF) << 32
}
