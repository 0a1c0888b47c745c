import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// The characters a keyboard set can type, for checking password rules against it
/// (docs/password-rules.md `rules check`).
package enum TypeableCharacters {
    /// Every Unicode scalar in the label, shift label, value and shift value of `layout`'s
    /// input keys, and the value of its space keys (a space bar types a space). Function keys
    /// (shift, delete, mode keys, done…) type nothing.
    package static func of(_ layout: Layout) -> Set<Unicode.Scalar> {
        of(keys: layout.keys)
    }

    /// Every Unicode scalar that `keys` type, by the rule of `of(_:)`: the keys of a weight
    /// layout, or those an Android keyboard file places.
    package static func of(keys: [Key]) -> Set<Unicode.Scalar> {
        var characters = Set<Unicode.Scalar>()
        for key in keys {
            switch key.code {
            case .input:
                for text in [key.label, key.shiftLabel, key.value, key.shiftValue] {
                    characters.formUnion(text.unicodeScalars)
                }
            case .space:
                characters.formUnion(key.value.unicodeScalars)
            default:
                continue
            }
        }
        return characters
    }

    /// Loads every layout of the set through the pipeline (built-in names or files of any
    /// kind it reads, Android keyboard files included, read with `android`'s values files and
    /// mode rows) and unites their characters.
    ///
    /// - Throws: the loader's `Diagnostic`/`DiagnosticList` or a `RequestError` of `layout` for the
    ///   first layout that fails, or placement's `Diagnostic` for an Android keyboard file that
    ///   cannot be placed.
    package static func load(_ references: [String], android: AndroidFileOptions = AndroidFileOptions()) throws -> (characters: Set<Unicode.Scalar>, warnings: [Diagnostic]) {
        var characters = Set<Unicode.Scalar>()
        var warnings: [Diagnostic] = []
        let pipeline = KeyboardPipeline()
        for reference in references {
            var request = android.applied(to: RenderRequest())
            request.layout = reference
            let loaded = try pipeline.layout(of: request)
            characters.formUnion(of(keys: try loaded.keys(keyboardMode: android.keyboardMode)))
            warnings += loaded.warnings
        }
        return (characters, warnings)
    }
}
