import Foundation

/// A value shared between threads, reachable only while holding its lock.
///
/// The one lock type of the package: every class that worker threads share keeps its mutable
/// state in a `Locked`, so the class can be `Sendable` without hand-written locking.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock guarding `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// Takes the lock, runs `body`, and never releases it: for the last act of a process.
    package func lockForever(_ body: (inout Value) -> Void) {
        lock.lock()
        body(&value)
    }
}
