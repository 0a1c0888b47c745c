import CCairo
import KeyboardModel
import MarkupText

/// What `KeyIconPainter` draws on: cairo's path and transform calls. A `CairoContext` paints
/// them; an `IconRecorder` keeps each filled or stroked path for the SVG writer, so both
/// painters draw one definition of every icon.
protocol IconCanvas: AnyObject {
    func save()
    func restore()
    func translate(_ x: Double, _ y: Double)
    func scale(_ sx: Double, _ sy: Double)
    func setLineWidth(_ width: Double)
    func setRoundJoins()
    func newPath()
    func closePath()
    func move(_ x: Double, _ y: Double)
    func line(_ x: Double, _ y: Double)
    func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double)
    func arc(_ cx: Double, _ cy: Double, radius: Double, from a1: Double, to a2: Double)
    func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double)
    func roundedRectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double, radius: Double, square: Set<Corner>)
    func fill()
    func fillPreserve()
    func stroke()
}

extension IconCanvas {
    /// A rounded rectangle with every corner rounded.
    func roundedRectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double, radius: Double) {
        roundedRectangle(x, y, width, height, radius: radius, square: [])
    }
}

extension CairoContext: IconCanvas {}

/// One shape an icon drew, in pixels of the image: its outline as SVG path data, and whether
/// it was filled, stroked (round joins and caps, `lineWidth` pixels wide) or both.
struct RecordedShape: Equatable {
    var path: [UInt8]
    var filled = false
    var stroked = false
    var lineWidth = 0.0
}

/// Records what `KeyIconPainter` draws: cairo does the path and transform arithmetic on a
/// one-pixel surface, and each `fill` or `stroke` keeps the current path in device space
/// (the image's pixels). A fill kept by `fillPreserve` and stroked next is one shape.
final class IconRecorder: IconCanvas {
    private let context: CairoContext
    private(set) var shapes: [RecordedShape] = []
    private var preserved = false

    /// - Throws: `RenderError.cairo` when the scratch surface cannot be made.
    init() throws {
        context = try CairoContext(try CairoSurface.image(width: 1, height: 1))
    }

    func save() { context.save() }
    func restore() { context.restore() }
    func translate(_ x: Double, _ y: Double) { context.translate(x, y) }
    func scale(_ sx: Double, _ sy: Double) { context.scale(sx, sy) }
    func setLineWidth(_ width: Double) { context.setLineWidth(width) }
    func setRoundJoins() { context.setRoundJoins() }
    func newPath() { context.newPath() }
    func closePath() { context.closePath() }
    func move(_ x: Double, _ y: Double) { context.move(x, y) }
    func line(_ x: Double, _ y: Double) { context.line(x, y) }
    func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double) { context.curve(x1, y1, x2, y2, x, y) }
    func arc(_ cx: Double, _ cy: Double, radius: Double, from a1: Double, to a2: Double) { context.arc(cx, cy, radius: radius, from: a1, to: a2) }
    func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) { context.rectangle(x, y, width, height) }
    func roundedRectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double, radius: Double, square: Set<Corner>) {
        context.roundedRectangle(x, y, width, height, radius: radius, square: square)
    }

    func fill() {
        record(filled: true)
        context.newPath()
    }

    func fillPreserve() {
        record(filled: true)
        preserved = true
    }

    func stroke() {
        var width = cairo_get_line_width(context.pointer), zero = 0.0
        cairo_user_to_device_distance(context.pointer, &width, &zero)
        let path = context.devicePath()
        if preserved, var last = shapes.last, last.path == path {
            last.stroked = true
            last.lineWidth = (width * width + zero * zero).squareRoot()
            shapes[shapes.count - 1] = last
        } else {
            shapes.append(RecordedShape(path: path, stroked: true, lineWidth: (width * width + zero * zero).squareRoot()))
        }
        preserved = false
        context.newPath()
    }

    private func record(filled: Bool) {
        preserved = false
        shapes.append(RecordedShape(path: context.devicePath(), filled: filled))
    }
}

extension CairoContext {
    /// The current path as SVG path data in device space (pixels of the image), whatever the
    /// current transform: absolute `M`, `L`, `C` and `Z` commands.
    func devicePath() -> [UInt8] {
        save()
        cairo_identity_matrix(pointer)
        defer { restore() }
        guard let path = cairo_copy_path(pointer) else { return [] }
        defer { cairo_path_destroy(path) }
        var markup = SVGMarkup(capacity: 256)
        markup.append(path.pointee, dx: 0, dy: 0)
        return markup.bytes
    }
}

extension SVGMarkup {
    /// Appends a cairo path as SVG path data, each point moved by (`dx`, `dy`).
    mutating func append(_ path: cairo_path_t, dx: Double, dy: Double) {
        guard path.status == CAIRO_STATUS_SUCCESS, let data = path.data else { return }
        var i = 0
        let count = Int(path.num_data)
        while i < count {
            let header = data[i].header
            let length = Int(header.length)
            guard length >= 1, i + length <= count else { break }
            switch header.type {
            case CAIRO_PATH_MOVE_TO: command("M", data, i + 1, points: 1, dx: dx, dy: dy)
            case CAIRO_PATH_LINE_TO: command("L", data, i + 1, points: 1, dx: dx, dy: dy)
            case CAIRO_PATH_CURVE_TO: command("C", data, i + 1, points: 3, dx: dx, dy: dy)
            case CAIRO_PATH_CLOSE_PATH: raw("Z")
            default: break
            }
            i += length
        }
    }

    private mutating func command(_ letter: String, _ data: UnsafeMutablePointer<cairo_path_data_t>, _ start: Int, points: Int, dx: Double, dy: Double) {
        raw(letter)
        for n in 0..<points {
            if n > 0 { raw(" ") }
            let point = data[start + n].point
            number(point.x + dx)
            raw(" ")
            number(point.y + dy)
        }
    }
}
