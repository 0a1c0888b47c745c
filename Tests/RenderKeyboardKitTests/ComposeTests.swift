import Foundation
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import RenderKeyboardKit
import XCTest

/// Store screenshots (docs/store-screenshots.md): the keyboard on a composed screen is the
/// very image `render` draws, the canvas is laid out as the page says, and the shipped device
/// table agrees with the values the specification lists.
final class ComposeTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let heliboard = root.appendingPathComponent("Tests/LayoutEngineTests/IMELayouts/heliboard/main/qwerty.txt").path

    private let renderer = try! Renderer()

    /// The frames JSON of a composition, parsed.
    private func frames(_ composed: ComposedScreenshots) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(composed.framesJSON.utf8)) as? [String: Any])
    }

    private func rect(_ value: Any?) throws -> (x: Double, y: Double, width: Double, height: Double) {
        let object = try XCTUnwrap(value as? [String: Any])
        return (try XCTUnwrap(object["x"] as? Double), try XCTUnwrap(object["y"] as? Double), try XCTUnwrap(object["width"] as? Double), try XCTUnwrap(object["height"] as? Double))
    }

    private func keyboard(_ layout: String, _ theme: String, _ device: String) -> RenderRequest {
        var request = RenderRequest()
        request.layout = layout
        request.theme = theme
        request.device = device
        request.seed = 1
        return request
    }

    /// At 100 % the keyboard's rectangle of the composed PNG is `render`'s PNG, pixel for pixel,
    /// except in the squares of the screen's two lower corners, which the rounded screen clips;
    /// over an app image, under a status bar and a caption, in a drawn frame.
    func testTheKeyboardOnTheScreenIsRendersImagePixelForPixel() throws {
        let cases: [(RenderRequest, String)] = [
            (keyboard("ios", "ios", "iphone-se"), "iphone-se"),
            (keyboard("ios", "ios", "iphone-15"), "iphone-15"),
            (keyboard("ios", "ios-dark", "iphone-16-pro-max"), "iphone-16-pro-max"),
            (keyboard("letters", "default", "ipad-10"), "ipad-10"),
            (keyboard(Self.heliboard, "material", "pixel-8"), "pixel-8 (HeliBoard)"),
        ]
        let app = try temporaryFile("app.png", bytes: try renderer.png(try keyboard("numbers", "dark", "iphone-15").scene()))
        for (request, name) in cases {
            let rendered = try PNGCodec.decode(try request.render(with: renderer).bytes)
            var compose = ComposeRequest()
            compose.keyboard = request
            compose.size = .init(width: 2100, height: 3400)
            compose.deviceScale = 1
            compose.margin = 40
            compose.caption = "Type faster"
            compose.statusBar = "9:41"
            compose.app = app
            let composed = try compose.compose(with: renderer)
            let image = try PNGCodec.decode(composed.files[0].bytes)
            let json = try frames(composed)
            let board = try rect(json["keyboard"]), screen = try rect(json["screen"])
            let radius = try XCTUnwrap((json["screen"] as? [String: Any])?["cornerRadius"] as? Double)
            XCTAssertEqual(json["deviceScale"] as? Double, 1, name)
            XCTAssertEqual(Int(board.width), rendered.width, name)
            XCTAssertEqual(Int(board.height), rendered.height, name)
            XCTAssertEqual(board.y + board.height, screen.y + screen.height, "\(name): the keyboard sits at the bottom of the screen")
            var compared = 0, differing: [(Int, Int)] = []
            for y in 0..<rendered.height {
                for x in 0..<rendered.width {
                    let cx = Int(board.x) + x, cy = Int(board.y) + y
                    let inCorner = Double(cy) >= screen.y + screen.height - radius
                        && (Double(cx) < screen.x + radius || Double(cx) >= screen.x + screen.width - radius)
                    if inCorner { continue }
                    compared += 1
                    let a = try XCTUnwrap(image.pixel(x: cx, y: cy)), b = try XCTUnwrap(rendered.pixel(x: x, y: y))
                    if (a.r, a.g, a.b) != (b.r, b.g, b.b) || b.a != 255 { differing.append((x, y)) }
                }
            }
            XCTAssertGreaterThan(compared, rendered.width * rendered.height * 9 / 10, "\(name): most of the keyboard is compared")
            XCTAssertTrue(differing.isEmpty, "\(name): \(differing.count) pixels differ, the first at \(differing.first.map { "\($0)" } ?? "")")
        }
    }

    /// Scaled down to fit, the keyboard is still where the frames JSON says: at the screen's
    /// bottom, as wide as the screen, and the screen inside the canvas.
    func testFittedDeviceAndItsRectangles() throws {
        var compose = ComposeRequest()
        compose.keyboard = keyboard("ios", "ios", "iphone-16-pro-max")
        compose.store = StorePreset.named("appstore-6.9")
        compose.caption = "Type in 40 languages"
        let json = try frames(try compose.compose(with: renderer))
        let screen = try rect(json["screen"]), board = try rect(json["keyboard"])
        let scale = try XCTUnwrap(json["deviceScale"] as? Double)
        XCTAssertLessThan(scale, 1)
        XCTAssertEqual(board.width, screen.width, accuracy: 0.01)
        XCTAssertEqual(board.y + board.height, screen.y + screen.height, accuracy: 0.02)
        XCTAssertEqual(screen.width, 1320 * scale, accuracy: 0.2, "the frames JSON gives the scale to 1/10,000")
        XCTAssertGreaterThan(screen.x, 0)
        XCTAssertLessThan(screen.y + screen.height, 2868)
        let caption = try rect(((json["images"] as? [[String: Any]])?.first)?["caption"])
        XCTAssertLessThan(caption.y + caption.height, screen.y, "the caption stands above the device")
    }

    /// A set's device stands at the same place in every locale, below the tallest caption.
    func testASetsDeviceStandsStillWhateverTheCaption() throws {
        let captions = try temporaryFile("captions.yaml", bytes: Array("en-US: \"Short\"\nde-DE: \"Ein viel längerer Satz, der auf zwei oder drei Zeilen umbricht\"\n".utf8))
        var compose = ComposeRequest()
        compose.keyboard = keyboard("ios", "ios", "iphone-15")
        compose.captions = captions
        compose.output = "out"
        let composed = try compose.compose(with: renderer)
        XCTAssertEqual(composed.files.map(\.path), ["out/en-US/01_keyboard_appstore-6.9.png", "out/de-DE/01_keyboard_appstore-6.9.png"])
        let images = try XCTUnwrap(try frames(composed)["images"] as? [[String: Any]])
        let short = try rect(images[0]["caption"]), long = try rect(images[1]["caption"])
        XCTAssertLessThan(short.height, long.height)
        XCTAssertEqual(short.y + short.height / 2, long.y + long.height / 2, accuracy: 0.02, "each caption is centred in one band")
    }

    /// The status bar is drawn black over a light app's top and white over a dark one.
    func testStatusBarStyleFollowsTheAppsTop() throws {
        for (fill, expected) in [(Color.white, UInt8(0)), (Color(red: 16, green: 16, blue: 20), UInt8(255))] {
            let app = try temporaryFile("app-\(fill.red).png", bytes: try PNGCodec.encode(RasterImage(width: 40, height: 80, rgba: [UInt8](repeating: 0, count: 40 * 80 * 4).enumerated().map { $0.offset % 4 == 3 ? 255 : [fill.red, fill.green, fill.blue][$0.offset % 4] })))
            var compose = ComposeRequest()
            compose.keyboard = keyboard("ios", "ios", "iphone-15")
            compose.app = app
            compose.statusBar = "9:41"
            compose.frame = .none
            compose.margin = 0
            compose.size = .init(width: 1179, height: 2556)
            let composed = try compose.compose(with: renderer)
            let image = try PNGCodec.decode(composed.files[0].bytes)
            // The battery's cell: the bar's colour, far from the fill's.
            let json = try frames(composed)
            XCTAssertEqual(json["deviceScale"] as? Double, 1)
            var darkest = 255, lightest = 0
            for x in 1000..<1150 {
                for y in 60..<110 {
                    let p = try XCTUnwrap(image.pixel(x: x, y: y))
                    darkest = min(darkest, Int(p.g))
                    lightest = max(lightest, Int(p.g))
                }
            }
            XCTAssertEqual(expected == 0 ? darkest : lightest, Int(expected), "status bar over \(fill)")
        }
    }

    /// The device table has one row per preset, and its corner radii are the values the
    /// specification lists: 12 mini 44.0 (`iphone-13-mini`), XR/11 41.5 (`iphone-11`),
    /// 12/12 Pro 47.33 (`iphone-14`, the same screen), 12 Pro Max 53.33 (`iphone-14-plus`),
    /// iPads with rounded screens 18.0 (`ipad-10`); each row says where its values came from,
    /// and every row says what was not measured.
    func testDeviceTableAgreesWithTheListedRadii() throws {
        let rows = try DeviceOutlineTable.rows()
        XCTAssertEqual(rows.map(\.device).sorted(), Device.all.map(\.name).sorted())
        let listed: [String: Double] = ["iphone-13-mini": 44.0, "iphone-11": 41.5, "iphone-14": 47.33, "iphone-14-plus": 53.33, "ipad-10": 18.0]
        for (device, radius) in listed {
            XCTAssertEqual(try DeviceOutlineTable.outline(of: device)?.cornerRadius, radius, device)
        }
        for row in rows {
            XCTAssertTrue(row.source.contains("not measured"), "\(row.device): \(row.source)")
            if row.cornerRadius > 0 && !row.source.contains("reports it") {
                XCTAssertTrue(row.source.contains("radius") && row.source.contains("estimated"), "\(row.device): a radius not read from a device says so")
            }
            XCTAssertEqual(row.hasHomeButton, row.cornerRadius == 0 && !row.device.hasPrefix("android") && !row.device.hasPrefix("pixel") && !row.device.hasPrefix("galaxy"), row.device)
        }
    }

    /// A device table that is not one is refused with the line and column of each problem.
    func testDeviceTableProblemsNameLineAndColumn() throws {
        let header = "device,corner_radius_pt,cutout,cutout_width_pt,cutout_height_pt,cutout_top_pt,side_bezel_pt,top_bezel_pt,bottom_bezel_pt,home_button_pt,source\n"
        let cases: [(String, String)] = [
            ("device,radius\n", "t.csv: line 1: not a device table"),
            (header + "iphone-99,0,none,0,0,0,1,1,1,0,x\n", "t.csv: line 2, device: \"iphone-99\" is not a device preset"),
            (header + "iphone-15,x,none,0,0,0,1,1,1,0,x\n", "t.csv: line 2, corner_radius_pt: \"x\" is not a length"),
            (header + "iphone-15,1,oval,0,0,0,1,1,1,0,x\n", "t.csv: line 2, cutout: \"oval\" is not one of"),
            (header + "iphone-15,1,notch,0,0,0,1,1,1,0,x\n", "t.csv: line 2, cutout: a notch needs a width and a height"),
            (header + "iphone-15,1,none,0,0,0,1,1,1,0,\n", "t.csv: line 2, source: is empty"),
            (header + "iphone-15,1,none,0,0,0,1,1,1,0,a\niphone-15,1,none,0,0,0,1,1,1,0,b\n", "t.csv: line 3, device: a second row for iphone-15"),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try DeviceOutlineDecoder.decode(Array(text.utf8), file: "t.csv"), message) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error)\nexpected: \(message)")
            }
        }
    }

    private func temporaryFile(_ name: String, bytes: [UInt8]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compose-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }
}
