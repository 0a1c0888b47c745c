import Foundation
import RenderKeyboardKit

/// The comma-separated lists of the commands that sweep several keyboards (`preview`,
/// `lint`, and `rules check`'s set): `--layouts a,b`, `--themes a,b`,
/// `--orientations portrait,landscape`.
enum SweepLists {
    /// The names of a list option (`--layouts`, `--themes`, `--devices`): the entries, each a
    /// built-in name or a file.
    ///
    /// - Throws: `UsageError` when an entry is empty (`a,,b`, a trailing comma).
    static func names(_ text: String, option: String) throws -> [String] {
        let names = ParsedArguments.commaList(text)
        if names.contains(where: \.isEmpty) { throw UsageError("--\(option): give one or more names or files, separated by commas") }
        return names
    }

    /// `--orientations`: portrait, landscape or both.
    ///
    /// - Throws: `UsageError` for anything else.
    static func orientations(_ text: String) throws -> [Orientation] {
        try ParsedArguments.commaList(text).map { name in
            guard let orientation = Orientation(rawValue: name) else {
                throw UsageError("--orientations takes portrait, landscape or both (found \(Diagnostic.quote(name))).")
            }
            return orientation
        }
    }
}
