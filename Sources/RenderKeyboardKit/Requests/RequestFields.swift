import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine

// The one declaration of each request field. Every field of `RenderRequest` that a person
// can set is written in this file, once: its property and default, its range check
// (`problems()`), and its line in `RenderRequest.declarations` (its name in a manifest, how
// texts and manifest values are read, and what it sets). The manifest's job fields and the
// defaults merge are derived from these, and so are the command line's options, which add
// only their spelling and help; the default the help shows is the value `RenderRequest()`
// holds.

/// One keyboard to solve or draw: the options every subcommand and every batch job share
/// (docs/rendering.md). The command line, batch manifests and previews all decode into this one shape
/// and share its checks (`problems()`), so each rule about a field lives here once.
public struct RenderRequest: Sendable, Hashable, CanvasRequest {
    /// The request's fields, spelled as manifest job fields; how each is read is its
    /// declaration's (`RenderRequest.declarations`).
    public enum Field: String, Sendable, Hashable, CaseIterable {
        /// `layout` (`--layout`): the built-in layout name or file.
        case layout
        /// `theme` (`--theme`): the built-in theme name or file.
        case theme
        /// `device` (`--device`): a device preset or a `WxH@D` pixel device.
        case device
        /// `width` (`--width`): the keyboard width in points, instead of a device.
        case width
        /// `height` (`--height`): the keyboard height in points, with `width` only.
        case height
        /// `scale` (`--scale`): pixels per point, with `width` only.
        case scale
        /// `orientation` (`--orientation`): `portrait` or `landscape`.
        case orientation
        /// `seed` (`--seed`): the seed of the shuffle.
        case seed
        /// `shuffle` (`--no-shuffle` on the command line, `shuffle: false` in a manifest).
        case shuffle
        /// `pressed` (`--pressed`, repeatable): labels or codes of the keys drawn pressed.
        case pressed
        /// `shift` (`--shift`): `off`, `on` or `locked`.
        case shift
        /// `format` (`--format`): `png`, `svg` or `pdf`.
        case format
        /// `output` (`-o`/`--output`): the file written.
        case output
        /// Extra values files of an Android keyboard file.
        case values
        /// `siblingValues` (`--no-sibling-values` on the command line, `siblingValues: false`
        /// in a manifest): whether an Android keyboard file also reads the `res/values` folder
        /// beside its `res/xml` folder.
        case siblingValues
        /// The `keyboardMode` rows of an Android keyboard file.
        case keyboardMode
        /// `imeMode` (`--ime-mode`): the mode a HeliBoard or FlorisBoard layout is placed in,
        /// instead of its folder's.
        case imeMode
        /// `locale` (`--locale`): the language tag whose key texts a HeliBoard or FlorisBoard
        /// layout takes (labels, number row, popups).
        case locale
        /// `localeTexts` (`--locale-texts`): a key texts file in HeliBoard's format, instead of
        /// the locale's built-in texts.
        case localeTexts
        /// `numberRow` (`--number-row`): the app's number row above a HeliBoard or FlorisBoard
        /// layout's letters.
        case numberRow
        /// `allowMissingGlyphs` (`--allow-missing-glyphs`): draw a label no font has a glyph
        /// for (as a box) with a warning, instead of failing.
        case allowMissingGlyphs
        /// `pngCompression` (`--png-compression`): the zlib level of a PNG; not a manifest
        /// field (batch jobs write at the default level).
        case pngCompression
        /// `darkTheme` (`--dark-theme`): an SVG's second theme, shown in dark mode.
        case darkTheme
        /// `svgText` (`--svg-text`): an SVG's labels as `text` or `outlines`.
        case svgText
        /// `svgEmbedFonts` (`--svg-embed-fonts`): an SVG embeds the glyphs its labels use.
        case svgEmbedFonts
    }

    /// A built-in layout name or a path.
    public var layout = "letters"
    /// A built-in theme name or a path.
    public var theme = "default"
    /// Where the keyboard is drawn: a device or a width, and an orientation.
    public var canvasOptions = CanvasOptions()
    /// The orientation (`canvasOptions.orientation`).
    public var orientation: Orientation {
        get { canvasOptions.orientation }
        set { canvasOptions.orientation = newValue }
    }
    /// Seeds the shuffle: the same seed and layout give the same permutation on every platform;
    /// nil draws from the system's secure random source, so shuffling layouts change every run.
    public var seed: UInt64?
    /// False turns shuffling off even for layouts that shuffle.
    public var shuffle = true
    /// Labels (or codes) of keys drawn pressed.
    public var pressed: [String] = []
    /// The shift state drawn: `on` shows shift labels and the shift key pressed with a filled
    /// arrow; `locked` adds a bar under the arrow.
    public var shift: ShiftState = .off
    /// nil: from `output`'s extension, else PNG.
    public var format: OutputFormat?
    /// The file `write(with:)` writes; nil is `keyboard.<format>` in the working folder. Its
    /// extension picks the format when `format` is nil.
    public var output: String?
    /// zlib level 0–9 for PNG.
    public var pngCompression = 1
    /// Extra values files for an Android keyboard file (docs/android-xml.md), paths.
    public var values: [String] = []
    /// When true (the default) an Android keyboard file in a `res/xml` folder also reads every
    /// values file of the `res/values` folder beside it; when false only `values` are read.
    public var siblingValues = true
    /// The `keyboardMode` rows of an Android keyboard file to keep (`mode_url`); nil: none.
    public var keyboardMode: String?
    /// The mode of a HeliBoard or FlorisBoard layout (`symbols`, `numeric`, …); nil: its
    /// folder's (docs/android-imes.md).
    public var imeMode: String?
    /// A second theme (a built-in name or a path) whose colours an SVG shows in dark mode
    /// (`prefers-color-scheme: dark`); it must draw the same geometry as `theme`. SVG only.
    public var darkTheme: String?
    /// How an SVG writes its labels: as text (the default) or as outlines. SVG only.
    public var svgText: SVGTextMode = .text
    /// Whether an SVG embeds the glyphs its text labels use (`@font-face` data URIs). SVG only.
    public var svgEmbedFonts = false
    /// The language tag (`ar`, `hi-IN`) whose key texts a HeliBoard or FlorisBoard layout
    /// takes; nil: the one locale the app pairs with the layout, if exactly one
    /// (docs/android-imes.md).
    public var locale: String?
    /// A key texts file in HeliBoard's format (`[labels]`, `[number_row]`, `[popup_keys]`),
    /// read instead of the locale's built-in texts; nil: none.
    package var localeTexts: String?
    /// Adds the app's number row above a HeliBoard or FlorisBoard layout's letters.
    public var numberRow = false
    /// Draws a label with a character no font has (as a box) and warns, instead of failing.
    package var allowMissingGlyphs = false
    /// Shuffles an Android keyboard file's keys by kind (it has no shuffle flag of its own);
    /// weight layouts keep their own `shuffle`.
    public var forceShuffle = false

    /// The defaults of the command line with no arguments: `letters`, `default` theme,
    /// `iphone-15` portrait, PNG.
    public init() {}

    /// Every problem of the fields taken on their own, before any file is read: empty
    /// references or labels, a device together with a width, numbers out of range, an output
    /// naming a folder or ending in an extension that names no format (unless `format` is
    /// given).
    public func problems() -> [RequestError] {
        var found: [RequestError] = []
        func add(_ field: Field, _ reason: String?) {
            if let reason { found.append(RequestError(field: field, reason: reason)) }
        }
        add(.layout, layout.isEmpty ? "must not be empty (a built-in layout name or a file)" : nil)
        add(.theme, theme.isEmpty ? "must not be empty (a built-in theme name or a file)" : nil)
        found += canvasOptions.problems()
        for file in values where file.isEmpty {
            add(.values, "an empty values file name; give the path of a res/values XML file")
        }
        if keyboardMode?.isEmpty == true { add(.keyboardMode, "must not be empty") }
        if imeMode?.isEmpty == true { add(.imeMode, "must not be empty (a mode such as symbols)") }
        if let locale { add(.locale, LocaleTag.problem(locale)) }
        if localeTexts?.isEmpty == true { add(.localeTexts, "must not be empty (a key texts file)") }
        if !PNGCodec.compressionLevels.contains(pngCompression) {
            add(.pngCompression, RenderError.invalidCompression(pngCompression).description)
        }
        for label in pressed where label.isEmpty {
            add(.pressed, "an empty label presses nothing; give a key's label, shift label, value or code")
        }
        if let output {
            add(.output, Self.outputNameProblem(output) ?? OutputFormat.outputProblem(format, output: output))
        }
        found += svgProblems()
        return found
    }
}

/// A request that draws on a canvas (`RenderRequest`, `PreviewRequest`, `PatternRequest`):
/// each field of `canvasOptions` (`device`, `width`, `height`, `scale`, `orientation`) reads
/// and writes as the request's own, `request.device` for `request.canvasOptions.device`.
@dynamicMemberLookup
public protocol CanvasRequest {
    /// Where the request draws: a device or a width, and an orientation.
    var canvasOptions: CanvasOptions { get set }
}

extension CanvasRequest {
    /// The field of `canvasOptions` at `field`, read and written through.
    public subscript<Value>(dynamicMember field: WritableKeyPath<CanvasOptions, Value>) -> Value {
        get { canvasOptions[keyPath: field] }
        set { canvasOptions[keyPath: field] = newValue }
    }
}

/// Where a keyboard (or pattern pad) is drawn, for every command that draws: a device
/// preset, or a bare width with an optional height and scale; and an orientation (docs/rendering.md).
public struct CanvasOptions: Sendable, Hashable {
    /// A device preset or a `WxH@D` pixel device; nil means `iphone-15` unless `width` is set.
    public var device: String?
    /// Width in points, instead of a device (no safe areas).
    public var width: Double?
    /// Replaces the layout's height, points (only with `width`).
    public var height: Double?
    /// Pixels per point with `width`; default 1.
    public var scale: Double?
    /// The orientation: picks the device's width and safe areas and the layout's geometry.
    public var orientation: Orientation = .portrait

    /// Pixels per point of a width canvas when no scale is given.
    package static let defaultScale = 1.0

    /// `iphone-15` in portrait.
    public init() {}

    /// The problems of the fields on their own: a device together with a width, an unknown
    /// device, a width, height or scale out of range, a height or scale without a width.
    public func problems() -> [RequestError] {
        var found: [RequestError] = []
        func add(_ field: RenderRequest.Field, _ reason: String?) {
            if let reason { found.append(RequestError(field: field, reason: reason)) }
        }
        if let width {
            add(.device, device != nil ? "give either a device or a width, not both" : nil)
            add(.width, Limits.positiveLengthProblem(width))
            if let height { add(.height, Limits.positiveLengthProblem(height)) }
            if let scale { add(.scale, Limits.scaleProblem(scale)) }
        } else {
            if height != nil { add(.height, "only applies with a width (a device sets its own)") }
            if scale != nil { add(.scale, "only applies with a width (a device sets its own)") }
            if let device { add(.device, Device.nameProblem(device)) }
        }
        return found
    }

    /// The canvas the fields describe.
    ///
    /// - Throws: the first of `problems()`, as a `RequestError`.
    public func canvas() throws -> Canvas {
        if let first = problems().first { throw first }
        return try uncheckedCanvas()
    }

    /// The canvas the fields describe, for fields already checked (`problems()` empty).
    ///
    /// - Throws: `RequestError` of `device` for a name that is no device.
    package func uncheckedCanvas() throws -> Canvas {
        if let width {
            return Canvas(deviceName: nil, orientation: orientation, width: width, scale: scale ?? Self.defaultScale, heightOverride: height)
        }
        return Canvas(device: try Device.resolve(device ?? Device.defaultName), orientation: orientation)
    }

    /// The canvas as a caption names it: the device preset, or `WIDTHpt@SCALEx` for a width.
    package var name: String {
        guard let width else { return device ?? Device.defaultName }
        return "\(Limits.format(width))pt@\(Limits.format(scale ?? Self.defaultScale))x"
    }
}

/// A value read from text: a command-line argument (`--seed 7`) or a scalar.
package protocol TextValue {
    /// The value `text` spells, or nil.
    init?(text: String)
    /// What a valid value is, for the message about an invalid one (`a number`).
    static var expectation: String { get }
    /// The value as it would be typed (`portrait`, `1`): how the help shows a default.
    var text: String { get }
    /// Every value, as typed, when the type has a fixed list of them (`portrait`,
    /// `landscape`); nil for numbers and text.
    static var choices: [String]? { get }
}

extension TextValue {
    package static var choices: [String]? { nil }
}

extension String: TextValue {
    package init?(text: String) { self = text }
    package static var expectation: String { "text" }
    package var text: String { self }
}

extension Int: TextValue {
    package init?(text: String) { self.init(text) }
    package static var expectation: String { "a whole number" }
    package var text: String { String(self) }
}

extension UInt64: TextValue {
    package init?(text: String) { self.init(text) }
    package static var expectation: String { "a whole number from 0 to \(UInt64.max)" }
    package var text: String { String(self) }
}

extension Double: TextValue {
    package init?(text: String) { self.init(text) }
    package static var expectation: String { "a number" }
    package var text: String { Limits.format(self) }
}

extension TextValue where Self: RawRepresentable & CaseIterable, RawValue == String {
    package init?(text: String) { self.init(rawValue: text) }
    package static var expectation: String { "one of " + allCases.map(\.rawValue).joined(separator: ", ") }
    package var text: String { rawValue }
    package static var choices: [String]? { allCases.map(\.rawValue) }
}

extension RenderRequest {
    /// The problems of the SVG fields: an empty dark theme, SVG options for another format,
    /// embedded fonts for outlined labels.
    private func svgProblems() -> [RequestError] {
        var found: [RequestError] = []
        if darkTheme?.isEmpty == true {
            found.append(RequestError(field: .darkTheme, reason: "must not be empty (a built-in theme name or a file)"))
        }
        let svg = resolvedFormat == .svg
        if !svg, darkTheme != nil { found.append(RequestError(field: .darkTheme, reason: "only applies to SVG output (an output named .svg, or the format svg)")) }
        if !svg, svgText != .text { found.append(RequestError(field: .svgText, reason: "only applies to SVG output (an output named .svg, or the format svg)")) }
        if !svg, svgEmbedFonts { found.append(RequestError(field: .svgEmbedFonts, reason: "only applies to SVG output (an output named .svg, or the format svg)")) }
        if svgEmbedFonts, svgText == .outlines {
            found.append(RequestError(field: .svgEmbedFonts, reason: "only applies with text labels; outlined labels need no font"))
        }
        return found
    }
}

extension Orientation: TextValue {}
extension SVGTextMode: TextValue {}
extension ShiftState: TextValue {}
extension OutputFormat: TextValue {}
extension PatternState: TextValue {}

/// A change to a request: one field set to a value that was read.
package typealias RequestSetter = @Sendable (inout RenderRequest) -> Void

/// How a request field is set from outside: the texts of a command line or a form (read as
/// the field's type), and the value of a manifest job's field. Only the reading lives here;
/// the command line spells its own options (their names, help and flags) over these.
package struct RequestFieldDeclaration: Sendable {
    /// How texts set the field.
    package enum Texts: Sendable {
        /// One value of the field's type; the last text given wins. `defaultText` is the
        /// default `RenderRequest()` holds as it would be typed (nil: no default to show);
        /// `choices` every value when the type has a fixed list.
        case single(defaultText: String?, choices: [String]?, set: @Sendable (String) -> Result<RequestSetter, InvalidText>)
        /// A list: every text given, in order.
        case list(set: @Sendable ([String]) -> RequestSetter)
        /// A yes or no, given by the presence of a flag.
        case boolean(set: @Sendable (Bool) -> RequestSetter)
    }

    /// A text that is not a value of the field's type.
    package struct InvalidText: Error, Sendable {
        package var text: String
        package var expectation: String
    }

    /// The field set, and the origin of its problems.
    package var field: RenderRequest.Field
    /// How texts set it.
    package var texts: Texts
    /// Reads the field's value from a manifest job (the value and its field path); nil when
    /// manifests cannot set the field, or (from the closure) after the reader recorded why
    /// the value is not one.
    package var manifest: (@Sendable (Document, String, FieldReader) -> RequestSetter?)?

    /// A field with one value of type `T`, set at `field`'s key path; in a manifest a scalar
    /// that `read` reads.
    static func single<T: TextValue & Sendable>(_ field: RenderRequest.Field, manifest read: (@Sendable (Document, String, FieldReader) -> T?)?, _ keyPath: WritableKeyPath<RenderRequest, T> & Sendable) -> RequestFieldDeclaration {
        single(field, defaultText: RenderRequest()[keyPath: keyPath].text, manifest: read) { $0[keyPath: keyPath] = $1 }
    }

    /// A field with an optional value of type `T`, set at `field`'s key path; nil (the
    /// default of every such field) has no default to show.
    static func single<T: TextValue & Sendable>(_ field: RenderRequest.Field, manifest read: (@Sendable (Document, String, FieldReader) -> T?)?, _ keyPath: WritableKeyPath<RenderRequest, T?> & Sendable) -> RequestFieldDeclaration {
        single(field, defaultText: RenderRequest()[keyPath: keyPath]?.text, manifest: read) { $0[keyPath: keyPath] = $1 }
    }

    /// The declaration of one value of type `T` that `set` applies.
    private static func single<T: TextValue & Sendable>(_ field: RenderRequest.Field, defaultText: String?, manifest read: (@Sendable (Document, String, FieldReader) -> T?)?, set: @escaping @Sendable (inout RenderRequest, T) -> Void) -> RequestFieldDeclaration {
        let texts = Texts.single(defaultText: defaultText, choices: T.choices) { text in
            guard let value = T(text: text) else { return .failure(InvalidText(text: text, expectation: T.expectation)) }
            return .success { set(&$0, value) }
        }
        var manifest: (@Sendable (Document, String, FieldReader) -> RequestSetter?)?
        if let read {
            manifest = { document, path, reader in
                guard let value = read(document, path, reader) else { return nil }
                let setter: RequestSetter = { set(&$0, value) }
                return setter
            }
        }
        return RequestFieldDeclaration(field: field, texts: texts, manifest: manifest)
    }

    /// A list of texts; in a manifest a list of strings, or one string read as a list of one.
    static func list(_ field: RenderRequest.Field, set: @escaping @Sendable (inout RenderRequest, [String]) -> Void) -> RequestFieldDeclaration {
        let manifest: @Sendable (Document, String, FieldReader) -> RequestSetter? = { document, path, reader in
            var texts: [String] = []
            if case .scalar = document {
                guard let text = reader.string(document, path) else { return nil }
                texts = [text]
            } else {
                guard let items = reader.list(document, path) else { return nil }
                for (index, item) in items.enumerated() {
                    if let text = reader.string(item, reader.join(path, index)) { texts.append(text) }
                }
            }
            let setter: RequestSetter = { [texts] in set(&$0, texts) }
            return setter
        }
        return RequestFieldDeclaration(field: field, texts: .list { values in { set(&$0, values) } }, manifest: manifest)
    }

    /// A yes-or-no field that `set` applies; in a manifest a boolean.
    static func boolean(_ field: RenderRequest.Field, set: @escaping @Sendable (inout RenderRequest, Bool) -> Void) -> RequestFieldDeclaration {
        let manifest: @Sendable (Document, String, FieldReader) -> RequestSetter? = { document, path, reader in
            guard let value = reader.bool(document, path) else { return nil }
            let setter: RequestSetter = { set(&$0, value) }
            return setter
        }
        return RequestFieldDeclaration(field: field, texts: .boolean { value in { set(&$0, value) } }, manifest: manifest)
    }
}

extension RenderRequest {
    /// Every field's declaration, in the order a manifest job's fields are read. Adding a field to the request
    /// means adding its property and its line here (and its check to `problems()`); the
    /// command line adds its option for it.
    package static let declarations: [RequestFieldDeclaration] = [
        .single(.layout, manifest: { $2.string($0, $1) }, \.layout),
        .single(.theme, manifest: { $2.string($0, $1) }, \.theme),
        .single(.device, manifest: { $2.string($0, $1) }, \.canvasOptions.device),
        .single(.width, manifest: number("width"), \.canvasOptions.width),
        .single(.height, manifest: number("height"), \.canvasOptions.height),
        .single(.scale, manifest: number("scale"), \.canvasOptions.scale),
        .single(.orientation, manifest: { $2.choice($0, $1, as: Orientation.self) }, \.canvasOptions.orientation),
        .single(.seed, manifest: { document, path, reader in
            if case let .scalar(text, false) = document, let value = UInt64(text) { return value }
            reader.error(path, "expected a whole number 0…\(UInt64.max), found \(describe(document))")
            return nil
        }, \.seed),
        // `shuffle: false` keeps the file's order; `shuffle: true` also shuffles an Android
        // keyboard file, which has no shuffle flag of its own.
        .boolean(.shuffle) { $0.shuffle = $1; $0.forceShuffle = $1 },
        .list(.pressed) { $0.pressed = $1 },
        // A bare YAML `on`/`off` stays text here: documents keep scalars as written.
        .single(.shift, manifest: { $2.choice($0, $1, as: ShiftState.self) }, \.shift),
        .list(.values) { $0.values = $1 },
        .boolean(.siblingValues) { $0.siblingValues = $1 },
        .single(.keyboardMode, manifest: { $2.string($0, $1) }, \.keyboardMode),
        .single(.imeMode, manifest: { $2.string($0, $1) }, \.imeMode),
        .single(.locale, manifest: { $2.string($0, $1) }, \.locale),
        .single(.localeTexts, manifest: { $2.string($0, $1) }, \.localeTexts),
        .boolean(.numberRow) { $0.numberRow = $1 },
        .boolean(.allowMissingGlyphs) { $0.allowMissingGlyphs = $1 },
        .single(.format, manifest: { $2.choice($0, $1, as: OutputFormat.self) }, \.format),
        .single(.output, manifest: { $2.string($0, $1) }, \.output),
        .single(.pngCompression, manifest: nil, \.pngCompression),
        .single(.darkTheme, manifest: { $2.string($0, $1) }, \.darkTheme),
        .single(.svgText, manifest: { $2.choice($0, $1, as: SVGTextMode.self) }, \.svgText),
        .boolean(.svgEmbedFonts) { $0.svgEmbedFonts = $1 },
    ]

    /// The declaration of `field`.
    package static func declaration(of field: Field) -> RequestFieldDeclaration {
        guard let found = declarations.first(where: { $0.field == field }) else { preconditionFailure("\(field) is not declared") }
        return found
    }

    /// The fields of `CanvasOptions` but the orientation: a device, or a width with its
    /// height and scale. A manifest job that gives `device` or `width` replaces them as a group.
    package static let canvasFields: [Field] = [.device, .width, .height, .scale]

    /// The fields that name what is written, which commands that write something else
    /// (frames JSON, a diff picture) declare for themselves.
    package static let outputFields: Set<Field> = [.format, .output, .pngCompression, .darkTheme, .svgText, .svgEmbedFonts]

    /// Reads a number of any size; its range is `problems()`'s rule.
    private static func number(_ what: String) -> @Sendable (Document, String, FieldReader) -> Double? {
        { $2.number($0, $1, in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude, what: what) }
    }

    /// How a manifest value shows in a message.
    private static func describe(_ document: Document) -> String {
        switch document {
        case .scalar(let text, _): return Diagnostic.quote(text)
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}
