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
        .locale: "ar", .localeTexts: "ar.txt",
    ]

    func testAnOptionAndAManifestFieldSetTheSameValue() throws {
        var checked: Set<RenderRequest.Field> = []
        for declaration in RenderRequest.declarations {
            guard let option = declaration.option, option.form != .flag, let manifest = declaration.manifest else { continue }
            let text = try XCTUnwrap(samples[declaration.field], "no sample for \(declaration.field)")
            var fromOption = RenderRequest()
            guard case .success(let set) = option.set([text]) else { return XCTFail("--\(option.name) refused \(text)") }
            set(&fromOption)
            let reader = FieldReader(file: "m.yaml")
            var fromManifest = RenderRequest()
            try XCTUnwrap(manifest(.scalar(text, quoted: false), "jobs[0]." + declaration.field.rawValue, reader))(&fromManifest)
            XCTAssertEqual(reader.diagnostics, [])
            XCTAssertNotEqual(fromOption, RenderRequest(), "--\(option.name) \(text) changed nothing")
            XCTAssertEqual(fromOption, fromManifest, declaration.field.rawValue)
            checked.insert(declaration.field)
        }
        XCTAssertEqual(checked, Set(samples.keys))
    }

    func testAFlagAndItsManifestFieldSetTheSameValue() throws {
        let noShuffle = try XCTUnwrap(RenderRequest.declarations.first { $0.option?.name == "no-shuffle" })
        var fromOption = RenderRequest()
        guard case .success(let set) = try XCTUnwrap(noShuffle.option).set(["true"]) else { return XCTFail() }
        set(&fromOption)
        var fromManifest = RenderRequest()
        try XCTUnwrap(noShuffle.manifest?(.scalar("false", quoted: false), "shuffle", FieldReader(file: "m.yaml")))(&fromManifest)
        XCTAssertFalse(fromOption.shuffle)
        XCTAssertEqual(fromOption, fromManifest)
    }

    func testAnOptionsTextOfTheWrongTypeNamesWhatIsExpected() throws {
        let seed = try XCTUnwrap(RenderRequest.declarations.first { $0.field == .seed }?.option)
        guard case .failure(let invalid) = seed.set(["-3"]) else { return XCTFail("-3 is not a seed") }
        XCTAssertEqual(invalid.text, "-3")
        XCTAssertEqual(invalid.expectation, "a whole number from 0 to \(UInt64.max)")
    }

    func testTheManifestsJobFieldsAreTheDeclaredOnesInFieldOrder() {
        XCTAssertEqual(BatchManifest.jobFields, ["layout", "theme", "device", "width", "height", "scale", "orientation", "seed", "shuffle", "pressed", "shift", "format", "output", "values", "siblingValues", "keyboardMode", "imeMode", "locale", "localeTexts", "numberRow", "allowMissingGlyphs"])
    }

    func testTheHelpShowsTheRequestsOwnDefaults() {
        let shown = Dictionary(uniqueKeysWithValues: RenderRequest.declarations.compactMap { declaration in
            declaration.option.flatMap { option in option.shownDefault.map { (option.name, $0) } }
        })
        XCTAssertEqual(shown, ["layout": "letters", "theme": "default", "orientation": "portrait", "shift": "off", "png-compression": "1"])
    }

    func testTheCommandLineNameOfAField() {
        XCTAssertEqual(RenderRequest.optionName(of: .shuffle), "no-shuffle")
        XCTAssertEqual(RenderRequest.optionName(of: .pngCompression), "png-compression")
        XCTAssertEqual(RenderRequest.optionName(of: .keyboardMode), "keyboard-mode")
        XCTAssertEqual(RenderRequest.optionName(of: .width), "width")
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
