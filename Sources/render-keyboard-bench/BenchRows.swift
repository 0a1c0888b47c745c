import Foundation

/// The rows of `make bench`'s one table: each figure this program measures, with what it is
/// compared against and the ratio, appended to the file `BENCH_ROWS` names (tab-separated:
/// row, figure, compared with, ratio) for `bench/table.sh` to print with the others.
enum BenchRows {
    static let file = ProcessInfo.processInfo.environment["BENCH_ROWS"]

    static func add(_ row: String, figure: String, against: String, ratio: Double) {
        guard let file, let handle = FileHandle(forWritingAtPath: file) else { return }
        let line = [row, figure, against, String(format: "%.2f×", ratio)].joined(separator: "\t") + "\n"
        handle.seekToEndOfFile()
        handle.write(Data(line.utf8))
        handle.closeFile()
    }
}
