import Foundation

/// Standard output or standard error, written with handled errors.
///
/// A stream that is closed or full (`/dev/full`) makes `write` return false instead of
/// trapping, so the caller decides what a lost message means: lost standard output is a
/// failed run (exit 1), lost standard error changes nothing but what the user sees. A pipe
/// whose reader left still ends the process with SIGPIPE, as it does any Unix tool
/// (`render-keyboard list | head -1`).
package enum StandardStream: Sendable {
    /// Standard output (descriptor 1): reports, JSON, images written to `-`.
    case output
    /// Standard error (descriptor 2): errors, warnings, progress.
    case error

    /// The stream's descriptor.
    var descriptor: Int32 { self == .output ? STDOUT_FILENO : STDERR_FILENO }

    /// The stream's name in messages.
    package var name: String { self == .output ? "standard output" : "standard error" }

    /// Writes `text` as UTF-8, all of it or as much as the stream took.
    ///
    /// - Returns: false when the stream could not take all of it; `errno` tells why.
    @discardableResult
    package func write(_ text: String) -> Bool {
        write(Array(text.utf8))
    }

    /// Writes `bytes`, all of them or as many as the stream took.
    ///
    /// - Returns: false when the stream could not take all of them; `errno` tells why.
    @discardableResult
    package func write(_ bytes: [UInt8]) -> Bool {
        var written = 0
        return bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let n = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                if n == 0 { return false }
                written += n
            }
            return true
        }
    }
}
