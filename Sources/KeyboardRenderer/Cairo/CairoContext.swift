import CCairo
import KeyboardModel

/// Owns one `cairo_t`: checked when made and by `check`, destroyed in `deinit`.
///
/// Every number is checked before it reaches cairo: a value that is not finite, or beyond
/// ±`Limits.maxDrawingCoordinate`, is not passed on; the call is skipped and `check` throws afterwards
/// (like cairo's own sticky error status), so a bad number can never abort or hang cairo.
final class CairoContext {
    let pointer: OpaquePointer
    /// Kept alive while the context draws into it.
    let surface: CairoSurface
    private var rejected: (what: String, value: Double)?
    /// Slices of images cut for this context, one per image and rectangle: a vector surface
    /// embeds each distinct source once, so keys sharing a face share its slices.
    private var slices: [Slice: OpaquePointer] = [:]

    private struct Slice: Hashable {
        var image: OpaquePointer
        var x, y, width, height: Double
    }

    init(_ surface: CairoSurface) throws {
        guard let context = cairo_create(surface.pointer) else {
            throw RenderError.cairo(operation: "creating a drawing context", status: "no context")
        }
        pointer = context
        self.surface = surface
        try check("creating a drawing context")
    }

    deinit {
        cairo_destroy(pointer)
        for slice in slices.values { cairo_surface_destroy(slice) }
    }

    /// `image` itself when `source` covers all of it, else the slice of it, made once.
    private func slice(of image: CairoSurface, _ source: (x: Double, y: Double, width: Double, height: Double)) throws -> OpaquePointer? {
        if source.x == 0, source.y == 0, source.width == Double(image.width), source.height == Double(image.height) {
            return image.pointer
        }
        let key = Slice(image: image.pointer, x: source.x, y: source.y, width: source.width, height: source.height)
        if let cut = slices[key] { return cut }
        guard let cut = cairo_surface_create_for_rectangle(image.pointer, source.x, source.y, source.width, source.height) else { return nil }
        guard cairo_surface_status(cut) == CAIRO_STATUS_SUCCESS else {
            let status = String(cString: cairo_status_to_string(cairo_surface_status(cut)))
            cairo_surface_destroy(cut)
            throw RenderError.cairo(operation: "cutting an image", status: status)
        }
        slices[key] = cut
        return cut
    }

    /// Throws the first refused number, then cairo's status.
    func check(_ operation: String) throws {
        if let rejected {
            throw RenderError.invalidValue(field: rejected.what, value: rejected.value, reason: "cannot be drawn (while \(operation))")
        }
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cairo(operation: operation, status: String(cString: cairo_status_to_string(status)))
        }
    }

    @inline(__always)
    private func ok(_ value: Double, _ what: String) -> Bool {
        if value.isFinite, abs(value) <= Limits.maxDrawingCoordinate { return true }
        if rejected == nil { rejected = (what, value) }
        return false
    }

    /// Calls `operation` with `x` and `y` when both can be drawn (`ok`, under the names
    /// given for a message); otherwise the call is skipped and the value recorded.
    private func at(_ x: Double, _ y: Double, named xName: String, _ yName: String, _ operation: (OpaquePointer?, Double, Double) -> Void) {
        guard ok(x, xName), ok(y, yName) else { return }
        operation(pointer, x, y)
    }

    // MARK: State

    func save() { cairo_save(pointer) }
    func restore() { cairo_restore(pointer) }

    func translate(_ x: Double, _ y: Double) {
        at(x, y, named: "translation", "translation", cairo_translate)
    }

    /// Refuses zero factors too (a singular matrix is a cairo error).
    func scale(_ sx: Double, _ sy: Double) {
        guard ok(sx, "scale"), ok(sy, "scale"), sx != 0, sy != 0 else {
            if rejected == nil { rejected = ("scale", sx == 0 ? sx : sy) }
            return
        }
        cairo_scale(pointer, sx, sy)
    }

    func setSource(_ color: Color) {
        cairo_set_source_rgba(pointer, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255, Double(color.alpha) / 255)
    }

    func setLineWidth(_ width: Double) {
        guard ok(width, "line width"), width >= 0 else { return }
        cairo_set_line_width(pointer, width)
    }

    func setRoundJoins() {
        cairo_set_line_join(pointer, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(pointer, CAIRO_LINE_CAP_ROUND)
    }

    // MARK: Path

    func newPath() { cairo_new_path(pointer) }
    func closePath() { cairo_close_path(pointer) }

    func move(_ x: Double, _ y: Double) {
        at(x, y, named: "x", "y", cairo_move_to)
    }

    func line(_ x: Double, _ y: Double) {
        at(x, y, named: "x", "y", cairo_line_to)
    }

    func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double) {
        guard ok(x1, "x"), ok(y1, "y"), ok(x2, "x"), ok(y2, "y"), ok(x, "x"), ok(y, "y") else { return }
        cairo_curve_to(pointer, x1, y1, x2, y2, x, y)
    }

    /// A circular arc; angles in radians, radius ≥ 0.
    func arc(_ cx: Double, _ cy: Double, radius: Double, from a1: Double, to a2: Double) {
        guard ok(cx, "x"), ok(cy, "y"), ok(radius, "radius"), radius >= 0, ok(a1, "angle"), ok(a2, "angle") else { return }
        cairo_arc(pointer, cx, cy, radius, a1, a2)
    }

    func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        guard ok(x, "x"), ok(y, "y"), ok(width, "width"), ok(height, "height") else { return }
        cairo_rectangle(pointer, x, y, width, height)
    }

    /// A rectangle with circular corners of `radius`, clamped to half the shorter side;
    /// corners in `square` stay square.
    func roundedRectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double, radius: Double, square: Set<Corner> = []) {
        guard ok(x, "x"), ok(y, "y"), ok(width, "width"), ok(height, "height"), ok(radius, "corner radius") else { return }
        let r = max(0, min(radius, min(width, height) / 2))
        guard r > 0 else {
            cairo_rectangle(pointer, x, y, width, height)
            return
        }
        // A circular quarter arc drawn as one cubic: control points at k·r from the ends.
        let k = Bezier.quarterCircleKappa
        let right = x + width, bottom = y + height
        cairo_new_sub_path(pointer)
        if square.contains(.topLeft) { cairo_move_to(pointer, x, y) } else { cairo_move_to(pointer, x, y + r); cairo_curve_to(pointer, x, y + r - k * r, x + r - k * r, y, x + r, y) }
        if square.contains(.topRight) { cairo_line_to(pointer, right, y) } else { cairo_line_to(pointer, right - r, y); cairo_curve_to(pointer, right - r + k * r, y, right, y + r - k * r, right, y + r) }
        if square.contains(.bottomRight) { cairo_line_to(pointer, right, bottom) } else { cairo_line_to(pointer, right, bottom - r); cairo_curve_to(pointer, right, bottom - r + k * r, right - r + k * r, bottom, right - r, bottom) }
        if square.contains(.bottomLeft) { cairo_line_to(pointer, x, bottom) } else { cairo_line_to(pointer, x + r, bottom); cairo_curve_to(pointer, x + r - k * r, bottom, x, bottom - r + k * r, x, bottom - r) }
        cairo_close_path(pointer)
    }

    // MARK: Painting

    func fill() { cairo_fill(pointer) }
    func fillPreserve() { cairo_fill_preserve(pointer) }
    func stroke() { cairo_stroke(pointer) }
    func clip() { cairo_clip(pointer) }
    func paint() { cairo_paint(pointer) }

    /// Paints `image` so that its pixel rectangle `source` lands on `destination` (user
    /// units), stretched, with edge pixels repeated outward (no bleeding from outside
    /// `source`). Clipped to `destination`.
    func paint(_ image: CairoSurface, source: (x: Double, y: Double, width: Double, height: Double),
               destination: (x: Double, y: Double, width: Double, height: Double)) throws {
        guard source.width > 0, source.height > 0, destination.width > 0, destination.height > 0,
              ok(destination.x, "x"), ok(destination.y, "y"), ok(destination.width, "width"), ok(destination.height, "height")
        else { return }
        guard let sub = try slice(of: image, source) else { return }
        save()
        defer { restore() }
        cairo_rectangle(pointer, destination.x, destination.y, destination.width, destination.height)
        cairo_clip(pointer)
        cairo_translate(pointer, destination.x, destination.y)
        cairo_scale(pointer, destination.width / source.width, destination.height / source.height)
        cairo_set_source_surface(pointer, sub, 0, 0)
        if let pattern = cairo_get_source(pointer) {
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        }
        cairo_paint(pointer)
    }
}
