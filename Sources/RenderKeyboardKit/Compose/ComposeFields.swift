import KeyboardFormats
import KeyboardModel
import KeyboardRenderer

/// One field of a `ComposeRequest` as a person sets it: `--OPTION VALUE` on the command line,
/// `FIELD: VALUE` in a manifest's `compose` block. Both read the value's text with `read`,
/// which checks it too, so an option and a manifest field accept exactly the same values.
package struct ComposeFieldDeclaration: Sendable {
    /// A change to a request: one field set to a value that was read.
    package typealias Setter = @Sendable (inout ComposeRequest) -> Void

    /// The field.
    package var field: ComposeRequest.Field
    /// How the help shows the value (`WxH`).
    package var valueName: String
    /// The help line.
    package var help: String
    /// The default the help shows, as it would be typed; nil shows none.
    package var shownDefault: String?
    /// Every value, when they are a fixed list (for completions).
    package var choices: [String]?
    /// Whether the value names a file, resolved against a manifest's folder (for `frame`,
    /// `background` and `captionFont` only when the value is not one of their words).
    package var namesFile = false
    /// The setter of a valid text, or why it is not one (`is not a colour (#RGB, …)`).
    package var read: @Sendable (String) -> Result<Setter, ComposeFieldProblem>
}

/// Why a text is not a value of a compose field.
package struct ComposeFieldProblem: Error, Sendable {
    /// The reason, written after the field's name.
    package var reason: String
}

extension ComposeRequest {
    /// The most characters of a status bar's time.
    static let maxTimeLength = 16
    /// The most characters of a screenshot's name.
    static let maxNameLength = 64

    /// Every compose field's declaration, in the order of the help.
    package static let declarations: [ComposeFieldDeclaration] = canvasDeclarations + screenDeclarations + captionDeclarations + setDeclarations

    private static let canvasDeclarations: [ComposeFieldDeclaration] = [
        ComposeFieldDeclaration(field: .store, valueName: "NAME", help: "The canvas of a store: " + StorePreset.all.map(\.name).joined(separator: ", ") + "; default the device's (appstore-6.9, appstore-ipad-13 or play-phone).",
                                choices: StorePreset.all.map(\.name)) { text in
            guard let preset = StorePreset.named(text) else {
                return .failure(.init(reason: "\(Diagnostic.quote(text)) is not a store; the stores are \(StorePreset.all.map(\.name).joined(separator: ", "))" + FieldReader.didYouMean(text, in: StorePreset.all.map(\.name))))
            }
            return .success { $0.store = preset }
        },
        ComposeFieldDeclaration(field: .size, valueName: "WxH", help: "Any other canvas size, pixels (such as 1080x2340).") { text in
            let parts = text.split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w >= 1, h >= 1 else {
                return .failure(.init(reason: "\(Diagnostic.quote(text)) is not a size WIDTHxHEIGHT in whole pixels (such as 1080x2340)"))
            }
            return .success { $0.size = CanvasSize(width: w, height: h) }
        },
        ComposeFieldDeclaration(field: .background, valueName: "COLOUR|IMAGE", help: "The canvas under everything: a colour, or a PNG or JPEG covering it.", shownDefault: "#FFFFFF", namesFile: true) { text in
            guard !text.isEmpty else { return .failure(.init(reason: "must not be empty (a colour such as #F2F2F7, or an image)")) }
            if text.hasPrefix("#") {
                guard let color = Color(hex: text) else { return .failure(.init(reason: notAColour(text))) }
                return .success { $0.background = .color(color) }
            }
            return .success { $0.background = .image(text) }
        },
        ComposeFieldDeclaration(field: .margin, valueName: "PX", help: "Space around the caption and the device, pixels; default 5 % of the canvas's shorter side.") { text in
            number(text, in: 0...Double(Limits.maxComposeSide), what: "a number of pixels 0…\(Limits.maxComposeSide)") { $0.margin = $1 }
        },
        ComposeFieldDeclaration(field: .deviceScale, valueName: "FACTOR", help: "Canvas pixels per screen pixel (1 shows the screen at 100 %); default the largest that fits.") { text in
            guard let value = Double(text), value.isFinite, value > 0, value <= Limits.scale.upperBound else {
                return .failure(.init(reason: "\(Diagnostic.quote(text)) is not a scale greater than 0 and at most \(Limits.format(Limits.scale.upperBound))"))
            }
            return .success { $0.deviceScale = value }
        },
    ]

    private static let screenDeclarations: [ComposeFieldDeclaration] = [
        ComposeFieldDeclaration(field: .app, valueName: "IMAGE", help: "The app's own screenshot (PNG or JPEG) on the screen, scaled to cover it, top aligned.", namesFile: true) { text in
            text.isEmpty ? .failure(.init(reason: "must not be empty (a PNG or JPEG file)")) : .success { $0.app = text }
        },
        ComposeFieldDeclaration(field: .screenFill, valueName: "COLOUR", help: "The screen's colour without --app; default the theme's background.") { text in
            color(text) { $0.screenFill = $1 }
        },
        ComposeFieldDeclaration(field: .statusBar, valueName: "TIME", help: "Draw a status bar showing this time (such as 9:41), dark or light by the app's top.") { text in
            guard !text.isEmpty, text.count <= maxTimeLength, !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                return .failure(.init(reason: "\(Diagnostic.quote(text)) is not a time to show (1…\(maxTimeLength) characters, such as 9:41)"))
            }
            return .success { $0.statusBar = text }
        },
        ComposeFieldDeclaration(field: .frame, valueName: "auto|none|FILE.json", help: "The device frame: drawn from the device table, none, or a frame JSON naming your own PNG.", shownDefault: "auto", namesFile: true) { text in
            switch text {
            case "auto": return .success { $0.frame = .auto }
            case "none": return .success { $0.frame = .none }
            case "": return .failure(.init(reason: "must not be empty (auto, none or a frame JSON file)"))
            default: return .success { $0.frame = .file(text) }
            }
        },
        ComposeFieldDeclaration(field: .frameColour, valueName: "COLOUR", help: "The colour of a drawn frame.", shownDefault: "#1C1C1E") { text in
            color(text) { $0.frameColour = $1 }
        },
    ]

    private static let captionDeclarations: [ComposeFieldDeclaration] = [
        ComposeFieldDeclaration(field: .caption, valueName: "TEXT", help: "The caption above the device, wrapped; at most \(Limits.maxCaptionLines) lines.") { text in
            if let problem = captionProblem(text) { return .failure(.init(reason: problem)) }
            return .success { $0.caption = text }
        },
        ComposeFieldDeclaration(field: .captionFont, valueName: "FONT", help: "A pinned family and weight (such as \"Roboto Medium\") or a font file.", shownDefault: defaultCaptionFont, namesFile: true) { text in
            text.isEmpty ? .failure(.init(reason: "must not be empty (a family such as Inter Bold, or a font file)")) : .success { $0.captionFont = text }
        },
        ComposeFieldDeclaration(field: .captionSize, valueName: "PX", help: "The caption's size, pixels; default 6.5 % of the canvas's shorter side.") { text in
            number(text, in: 1...Limits.maxTextSize, what: "a text size in pixels 1…\(Limits.format(Limits.maxTextSize))") { $0.captionSize = $1 }
        },
        ComposeFieldDeclaration(field: .captionColour, valueName: "COLOUR", help: "The caption's colour.", shownDefault: "#000000") { text in
            color(text) { $0.captionColour = $1 }
        },
    ]

    private static let setDeclarations: [ComposeFieldDeclaration] = [
        ComposeFieldDeclaration(field: .captions, valueName: "FILE.yaml", help: "Captions by locale (en-US: \"…\"): one screenshot per locale in fastlane's folders under -o.", namesFile: true) { text in
            text.isEmpty ? .failure(.init(reason: "must not be empty (a YAML or JSON file)")) : .success { $0.captions = text }
        },
        ComposeFieldDeclaration(field: .locales, valueName: "LIST|all", help: "The locales of --captions to draw, comma-separated, or all.", shownDefault: "all") { text in
            let items = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) }
            if text == "all" { return .success { $0.locales = nil } }
            if let bad = items.first(where: { LocalizedCaptions.localeProblem($0) != nil }) {
                return .failure(.init(reason: LocalizedCaptions.localeProblem(bad)!))
            }
            return .success { $0.locales = items }
        },
        choice(.layoutKind, valueName: "deliver|play", help: "The folders of a set: deliver's (App Store) or supply's (Google Play).") { $0.layoutKind = $1 },
        ComposeFieldDeclaration(field: .name, valueName: "NAME", help: "The screenshot's name in deliver's file names (NN_NAME_STORE.png).", shownDefault: "keyboard") { text in
            guard !text.isEmpty, text.count <= maxNameLength, !text.hasPrefix("."), text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
                return .failure(.init(reason: "\(Diagnostic.quote(text)) is not a name for a file: use 1…\(maxNameLength) letters, digits, -, _ or . (not first)"))
            }
            return .success { $0.name = text }
        },
        ComposeFieldDeclaration(field: .number, valueName: "NN", help: "The screenshot's place in the store's order, 1-99.", shownDefault: "1") { text in
            guard let value = Int(text), (1...99).contains(value) else { return .failure(.init(reason: "\(Diagnostic.quote(text)) is not a whole number 1…99")) }
            return .success { $0.number = value }
        },
        ComposeFieldDeclaration(field: .framesOut, valueName: "FILE.json", help: "Write the canvas, screen, keyboard and caption rectangles as JSON.", namesFile: true) { text in
            text.isEmpty ? .failure(.init(reason: "must not be empty")) : .success { $0.framesOut = text }
        },
        choice(.format, valueName: "png|jpeg", help: "png (8-bit RGB, no alpha) or jpeg (quality \(StillImageFormat.jpegQuality)); default from -o's extension, else png.") { $0.format = $1 },
        ComposeFieldDeclaration(field: .output, valueName: "FILE", help: "The image written (.png, .jpg), or the folder of a --captions set; default screenshot.png, or fastlane/screenshots (fastlane/metadata/android with --layout-kind play).", namesFile: true) { text in
            text.isEmpty ? .failure(.init(reason: "must not be empty")) : .success { $0.output = text }
        },
    ]

    /// Why `caption` cannot be drawn as a caption (it holds a control character other than a
    /// newline, which no font draws and a terminal would obey when it is quoted), or nil.
    static func captionProblem(_ caption: String) -> String? {
        guard let control = caption.unicodeScalars.first(where: { $0 != "\n" && ($0.properties.generalCategory == .control || $0.properties.generalCategory == .format && $0.value >= 0x202A && $0.value <= 0x202E) }) else { return nil }
        return "holds the control character U+\(String(control.value, radix: 16, uppercase: true).leftPadded(to: 4)); a caption is text, with newlines where lines must break"
    }

    private static func notAColour(_ text: String) -> String {
        "\(Diagnostic.quote(text)) is not a colour (#RGB, #RRGGBB or #RRGGBBAA)"
    }

    private static func color(_ text: String, _ set: @escaping @Sendable (inout ComposeRequest, Color) -> Void) -> Result<ComposeFieldDeclaration.Setter, ComposeFieldProblem> {
        guard let color = Color(hex: text) else { return .failure(.init(reason: notAColour(text))) }
        return .success { set(&$0, color) }
    }

    private static func number(_ text: String, in range: ClosedRange<Double>, what: String, _ set: @escaping @Sendable (inout ComposeRequest, Double) -> Void) -> Result<ComposeFieldDeclaration.Setter, ComposeFieldProblem> {
        guard let value = Double(text), value.isFinite, range.contains(value) else { return .failure(.init(reason: "\(Diagnostic.quote(text)) is not \(what)")) }
        return .success { set(&$0, value) }
    }

    private static func choice<T: RawRepresentable & CaseIterable & Sendable>(_ field: Field, valueName: String, help: String, _ set: @escaping @Sendable (inout ComposeRequest, T) -> Void) -> ComposeFieldDeclaration where T.RawValue == String {
        let names = T.allCases.map(\.rawValue)
        return ComposeFieldDeclaration(field: field, valueName: valueName, help: help, choices: names) { text in
            guard let value = T(rawValue: text) else { return .failure(.init(reason: "\(Diagnostic.quote(text)) is not one of \(names.joined(separator: ", "))")) }
            return .success { set(&$0, value) }
        }
    }
}
