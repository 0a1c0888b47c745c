import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import KeyboardRenderer
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import LayoutEngine
@testable import RenderKeyboardKit
import XCTest

/// The SVG carries the frames (docs/rendering.md "SVG"): every key of every built-in layout, of an
/// Android XML pad, of a HeliBoard layout, and every dot of a pattern pad is a group whose
/// id, classes and data are what the frames JSON of the same request says, in row order.
final class SVGFramesTests: XCTestCase {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The requests: each built-in layout in both orientations (the iPad layout on an iPad),
    /// the Android XML examples, a HeliBoard layout, and one with a key pressed and shift on.
    static var requests: [(name: String, request: RenderRequest)] {
        var found: [(String, RenderRequest)] = []
        for layout in Resources.layoutNames {
            for orientation in Orientation.allCases {
                var request = RenderRequest()
                request.layout = layout
                request.theme = layout.hasPrefix("ios") ? "ios" : "default"
                request.device = layout == "ios-ipad" ? "ipad-9" : "iphone-15"
                request.orientation = orientation
                found.append(("\(layout) \(orientation)", request))
            }
        }
        for pad in ["letter_pad", "idcard_pad", "pin_pad"] {
            var request = RenderRequest()
            request.layout = package.appendingPathComponent("docs/examples/android/res/xml/\(pad).xml").path
            request.device = "pixel-8"
            found.append(("android \(pad)", request))
        }
        var heliboard = RenderRequest()
        heliboard.layout = package.appendingPathComponent("Tests/LayoutEngineTests/IMELayouts/heliboard/main/qwerty.txt").path
        heliboard.theme = package.appendingPathComponent("Tests/LayoutEngineTests/IMELayouts/snygg/floris_day.json").path
        found.append(("heliboard qwerty", heliboard))
        var pressed = RenderRequest()
        pressed.pressed = ["g"]
        pressed.shift = .on
        found.append(("letters pressed g, shift on", pressed))
        return found.map { (name, request) in
            var request = request
            request.seed = 7
            request.format = .svg
            return (name, request)
        }
    }

    func testEveryKeyIsAGroupWhoseIdClassesAndDataAreItsFrame() throws {
        let renderer = try Renderer()
        var checked = 0
        for (name, request) in Self.requests {
            let svg = try SVGGroups(request.render(with: renderer).bytes)
            let text = try request.frames().json()
            let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
            // The frame as the JSON writes it (JSONSerialization reads some numbers a bit off).
            let written = text.split(separator: "\n").filter { $0.contains("\"index\": ") }.compactMap { $0.firstMatch(of: /"frame": \{"x": ([^,]+), "y": ([^,]+), "width": ([^,]+), "height": ([^}]+)\}/) }
                .map { ["x": String($0.1), "y": String($0.2), "width": String($0.3), "height": String($0.4)] }
            var keys = json["keys"] as! [[String: Any]]
            XCTAssertEqual(written.count, keys.count, name)
            for n in keys.indices { keys[n]["written"] = written[n] }
            let frames = keys.sorted {
                ($0["row"] as! Int, $0["slot"] as! Int, $0["index"] as! Int) < ($1["row"] as! Int, $1["slot"] as! Int, $1["index"] as! Int)
            }
            let groups = svg.groups.filter { ($0["class"] ?? "").split(separator: " ").first == "key" }
            XCTAssertEqual(groups.count, frames.count, name)
            var taken = Set<String>()
            for (group, frame) in zip(groups, frames) {
                let label = frame["label"] as! String, code = frame["code"] as! String, style = frame["style"] as! String
                let base = "key-" + Self.idName(label.isEmpty ? code : label)
                var id = base, n = 1
                while taken.contains(id) { n += 1; id = "\(base)-\(n)" }
                taken.insert(id)
                XCTAssertEqual(group["id"], id, name)
                let classes = (group["class"] ?? "").split(separator: " ").map(String.init)
                XCTAssertEqual(Array(classes.prefix(3)), ["key", code, style], "\(name) \(id)")
                XCTAssertEqual(group["data-label"], label, "\(name) \(id)")
                XCTAssertEqual(group["data-code"], code, "\(name) \(id)")
                XCTAssertEqual(group["data-style"], style, "\(name) \(id)")
                XCTAssertEqual(group["data-row"], "\(frame["row"] as! Int)", "\(name) \(id)")
                XCTAssertEqual(group["data-column"], "\(frame["slot"] as! Int)", "\(name) \(id)")
                let rect = frame["written"] as! [String: String]
                for field in ["x", "y", "width", "height"] {
                    XCTAssertEqual(group["data-" + field], rect[field], "\(name) \(id) \(field)")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 500, "keys checked")
    }

    func testEveryDotOfAPatternPadIsAGroupWithItsRowColumnAndOrder() throws {
        var request = PatternRequest()
        request.size = 4
        request.path = [0, 1, 2, 6, 10]
        request.format = .svg
        let svg = try SVGGroups(request.render(with: Renderer()))
        let json = try JSONSerialization.jsonObject(with: Data(request.frames().json(state: request.state).utf8)) as! [String: Any]
        let dots = json["dots"] as! [[String: Any]]
        let groups = svg.groups.filter { ($0["id"] ?? "").hasPrefix("dot-") }
        XCTAssertEqual(groups.count, 16)
        for (group, dot) in zip(groups, dots) {
            let index = dot["index"] as! Int
            XCTAssertEqual(group["id"], "dot-\(index)")
            XCTAssertEqual(group["data-row"], "\(dot["row"] as! Int)")
            XCTAssertEqual(group["data-column"], "\(dot["column"] as! Int)")
            let order = dot["order"] as? Int
            XCTAssertEqual(group["data-order"], order.map { "\($0)" })
            XCTAssertEqual(group["class"], order == nil ? "dot" : "dot on-path")
        }
    }

    /// The NAME of `key-NAME` as docs/rendering.md words the rule.
    static func idName(_ text: String) -> String {
        text.unicodeScalars.map { scalar -> String in
            let v = scalar.value
            let ascii = (0x30...0x39).contains(v) || (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) || v == 0x2D
            let wide = [0xC0...0xD6, 0xD8...0xF6, 0xF8...0x37D, 0x37F...0x1FFF, 0x203F...0x2040, 0x2070...0x218F, 0x2C00...0x2FEF,
                        0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF].contains { $0.contains(v) }
            return ascii || wide ? String(scalar) : "_" + String(v, radix: 16) + "_"
        }.joined()
    }
}

/// The `<g>` elements of an SVG document and their attributes, in document order.
final class SVGGroups: NSObject, XMLParserDelegate {
    struct Group {
        var attributes: [String: String]
        subscript(name: String) -> String? { attributes[name] }
    }

    private(set) var groups: [Group] = []

    init(_ bytes: [UInt8]) throws {
        super.init()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
        if name == "g" { groups.append(Group(attributes: attributes)) }
    }
}
