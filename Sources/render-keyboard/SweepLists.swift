import Foundation
import RenderKeyboardKit

/// The comma-separated lists of the commands that sweep several keyboards (`preview`,
/// `lint`): `--layouts a,b`, `--themes a,b`, `--orientations portrait,landscape`.
enum SweepLists {
    /// The entries of a comma-separated list, trimmed; empty entries are kept (and refused by
    /// whoever reads them).
    static func split(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// `--orientations`: portrait, landscape or both.
    ///
    /// - Throws: `UsageError` for anything else.
    static func orientations(_ text: String) throws -> [Orientation] {
        try split(text).map { name in
            guard let orientation = Orientation(rawValue: name) else {
                throw UsageError("--orientations takes portrait, landscape or both (found \(Diagnostic.quote(name))).")
            }
            return orientation
        }
    }
}
