import KeyboardPreview
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
import RenderKeyboardKit
import XCTest

/// Each request field is declared once (`RenderRequest.declarations`); the command line and
/// manifests both read it through that declaration.
final class RequestFieldTests: XCTestCase {
    /// A text of each field that is not its default.
    private let samples: [RenderRequest.Field: String] = [
        .layout: "numbers", .theme: "dark", .device: "pixel-8", .width: "300", .height: "200",
        .scale: "2", .orientation: "landscape", .seed: "42", .pressed: "q", .shift: "locked",
        .format: "svg", .output: "a.svg", .values: "v.xml", .keyboardMode: "mode_url", .imeMode: "symbols",
        .darkTheme: "ios-dark", .svgText: "outlines",
        .locale: "ar", .localeTexts: "ar.txt",
    ]

    func testATextAndAManifestFieldSetTheSameValue() throws {
        var checked: Set<RenderRequest.Field> = []
        for declaration in RenderRequest.declarations {
            guard case .single(_, _, let set) = declaration.texts, let manifest = declaration.manifest else { continue }
            let text = try XCTUnwrap(samples[declaration.field], "no sample for \(declaration.field)")
            var fromText = RenderRequest()
            guard case .success(let setter) = set(text) else { return XCTFail("\(declaration.field) refused \(text)") }
            setter(&fromText)
            let reader = FieldReader(file: "m.yaml")
            var fromManifest = RenderRequest()
            try XCTUnwrap(manifest(.scalar(text, quoted: false), "jobs[0]." + declaration.field.rawValue, reader))(&fromManifest)
            XCTAssertEqual(reader.diagnostics, [])
            XCTAssertNotEqual(fromText, RenderRequest(), "\(declaration.field) \(text) changed nothing")
            XCTAssertEqual(fromText, fromManifest, declaration.field.rawValue)
            checked.insert(declaration.field)
        }
        for declaration in RenderRequest.declarations {
            guard case .list(let set) = declaration.texts, let manifest = declaration.manifest else { continue }
            let text = try XCTUnwrap(samples[declaration.field], "no sample for \(declaration.field)")
            var fromText = RenderRequest(), fromManifest = RenderRequest()
            set([text])(&fromText)
            try XCTUnwrap(manifest(.scalar(text, quoted: false), declaration.field.rawValue, FieldReader(file: "m.yaml")))(&fromManifest)
            XCTAssertNotEqual(fromText, RenderRequest())
            XCTAssertEqual(fromText, fromManifest, declaration.field.rawValue)
            checked.insert(declaration.field)
        }
        XCTAssertEqual(checked, Set(samples.keys))
    }

    func testAYesOrNoAndItsManifestFieldSetTheSameValue() throws {
        for field in [RenderRequest.Field.shuffle, .siblingValues] {
            let declaration = RenderRequest.declaration(of: field)
            guard case .boolean(let set) = declaration.texts else { return XCTFail("\(field) is a yes or no") }
            for value in [false, true] {
                var fromFlag = RenderRequest(), fromManifest = RenderRequest()
                set(value)(&fromFlag)
                try XCTUnwrap(declaration.manifest?(.scalar("\(value)", quoted: false), field.rawValue, FieldReader(file: "m.yaml")))(&fromManifest)
                XCTAssertEqual(fromFlag, fromManifest, "\(field) \(value)")
            }
        }
        var kept = RenderRequest()
        guard case .boolean(let set) = RenderRequest.declaration(of: .shuffle).texts else { return XCTFail() }
        set(false)(&kept)
        XCTAssertFalse(kept.shuffle)
        var shuffled = RenderRequest()
        set(true)(&shuffled)
        XCTAssertTrue(shuffled.forceShuffle, "shuffle: true also shuffles an Android keyboard file")
    }

    func testATextOfTheWrongTypeNamesWhatIsExpected() throws {
        guard case .single(_, _, let set) = RenderRequest.declaration(of: .seed).texts else { return XCTFail("a seed is one value") }
        guard case .failure(let invalid) = set("-3") else { return XCTFail("-3 is not a seed") }
        XCTAssertEqual(invalid.text, "-3")
        XCTAssertEqual(invalid.expectation, "a whole number from 0 to \(UInt64.max)")
    }

    func testTheManifestsJobFieldsAreTheDeclaredOnesInFieldOrder() {
        XCTAssertEqual(BatchManifest.jobFields, ["layout", "theme", "device", "width", "height", "scale", "orientation", "seed", "shuffle", "pressed", "shift", "format", "output", "values", "siblingValues", "keyboardMode", "imeMode", "locale", "localeTexts", "numberRow", "allowMissingGlyphs", "darkTheme", "svgText", "svgEmbedFonts", "compose"])
    }

    func testTheDefaultsShownAreTheRequestsOwn() {
        let shown = Dictionary(uniqueKeysWithValues: RenderRequest.declarations.compactMap { declaration -> (String, String)? in
            guard case .single(let text?, _, _) = declaration.texts else { return nil }
            return (declaration.field.rawValue, text)
        })
        XCTAssertEqual(shown, ["layout": "letters", "theme": "default", "orientation": "portrait", "shift": "off", "pngCompression": "1", "svgText": "text"])
    }

    func testEveryDrawingRequestChecksItsCanvasByTheOneRule() {
        var canvas = CanvasOptions()
        canvas.device = "pixel-8"
        canvas.width = 300
        canvas.scale = 20
        let expected = [
            RequestError(field: .device, reason: "give either a device or a width, not both"),
            RequestError(field: .scale, reason: "scale 20 is out of range 0.1…10"),
        ]
        XCTAssertEqual(canvas.problems(), expected)
        var keyboard = RenderRequest()
        keyboard.canvasOptions = canvas
        XCTAssertEqual(keyboard.problems(), expected)
        var pad = PatternRequest()
        pad.canvasOptions = canvas
        XCTAssertEqual(pad.problems(), expected)
        var preview = PreviewRequest()
        preview.canvasOptions = canvas
        XCTAssertThrowsError(try preview.check()) { XCTAssertEqual($0 as? RequestError, expected[0]) }
    }

    func testACanvasIsNamedByItsDeviceOrItsWidthAndScale() throws {
        var canvas = CanvasOptions()
        XCTAssertEqual(canvas.name, "iphone-15")
        canvas.width = 320.5
        XCTAssertEqual(canvas.name, "320.5pt@1x")
        canvas.scale = 2
        canvas.orientation = .landscape
        let resolved = try canvas.canvas()
        XCTAssertEqual(resolved.width, 320.5)
        XCTAssertEqual(resolved.scale, 2)
        XCTAssertEqual(resolved.orientation, .landscape)
    }
}
