import KeyboardModel

/// The documents parsed so far, by the bytes they were parsed from: a file read again
/// unchanged (a theme decoded once per metrics row in a lint sweep, the layouts a live page
/// reads again on every save) is not parsed again. Keyed by content, so a changed file is
/// always parsed anew; only documents that parsed without a problem are kept, so every
/// problem is reported with the name of the file that has it.
///
/// Shared by every thread; holds at most `capacity` documents of files up to `largestFile`
/// bytes, and forgets them all when full.
package struct ParsedDocuments: Sendable {
    package static let shared = ParsedDocuments()
    /// The most documents kept.
    static let capacity = 64
    /// The largest file, bytes, whose document is kept.
    static let largestFile = 64 * 1024

    /// The kept documents; nil once `keepNothing()` has been called.
    private let documents = Locked<[[UInt8]: Document]?>([:])

    /// Keeps no document from now on, and forgets those kept: the fuzz target parses every
    /// input, as a kept document would skip the parsing it exercises (and LeakSanitizer takes
    /// documents held only through an enum's tagged pointers for leaks).
    package func keepNothing() {
        documents.withLock { $0 = nil }
    }

    /// The document parsed from exactly `bytes`, or nil.
    func document(for bytes: [UInt8]) -> Document? {
        guard bytes.count <= Self.largestFile else { return nil }
        return documents.withLock { $0?[bytes] }
    }

    /// Keeps `document`, parsed from `bytes`.
    func keep(_ document: Document, for bytes: [UInt8]) {
        guard bytes.count <= Self.largestFile else { return }
        documents.withLock { kept in
            if let count = kept?.count, count >= Self.capacity { kept?.removeAll(keepingCapacity: true) }
            kept?[bytes] = document
        }
    }
}
