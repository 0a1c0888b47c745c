import Foundation
import RenderKeyboardKit

/// The comma-separated lists of the commands that sweep several keyboards (`preview`,
/// `lint`, and `rules check`'s set): `--layouts a,b`, `--themes a,b`,
/// `--orientations portrait,landscape`.
enum SweepLists {
    /// A list option and the start of its help.
    enum List: String {
        case layouts, themes, devices, orientations

        var help: String {
            switch self {
            case .layouts: "Layouts: built-in names or files, comma-separated"
            case .themes: "Themes: built-in names or files, comma-separated"
            case .devices: "Device presets or pixel devices WxH@D, comma-separated"
            case .orientations: "portrait, landscape or portrait,landscape"
            }
        }
    }

    /// The declaration of `list`'s option, one help text for every command that takes it:
    /// with the `default` value the parser fills in, or with `otherwise` saying in words what
    /// the command does without the option (`every built-in theme`).
    static func option(_ list: List, default value: String? = nil, otherwise: String? = nil) -> Option<String> {
        let help = list.help + (otherwise.map { "; default \($0)." } ?? ".")
        return Option(list.rawValue, value: list == .orientations ? "a,b" : "a,b,…", default: value, help)
    }

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
