import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine

/// How Android keyboard files (docs/android-xml.md) and the keyboard apps' layouts (docs/android-imes.md) are read,
/// for the commands that draw several keyboards (`preview`, `serve`, `lint`, `rules check`);
/// one `RenderRequest` holds the same four fields as its own (`values`, `siblingValues`,
/// `keyboardMode`, `imeMode`).
public struct AndroidFileOptions: Sendable, Hashable, Codable {
    /// Extra values files for `@dimen/…`-style references, paths.
    public var values: [String] = []
    /// When true (the default) a file in a `res/xml` folder also reads every values file of
    /// the `res/values` folder beside it.
    public var siblingValues = true
    /// The `keyboardMode` rows to keep (`mode_url`); nil: none.
    public var keyboardMode: String?
    /// The mode HeliBoard and FlorisBoard layouts are placed in; nil: each file's folder's.
    public var imeMode: String?
    /// The locale whose key texts HeliBoard and FlorisBoard layouts take; nil: each layout's.
    package var locale: String?
    /// A key texts file in HeliBoard's format; nil: none.
    package var localeTexts: String?
    /// Adds the apps' number row.
    package var numberRow = false
    /// Draws labels no font has glyphs for, with a warning, instead of failing.
    package var allowMissingGlyphs = false

    /// Sibling values read, no extra values file, no mode.
    public init() {}

    /// The options a request holds.
    package init(of request: RenderRequest) {
        values = request.values
        siblingValues = request.siblingValues
        keyboardMode = request.keyboardMode
        imeMode = request.imeMode
        locale = request.locale
        localeTexts = request.localeTexts
        numberRow = request.numberRow
        allowMissingGlyphs = request.allowMissingGlyphs
    }

    /// `request` with these options.
    package func applied(to request: RenderRequest) -> RenderRequest {
        var request = request
        request.values = values
        request.siblingValues = siblingValues
        request.keyboardMode = keyboardMode
        request.imeMode = imeMode
        request.locale = locale
        request.localeTexts = localeTexts
        request.numberRow = numberRow
        request.allowMissingGlyphs = allowMissingGlyphs
        return request
    }

    /// The request fields that hold these options, for the command line's declarations.
    package static let fields: Set<RenderRequest.Field> = [.values, .siblingValues, .keyboardMode, .imeMode, .locale, .localeTexts, .numberRow, .allowMissingGlyphs]
}
