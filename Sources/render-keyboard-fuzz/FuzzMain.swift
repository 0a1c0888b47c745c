// The fuzzer for the parsers, decoders, solver, PNG decoder and font loader (see FuzzTarget.all).
//
// `make fuzz` builds it with `-sanitize=fuzzer,address -DFUZZING`: it hands its arguments to
// libFuzzer, which fuzzes `FuzzTarget.run`. With RENDER_KEYBOARD_FUZZ_SEEDS set to a folder,
// it first writes the built-in seed inputs there.
//
// In an ordinary build it is a reproducer instead: `render-keyboard-fuzz FILE…` runs each file
// through the same entry, so an input the fuzzer saved can be replayed in a debugger.
import Foundation
import KeyboardFuzzing
#if FUZZING
import CLibFuzzer
#endif

#if FUZZING
/// libFuzzer's conventional entry; its runtime refers to it even when `main` is our own.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
#endif

@main
struct FuzzMain {
    static func main() {
        #if FUZZING
        if let folder = ProcessInfo.processInfo.environment["RENDER_KEYBOARD_FUZZ_SEEDS"] {
            do {
                let count = try FuzzTarget.writeSeeds(repository: FileManager.default.currentDirectoryPath, to: folder)
                FileHandle.standardError.write(Data("render-keyboard-fuzz: wrote \(count) seed inputs to \(folder)\n".utf8))
            } catch {
                fail("\(folder): \(error)")
            }
        }
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
        #else
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else { fail("\(path): cannot read the file") }
            let target = FuzzTarget.run([UInt8](data))
            print("\(path): \(data.count) bytes, \(target?.name ?? "ignored (no target has this first byte)")")
        }
        #endif
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("render-keyboard-fuzz: \(message)\n".utf8))
        exit(1)
    }
}
