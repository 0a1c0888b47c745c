import CCairo
import KeyboardModel

/// Receives the bytes a vector surface writes.
final class ByteSink {
    var bytes: [UInt8] = []
}

private let writeToSink: cairo_write_func_t = { closure, data, length in
    guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
    if let data, length > 0 {
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
    }
    return CAIRO_STATUS_SUCCESS
}

/// Owns one `cairo_surface_t`: checked when made, destroyed in `deinit`.
final class CairoSurface {
    let pointer: OpaquePointer
    /// For stream surfaces: where the file goes; kept alive as long as the surface.
    private let sink: ByteSink?

    private init(_ pointer: OpaquePointer, sink: ByteSink?, operation: String) throws {
        self.pointer = pointer
        self.sink = sink
        try check(operation)
    }

    deinit { cairo_surface_destroy(pointer) }

    /// A premultiplied ARGB32 raster of `width × height` pixels, cleared to transparent.
    static func image(width: Int, height: Int) throws -> CairoSurface {
        try checkSize(width: width, height: height)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw RenderError.cairo(operation: "creating an image surface", status: "no surface")
        }
        return try CairoSurface(surface, sink: nil, operation: "creating a \(width)×\(height) px image surface")
    }

    /// An ARGB32 surface holding `image` (straight RGBA converted to premultiplied).
    static func image(from image: RasterImage) throws -> CairoSurface {
        guard image.isWellFormed else {
            throw RenderError.invalidRaster(width: image.width, height: image.height, byteCount: image.rgba.count)
        }
        let surface = try CairoSurface.image(width: image.width, height: image.height)
        cairo_surface_flush(surface.pointer)
        guard let data = cairo_image_surface_get_data(surface.pointer) else {
            throw RenderError.cairo(operation: "reading an image surface", status: "no pixel data")
        }
        let stride = cairo_image_surface_get_stride(surface.pointer)
        image.rgba.withUnsafeBufferPointer { pixels in
            if let base = pixels.baseAddress {
                rk_rgba_to_argb32(base, Int32(image.width), Int32(image.height), data, stride)
            }
        }
        cairo_surface_mark_dirty(surface.pointer)
        try surface.check("loading pixels")
        return surface
    }

    /// A surface that writes a document (`name` in messages: `an SVG`) into memory: `create`
    /// makes it with the write function and closure it is given; `finish()` returns the file.
    static func stream(_ name: String, _ create: (cairo_write_func_t, UnsafeMutableRawPointer) -> OpaquePointer?) throws -> CairoSurface {
        let sink = ByteSink()
        guard let surface = create(writeToSink, Unmanaged.passUnretained(sink).toOpaque()) else {
            throw RenderError.cairo(operation: "creating \(name) surface", status: "no surface")
        }
        return try CairoSurface(surface, sink: sink, operation: "creating \(name) surface")
    }

    /// An SVG document `width × height` user units, in px (1 unit = 1 pixel of the raster).
    static func svg(width: Int, height: Int) throws -> CairoSurface {
        try checkSize(width: width, height: height)
        let result = try stream("an SVG") { cairo_svg_surface_create_for_stream($0, $1, Double(width), Double(height)) }
        cairo_svg_surface_restrict_to_version(result.pointer, CAIRO_SVG_VERSION_1_1)
        cairo_svg_surface_set_document_unit(result.pointer, CAIRO_SVG_UNIT_PX)
        try result.check("configuring the SVG surface")
        return result
    }

    /// A one-page PDF of `width × height` points with fixed dates, so equal drawings give
    /// equal bytes.
    static func pdf(widthPoints: Double, heightPoints: Double) throws -> CairoSurface {
        guard widthPoints.isFinite, heightPoints.isFinite, widthPoints > 0, heightPoints > 0 else {
            throw RenderError.invalidValue(field: "page size", value: widthPoints.isFinite ? heightPoints : widthPoints, reason: "is not a positive finite length in points")
        }
        let result = try stream("a PDF") { cairo_pdf_surface_create_for_stream($0, $1, widthPoints, heightPoints) }
        cairo_pdf_surface_set_metadata(result.pointer, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
        cairo_pdf_surface_set_metadata(result.pointer, CAIRO_PDF_METADATA_MOD_DATE, "2000-01-01T00:00:00Z")
        try result.check("configuring the PDF surface")
        return result
    }

    /// The one size rule of images written: `Limits.imageSizeProblem`.
    static func checkSize(width: Int, height: Int) throws {
        if let problem = Limits.imageSizeProblem(width: width, height: height) {
            throw RenderError.imageSize(width: width, height: height, reason: problem)
        }
    }

    /// Throws when the surface is in an error state.
    func check(_ operation: String) throws {
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cairo(operation: operation, status: String(cString: cairo_status_to_string(status)))
        }
    }

    /// Finishes a stream surface and returns what it wrote.
    func finish() throws -> [UInt8] {
        cairo_surface_finish(pointer)
        try check("writing the document")
        return sink?.bytes ?? []
    }

    var width: Int { Int(cairo_image_surface_get_width(pointer)) }
    var height: Int { Int(cairo_image_surface_get_height(pointer)) }

    /// Converts the image surface's pixels to straight RGBA where they lie and lends them to
    /// `body` (`width × height × 4` bytes, rows packed): the last use of the surface, which
    /// saves a copy of the image when it is only encoded. The surface must not be drawn on
    /// or read again afterwards.
    func consumeAsRGBA<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) throws -> T {
        cairo_surface_flush(pointer)
        try check("flushing the image")
        let width = self.width, height = self.height
        guard width > 0, height > 0, let data = cairo_image_surface_get_data(pointer) else {
            throw RenderError.cairo(operation: "reading the image", status: "no pixel data")
        }
        let stride = Int(cairo_image_surface_get_stride(pointer))
        guard stride == width * 4 else {
            // Padded rows (never the case for ARGB32 today): convert into a packed copy.
            return try rasterImage().rgba.withUnsafeBufferPointer(body)
        }
        // Each pixel is read before its own four bytes are written, so in place is safe.
        rk_argb32_to_rgba(data, Int32(stride), Int32(width), Int32(height), data)
        cairo_surface_mark_dirty(pointer)
        return try body(UnsafeBufferPointer(start: data, count: width * height * 4))
    }

    /// The pixels of an image surface as straight RGBA.
    func rasterImage() throws -> RasterImage {
        cairo_surface_flush(pointer)
        try check("flushing the image")
        let width = self.width, height = self.height
        guard width > 0, height > 0, let data = cairo_image_surface_get_data(pointer) else {
            throw RenderError.cairo(operation: "reading the image", status: "no pixel data")
        }
        let stride = cairo_image_surface_get_stride(pointer)
        let rgba = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            if let base = buffer.baseAddress {
                rk_argb32_to_rgba(data, stride, Int32(width), Int32(height), base)
            }
            count = width * height * 4
        }
        return RasterImage(width: width, height: height, rgba: rgba)
    }
}
