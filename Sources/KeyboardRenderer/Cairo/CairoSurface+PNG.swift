import CCairo
import KeyboardModel

extension CairoSurface {
    /// The image surface as a PNG file at zlib level `compression` (checked by the caller),
    /// each row converted from cairo's premultiplied ARGB32 as libpng takes it: the very bytes
    /// `PNGCodec.encode` writes from the surface's straight RGBA (`rasterImage()`), without
    /// converting the whole image first.
    ///
    /// - Throws: `RenderError` for a surface in an error state or without pixels, a size
    ///   outside the limits, or a libpng failure.
    func pngFile(compression: Int) throws -> [UInt8] {
        cairo_surface_flush(pointer)
        try check("flushing the image")
        let width = self.width, height = self.height
        try CairoSurface.checkSize(width: width, height: height)
        guard let data = cairo_image_surface_get_data(pointer) else {
            throw RenderError.cairo(operation: "reading the image", status: "no pixel data")
        }
        let stride = cairo_image_surface_get_stride(pointer)
        var buffer = rk_buffer(data: nil, length: 0, capacity: 0)
        var message = [CChar](repeating: 0, count: 256)
        let status = rk_png_write_argb32(
            data, stride, Int32(width), Int32(height), Int32(compression), Z_DEFAULT_STRATEGY,
            PNGCodec.filters(compression), &buffer, &message, message.count)
        defer { free(buffer.data) }
        guard status == Int32(RK_PNG_OK), let bytes = buffer.data else {
            throw RenderError.pngEncoding(PNGCodec.reason(status, message))
        }
        return Array(UnsafeBufferPointer(start: bytes, count: buffer.length))
    }
}
